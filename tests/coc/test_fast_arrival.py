"""The Move frame's candidates are exactly the legal groups, also where battles are near.

Since round eight the candidates (movement.group_moves) answer the checks that read where a
group arrives (movement.ARRIVAL_CHECKS: move.land-needs-land, move.settlers-need-escort,
move.forest-no-battle, move.ships-attack-ships, move.stack-limit) once a destination, and
GROUP lists them as ensured. tests/coc/test_fast_movement.py compares the candidates with the
plain ones at random positions; random games seldom put an enemy beside a group, a ship at
sea beside enemy ships, or a unit fresh from a forest next to a battle, so here each position
is crowded first: enemy armies and ships are put around the mover's units, some of the
mover's units are marked as fresh from a forest, and ships with room wait at sea.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from clash_widget.coc import movement
from clash_widget.coc.board import neighbour_keys, reading
from clash_widget.coc.setup import add_unit
from clash_widget.engine.state import clone

from .test_fast_movement import _positions, plain_group_candidates


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
    """The plain candidates that pass every group check but move.groups-left (which the
    listing asks once for the frame)."""
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
    """group_candidates lists the plain candidates that pass every group check, in the plain
    order, and the Move kind's probe says whether there is one (move.nothing-to-move)."""
    refused = battles = fits = 0
    by_rule: dict[str, int] = {}
    for state, frame in _crowded_frames(300):
        plain = list(plain_group_candidates(state, frame))
        legal = _legal(state, frame, plain)
        with reading(state):
            fast = list(movement.group_candidates(state, frame))
            if frame is not state["stack"][-1]:
                assert movement.something_movable.ok(state, frame, None) == bool(legal)
        assert fast == legal, frame
        fast_outside = list(movement.group_candidates(state, frame))  # no unit index
        assert fast_outside == legal
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
