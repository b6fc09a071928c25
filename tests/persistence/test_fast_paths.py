"""Transfer paths and Expansion listings read at once give the first answers (#27).

``paths.reach`` (unrelaxed) reads the friendly areas of a seat once, from the held lands
and the fleets (``friendly_areas``), instead of asking ``friendly`` area by area; over
random games, at every position, for every seat and every start, it must give the same
areas, reached from the same previous areas over the same straits, in the same order as
the area-by-area search (the relaxed one, with nothing relaxed).
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Action, Match
from clash_widget.persistence import board, content, events, expansion, paths


@pytest.mark.parametrize("shared", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_reach_read_at_once_is_the_area_by_area_reach(players: int, shared: bool) -> None:
    positions = 0
    areas = list(content.lands()) + list(content.waters())
    for seed in range(2):
        m = Match.new(
            "persistence", players, 700 + seed, {"shared_sea_friendly": shared}, keep_undo=False
        )
        bot = make_bot("random", "persistence", seed)
        while not m.is_over:
            for seat in range(players):
                ok = paths.friendly_areas(m.state, seat)
                assert ok == {a for a in areas if paths.friendly(m.state, a, seat)}
                for start in ok:
                    fast = paths.reach(m.state, start, seat)
                    slow = paths._reach_relaxed(m.state, start, seat, paths.NONE)
                    assert list(fast.items()) == list(slow.items())
            positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 100


def reachable_one_by_one(state: dict) -> list[str]:
    """expansion.reachable as first written: the map and the fleets read land by land."""
    e = board.present(state)
    seat = board.owner(state, e)
    held = set(board.empire_lands(state, e))
    if not held:
        return [content.empires()[e]["start"]]
    out: set[str] = set()
    for land in held:
        out |= content.neighbours(land)
        for other, strait in content.strait_links()[land]:
            if not board.enemy_fleet(state, content.straits()[strait]["sea"], seat):
                out.add(other)
    for w, es in state["fleets"].items():
        if e in es and any(x in held for x in content.neighbours(w)):
            out |= content.neighbours(w)
    return [a for a in content.lands() if a in out and a not in held]


def declare_on_every_land(state: dict, frame: dict) -> list[Action]:
    """events.declare_candidates as first written: every target test tried on every land."""
    seat = frame["player"]
    out = []
    for card in state["players"][seat]["hand"]:
        if not content.in_time_frame(card, state["epoch"]):
            continue
        if events.effect(card) not in events.TARGETED:
            out.append(Action("declare", (card,)))
            continue
        if events.effect(card) == "treachery" and state["turn"]["armies"] <= 0:
            continue
        test = events.target_test(card)
        out += [Action("declare", (card, a)) for a in content.lands() if test(state, seat, a)]
    return out


def fleets_every_check(state: dict, frame: dict) -> list[Action]:
    """Fleet's listing by asking every check (``first_violation``) of every coastal water."""
    empire = board.present(state)
    coast = {n for a, e in state["lands"].items() if e == empire for n in content.neighbours(a)}
    spec = expansion.FLEET
    return [
        a
        for a in (Action("fleet", (w,)) for w in content.waters() if w in coast)
        if spec.first_violation(state, frame, spec.parse(state, frame, a)) is None
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expansion_shortcuts_give_the_first_answers(players: int) -> None:
    """At every Expansion position of random games: ``reachable`` (what Enter lists) read at
    once; ``armies_placed`` (expand.place-all-armies), which reads ``reachable`` instead of
    listing Enter; Declare's targets tried among the held lands only (every target test asks
    for a held land): each gives the answer of the first way of reading it; and Fleet lists
    what asking its every check admits."""
    positions = 0
    for seed in range(3):
        m = Match.new("persistence", players, 710 + seed, keep_undo=False)
        bot = make_bot("random", "persistence", seed)
        while not m.is_over:
            frame = m.state["stack"][-1] if m.state["stack"] else None
            if frame is not None and frame["kind"] == "expand":
                assert expansion.reachable(m.state) == reachable_one_by_one(m.state)
                assert expansion.armies_placed.ok(m.state, frame, None) == (
                    m.state["turn"]["armies"] == 0 or not expansion.open_entries(m.state, frame)
                )
                assert events.declare_candidates(m.state, frame) == declare_on_every_land(
                    m.state, frame
                )
                assert expansion.FLEET.legal(m.state, frame) == fleets_every_check(m.state, frame)
                positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 100
