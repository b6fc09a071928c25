"""The Persistence of Culture on the clash_widget kernel: the Game definition.

See :mod:`.setup` for the state's shape. Hidden information: every hand (the
pile of each card is public, its face is not) and the box of cards nobody drew.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..engine import Action, Events, FrameHandler, Game, Options
from ..engine.rng import Stream, seed_state
from ..engine.seats import name as who
from ..engine.state import clone
from . import board, content, setup
from .epochs import start_epoch
from .handlers import FRAME_KINDS, HANDLERS
from .options import PersistenceOptions
from .rules import BOOK
from .view import describe, view

AUTO = ("end", "done", "choose")  # kinds played for the player when nothing else is legal


class PersistenceOfCulture(Game):
    name: ClassVar[str] = "persistence"
    title: ClassVar[str] = "The Persistence of Culture"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules = BOOK
    options_class = PersistenceOptions
    handlers: ClassVar[dict[str, FrameHandler]] = HANDLERS

    # -- setup --------------------------------------------------------------------------------
    def new_state(self, players: int, seed: int, options: Options) -> dict[str, Any]:
        opts = options.to_dict()
        self.check_players(players)
        if not 1 <= opts["epochs"] <= content.epoch_count():
            raise ValueError(
                f"the game has 1 to {content.epoch_count()} Epochs, not {opts['epochs']}"
            )
        state = setup.new_state(players, seed, opts)
        ev = Events()
        setup.deal(state, ev)
        start_epoch(state, ev)
        return state

    # -- automatic steps ------------------------------------------------------------------------
    def settle_step(self, state: dict[str, Any], ev: Events) -> bool:
        """Play the only legal action for the player when it is no real choice
        (the last Empire left, an Expansion with nothing else to do, nothing to transfer)."""
        return self.answer_if_only(state, ev, AUTO)

    # -- results ------------------------------------------------------------------------------
    def scores(self, state: dict[str, Any]) -> list[float]:
        return [float(p["vp"]) for p in state["players"]]

    def score_breakdown(self, state: dict[str, Any]) -> list[dict[str, float]]:
        return [{k: float(v) for k, v in p["vp_by"].items()} for p in state["players"]]

    def category(self, action: Action) -> str:
        return action.kind

    # -- text ---------------------------------------------------------------------------------
    def describe(self, state: dict[str, Any], action: Action) -> str:
        return describe(state, action)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return view(self, state, seat)

    # -- checks for fuzzers ---------------------------------------------------------------------
    def invariants(self, state: dict[str, Any]) -> list[str]:
        return invariants(state)

    # -- hidden information ---------------------------------------------------------------------
    def determinize(self, state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
        """Resample the other hands and the box, pile by pile (a card's pile shows on its back).

        Reads only what ``seat`` sees: its own hand, the cards in play, discarded or
        destroyed, and how many cards of each pile every other hand holds.
        """
        out = clone(state)
        rng = Stream(seed)
        public = set(out["discard"]) | set(out["culture"]) | set(out["destroyed"])
        mine = set(out["players"][seat]["hand"])
        others = [p for p in out["players"] if p["seat"] != seat]
        need = {p["seat"]: pile_counts(p["hand"]) for p in others}
        for p in others:
            p["hand"] = []
        box = []
        for pile in setup.used_piles(out["options"]):
            pool = sorted(c for c in content.pile_cards(pile) if c not in public and c not in mine)
            rng.shuffle(pool)
            for p in others:
                k = need[p["seat"]].get(pile, 0)
                p["hand"].extend(pool[:k])
                del pool[:k]
            box.extend(pool)
        for p in others:
            p["hand"].sort(key=setup.hand_order)
        out["box"] = sorted(box)
        out["rng"] = seed_state(seed ^ 0x9E11)
        return out


def pile_counts(hand: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in hand:
        pile = content.cards()[c]["pile"]
        out[pile] = out.get(pile, 0) + 1
    return out


# -- invariants ------------------------------------------------------------------------------------
def invariants(state: dict[str, Any]) -> list[str]:
    bad: list[str] = []
    piles = setup.used_piles(state["options"])
    expected = {c for p in piles for c in content.pile_cards(p)}
    places: list[tuple[str, list[str]]] = [
        ("box", state["box"]),
        ("discard", state["discard"]),
        ("culture", list(state["culture"])),
        ("destroyed", state["destroyed"]),
    ]
    for p in state["players"]:
        places.append((f"hand{p['seat']}", p["hand"]))
    seen: dict[str, list[str]] = {}
    for where, cards in places:
        for c in cards:
            seen.setdefault(c, []).append(where)
    for c in sorted(expected):
        if len(seen.get(c, [])) != 1:
            bad.append(f"card {c} is in {seen.get(c, [])} (must be in exactly one place)")
    extra = set(seen) - expected
    if extra:
        bad.append(f"cards not in this game: {sorted(extra)}")
    for p in state["players"]:
        counts = pile_counts(p["hand"])
        if any(v > 1 for v in counts.values()):
            bad.append(f"{who(state, p['seat'])} holds two cards of one pile: {counts}")
        if p["vp"] != sum(p["vp_by"].values()):
            bad.append(f"{who(state, p['seat'])}'s VP {p['vp']} differ from its parts {p['vp_by']}")
        for e in p["empires"]:
            if state["empires"].get(e, {}).get("owner") != p["seat"]:
                bad.append(f"{who(state, p['seat'])} lists {e}, which is not theirs")
    for c in state["discard"]:
        if content.is_culture(c):
            bad.append(f"the Culture card {c} was discarded (3.1: they are not)")
    for land, e in state["lands"].items():
        if land not in content.lands():
            bad.append(f"an army stands in {land}, which is not a land")
        if e not in state["empires"]:
            bad.append(f"{land} is held by {e}, an Empire nobody chose")
    for w, es in state["fleets"].items():
        if (
            content.is_land(w)
            or len(set(es)) != len(es)
            or any(e not in state["empires"] for e in es)
        ):
            bad.append(f"bad fleets in {w}: {es}")
    for eid, rec in state["empires"].items():
        cap = rec["capital"]
        if cap is not None:
            if not board.founds_capital(eid) or not rec["founded"]:
                bad.append(f"the {eid} have a Capital they cannot have")
            if state["lands"].get(cap) != eid:
                bad.append(f"the Capital of the {eid} in {cap} is not held by them")
    for card, e in state["culture"].items():
        if e not in state["empires"]:
            bad.append(f"{card} is held by {e}, an Empire nobody chose")
        elif board.is_minor(e) or board.capital(state, e) is None:
            bad.append(f"{card} is held by the {e}, who have no Capital (3.11)")
    for key in ("forts", "monuments"):
        if len(set(state[key])) != len(state[key]) or not all(
            a in content.lands() for a in state[key]
        ):
            bad.append(f"bad {key}: {state[key]}")
    turn = state["turn"]
    if turn is not None:
        if turn["armies"] < 0 or turn["fleets"] < 0:
            bad.append(f"negative armies or fleets left: {turn}")
        if turn["events"] > state["options"]["events_per_turn"]:
            bad.append(f"{turn['events']} events declared this turn")
    if state["over"]:
        if state["stack"] or not state["result"]:
            bad.append("the game is over but frames are pending or there is no result")
    else:
        if not state["stack"]:
            bad.append("the game goes on but no decision is pending")
        for f in state["stack"]:
            if f["kind"] not in FRAME_KINDS or not 0 <= f["player"] < len(state["players"]):
                bad.append(f"malformed frame {f}")
            if f["kind"] in ("expand", "transfer") and (
                turn is None or turn["player"] != f["player"]
            ):
                bad.append(f"frame {f} is not the turn player's")
    return bad
