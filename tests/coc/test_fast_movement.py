"""Moving's shortcuts give the plain answers, at every position of random games.

The Move kind's probe, the Move frame's listing and a group's move were made cheaper
(docs/performance.md, "Round seven: movement and battles"). Each shortcut is compared
here with the plain version it replaced, written out as it was, at every position of
random 4-player games and of games where every seat owns Roads, Tactics and Navigation
and has ships, so that road moves, ships and boarding come up.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from protocol_checks import conforms

from clash_widget.bots import RandomBot
from clash_widget.coc import movement, paying
from clash_widget.coc.board import (
    board_neighbours,
    hex_distance,
    is_enemy_space,
    is_explored,
    is_sea,
    units_on,
)
from clash_widget.coc.effects import grants
from clash_widget.coc.scenario import Scenario
from clash_widget.coc.vocab import parse_hex
from clash_widget.engine import Action, Match
from clash_widget.engine.actions import MalformedAction
from clash_widget.engine.reading import reading

from .helpers import open_map

# -- the plain versions ---------------------------------------------------------------


def plain_can_move(state, u):
    if u["stop"] or u["fought"]:
        return False
    if u["kind"] == "army" and not grants(state["players"][u["owner"]], "move.armies"):
        return False
    return True


def plain_land_target(state, frame, args):
    if "ship" in args["spec"]:
        return True
    to = args["to"]
    if not is_explored(state, to) or not is_sea(state, to):
        return True
    return movement.room_aboard(state, args["player"], to) >= sum(args["spec"].values())


def plain_settler_escort(state, frame, args):
    if set(args["spec"]) != {"settler"}:
        return True
    return not is_enemy_space(state, args["player"], args["to"])


def plain_fighters(state, frame, args):
    if not is_enemy_space(state, args["player"], args["to"]):
        return True
    if "ship" in args["spec"]:
        return True
    return is_explored(state, args["to"]) and not is_sea(state, args["to"])


def plain_stack_limit(state, frame, args):
    to = args["to"]
    if is_explored(state, to) and is_sea(state, to) and "ship" not in args["spec"]:
        return True
    mine = sum(
        1 for _, u in units_on(state, to) if u["on"] is None and u["owner"] == args["player"]
    )
    return mine + sum(args["spec"].values()) <= state["options"]["max_units_per_space"]


def plain_is_enemy_space(state, p, key):
    if any(u["owner"] != p for uid, u in state["units"].items() if u["hex"] == key):
        return True
    city = state["cities"].get(key)
    return city is not None and city["owner"] != p


PLAIN_CHECKS = {
    movement.land_target: plain_land_target,
    movement.settler_escort: plain_settler_escort,
    movement.fighters: plain_fighters,
    movement.stack_limit: plain_stack_limit,
}


def plain_something_movable(state, p) -> bool:
    """Some group of the kind's wide definition passes every check of the group table, in
    order (first_violation)."""
    probe = movement.new_move_frame(state, p)
    return any(
        movement.GROUP.first_violation(state, probe, movement.parse_group(state, probe, a)) is None
        for a in movement.GROUP.wide_candidates(state, probe)
    )


# -- positions --------------------------------------------------------------------------


def _rich_start(seed: int) -> Match:
    """Every seat owns Roads, Tactics and Navigation, holds food, ore and gold, and has a ship
    on a sea next to its capital with armies and settlers beside it."""
    s = Scenario(players=3, seed=seed).explore_all()
    for p in range(3):
        s.advances(p, "engineering", "roads", "tactics", "fishing", "cartography", "navigation")
        s.resources(p, food=2, ore=2, gold=2)
        cap = s.capital(p)
        s.units(p, cap, army=2, settler=1)
        sea = next((n for n in board_neighbours(s.state, cap) if s.terrain(n) == "sea"), None)
        if sea is not None:
            s.units(p, sea, ship=2)
    return s.match()


def _positions(limit: int = 450) -> Iterator[Match]:
    matches = [(Match.new("coc", 4, seed, keep_undo=False), seed) for seed in (1000, 1001)]
    matches += [(_rich_start(seed), seed) for seed in (5, 6)]
    for m, seed in matches:
        bot = RandomBot(seed)
        for _ in range(limit):
            if m.is_over:
                break
            yield m
            m.play(bot.choose(m.game, m.state, m.legal_actions()))


def _frames(m: Match) -> list[dict[str, Any]]:
    """The frames the group checks are asked at here: a Move frame on top, or a fresh one
    (the turn listing's probe)."""
    top = m.state["stack"][-1] if m.state["stack"] else None
    if top is None:
        return []
    frames = [movement.new_move_frame(m.state, top["player"])]
    if top["kind"] == "move":
        frames.append(top)
    return frames


def _wide_groups(state, frame) -> Iterator[Action]:
    """More than the candidates: every spec of up to two units of one or two kinds, from
    each space the mover stands on to each space within two, with and without Roads."""
    p = frame["player"]
    starts = sorted({u["hex"] for u in state["units"].values() if u["owner"] == p})
    for src in starts:
        for dst in state["hexes"]:
            if dst == src or hex_distance(src, dst) > 2:
                continue
            for spec in ("a1", "s1", "a1s1", "s2", "h1", "h2"):
                yield Action("group", (src, dst, spec))
                for pay in ("roads:food", "roads:ore"):
                    yield Action("group", (src, dst, spec, pay))


# -- the comparisons --------------------------------------------------------------------


def test_group_listing_is_the_wide_definition_and_the_probe_agrees():
    """At a Move frame and at a fresh one (the turn listing's probe), the groups listed are
    the kind's wide definition filtered by every check (the engine's conformance check,
    roads, ships and refused arrivals among them); the Move kind is listed exactly when some
    group of the wide definition passes every check (move.nothing-to-move)."""
    seen = {True: 0, False: 0}
    roads_or_ships = 0
    for m in _positions():
        state = m.state
        for frame in _frames(m):
            conforms("coc", state, "group", frame=frame)
            with reading(state):
                fast = list(movement.group_candidates(state, frame))
                probe = movement.something_movable.ok(state, frame, None)
            roads_or_ships += sum(1 for a in fast if len(a.args) > 3 or a.args[2][0] == "h")
            if frame["kind"] == "move" and frame is not state["stack"][-1]:
                plain = plain_something_movable(state, frame["player"])
                assert probe == plain
                seen[plain] += 1
    assert seen[True] > 50 and seen[False] > 50, seen
    assert roads_or_ships > 100, roads_or_ships


def test_group_checks_rewritten_agree_with_their_plain_forms():
    """land_target, settler_escort, fighters and stack_limit read the terrain directly;
    is_enemy_space loops; each answers as before for wide groups at every position."""
    asked = refused = enemies = 0
    for i, m in enumerate(_positions(300)):
        state = m.state
        frames = _frames(m)
        if not frames or i % 3:  # every third position (the wide groups are many)
            continue
        frame = frames[-1]
        for key in state["hexes"]:
            for p in range(len(state["players"])):
                plain = plain_is_enemy_space(state, p, key)
                assert is_enemy_space(state, p, key) == plain
                with reading(state):
                    assert is_enemy_space(state, p, key) == plain
                enemies += plain
        for a in _wide_groups(state, frame):
            args = movement.parse_group(state, frame, a)
            with reading(state):
                for check, plain in PLAIN_CHECKS.items():
                    got = check.ok(state, frame, args)
                    assert got == plain(state, frame, args), (check.rule.id, a)
                    asked += 1
                    refused += not got
    assert asked > 10_000 and refused > 500 and enemies > 500, (asked, refused, enemies)


@pytest.mark.parametrize(
    "text", ["0,0", "3,-1", "-2,5", "1, 2", "01,2", "1,2 ", "a,b", "1,", ",1", "", "1,-0", "+1,2"]
)
def test_hex_keys_remembered_read_as_parse_hex_reads_them(text):
    """parse_group remembers the canonical keys it has read; others stay refused."""
    try:
        parse_hex(text)
        good = True
    except MalformedAction:
        good = False
    for _ in range(2):  # the second time from the memory
        group = Action("group", (text, "0,0", "a1"))
        try:
            movement.parse_group({}, {"player": 0}, group)
            read = True
        except MalformedAction:
            read = False
        assert read == good, text


def test_land_groups_are_every_group_of_the_units_there():
    """_land_groups (remembered per count) spells every land group in the plain order, with
    its armies and settlers."""
    for armies in range(5):
        for settlers in range(6):
            for cap in (2, 4):
                plain = [
                    movement.spec_text({"army": a, "settler": s})
                    for a in range(min(armies, cap) + 1)
                    for s in range(min(settlers, cap - a) + 1)
                    if a + s
                ]
                got = movement._land_groups(min(armies, cap), settlers, cap)
                assert [text for text, _, _ in got] == plain
                for text, a, s in got:
                    assert movement.parse_spec(text) == {
                        k: n for k, n in (("army", a), ("settler", s)) if n
                    }


def test_the_pay_step_of_a_group_without_roads_takes_nothing():
    """apply_group skips paying.settle without Roads: it would find one way, paying nothing."""
    n = 0
    for m in _positions(250):
        for frame in _frames(m):
            for a in movement.group_candidates(m.state, frame):
                args = movement.parse_group(m.state, frame, a)
                if args["roads"]:
                    continue
                stack = list(m.state["stack"])
                assert paying.settle(m.state, frame, "group", args) == {}
                assert m.state["stack"] == stack
                n += 1
    assert n > 1000


def test_probe_says_no_when_every_candidate_is_refused():
    """move.nothing-to-move: a settler whose every neighbour is sea, with no ship to board, has
    candidates but none passes (move.land-needs-land), so Move is not listed; with a ship
    beside it, it is. Random games rarely show the first case, so it is set up here."""
    for ship in (False, True):
        s = open_map().clear_units(0)
        cap = s.capital(0)
        land = next(n for n in board_neighbours(s.state, cap) if s.terrain(n) != "sea")
        for n in board_neighbours(s.state, land):
            if n != cap:
                s.paint(n, "sea")
        s.units(0, land, settler=1)
        if ship:
            s.units(0, next(n for n in board_neighbours(s.state, land) if n != cap), ship=1)
        s.state["cities"].pop(cap)  # the settler's one land neighbour is no longer a way out
        s.paint(cap, "sea")
        m = s.match()
        state, p = m.state, 0
        probe = movement.new_move_frame(state, p)
        assert list(movement.GROUP.wide_candidates(state, probe))
        with reading(state):
            fast = movement.something_movable.ok(state, state["stack"][-1], None)
        assert fast == plain_something_movable(state, p) == ship
        assert ("move" in {str(a) for a in m.legal_actions()}) == ship


def test_pick_asked_says_whether_pick_options_offers_a_choice():
    """A group's move asks which units go exactly when pick_options lists two choices or
    more; pick_asked tells it without listing them, for wide groups at every position."""
    seen = {True: 0, False: 0}
    for i, m in enumerate(_positions(300)):
        frames = _frames(m)
        if not frames or i % 3:
            continue
        frame = frames[-1]
        for a in _wide_groups(m.state, frame):
            args = movement.parse_group(m.state, frame, a)
            plain = len(movement.pick_options(m.state, args)) > 1
            assert movement.pick_asked(m.state, args) == plain, a
            seen[plain] += 1
    # Both answers are met: wide groups with a real choice are rare in random games (36 of
    # 182k since the free cards are also listed in the answering questions, anytime.where).
    assert seen[True] > 30 and seen[False] > 1000, seen


def test_pick_asked_leaves_out_forest_units_before_a_battle():
    """move.forest-no-battle: units fresh from a forest do not attack, so two armies, one of
    them from a forest, moving one into a battle leave nothing to choose; moving one into
    an empty space, the player says which (pick_asked as pick_options, both ways)."""
    s = open_map().advances(0, "tactics").clear_units()
    cap = s.capital(0)
    field = next(n for n in board_neighbours(s.state, cap) if s.terrain(n) in ("plains", "barren"))
    s.units(0, field, army=2)
    first = min((k for k, u in s.state["units"].items() if u["hex"] == field), key=len)
    s.state["units"][first]["forest"] = True
    around = [n for n in board_neighbours(s.state, field) if n != cap and s.terrain(n) != "sea"]
    enemy, empty = around[0], around[1]
    s.units(1, enemy, army=1)
    m = s.match()
    frame = movement.new_move_frame(m.state, 0)
    for to, asked in ((enemy, False), (empty, True)):
        args = movement.parse_group(m.state, frame, Action("group", (field, to, "a1")))
        assert (len(movement.pick_options(m.state, args)) > 1) == asked
        assert movement.pick_asked(m.state, args) == asked
