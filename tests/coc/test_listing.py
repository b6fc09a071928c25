"""The fast legal listing lists exactly what the checks allow.

Listing is sped up in ways that must never change its answer: frame-only checks
are asked once per action kind, candidate generators skip the checks they are
built to satisfy (``ensured``), research and trade candidates are pre-pruned,
the Move/Build gates probe lazily, unit queries use a per-hex index and a player's
sorted cities are worked out once while the state is only read, and cost checks
have shortcuts. These tests compare the listing with a brute-force one (each kind's
wide definition, every check run in order per candidate, outside a reading block; as
sets: the order is pinned by tests/test_same_games.py) over whole random games, and
each shortcut with the general rule.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clash_widget.bots import RandomBot
from clash_widget.coc import content, research
from clash_widget.coc.board import units_on
from clash_widget.coc.economy import can_pay, plan_payment
from clash_widget.coc.scenario import Scenario
from clash_widget.engine import Match, act
from clash_widget.engine.reading import reading

from .helpers import open_map


def brute_legal(game, state):
    frame = game.top(state)
    if frame is None or game.is_over(state):
        return []
    out = []
    for spec in game.handlers[frame["kind"]].table.values():
        if any(not g.ok(state, frame, None) for g in spec.gate):
            continue
        for a in spec.wide_candidates(state, frame):  # the kind's wide definition
            if spec.first_violation(state, frame, spec.parse(state, frame, a)) is None:
                out.append(a)
    return out


def _games():
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        m = Match.new("coc", players, seed, keep_undo=False)
        bot = RandomBot(seed)
        while not m.is_over:
            yield m
            m.play(bot.choose(m.game, m.state, m.legal_actions()))


def test_listing_equals_brute_force_over_whole_games():
    steps = 0
    for m in _games():
        frame = m.state["stack"][-1]
        assert sorted(m.legal_actions()) == sorted(brute_legal(m.game, m.state)), frame
        steps += 1
    assert steps > 300


def test_listing_equals_brute_force_with_roads_in_play():
    """Every seat owns Roads (and Tactics), so road moves are offered often."""
    s = Scenario(players=3, seed=5)
    for p in range(3):
        s.advances(p, "engineering", "roads", "tactics").resources(p, food=2, ore=4, gold=2)
    m = s.match()
    bot = RandomBot(5)
    road_moves = 0
    for _ in range(500):
        if m.is_over:
            break
        legal = m.legal_actions()
        assert sorted(legal) == sorted(brute_legal(m.game, m.state)), m.state["stack"][-1]
        road_moves += sum(1 for a in legal if a.kind == "group" and len(a.args) == 4)
        m.play(bot.choose(m.game, m.state, legal))
    assert road_moves > 0


def _frame_legal(m, frame):
    return m.game.handlers[frame["kind"]].legal(m.game, m.state, frame)


def test_move_and_build_are_listed_exactly_when_their_frame_has_a_choice():
    """move.nothing-to-move / build.can-build-something: no dead-end frames, none missed."""
    seen = {"move": [0, 0], "build": [0, 0]}
    for m in _games():
        frame = m.state["stack"][-1]
        if frame["kind"] != "turn" or m.state["turn"]["actions"] == 0:
            continue
        p = frame["player"]
        legal = {str(a) for a in m.legal_actions()}
        groups = _frame_legal(m, {"kind": "move", "player": p, "left": 3})
        listed = "move" in legal
        assert listed == bool(groups)
        seen["move"][listed] += 1
        for key, c in m.state["cities"].items():
            if c["owner"] != p:
                continue
            probe = {
                "kind": "build",
                "player": p,
                "city": key,
                "max": 1,
                "built": [],
                "draft": False,
            }
            units = [a for a in _frame_legal(m, probe) if a.kind == "unit"]
            listed = f"build {key}" in legal
            assert listed == bool(units), key
            seen["build"][listed] += 1
    # Both answers occurred, so the comparison was not vacuous.
    assert all(a and b for a, b in seen.values()), seen


RES = st.fixed_dictionaries(
    {r: st.integers(0, 4) for r in ("food", "wood", "ore", "ideas", "gold")}
)


@settings(max_examples=300, deadline=None)
@given(
    res=RES,
    cost=st.dictionaries(
        st.sampled_from(["food", "wood", "ore", "gold", "ideas", "mood"]),
        st.integers(0, 4),
        max_size=3,
    ),
    mood=st.integers(0, 3),
)
def test_can_pay_shortcut_agrees_with_plan_payment(res, cost, mood):
    player = {"res": res, "mood": mood, "culture": 0}
    assert can_pay(player, cost) == (plan_payment(player, cost) is not None)


@settings(max_examples=300, deadline=None)
@given(
    res=RES,
    advance=st.sampled_from(content.advance_order()),
    free=st.booleans(),
    owned=st.sets(st.sampled_from(["metallurgy", "mathematics", "priesthood", "astronomy"])),
)
def test_research_cost_shortcut_agrees_with_plan_payment(res, advance, free, owned):
    s = Scenario(players=2, seed=1)
    player = s.state["players"][0]
    player["res"], player["advances"] = res, sorted(owned)
    args = {"player": 0, "advance": advance, "free": free}
    full = research.cost_of(s.state, player, advance, free=free)
    want = plan_payment(player, full, ideas_for_food=True) is not None
    assert research.affordable.ok(s.state, {"player": 0}, args) == want


def test_unit_index_lives_only_inside_a_reading_block():
    """The per-hex index never enters the state, and a change after the block is seen."""
    m = Match.new("coc", 3, 8, keep_undo=False)
    state = m.state
    before = (m.state_hash(), json.dumps(state, sort_keys=True))
    uid, unit = next(iter(state["units"].items()))
    home = unit["hex"]
    with reading(state):
        m.legal_actions()
        inside = units_on(state, home)
        assert (uid, unit) in inside
        with reading(state):  # nested blocks (settling lists actions too)
            assert (uid, unit) in units_on(state, home)
        assert units_on(state, home) is inside  # the outer index is back
    assert (m.state_hash(), json.dumps(state, sort_keys=True)) == before
    elsewhere = next(k for k in state["hexes"] if k != home)
    unit["hex"] = elsewhere
    assert (uid, unit) not in units_on(state, home)
    assert (uid, unit) in units_on(state, elsewhere)
    with reading(state):
        assert (uid, unit) in units_on(state, elsewhere)


def test_a_reading_block_belongs_to_the_thread_that_opened_it():
    """Another thread (a widget's lock-guarded call, a threaded Dask worker) reading the same
    state while a block is open sees no index and no memo: it reads the state itself."""
    import threading

    from clash_widget.engine.reading import read_once

    m = Match.new("coc", 3, 8, keep_undo=False)
    state = m.state
    uid, unit = next(iter(state["units"].items()))
    seen = []
    with reading(state):
        first = units_on(state, unit["hex"])
        assert units_on(state, unit["hex"]) is first  # the block's index
        assert read_once(state, "k", lambda: [1]) is read_once(state, "k", lambda: [2])

        def other():
            seen.append(units_on(state, unit["hex"]) is first)
            seen.append(read_once(state, "k", lambda: "fresh"))

        t = threading.Thread(target=other)
        t.start()
        t.join()
    assert seen == [False, "fresh"]


@pytest.mark.parametrize("full_first", [True, False])
def test_build_is_listed_in_each_city_by_its_own_room(full_first):
    """build.can-build-something, build.stack-limit: "The limit of units on one space is
    {max_units_per_space}". The listing asks the costs once for all cities, but the room
    on the space of each city itself: a full city cannot build, the other can, whichever
    of the two is asked first."""
    s = open_map(max_units_per_space=2).resources(0, food=2, ore=2)
    cap = s.capital(0)
    other = s.find("plains", near=cap)
    s.city(0, other)
    full, room = sorted([cap, other]) if full_first else sorted([cap, other])[::-1]
    s.clear_units(0).units(0, full, army=2)
    m = s.match()
    legal = {str(a) for a in m.legal_actions()}
    assert f"build {room}" in legal
    assert f"build {full}" not in legal
    assert m.check(f"build {full}").rule_id == "build.can-build-something"


@pytest.mark.parametrize(
    ("advances", "reserved", "actions", "listed"),
    [
        (("engineering",), False, 3, True),  # revealed to all, built with an action
        (("engineering",), False, 0, False),  # no action left
        ((), False, 3, False),  # wonder.needs-engineering
        (("art_and_sculptures", "monuments"), True, 0, True),  # Monuments: no action needed
        (("art_and_sculptures", "monuments"), False, 3, False),  # nothing reserved
    ],
)
def test_wonders_are_listed_exactly_as_their_checks_allow(advances, reserved, actions, listed):
    """wonder.needs-engineering: "a Wonder may be built by paying the cost and spending an
    action to activate a non-angry city" once revealed by Engineering; Monuments: "may do so
    at no action cost" for the reserved wonder. The listing builds no wonder candidate when
    none could pass this check, and is then still the brute-force listing."""
    s = open_map().advances(0, "storage", *advances).resources(0, food=3, wood=2, ore=7)
    s.resources(0, culture=2)
    cap = s.capital(0)
    if reserved:
        s.state["players"][0]["wonders_reserved"] = ["great_wall"]
    else:
        s.state["public_wonders"] = ["great_wall"]
    s.turn(0, actions=actions)
    m = s.match()
    legal = m.legal_actions()
    assert sorted(legal) == sorted(brute_legal(m.game, m.state))
    assert (act("wonder", cap, "great_wall") in legal) is listed


def test_research_menu_is_what_the_owned_advances_leave_open():
    """The research listing's menu, cached per tuple of owned advances, is its definition:
    the open advances (``open_advances``, checked against the opening rules in
    tests/test_fast_listing.py), the same without Steel Weapons, and those a discount may
    free ("Mathematics ... can be bought at no Food cost"; Priesthood: "a Science
    advancement at no Food cost"), for many sets of owned advances in any order."""
    import random

    from clash_widget.coc.effects import FREED_BY

    order = content.advance_order()
    rnd = random.Random(7)
    for _ in range(2000):
        share = rnd.random()
        owned = [a for a in order if rnd.random() < share]
        rnd.shuffle(owned)
        for kind in ("research", "advance"):
            menu = research.research_menu(kind, tuple(owned))
            opened = research.open_advances(kind, frozenset(owned))
            assert menu.opened == opened
            assert menu.without_steel == tuple(a for a in opened if a.args[0] != research.STEEL)
            assert menu.steel_open == any(a.args[0] == research.STEEL for a in opened)
            assert menu.discountable == tuple(
                (a, FREED_BY.get(a.args[0]) in owned)
                for a in opened
                if FREED_BY.get(a.args[0]) in owned
                or content.advances()[a.args[0]]["group"] == content.SCIENCE_GROUP
            )
