"""The city actions' listing shortcuts never change an answer (#27).

Found, Collect, Build, Grow and Civic in the turn frame, and the collect, build and civic
frames, list through candidate generators that ask some checks once per city or per hex
(and leave them out per candidate), stop early when a condition every candidate needs
fails, and reuse actions and parsed probes. Here each kind's listing is compared with the
plain one: a wide set of candidates in the listing's order (every city, every hex, every
piece, every unit), each asked every check of the kind in order, outside a reading block;
the checks whose bodies were rewritten for speed are asked as they were written before.

The positions are every position of random 4-player games and, at the frames of these
kinds, variants with random holdings, moods and a random share of the advances these
rules read (Draft, Sanitation, Rituals, Voting, Husbandry...), and collect and build
frames made up for each of the player's cities with random picks and room.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

from clash_widget.bots import RandomBot
from clash_widget.coc import cities, civic
from clash_widget.coc.board import board_neighbours, hex_distance, is_sea
from clash_widget.coc.economy import can_pay
from clash_widget.coc.setup import add_unit, new_city
from clash_widget.coc.vocab import HAPPY, PIECES
from clash_widget.engine import Action, Match
from clash_widget.engine.frames import ActionKind, listed
from clash_widget.engine.reading import reading

State = dict[str, Any]
Frame = dict[str, Any]

ADVANCES = (
    "draft",
    "civil_liberties",
    "nationalism",
    "circus_and_sports",
    "rituals",
    "voting",
    "public_education",
    "irrigation",
    "economic_liberty",
    "husbandry",
    "roads",
    "fishing",
    "writing",
    "dogma",
    "tactics",
    "sanitation",
    "state_religion",
    "myths",
    "storage",
    "mining",
    "farming",
)
RES_ORDER = ("food", "wood", "ore", "gold", "mood", "ideas", "culture")


TURN_KINDS = (
    cities.FOUND_KIND,
    cities.COLLECT_KIND,
    cities.BUILD_KIND,
    cities.GROW_KIND,
    civic.CIVIC_KIND,
)
FRAME_KINDS = {
    "collect": (cities.TAKE, cities.HUSBANDRY, cities.COLLECT_DONE),
    "build": (cities.UNIT, cities.BUILD_DONE),
    "civic": (civic.IMPROVE, civic.CIVIC_DONE),
}


# The checks whose bodies were rewritten for speed, as they were written before (#27).


def _plain_any_improvable(state: State, frame: Frame, args: Any) -> bool:
    player = state["players"][frame["player"]]
    mood = player["mood"] - (1 if args == "voting" else 0)
    stock = sum(player["res"].values()) if "rituals" in player["advances"] else 0
    for k in sorted(k for k, c in state["cities"].items() if c["owner"] == frame["player"]):
        city = state["cities"][k]
        if city["mood"] < HAPPY and civic.step_cost(state, player, city) <= mood + stock:
            return True
    return False


def _plain_take_unused(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return all(h != args["hex"] for h, _ in frame["picks"])


def _plain_take_one_sea(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if not is_sea(state, args["hex"]):
        return True
    return not any(is_sea(state, h) for h, _ in frame["picks"])


def _plain_can_build_something(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    """Some unit passes every check of a one-unit build in the city (the probe, unasked)."""
    probe = {
        "kind": "build",
        "player": frame["player"],
        "city": args["city"],
        "max": 1,
        "built": [],
        "draft": False,
    }
    return bool(plain(cities.UNIT, state, probe))


def _plain_econ_liberty_mood(state: State, frame: Frame, args: Any) -> bool:
    player = state["players"][frame["player"]]
    if "economic_liberty" not in player["advances"] or "first_collect" not in player["once"]:
        return True
    return player["mood"] >= 2


def _plain_collect_action_left(state: State, frame: Frame, args: Any) -> bool:
    player = state["players"][frame["player"]]
    takes = "economic_liberty" not in player["advances"] or (
        "first_collect" in player["once"]
        and bool(state["options"].get("economic_liberty_action_too", False))
    )
    return not takes or state["turn"]["actions"] > 0


def _plain_husbandry_ok(state: State, frame: Frame, args: Any) -> bool:
    player = state["players"][frame["player"]]
    if "husbandry" not in player["advances"] or frame["range"] > 1 or frame["picks"]:
        return False
    return "roads" in player["advances"] or can_pay(player, {"food": 1})


PLAIN_CHECKS = {
    "collect.husbandry": _plain_husbandry_ok,
    "collect.economic-liberty-mood": _plain_econ_liberty_mood,
    "collect.actions-left": _plain_collect_action_left,
    "build.can-build-something": _plain_can_build_something,
    "civic.something-to-improve": _plain_any_improvable,
    "collect.hex-used": _plain_take_unused,
    "collect.one-sea-hex": _plain_take_one_sea,
}


def _passes_plainly(spec: ActionKind, state: State, frame: Frame, args: Any) -> bool:
    return all(PLAIN_CHECKS.get(c.rule.id, c.ok)(state, frame, args) for c in spec.checks)


def plain(spec: ActionKind, state: State, frame: Frame) -> list[Action]:
    """The kind's wide definition (``ActionKind.wide``), each candidate asked every check of
    its kind, in order (no shortcut)."""
    if any(not g.ok(state, frame, None) for g in spec.gate):
        return []
    out = []
    for a in spec.wide_candidates(state, frame):
        args = spec.parse(state, frame, a)
        if _passes_plainly(spec, state, frame, args):
            assert spec.first_violation(state, frame, args) is None, a
            out.append(a)
    return out


def fast(spec: ActionKind, state: State, frame: Frame) -> list[Action]:
    """The listing itself."""
    with reading(state):
        return listed((spec,), state, frame)


def _vary(state: State, rnd: random.Random) -> State:
    """A copy with the deciding player's holdings, moods and advances drawn at random."""
    s: State = pickle.loads(pickle.dumps(state))
    p = s["stack"][-1]["player"]
    player = s["players"][p]
    poor = rnd.random() < 0.25  # nothing to pay with but tokens (Draft, Voting)
    for r in player["res"]:
        player["res"][r] = 0 if poor else rnd.randint(0, 4)
    player["mood"] = rnd.randint(0, 4)
    player["culture"] = rnd.randint(0, 2)
    player["advances"] = sorted({*player["advances"], *rnd.sample(ADVANCES, rnd.randint(0, 12))})
    player["once"] = [x for x in player["once"] if rnd.random() < 0.5]
    for extra in ("first_collect", "state_religion", "forced_labour"):
        if rnd.random() < 0.3 and extra not in player["once"]:
            player["once"].append(extra)
    for key, c in list(s["cities"].items()):
        c["mood"] = rnd.randint(0, 2)
        for piece in PIECES[:3]:
            if rnd.random() < 0.15:
                c["pieces"][piece] = c["owner"]
        seas = [h for h in board_neighbours(s, key) if is_sea(s, h)]
        if seas and rnd.random() < 0.5:
            c["pieces"]["port"], c["port"] = c["owner"], rnd.choice(seas)
        if c["owner"] == p:  # foreign units, and a foreign city, within reach
            near = [h for h in s["hexes"] if 0 < hex_distance(h, key) <= 2]
            for h in rnd.sample(near, min(len(near), rnd.randint(0, 2))):
                if h not in s["cities"]:
                    add_unit(s, (p + 1) % len(s["players"]), rnd.choice(("army", "ship")), h)
            h = rnd.choice(near)
            if rnd.random() < 0.2 and h not in s["cities"]:
                s["cities"][h] = new_city((p + 1) % len(s["players"]))
    if rnd.random() < 0.2:
        s["turn"]["actions"] = 0
    return s


