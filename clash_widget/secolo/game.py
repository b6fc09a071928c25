"""600 il Secolo di Ferro on the clash_widget kernel.

State (plain JSON): ``players[s]`` = {seat, protagonist, hand, city, attached, sheltered};
``deck`` (top = last), ``discard`` (face up, public), ``removed`` (unused Protagonists),
``pool`` (Protagonists during setup), ``discarded_by`` (card -> seat who discarded it, for the
Amulet), ``revealed`` (hand cards everybody knows about, card -> seat), ``runouts``, ``turn``,
``stack`` (decision frames), ``over``, ``result``. The log of events is the match's
(``Match.log``), not the state's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, cast

from ..engine import Action, Events, FrameHandler, Game, Options, one_of, ranged
from ..engine.game import State
from ..engine.rng import Stream, seed_state, shuffle
from ..engine.seats import identity
from ..engine.seats import name as who
from ..engine.state import clone
from . import cards as catalogue
from . import logic
from .handlers import HANDLERS
from .rules import BOOK
from .state_types import SecoloOptionsDict, SecoloState
from .turn_frames import advance
from .windows import can_use

FRAME_KINDS = ("pick", "draw", "act", "react", "counter", "window")


@dataclass(frozen=True)
class SecoloOptions(Options):
    # "base" (5 cultures, 103 cards) or "extended" (7 cultures, 148 cards)
    deck: str = one_of("base", "extended")
    pairs: bool = False  # pairs variant: 4 players, partners in alternate seats
    hand_size: int = ranged(6, 1, 20)
    draw: int = ranged(2, 1, 10)
    cultures_to_win: int = ranged(5, 1, 10)
    max_reshuffles: int = ranged(1, 0, 10)
    # The draw step's optional discard-and-redraw (seed rule). Off is our variant, for the
    # design question "how much does redrawing shorten games?" (notebook 20).
    redraw: bool = True
    # Skip a reaction window seat that has nothing it could play. Faster and less tedious, but it
    # tells the table that this player holds no usable reaction; False asks every seat.
    auto_pass: bool = True


class Secolo(Game):
    name: ClassVar[str] = "secolo"
    title: ClassVar[str] = "600 il Secolo di Ferro"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    rules = BOOK
    options_class = SecoloOptions
    handlers: ClassVar[dict[str, FrameHandler]] = HANDLERS

    # -- setup ------------------------------------------------------------------------
    def new_state(self, players: int, seed: int, options: Options) -> dict[str, Any]:
        opts = options.to_dict()
        self.check_players(players)
        if opts["deck"] not in ("base", "extended"):
            raise ValueError(f"unknown deck {opts['deck']!r}: use 'base' or 'extended'")
        if opts["pairs"] and players != 4:
            raise ValueError("the pairs variant needs 4 players (two pairs in alternate seats)")
        ids = catalogue.deck_cards(opts["deck"])
        pool = [c for c in ids if catalogue.ctype(c) == "protagonist"]
        deck = [c for c in ids if catalogue.ctype(c) != "protagonist"]
        fresh: SecoloState = {
            "game": "secolo",
            "seed": seed,
            "rng": seed_state(seed),
            "options": cast(SecoloOptionsDict, opts),  # SecoloOptions.to_dict()
            "players": [
                {
                    "seat": s,
                    "protagonist": None,
                    "hand": [],
                    "city": [],
                    "attached": {},
                    "sheltered": False,
                }
                for s in range(players)
            ],
            "deck": deck,
            "discard": [],
            "removed": [],
            "pool": pool,
            "discarded_by": {},
            "revealed": {},
            "runouts": 0,
            "turn": logic.fresh_turn(0, 0),
            "stack": [{"kind": "pick", "player": 0, "queue": list(range(1, players))}],
            "over": False,
            "result": None,
        }
        state = cast(dict[str, Any], fresh)  # the engine carries it as a plain dict
        shuffle(state, state["deck"])
        return state

    # -- automatic steps ----------------------------------------------------------------
    def settle_step(self, state: dict[str, Any], ev: Events) -> bool:
        """With ``auto_pass``, a reaction window seat with nothing to play is passed over."""
        stack = state["stack"]
        # Asked after every action: the frame's kind first, since most are neither.
        if not stack or stack[-1]["kind"] not in ("react", "counter"):
            return False
        if state["over"] or not state["options"]["auto_pass"]:
            return False
        top = stack[-1]
        # The seat has more than its pass exactly when it could play a Special or use an
        # Object (the frames list those two kinds, then the pass, which is always there).
        if can_use(state, top):
            return False
        advance(state, top, ev)
        return True

    # -- results ------------------------------------------------------------------------
    def scores(self, state: dict[str, Any]) -> list[float]:
        out = []
        for cultures, chars in logic.standings(state):
            out.append(cultures + chars / 100)
        return out

    # -- text -----------------------------------------------------------------------------
    def prompt(self, state: dict[str, Any]) -> str:
        if state["over"] and state["result"]:
            return logic.outcome(state)
        return super().prompt(state)

    def describe(self, state: dict[str, Any], action: Action) -> str:
        return describe(state, action)

    # -- checks for fuzzers -----------------------------------------------------------------
    def invariants(self, state: dict[str, Any]) -> list[str]:
        return invariants(self, state)

    # -- hidden information -----------------------------------------------------------------
    def determinize(self, state: dict[str, Any], seat: int, seed: int) -> dict[str, Any]:
        """Resample every hand but ``seat``'s (keeping publicly known cards) and the deck order."""
        out = clone(state)
        rng = Stream(seed)
        pool = list(out["deck"])
        counts = {}
        for p in out["players"]:
            s = p["seat"]
            if s == seat:
                continue
            known = [c for c in p["hand"] if out["revealed"].get(c) == s]
            pool.extend(c for c in p["hand"] if c not in known)
            counts[s] = len(p["hand"]) - len(known)
            p["hand"] = known
        # Sort first: the sample must depend on the seed and the seat's view only, not on
        # the true (hidden) order of the deck and hands.
        pool.sort()
        rng.shuffle(pool)
        for s, k in sorted(counts.items()):
            out["players"][s]["hand"].extend(pool[:k])
            del pool[:k]
        out["deck"] = pool
        for f in out["stack"]:
            if f["kind"] == "draw" and f["player"] != seat and f["marked"]:
                h = [c for c in out["players"][f["player"]]["hand"]]
                rng.shuffle(h)
                f["marked"] = h[: len(f["marked"])]
        out["rng"] = seed_state(seed ^ 0x5EC0)
        return out

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return view(self, state, seat)

    def upgrade_position(self, state: State, file_version: int) -> State:
        """Positions before game-file format 3 kept a copy of the log (the match's is shown)."""
        if file_version < 3:
            state.pop("log", None)
        return state


