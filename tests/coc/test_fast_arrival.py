"""The Move frame's candidates are exactly the legal groups, also where battles are near.

Since round eight the candidates (movement.group_moves) answer the checks that read where a
group arrives (movement.ARRIVAL_CHECKS: move.land-needs-land, move.settlers-need-escort,
move.forest-no-battle, move.ships-attack-ships, move.stack-limit) once a destination, and
GROUP lists them as ensured. tests/coc/test_fast_movement.py compares the listing with
the kind's wide definition at random positions; random games seldom put an enemy beside a
group, a ship at sea beside enemy ships, or a unit fresh from a forest next to a battle,
so here each position is crowded first: enemy armies and ships are put around the mover's
units, some of the mover's units are marked as fresh from a forest, and ships with room
wait at sea.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from clash_widget.coc import movement
from clash_widget.coc.board import board_neighbours, hex_distance, neighbour_keys
from clash_widget.coc.setup import add_unit
from clash_widget.engine.reading import reading
from clash_widget.engine.state import clone

from .helpers import open_map
from .test_fast_movement import _positions


def _crowded(state, p: int, rnd: random.Random):
    """A copy of ``state`` with enemies and ships around ``p``'s units and some of them fresh
        from a forest, stacks of its own near the limit, sometimes Tactics, and enemies on face-down
    spaces too (the checks read only the board, so the copy need not be a game's)."""
    state = clone(state)
    others = [q for q in range(len(state["players"])) if q != p]
    advances = state["players"][p]["advances"]
    if "tactics" not in advances and rnd.random() < 0.5:  # armies that may go
        advances.append("tactics")
    for u in list(state["units"].values()):
        if u["owner"] != p:
            continue
        if rnd.random() < 0.3:
            u["forest"] = True
        for n in neighbour_keys(u["hex"]):
            if n not in state["hexes"] or rnd.random() > 0.3:
                continue
            sea = state["hexes"][n]["terrain"] == "sea"
            if rnd.random() < 0.2:  # the mover's own units, near the stacking limit
                for _ in range(rnd.choice([2, 3, 4])):
                    add_unit(state, p, "ship" if sea else "army", n)
                continue
            who = rnd.choice([p, *others]) if sea else rnd.choice(others)
            add_unit(state, who, "ship" if sea else rnd.choice(["army", "settler"]), n)
            if sea and who == p and rnd.random() < 0.5:  # a ship with room for one only
                rider = add_unit(state, p, "settler", n)
                state["units"][rider]["on"] = next(
                    uid for uid, v in reversed(state["units"].items()) if v["kind"] == "ship"
                )
    return state


def _legal(state, frame, plain) -> list:
    """The wide definition's groups that pass every group check but move.groups-left
    (which the listing asks once for the frame)."""
    out = []
    for a in plain:
        args = movement.parse_group(state, frame, a)
        if all(
            c.ok(state, frame, args)
            for c in movement.GROUP.checks
            if c.rule.id != "move.groups-left"
        ):
            out.append(a)
    return out


def _crowded_frames(limit: int) -> Iterator[tuple[dict, dict]]:
    rnd = random.Random(8)
    for i, m in enumerate(_positions(limit)):
        top = m.state["stack"][-1] if m.state["stack"] else None
        if top is None or i % 2:
            continue
        p = top["player"]
        state = _crowded(m.state, p, rnd)
        frames = [movement.new_move_frame(state, p)]
        if top["kind"] == "move":
            frames.append(state["stack"][-1])
        for frame in frames:
            yield state, frame


def test_candidates_are_the_legal_groups_in_crowded_positions():
    """group_candidates lists the kind's wide definition (``GROUP.wide``) filtered by every
    group check, as a set (the order is pinned by tests/test_same_games.py), and the Move
    kind's probe says whether there is one (move.nothing-to-move)."""
    refused = battles = fits = 0
    by_rule: dict[str, int] = {}
    for state, frame in _crowded_frames(300):
        plain = list(movement.GROUP.wide_candidates(state, frame))
        legal = _legal(state, frame, plain)
        with reading(state):
            fast = list(movement.group_candidates(state, frame))
            if frame is not state["stack"][-1]:
                assert movement.something_movable.ok(state, frame, None) == bool(legal)
        assert sorted(fast) == sorted(legal), frame
        fast_outside = list(movement.group_candidates(state, frame))  # no unit index
        assert fast_outside == fast
        refused += len(plain) - len(legal)
        for a in plain:
            args = movement.parse_group(state, frame, a)
            for c in movement.ARRIVAL_CHECKS:
                if not c.ok(state, frame, args):
                    by_rule[c.rule.id] = by_rule.get(c.rule.id, 0) + 1
        battles += sum(
            1 for a in legal if movement.is_enemy_space(state, frame["player"], a.args[1])
        )
        fits += len(legal)
    assert refused > 2000 and battles > 500 and fits > 2000, (refused, battles, fits)
    # every arrival check refuses some candidate here, so each shortcut is exercised
    assert {c.rule.id for c in movement.ARRIVAL_CHECKS} <= set(by_rule), by_rule


def _field_among_enemies(s, p: int = 0, enemy: int = 1) -> str:
    """A land space of the open map away from every city whose land neighbours all hold an
    enemy army (its sea neighbours stay empty): every way out is a battle or the sea."""
    field = next(
        k
        for k, h in sorted(s.state["hexes"].items())
        if h["terrain"] in ("plains", "barren", "grassland")
        and all(hex_distance(k, c) > 2 for c in s.state["cities"])
        and any(s.terrain(n) == "sea" for n in board_neighbours(s.state, k))
    )
    for n in board_neighbours(s.state, field):
        if s.terrain(n) != "sea":
            s.units(enemy, n, army=1)
    return field


def _probe(m) -> bool:
    with reading(m.state):
        return movement.something_movable.ok(m.state, m.state["stack"][-1], None)


def test_probe_asks_each_army_of_a_space_before_a_battle():
    """move.nothing-to-move, move.forest-no-battle: every way out of the space is a battle,
    and the first army there (in the units' order) entered a forest this turn; the second
    did not, so it may attack and Move is listed. When both entered a forest, nothing may
    go and Move is not listed."""
    for both in (False, True):
        s = open_map().advances(0, "tactics").clear_units()
        field = _field_among_enemies(s)
        s.units(0, field, army=2)
        armies = [k for k, u in s.state["units"].items() if u["owner"] == 0]
        for uid in armies[: 2 if both else 1]:
            s.state["units"][uid]["forest"] = True
        m = s.match()
        frame = movement.new_move_frame(m.state, 0)
        plain = _legal(m.state, frame, list(movement.GROUP.wide_candidates(m.state, frame)))
        assert bool(plain) == (not both)
        assert _probe(m) == (not both)
        assert ("move" in {str(a) for a in m.legal_actions()}) == (not both)


def test_probe_boards_a_ship_with_one_seat_left():
    """move.nothing-to-move, move.land-needs-land: a settler whose land neighbours all hold
    enemies (settlers alone go into no battle) may still board the mover's ship beside it
    that has one seat left (a ship carries two), so Move is listed; with the ship full it
    may not. The ship and its rider have fought this turn and stay."""
    for full in (False, True):
        s = open_map().clear_units()
        field = _field_among_enemies(s)
        sea = next(n for n in board_neighbours(s.state, field) if s.terrain(n) == "sea")
        s.units(0, field, settler=1)
        s.units(0, sea, ship=1)
        ship = next(k for k, u in s.state["units"].items() if u["kind"] == "ship")
        for _ in range(2 if full else 1):
            rider = add_unit(s.state, 0, "settler", sea, on=ship)
            s.state["units"][rider]["fought"] = True
        s.state["units"][ship]["fought"] = True
        m = s.match()
        frame = movement.new_move_frame(m.state, 0)
        plain = _legal(m.state, frame, list(movement.GROUP.wide_candidates(m.state, frame)))
        assert bool(plain) == (not full)
        assert _probe(m) == (not full)


def test_every_group_check_but_groups_left_is_ensured():
    """The Move probe and the listing rely on it: a candidate of group_moves passes every
    group check but move.groups-left, which is asked once for the frame."""
    left = [c.rule.id for c in movement.GROUP.checks if c not in movement.GROUP.ensured]
    assert left == ["move.groups-left"]
    assert movement.groups_left.frame_only
