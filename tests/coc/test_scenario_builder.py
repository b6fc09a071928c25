"""The scenario builder a teacher writes lessons with: each call checks itself, every
match gets its own copy, and dice, tiles, cards and influenced pieces can be set."""

import pytest

from clash_widget.coc import scoring
from clash_widget.coc.scenario import Scenario, ScenarioError
from clash_widget.engine import rng


def test_each_match_gets_its_own_copy():
    """Two matches built from one scenario never share a state (moves in one stay there)."""
    s = Scenario(players=2, seed=3).explore_all().resources(0, food=2).turn(0)
    a, b = s.match(), s.match()
    assert a.play("research tactics").ok
    assert "tactics" in a.state["players"][0]["advances"]
    assert "tactics" not in b.state["players"][0]["advances"]
    assert "tactics" not in s.state["players"][0]["advances"]


def test_resources_are_checked_when_given():
    """Primer: "Until you gain the Storage advance, your maximum Food is 2. The most you can
    have of any one Resource is 8." The call itself refuses, naming the limit."""
    s = Scenario(players=2, seed=3)
    with pytest.raises(ScenarioError, match="at most 2 food"):
        s.resources(0, food=3)
    with pytest.raises(ScenarioError, match="at most 8 ore"):
        s.resources(0, ore=9)
    with pytest.raises(ScenarioError, match="unknown resource"):
        s.resources(0, silk=1)
    with pytest.raises(ScenarioError, match="no player 5"):
        s.resources(5, food=1)
    s.advances(0, "storage").resources(0, food=5)  # with Storage the food limit is lifted
    assert s.state["players"][0]["res"]["food"] == 5


def test_city_keeps_its_pieces_and_can_show_influenced_ones():
    """Calling .city() on an existing city keeps its pieces unless new ones are given; a
    piece won by cultural influence shows its winner's colour and scores for them."""
    s = Scenario(players=2, seed=3).explore_all()
    cap = s.capital(1)
    s.city(1, cap, pieces=("temple",))
    s.city(1, cap, mood="happy")
    assert s.state["cities"][cap]["pieces"] == {"temple": 1}
    s.city(1, cap, pieces={"temple": 0, "academy": 1})
    assert scoring.breakdown(s.state, 0)["city_pieces"] >= 1
    with pytest.raises(ScenarioError, match="unknown city piece"):
        s.city(1, cap, pieces=("castle",))


def test_dice_given_as_the_rolls_themselves():
    """.dice([6, 6, 4]) makes the next three rolls exactly 6, 6 and 4."""
    s = Scenario(players=2, seed=3).dice([6, 6, 4])
    probe = {"rng": s.state["rng"]}
    assert [rng.roll(probe) for _ in range(3)] == [6, 6, 4]
    with pytest.raises(ScenarioError, match="1 to 6"):
        s.dice([7])


def test_region_tile_and_orientation_chosen():
    """A lesson chooses the face-down tile of a region and how it lies when revealed."""
    s = Scenario(players=2, seed=3)
    key = next(k for k, h in s.state["hexes"].items() if h["terrain"] is None)
    s.region(key, "t01", flip=1, reveal=True)
    reg = s.state["regions"][s.state["hexes"][key]["region"]]
    assert reg["tile"] == "t01" and reg["explored"] and reg["flip"] == 1
    assert [r["tile"] for r in s.state["regions"]].count("t01") == 1  # the tiles swapped
    with pytest.raises(ScenarioError, match="already face up"):
        s.region(key, "t02")


def test_cards_given_from_the_piles():
    """Action and objective cards are given by name, from the piles (so none is doubled)."""
    s = Scenario(players=2, seed=3, cards=True)
    before = len(s.state["decks"]["actions"])
    s.cards(0, actions=("bumper_crop",))
    assert any(c.startswith("bumper_crop#") for c in s.state["players"][0]["actions_hand"])
    assert len(s.state["decks"]["actions"]) == before - 1
    with pytest.raises(ScenarioError, match="no 'nonsense' left"):
        s.cards(0, actions=("nonsense",))