# -- descriptions ------------------------------------------------------------------------------
def _name(x: str) -> str:
    """A card or culture in an action's label: its English name, as the table names it (one
    language per label, issue 37; the Italian name is on the card)."""
    if x in catalogue.catalogue():
        return catalogue.label(x)
    if x in catalogue.cultures():
        return str(catalogue.cultures()[x]["gloss"])
    return x


def describe(state: dict[str, Any], action: Action) -> str:
    k, a = action.kind, action.args
    try:
        if k == "pick":
            return f"Choose {_name(a[0])} as your Protagonist"
        if k == "discard":
            return f"Set aside {_name(a[0])} to discard"
        if k == "redraw":
            return "Discard the chosen cards and redraw"
        if k == "keep":
            return f"Keep your hand and draw {logic.turn_draw(state, state['stack'][-1]['player'])}"
        if k == "play":
            rest = list(a[1:])
            text = f"Play {_name(a[0])}"
            if rest and rest[0].isdigit():
                text += f" into {who(state, int(rest.pop(0)))}'s city"
            if rest:
                text += f" attached to {_name(rest[0])}"
            return text
        if k == "attack":
            return f"Attack {_name(a[3])} with {_name(a[1])} and {_name(a[2])}"
        if k == "special":
            return f"Play {_name(a[0])}" + (f" on {_name(a[1])}" if len(a) > 1 else "")
        if k == "object":
            if len(a) > 1 and a[1].isdigit():
                return f"Use {_name(a[0])} on {who(state, int(a[1]))}"
            return f"Use {_name(a[0])}" + (f" on {_name(a[1])}" if len(a) > 1 else "")
        if k == "end":
            return "End your turn"
        if k == "pass":
            return "Pass"
    except IndexError:
        pass
    return str(action)


