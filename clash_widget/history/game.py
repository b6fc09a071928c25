"""History CCG on the clash_widget kernel.

State (plain JSON, typed in :mod:`.state_types`): ``players[s]`` = {seat, name, deck,
treasury (top = last), council, landfill, culture, research, counters, techs, policies,
capital}; ``cities`` (city card -> {controller, population, terrains, mods, production,
progress, creations}); ``units`` (unit card -> {controller, city, damage, tired}); ``spent``
(exhausted creations); ``table`` (pulled cards not yet landed); ``shown`` (the last
initiative, growth pulls, culture clash and battle, for the table); ``turn`` {number, phase,
order, queue, active, at, bonus, clashed}; ``stack``; ``over``; ``redeals`` (the opening
councils shown and dealt again); ``result``; ``stats``. A card's owner is the seat in its id;
control is where it lies. The log of events is the match's (``Match.log``), not the state's;
it opens with the redeals (``opening_events``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..engine import Action, Events, FrameHandler, Game, Options
from ..engine.game import State
from ..engine.rng import Stream, seed_state
from ..engine.state import clone
from . import cards as card_set
from . import zones
from .flow import advance
from .handlers import HANDLERS
from .options import HistoryOptions
from .rulebook import BOOK
from .setup import new_state, redeal_event
from .view import describe, view


class HistoryCCG(Game):
    name: ClassVar[str] = "history"
    title: ClassVar[str] = "History CCG"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules = BOOK
    options_class = HistoryOptions
    handlers: ClassVar[dict[str, FrameHandler]] = HANDLERS

    # -- setup ------------------------------------------------------------------------------
    def name_seats(self, state: dict[str, Any], names: list[str]) -> None:
        super().name_seats(state, names)
        for player, name in zip(state["players"], names, strict=True):
            player["name"] = name  # the rules' texts read the player's own record

    def opening_events(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        """The redeals of the deal (rule setup.redeal): shown to everybody, so in the log."""
        return [redeal_event(state, r) for r in state.get("redeals", [])]

    def new_state(self, players: int, seed: int, options: Options) -> dict[str, Any]:
        self.check_players(players)
        state = new_state(players, seed, options.to_dict())
        self.settle(state, Events())  # up to the first decision (redeals: opening_events)
        return state

    # -- automatic steps ---------------------------------------------------------------------
    def settle_step(self, state: dict[str, Any], ev: Events) -> bool:
        """Run the turn on; a decision with a single answer is not asked (it is applied)."""
        advance(state, ev)
        return self.answer_if_only(state, ev)

    def hidden_count(self, state: dict[str, Any]) -> int:
        """The cards in the treasuries: one leaving a treasury is seen, so no undo past it."""
        return sum(len(p["treasury"]) for p in state["players"])

    # -- results -------------------------------------------------------------------------------
    def scores(self, state: dict[str, Any]) -> list[float]:
        """Total population, with wonders as a small tie-break."""
        return [
            zones.population(state, s) + len(zones.wonders(state, s)) / 100
            for s in range(zones.n_players(state))
        ]

    def category(self, action: Action) -> str:
        return action.kind

    def describe(self, state: dict[str, Any], action: Action) -> str:
        return describe(state, action)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return view(self, state, seat)

    def upgrade_position(self, state: State, file_version: int) -> State:
        from .legacy import upgrade_position

        if file_version < 3:  # positions kept a copy of the log (the match's is shown)
            state.pop("log", None)
        return upgrade_position(state, file_version)

    def invariants(self, state: dict[str, Any]) -> list[str]:
        return invariants(self, state)

    # -- hidden information ----------------------------------------------------------------------
    def determinize(self, state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
        """Resample what ``seat`` cannot see: the other councils, every treasury's order.

        Each player's unseen cards (their treasury, and their council unless it is ``seat``'s)
        are pooled per owner, sorted (so the true order leaks nothing), shuffled with the
        seeded stream and dealt back in the same sizes. What everybody knows stays true
        (a player who has not deployed a capital yet holds a city and a terrain, rule
        setup.redeal; one who has, a terrain until it is put beside it): such a council is
        dealt again until it does. The game's generator is reseeded.
        """
        out = clone(state)
        rng = Stream(seed)
        for p in out["players"]:
            hidden = list(p["treasury"])
            if p["seat"] != seat:
                hidden += p["council"]
            hidden.sort()
            rng.shuffle(hidden)
            if p["seat"] != seat:
                k = len(p["council"])
                needs = _known_kinds(out, p)
                if needs:
                    _council_holding(out, hidden, k, needs, rng)
                p["council"] = sorted(hidden[:k])
                hidden = hidden[k:]
            p["treasury"] = hidden
        out["rng"] = seed_state(seed ^ 0x415)
        return out


def _known_kinds(state: State, p: dict[str, Any]) -> set[str]:
    """The kinds of card everybody knows ``p``'s council holds: a city and a terrain before
    their capital is deployed (rule setup.redeal), a terrain until it is put next to it."""
    if p["capital"] is None:
        return {"city", "terrain"}
    if any(f.get("kind") == "home" and f.get("player") == p["seat"] for f in state["stack"]):
        return {"terrain"}
    return set()


def _council_holding(state: State, cards: list[str], k: int, needs: set[str], rng: Stream) -> None:
    """Shuffle ``cards`` again until their first ``k`` hold a card of every kind in
    ``needs`` (kept as they are when no deal could)."""
    if not needs <= {card_set.ctype(state, c) for c in cards}:
        return
    while not needs <= {card_set.ctype(state, c) for c in cards[:k]}:
        rng.shuffle(cards)


# -- invariants------------------------------------------------------------------------------------
def invariants(game: Game, state: dict[str, Any]) -> list[str]:
    bad: list[str] = []
    n = len(state["players"])
    seen: dict[str, list[str]] = {}

    def put(cards: list[str], where: str) -> None:
        for c in cards:
            seen.setdefault(c, []).append(where)

    for p in state["players"]:
        s = p["seat"]
        put(p["treasury"], f"treasury{s}")
        put(p["council"], f"council{s}")
        put(p["landfill"], f"landfill{s}")
        put(p["techs"], f"techs{s}")
        put(p["policies"], f"policies{s}")
        if p["research"]:
            put([p["research"]], f"research{s}")
        if p["culture"] < 0 or p["counters"] < 0:
            bad.append(f"player {s} has negative counters")
        if p["capital"] is not None and p["capital"] not in state["cities"]:
            bad.append(f"player {s}'s capital {p['capital']} is not on the map")
    for cid, c in state["cities"].items():
        put([cid], "cities")
        put(c["terrains"], f"terrains of {cid}")
        put(list(c["mods"].values()), f"mods of {cid}")
        put(c["creations"], f"creations of {cid}")
        if c["production"]:
            put([c["production"]], f"production of {cid}")
        if c["population"] < 1:
            bad.append(f"city {cid} has population {c['population']}")
        if len(c["terrains"]) > state["options"]["max_terrains"]:
            bad.append(f"city {cid} has {len(c['terrains'])} terrains")
        if not set(c["mods"]) <= set(c["terrains"]):
            bad.append(f"city {cid} has a mod on a terrain it does not hold")
        if not 0 <= c["controller"] < n:
            bad.append(f"city {cid} has controller {c['controller']}")
    for uid, u in state["units"].items():
        put([uid], "units")
        city = state["cities"].get(u["city"])
        if city is None or city["controller"] != u["controller"]:
            bad.append(f"unit {uid} stands in {u['city']}, not a city its controller holds")
        if not 0 <= u["damage"] < zones.unit_stat(state, uid, "health"):
            bad.append(f"unit {uid} has damage {u['damage']}")
    put(state["table"], "table")
    for s, p in enumerate(state["players"]):
        for i in range(len(card_set.deck_list(p["deck"]))):
            cid = card_set.card_id(s, i)
            if len(seen.get(cid, [])) != 1:
                bad.append(f"card {cid} is in {seen.get(cid, [])} (must be in exactly one place)")
    extra = [c for c in seen if not card_set.is_card(state, c)]
    if extra:
        bad.append(f"unknown cards {sorted(extra)}")
    for f in state["stack"]:
        if f["kind"] in ("explore", "settle"):
            if not set(f["cards"]) <= set(state["table"]):
                bad.append(f"frame {f['kind']} holds cards that are not on the table")
    framed = {c for f in state["stack"] for c in f.get("cards", [])}
    if set(state["table"]) - framed:
        bad.append(f"pulled cards left on the table: {sorted(set(state['table']) - framed)}")
    if state["over"]:
        if state["stack"]:
            bad.append("the game is over but frames are pending")
        if not state["result"]:
            bad.append("the game is over without a result")
    elif not state["stack"]:
        bad.append("the game goes on but no decision is pending")
    else:
        for f in state["stack"]:
            if f["kind"] not in game.handlers or not 0 <= f["player"] < n:
                bad.append(f"malformed frame {f}")
        top = state["stack"][-1]
        if not game.legal_actions(state):
            bad.append(f"no legal action in frame {top}")
    return bad
