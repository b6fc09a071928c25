"""Roads (Primer: Advances, CONSTRUCTION): a land group moving from or to one of your
cities may pay 1 food to move 2 spaces and/or 1 ore to ignore terrain penalties."""

import pytest

from clash_widget.coc import movement
from clash_widget.coc.hexes import DIRECTIONS
from clash_widget.coc.roads import ring_two
from clash_widget.coc.scenario import Scenario
from clash_widget.coc.vocab import parse_hex

from .helpers import accepted, refused


def _line(s, src):
    """A straight line src -> mid -> far of free land spaces (the only way through is mid)."""
    q, r = parse_hex(src)
    hexes, cities = s.state["hexes"], s.state["cities"]
    for dq, dr in DIRECTIONS:
        mid, far = f"{q + dq},{r + dr}", f"{q + 2 * dq},{r + 2 * dr}"
        if all(k in hexes and k not in cities and hexes[k]["terrain"] != "sea" for k in (mid, far)):
            return mid, far
    raise AssertionError("no straight line of land from the capital")


def _road_map(*advances, food=2, ore=2, gold=0, mid="plains", far="plains"):
    """Player 0 with Roads, a settler in the capital, and a painted line of two spaces."""
    s = Scenario(players=2, seed=3).explore_all().clear_units()
    s.advances(0, "engineering", *advances)
    cap = s.capital(0)
    m, f = _line(s, cap)
    s.paint(m, mid).paint(f, far)
    s.units(0, cap, settler=1)
    s.resources(0, food=food, ore=ore, gold=gold)
    s.turn(0)
    return s, cap, m, f


def _moving(s):
    match = s.match()
    accepted(match, "move")
    return match


def test_move_roads_advance():
    s, cap, _, far = _road_map()
    assert refused(_moving(s), f"group {cap} {far} s1 roads:food") == "move.roads-advance"


def test_move_roads_food_moves_two_spaces_and_costs_one_food():
    s, cap, _, far = _road_map("roads")
    m = _moving(s)
    key = f"group {cap} {far} s1 roads:food"
    assert key in {str(a) for a in m.legal_actions()}
    accepted(m, key)
    assert [u["hex"] for u in m.state["units"].values()] == [far]
    assert m.state["players"][0]["res"]["food"] == 1
    assert m.state["players"][0]["res"]["ore"] == 2


def test_move_roads_cost():
    s, cap, _, far = _road_map("roads", food=0, ore=0)
    assert refused(_moving(s), f"group {cap} {far} s1 roads:food") == "move.roads-cost"


def test_move_roads_cost_gold_replaces_food():
    s, cap, _, far = _road_map("roads", food=0, ore=0, gold=1)
    m = _moving(s)
    accepted(m, f"group {cap} {far} s1 roads:food")
    assert m.state["players"][0]["res"]["gold"] == 0


def test_move_roads_own_city():
    s, cap, mid, _ = _road_map("roads")
    s.clear_units().units(0, mid, settler=1)
    hexes, cities = s.state["hexes"], s.state["cities"]
    beyond = next(k for k in ring_two(mid) if k in hexes and k not in cities)
    assert refused(_moving(s), f"group {mid} {beyond} s1 roads:food") == "move.roads-own-city"


def test_move_roads_to_own_city_counts():
    s, cap, mid, far = _road_map("roads")
    s.clear_units().units(0, far, settler=1)
    m = _moving(s)
    accepted(m, f"group {far} {cap} s1 roads:food")
    assert [u["hex"] for u in m.state["units"].values()] == [cap]


def test_move_roads_land_group():
    s, cap, _, _ = _road_map("roads")
    sea = s.find("sea", near=cap)
    s.units(0, sea, ship=1)
    assert refused(_moving(s), f"group {sea} {cap} h1 roads:ore") == "move.roads-land-group"


def test_move_adjacent_with_roads_food_means_exactly_two():
    s, cap, mid, _ = _road_map("roads")
    assert refused(_moving(s), f"group {cap} {mid} s1 roads:food") == "move.adjacent"


@pytest.mark.parametrize("blocker", ["sea", "mountain", "enemy"])
def test_move_roads_way(blocker):
    s, cap, mid, far = _road_map("roads", mid="sea" if blocker == "sea" else "mountain")
    if blocker == "enemy":
        s.paint(mid, "plains").units(1, mid, settler=1)
    assert refused(_moving(s), f"group {cap} {far} s1 roads:food") == "move.roads-way"


