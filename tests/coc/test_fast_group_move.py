"""A group's move reads the units at its two spaces in one pass, and gives the plain answers.

Since round eight (second wave) applying a group reads the mover's units at the start and
whether the destination is an enemy space once (movement._ends), for both the question
"which units go?" (movement.pick_asked) and the units chosen (movement._moving_units),
instead of scanning every unit for each kind and for the battle, outside a reading block.
Here both are compared with the plain forms they replaced, written out, for wide groups at
random positions, plain and crowded with enemies and units fresh from a forest
(tests/coc/test_fast_arrival.py), and with the units' table in a shuffled order (units are
taken by id, not by where they stand in the table).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from clash_widget.coc import movement
from clash_widget.engine.state import clone

from .test_fast_arrival import _crowded
from .test_fast_movement import _frames, _positions, _wide_groups, plain_is_enemy_space

# -- the plain forms ---------------------------------------------------------------------


def plain_here(state, p, key, kind):
    return sorted(
        (
            (uid, u)
            for uid, u in state["units"].items()
            if u["hex"] == key and u["owner"] == p and u["kind"] == kind
        ),
        key=lambda x: int(x[0][1:]),
    )


def plain_moving_units(state, p, src, to, spec, already, pick):
    """finish_group's choice as it was: the oldest free units of each kind (the player's
    pick first), units fresh from a forest last before a battle."""
    battle = plain_is_enemy_space(state, p, to)
    moving = []
    wanted = list(pick or [])
    for kind, n in spec.items():
        free = [
            uid
            for uid, u in plain_here(state, p, src, kind)
            if not u["stop"] and not u["fought"] and uid not in already
        ]
        if battle:
            free.sort(key=lambda uid: state["units"][uid]["forest"])
        if wanted:
            chosen = []
            for uid in free:
                cls = movement.unit_class(state, uid)
                if cls in wanted and len(chosen) < n:
                    wanted.remove(cls)
                    chosen.append(uid)
            free = chosen + [u for u in free if u not in chosen]
        moving += free[:n]
    return moving, battle


# -- the positions -----------------------------------------------------------------------


def _shuffled(state, rnd: random.Random):
    """A copy whose units' table is in a random order (the same units)."""
    state = clone(state)
    items = list(state["units"].items())
    rnd.shuffle(items)
    state["units"] = dict(items)
    return state


def _states() -> Iterator[tuple[dict, dict]]:
    """(state, frame) at every third position of the random games with a mover, plain,
    crowded and shuffled."""
    rnd = random.Random(27)
    for i, m in enumerate(_positions(300)):
        frames = _frames(m)
        if not frames or i % 6:
            continue
        frame = frames[-1]
        yield m.state, frame
        crowded = _crowded(m.state, frame["player"], rnd)
        yield crowded, frame
        yield _shuffled(crowded, rnd), frame


# -- the comparisons ---------------------------------------------------------------------


def test_units_chosen_and_the_battle_are_the_plain_ones():
    """The units a group takes (each pick pick_options offers, and none) and whether it
    fights where it arrives, as finish_group chose them before the one pass."""
    seen = {"battle": 0, "forest-before-battle": 0, "picked": 0, "order-differs": 0}
    for state, frame in _states():
        p = frame["player"]
        already = frame.get("moved", ())
        ids = [uid for uid in state["units"]]
        if ids != sorted(ids, key=lambda x: int(x[1:])):
            seen["order-differs"] += 1
        for a in _wide_groups(state, frame):
            args = movement.parse_group(state, frame, a)
            src, to, spec = args["from"], args["to"], args["spec"]
            ends = movement._ends(state, p, src, to)
            picks = [None]
            if len(ends[0]) > 1:
                picks += movement.pick_options(state, args)
            for pick in picks:
                fast = movement._moving_units(state, p, src, to, spec, already, pick, ends)
                plain = plain_moving_units(state, p, src, to, spec, already, pick)
                assert fast == plain, (a, pick)
                seen["picked"] += pick is not None
            if ends[1]:
                seen["battle"] += 1
                if any(u["forest"] for _, u in ends[0]):
                    seen["forest-before-battle"] += 1
    assert min(seen.values()) > 100, seen


def test_pick_asked_agrees_with_pick_options_where_battles_are_near():
    """pick_asked (one pass) says whether pick_options offers a choice, also at crowded and
    shuffled positions: battles, units fresh from a forest, ships with room at sea."""
    seen = {True: 0, False: 0}
    for state, frame in _states():
        for a in _wide_groups(state, frame):
            args = movement.parse_group(state, frame, a)
            plain = len(movement.pick_options(state, args)) > 1
            assert movement.pick_asked(state, args) == plain, a
            seen[plain] += 1
    assert seen[True] > 300 and seen[False] > 3000, seen
