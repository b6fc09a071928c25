"""Transfer paths and Expansion listings read at once give the first answers (#27).

``paths.reach`` (unrelaxed) reads the friendly areas of a seat once, from the held lands
and the fleets (``friendly_areas``), instead of asking ``friendly`` area by area; over
random games, at every position, for every seat and every start, it must give the same
areas, reached from the same previous areas over the same straits, in the same order as
the area-by-area search (the relaxed one, with nothing relaxed).
"""

from __future__ import annotations

import pytest
from protocol_checks import conforms

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.persistence import board, content, expansion, paths


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expansion_shortcuts_give_the_first_answers(players: int) -> None:
    """At every Expansion position of random games: ``reachable`` (what Enter lists) read at
    once; ``armies_placed`` (expand.place-all-armies), which reads ``reachable`` instead of
    listing Enter: each gives the answer of the first way of reading it; and Declare (its
    targets tried among the held lands only) and Fleet list their wide definitions filtered
    by every check (the engine's conformance check)."""
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
                conforms("persistence", m.state, "declare", "fleet")  # their wide definitions
                positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 100