def test_move_roads_way_mountain_passes_with_ore():
    s, cap, mid, far = _road_map("roads", mid="mountain")
    m = _moving(s)
    accepted(m, f"group {cap} {far} s1 roads:food+ore")
    unit = next(iter(m.state["units"].values()))
    assert unit["hex"] == far and not unit["stop"]
    res = m.state["players"][0]["res"]
    assert (res["food"], res["ore"]) == (1, 1)


def test_move_roads_ore_needed():
    s, cap, mid, _ = _road_map("roads", mid="plains")
    assert refused(_moving(s), f"group {cap} {mid} s1 roads:ore") == "move.roads-ore-needed"


def test_move_roads_ore_ignores_the_mountain_stop():
    s, cap, mid, far = _road_map("roads", mid="mountain")
    m = _moving(s)
    accepted(m, f"group {cap} {mid} s1 roads:ore")
    assert m.state["players"][0]["res"]["ore"] == 1
    # Without Roads the mountain would stop the settler; with the ore it moves on
    # (in a new Move action: one space per Move action).
    accepted(m, "done")
    accepted(m, "move")
    accepted(m, f"group {mid} {far} s1")
    assert next(iter(m.state["units"].values()))["hex"] == far


def test_move_mountain_stop_still_applies_without_ore():
    s, cap, mid, far = _road_map("roads", mid="mountain")
    m = _moving(s)
    accepted(m, f"group {cap} {mid} s1")
    accepted(m, "done")
    # A new Move action has nothing to move: the mountain holds the only settler.
    assert refused(m, "move") == "move.nothing-to-move"
    m.state["stack"].append(movement.new_move_frame(m.state, 0))
    assert refused(m, f"group {mid} {far} s1") == "move.mountain-stop"


def test_move_forest_no_battle_on_a_road_through_a_forest():
    s, cap, mid, far = _road_map("roads", "tactics", mid="forest")
    s.clear_units().units(0, cap, army=1).units(1, far, army=1)
    m = _moving(s)
    assert refused(m, f"group {cap} {far} a1 roads:food") == "move.forest-no-battle"
    # With the ore the forest is no penalty: the army may attack.
    assert m.check(f"group {cap} {far} a1 roads:food+ore") is None


def test_move_roads_ore_ignores_the_forest_penalty():
    s, cap, mid, far = _road_map("roads", "tactics", mid="forest")
    s.clear_units().units(0, cap, army=2).units(1, far, army=1)
    m = _moving(s)
    accepted(m, f"group {cap} {mid} a1 roads:ore")
    accepted(m, f"group {cap} {mid} a1")
    accepted(m, "done")
    accepted(m, "move")
    # The army that paid the ore may go on into a battle; the other entered the forest plainly.
    assert m.check(f"group {mid} {far} a1") is None
    assert refused(m, f"group {mid} {far} a2") == "move.forest-no-battle"


def test_roads_payment_is_malformed_unless_one_of_three():
    s, cap, _, far = _road_map("roads")
    m = _moving(s)
    assert refused(m, f"group {cap} {far} s1 roads:ore+food") == "engine.malformed"
    assert refused(m, f"group {cap} {far} s1 fast") == "engine.malformed"


def test_roads_moves_are_listed_only_with_roads():
    s, cap, _, far = _road_map()
    assert not any(len(a.args) == 4 for a in _moving(s).legal_actions())
    s, cap, _, far = _road_map("roads")
    listed = {str(a) for a in _moving(s).legal_actions()}
    assert f"group {cap} {far} s1 roads:food" in listed
    assert f"group {cap} {far} s1 roads:food+ore" not in listed  # plains: nothing to ignore


def test_payment_named_road_food_paid_with_gold():
    """Primer, Resources: Gold "May be used in place of any other normal Resource"; Roads:
    "you may pay 1 Food to let them move 2 spaces". The move may name a gold for the food."""
    s, cap, _, far = _road_map("roads", food=1, gold=1)
    m = _moving(s)
    accepted(m, f"group {cap} {far} s1 roads:food gold:1")
    res = m.state["players"][0]["res"]
    assert (res["food"], res["gold"]) == (1, 0)
    assert [u["hex"] for u in m.state["units"].values()] == [far]


def test_payment_choice_road_food_or_gold_is_asked():
    s, cap, _, far = _road_map("roads", food=1, gold=1)
    m = _moving(s)
    accepted(m, f"group {cap} {far} s1 roads:food")
    assert sorted(str(a) for a in m.legal_actions()) == ["payment food:1", "payment gold:1"]
    accepted(m, "payment food:1")
    res = m.state["players"][0]["res"]
    assert (res["food"], res["gold"]) == (0, 1)
    assert [u["hex"] for u in m.state["units"].values()] == [far]
    assert m.state["stack"][-1]["kind"] == "move" and m.state["stack"][-1]["left"] == 2