# -- invariants ----------------------------------------------------------------------------------
def invariants(game: Game, state: dict[str, Any]) -> list[str]:
    bad: list[str] = []
    expected = catalogue.deck_cards(state["options"]["deck"])
    seen: dict[str, list[str]] = {}
    places = [
        ("deck", state["deck"]),
        ("discard", state["discard"]),
        ("removed", state["removed"]),
        ("pool", state["pool"]),
    ]
    for p in state["players"]:
        places += [(f"hand{p['seat']}", p["hand"]), (f"city{p['seat']}", p["city"])]
    for where, cards in places:
        for c in cards:
            seen.setdefault(c, []).append(where)
    for c in expected:
        if len(seen.get(c, [])) != 1:
            bad.append(f"card {c} is in {seen.get(c, [])} (must be in exactly one place)")
    extra = set(seen) - set(expected)
    if extra:
        bad.append(f"cards not in this deck: {sorted(extra)}")
    for p in state["players"]:
        s = p["seat"]
        pr = p["protagonist"]
        prs = [c for c in p["city"] if catalogue.ctype(c) == "protagonist"]
        if pr is not None and prs != [pr]:
            bad.append(f"{who(state, s)}'s city holds Protagonists {prs}, expected {pr}")
        if any(catalogue.ctype(c) == "protagonist" for c in p["hand"]):
            bad.append(f"{who(state, s)} holds a Protagonist in hand")
        for c in p["city"]:
            if catalogue.ctype(c) not in ("protagonist", "character", "bulwark", "object"):
                bad.append(f"{c} cannot be in a city")
            if catalogue.ctype(c) == "object" and c not in p["attached"]:
                bad.append(f"object {c} in {who(state, s)}'s city is not attached")
        for obj, holder in p["attached"].items():
            if obj not in p["city"] or holder not in p["city"]:
                bad.append(f"attachment {obj}->{holder} is not inside {who(state, s)}'s city")
            elif (
                catalogue.culture(obj) != catalogue.culture(holder)
                or catalogue.ctype(holder) not in catalogue.CITIZEN_TYPES
            ):
                bad.append(f"object {obj} is attached to {holder} of another culture/type")
    for c, s in state["revealed"].items():
        if c not in state["players"][s]["hand"]:
            bad.append(f"revealed card {c} is not in {who(state, s)}'s hand")
    for c in state["discarded_by"]:
        if c not in state["discard"]:
            bad.append(f"discarded_by lists {c}, which is not in the discard pile")
    turn = state["turn"]
    if len(turn["cultures"]) > 1 + turn["extra_cultures"]:
        bad.append(f"turn {turn['number']} played cultures {turn['cultures']}")
    for cid, cul, mode in turn["played"]:
        if mode == "normal" and cul not in turn["cultures"]:
            bad.append(f"{cid} was played outside the turn's cultures")
    if sum(1 for *_, mode in turn["played"] if mode == "bonus") > 1:
        bad.append("more than one Workshop Mistress bonus Character this turn")
    if turn["attacks"] > 1:
        bad.append("more than one Attack this turn")
    if state["runouts"] > state["options"]["max_reshuffles"] + 1:
        bad.append("the deck ran out too many times")
    if state["over"]:
        if state["stack"]:
            bad.append("the game is over but frames are pending")
        if not state["result"]:
            bad.append("the game is over without a result")
    else:
        if not state["stack"]:
            bad.append("the game goes on but no decision is pending")
        n = len(state["players"])
        for f in state["stack"]:
            if f["kind"] not in FRAME_KINDS or not 0 <= f["player"] < n:
                bad.append(f"malformed frame {f}")
            if f["kind"] == "draw" and not set(f["marked"]) <= set(
                state["players"][f["player"]]["hand"]
            ):
                bad.append("cards marked for discarding are not in hand")
            if f["kind"] == "react" and f["player"] == f["attack"]["by"]:
                bad.append("the attacker is asked to react to their own Attack")
            if (
                f["kind"] == "window"
                and f["player"] == state["turn"]["seat"]
                and f["then"] != "next_turn"
            ):
                bad.append("the turn player is asked in the others' window inside the turn")
    return bad


