"""The turn kinds that are nearly always empty list exactly what their checks admit (#27).

Wonder, Influence, Grow, Found, Civic, Build (and Collect) in the turn frame stop at the cheapest
condition every candidate needs (a wonder's price within reach at all, a target city with
a piece to take...), and their candidate generators apply checks themselves (``ensured``).
Here each kind's listing is compared with the plain one: the kind's own wide definition
(every city and wonder, every pair of cities with and without Art and Sculptures, every
hex, every city piece), each asked every check of the kind in order, outside a reading
block; the checks whose bodies were rewritten for speed are asked as they were
written before.

The positions are every turn position of random games (4 players, and 2 and 3 players)
and variants of each in which the deciding player is rich or poor, holds tokens, owns a
random share of the advances these kinds read (Engineering, Monuments, Art and
Sculptures, the city pieces' advances, Sanitation, Voting, Rituals...), sees revealed and
reserved wonders, and faces other players' city pieces: so that every kind is listed
non-empty many times.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

from clash_widget.bots import RandomBot
from clash_widget.coc import cities, civic, influence, wonders
from clash_widget.coc.board import foreign_units_at, is_land, stack_count, units_on
from clash_widget.coc.common import used_once
from clash_widget.coc.setup import add_unit, new_city
from clash_widget.coc.vocab import PIECES
from clash_widget.engine import Action, Match
from clash_widget.engine.frames import ActionKind, listed
from clash_widget.engine.reading import reading

from .test_fast_cities import PLAIN_CHECKS as CITY_PLAIN_CHECKS
from .test_fast_cities import positions as city_positions

State = dict[str, Any]
Frame = dict[str, Any]

ADVANCES = (
    "engineering",
    "monuments",
    "art_and_sculptures",
    "conversion",
    "separation_of_power",
    "totalitarianism",
    "devotion",
    "fishing",
    "writing",
    "tactics",
    "myths",
    "sanitation",
    "state_religion",
    "dogma",
    "rituals",
    "voting",
    "circus_and_sports",
    "draft",
    "civil_liberties",
    "storage",
)


KINDS = (
    wonders.BUILD_WONDER,
    influence.INFLUENCE,
    cities.GROW_KIND,
    cities.FOUND_KIND,
    civic.CIVIC_KIND,
    cities.BUILD_KIND,
    cities.COLLECT_KIND,
)


# The checks whose bodies were rewritten for speed, as they were written before (#27).
def _plain_not_yet_succeeded(state: State, frame: Frame, args: Any) -> bool:
    return not used_once(state, frame, influence.SUCCESS_ONCE)


def _plain_found_no_foreign(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not foreign_units_at(state, args["hex"], args["player"])


def _plain_take_free(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    h = args["hex"]
    if h != frame["city"] and h in state["cities"]:
        return False
    return not foreign_units_at(state, h, frame["player"])


PLAIN_CHECKS: dict[str, Callable[[State, Frame, Any], bool]] = {
    "found.no-foreign-units": _plain_found_no_foreign,
    "collect.hex-occupied": _plain_take_free,
    **CITY_PLAIN_CHECKS,
    "influence.once-a-turn": _plain_not_yet_succeeded,
}


def _passes_plainly(spec: ActionKind, state: State, frame: Frame, args: Any) -> bool:
    return all(PLAIN_CHECKS.get(c.rule.id, c.ok)(state, frame, args) for c in spec.checks)


def plain(spec: ActionKind, state: State, frame: Frame) -> list[Action]:
    """The kind's wide definition (``ActionKind.wide``), each candidate asked every check of
    its kind, in order (no shortcut)."""
    if any(not PLAIN_CHECKS.get(g.rule.id, g.ok)(state, frame, None) for g in spec.gate):
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
    """A copy where the deciding player's holdings, tokens, advances, wonders and the
    city pieces around are drawn at random, often rich enough for a wonder."""
    s: State = pickle.loads(pickle.dumps(state))
    p = s["stack"][-1]["player"]
    player = s["players"][p]
    n = len(s["players"])
    wealth = rnd.choice((0, 2, 4, 7, -1))
    for r in player["res"]:
        player["res"][r] = rnd.randint(0, wealth) if wealth >= 0 else rnd.randint(0, 2)
    if wealth < 0 and rnd.random() < 0.7:  # just short of a price: no food, or no gold
        player["res"][rnd.choice(("food", "gold"))] = 0
    player["mood"] = rnd.randint(0, 3)
    player["culture"] = rnd.randint(0, 3)
    player["advances"] = sorted({*player["advances"], *rnd.sample(ADVANCES, rnd.randint(0, 14))})
    player["once"] = [x for x in player["once"] if rnd.random() < 0.5]
    for extra in ("forced_labour", "art_and_sculptures", "influence_success", "state_religion"):
        if rnd.random() < 0.25 and extra not in player["once"]:
            player["once"].append(extra)
    every = sorted(wonders.wonder_cards())
    s["public_wonders"] = rnd.sample(every, rnd.randint(0, 3))
    rest = [w for w in every if w not in s["public_wonders"]]
    player["wonders_reserved"] = rnd.sample(rest, rnd.choice((0, 0, 1)))
    for c in s["cities"].values():
        c["mood"] = rnd.randint(0, 2)
        for piece in PIECES[:3]:
            if rnd.random() < 0.3:
                c["pieces"][piece] = rnd.choice((c["owner"], p, (p + 1) % n))
    own = sorted(k for k, c in s["cities"].items() if c["owner"] == p)
    if len(own) < 3 and rnd.random() < 0.5:  # more cities, so that they may grow
        free = [
            h
            for h in sorted(s["hexes"])
            if is_land(s, h) and h not in s["cities"] and not units_on(s, h)
        ]
        for h in rnd.sample(free, min(len(free), rnd.randint(1, 2))):
            s["cities"][h] = new_city(p)
            own.append(h)
    for key in own:
        if rnd.random() < 0.4:
            s["cities"][key]["pieces"]["temple"] = p
    if own and rnd.random() < 0.3:  # a settler of the player's in one of its cities
        add_unit(s, p, "settler", rnd.choice(own))
    if rnd.random() < 0.4:  # a settler of the player's on land, with a foreign unit or not
        h = rnd.choice([h for h in sorted(s["hexes"]) if is_land(s, h)])
        add_unit(s, p, "settler", h)
        if rnd.random() < 0.4:
            add_unit(s, (p + 1) % n, rnd.choice(("army", "settler")), h)
    if own and rnd.random() < 0.3:  # a city's space full of the player's units
        key = rnd.choice(own)
        while stack_count(s, key) < s["options"]["max_units_per_space"]:
            add_unit(s, p, "army", key)
    if rnd.random() < 0.2:
        s["turn"]["actions"] = 0
    return s


def positions(games: tuple[tuple[int, int], ...], variants: int) -> Iterator[State]:
    """Every turn position of the random games (players, seed), and variants of each."""
    rnd = random.Random(27)
    for players, seed in games:
        m = Match.new("coc", players, seed, keep_undo=False)
        bot = RandomBot(seed)
        while not m.is_over:
            if m.state["stack"][-1]["kind"] == "turn":
                yield m.state
                for _ in range(variants):
                    yield _vary(m.state, rnd)
            m.play(bot.choose(m.game, m.state, m.legal_actions()))


GAMES = ((4, 2710), (4, 2711), (3, 2712), (2, 2713))


def test_empty_turn_kinds_list_exactly_the_checked_wide_candidates() -> None:
    """Each kind's listing is its wide definition's candidates that pass every check (as
    sets: the order is pinned by tests/test_same_games.py)."""
    nonempty = dict.fromkeys((spec.kind for spec in KINDS), 0)
    compared = 0
    for state in positions(GAMES, variants=3):
        frame = state["stack"][-1]
        for spec in KINDS:
            got = fast(spec, state, frame)
            assert sorted(got) == sorted(plain(spec, state, frame)), (spec.kind, frame)
            nonempty[spec.kind] += bool(got)
            compared += 1
    assert compared > 5000, compared
    # Every kind was listed non-empty many times, so no comparison is vacuous.
    assert min(nonempty.values()) > 30, nonempty


def test_collect_frame_lists_exactly_the_checked_wide_candidates() -> None:
    """The collect frame's hexes (read with plain loops, collect.hex-occupied asked in a
    loop over the hex's units) are the wide candidates that pass every check, in order."""
    compared = nonempty = 0
    for state, frame in city_positions(range(2720, 2722)):
        if frame["kind"] == "collect":
            got = fast(cities.TAKE, state, frame)
            assert sorted(got) == sorted(plain(cities.TAKE, state, frame)), frame
            compared += 1
            nonempty += bool(got)
    assert compared > 500 and nonempty > 300, (compared, nonempty)