def _made_up_frames(state: State, rnd: random.Random) -> Iterator[Frame]:
    """A collect and a build frame for each of the deciding player's cities."""
    p = state["stack"][-1]["player"]
    for key in sorted(k for k, c in state["cities"].items() if c["owner"] == p):
        collect = {
            "kind": "collect",
            "player": p,
            "city": key,
            "max": rnd.randint(1, 4),
            "picks": [],
            "range": rnd.choice((1, 1, 2)),
        }
        takes = cities.take_candidates(state, collect)
        for a in rnd.sample(takes, min(len(takes), rnd.randint(0, 2))):
            collect["picks"].append(list(a.args))
        yield collect
        yield {
            "kind": "build",
            "player": p,
            "city": key,
            "max": rnd.randint(1, 3),
            "built": rnd.choice(([], ["army"], ["settler", "ship"])),
            "draft": rnd.random() < 0.3,
        }


def positions(seeds: range, variants: int = 2) -> Iterator[tuple[State, Frame]]:
    rnd = random.Random(27)
    for seed in seeds:
        m = Match.new("coc", 4, seed, keep_undo=False)
        bot = RandomBot(seed)
        while not m.is_over:
            frame = m.state["stack"][-1]
            yield m.state, frame
            if frame["kind"] in ("turn", *FRAME_KINDS):
                for _ in range(variants):
                    s = _vary(m.state, rnd)
                    yield s, s["stack"][-1]
                    if frame["kind"] == "turn":
                        for made in _made_up_frames(s, rnd):
                            yield s, made
            m.play(bot.choose(m.game, m.state, m.legal_actions()))


def test_city_kinds_list_exactly_the_checked_wide_candidates() -> None:
    """Each city kind's listing is its wide definition's candidates that pass every check
    (as plainly written), as sets (the order is pinned by tests/test_same_games.py)."""
    nonempty: dict[str, int] = {}
    compared = 0
    for state, frame in positions(range(2700, 2703)):
        specs = TURN_KINDS if frame["kind"] == "turn" else FRAME_KINDS.get(frame["kind"], ())
        for spec in specs:
            got = fast(spec, state, frame)
            assert sorted(got) == sorted(plain(spec, state, frame)), (frame, spec.kind)
            name = f"{frame['kind']}/{spec.kind}"
            nonempty[name] = nonempty.get(name, 0) + bool(got)
            compared += 1
    assert compared > 5000
    # Every kind was listed non-empty many times, so no comparison is vacuous.
    assert len(nonempty) == 12 and min(nonempty.values()) > 20, nonempty