# -- the widget payload -------------------------------------------------------------------
def _city_view(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    p = state["players"][seat]
    holders = {h: o for o, h in p["attached"].items()}
    groups: dict[str, dict[str, Any]] = {}
    order = list(catalogue.cultures())
    for c in sorted(p["city"], key=lambda x: (order.index(catalogue.culture(x)), x)):
        cul = catalogue.culture(c)
        assert cul is not None, c  # every card in a city has a culture
        g = groups.setdefault(
            cul,
            {
                "culture": cul,
                "name": catalogue.cultures()[cul]["name"],
                "gloss": catalogue.cultures()[cul]["gloss"],
                "bulwark": False,
                "cards": [],
            },
        )
        card = catalogue.public(c)
        if catalogue.ctype(c) == "bulwark":
            g["bulwark"] = True
        if catalogue.ctype(c) == "character":
            card["protected"] = logic.protection(state, seat, c)
        if catalogue.ctype(c) in catalogue.CITIZEN_TYPES:
            card["object"] = holders.get(c)
        if catalogue.ctype(c) == "object":
            card["attached_to"] = p["attached"].get(c)
        g["cards"].append(card)
    return list(groups.values())


def _frame_view(state: dict[str, Any], frame: dict[str, Any], seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": frame["kind"], "player": frame["player"]}
    if frame["kind"] == "draw":
        mine = seat is None or seat == frame["player"]
        out["marked_count"] = len(frame["marked"])
        out["marked"] = list(frame["marked"]) if mine else None
    if frame["kind"] in ("react", "counter", "pick", "window"):
        out["waiting"] = list(frame["queue"])
    if frame["kind"] == "react":
        out["attack"] = dict(frame["attack"])
    if frame["kind"] == "counter":
        out["pending"] = dict(frame["pending"])
    return out


def view(game: Game, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    frame = game.top(state)
    deciding = game.current_player(state)
    players = []
    for p in state["players"]:
        s = p["seat"]
        cultures, chars = logic.standing(state, s)
        show = seat is None or seat == s
        hand = sorted(p["hand"], key=lambda c: list(catalogue.catalogue()).index(c))
        players.append(
            {
                **identity(state, s),
                "partner": logic.partner(state, s),
                "protagonist": catalogue.public(p["protagonist"]) if p["protagonist"] else None,
                "cultures": len(logic.cultures_in_play(state, s)),
                "characters": len(logic.characters(state, s)),
                "score": cultures + chars / 100,
                "sheltered": p["sheltered"],
                "city": _city_view(state, s),
                "hand": [catalogue.public(c) for c in hand] if show else None,
                "hand_count": len(p["hand"]),
                "known_hand": sorted(c for c, t in state["revealed"].items() if t == s),
            }
        )
    legal = []
    if deciding is not None and (seat is None or seat == deciding):
        for a in game.legal_actions(state):
            legal.append(
                {
                    "key": str(a),
                    "kind": a.kind,
                    "label": describe(state, a),
                    "cards": [x for x in a.args if x in catalogue.catalogue()],
                }
            )
    turn = state["turn"]
    return {
        **game.view_header(state, seat),
        "cultures": [
            dict(c)
            for c in catalogue.data()["cultures"]
            if c["code"] in catalogue.deck_cultures(state["options"]["deck"])
        ],
        "turn": {
            "seat": turn["seat"],
            "number": turn["number"],
            "cultures": list(turn["cultures"]),
            "extra_cultures": turn["extra_cultures"],
            "attacks": turn["attacks"],
        },
        "deck_count": len(state["deck"]),
        "discard_count": len(state["discard"]),
        "discard": [catalogue.public(c) for c in state["discard"]],
        "reshuffles": min(state["runouts"], state["options"]["max_reshuffles"]),
        "pool": [catalogue.public(c) for c in state["pool"]],
        "players": players,
        "frame": _frame_view(state, frame, seat) if frame else None,
        "legal": legal,
    }
