"""The History CCG scenario builder (clash_widget/history/scenario.py: Scenario).

A teacher builds any position: an empty table, cards by design, rank, or rank and suit,
zones of chosen sizes, culture and research counters; a position the rules forbid is
refused in plain words, and every position built passes the game's invariants.
"""

from __future__ import annotations

import pytest

from clash_widget.history import cards as card_set
from clash_widget.history.scenario import Scenario, ScenarioError


def test_the_table_starts_empty() -> None:
    s = Scenario(players=3, seed=5)
    m = s.match(acting=1)
    v = m.view(None)
    assert all(not p["cities"] and not p["council"] and not p["landfill"] for p in v["players"])
    assert all(p["culture"] == 0 and p["research"] is None for p in v["players"])
    assert all(p["treasury_count"] == 40 for p in v["players"])
    assert m.current_player == 1 and not m.game.invariants(m.state)


def test_cards_by_design_rank_and_suit() -> None:
    s = Scenario(seed=2)
    s.council(0, "pottery", (12, "moon"), "9★")
    faces = [c["face"] for c in s.match().view(None)["players"][0]["council"]]
    names = [c["name"] for c in s.match().view(None)["players"][0]["council"]]
    assert names[0] == "Pottery" and faces[1:] == ["Q☾", "9★"]
    deck = card_set.deck_list("riverlands")
    assert sum(1 for c in deck if c.rank == 12) > 1, "a rank alone would be ambiguous"


def test_stacked_cards_come_off_first_in_order() -> None:
    """A poker hand needs both ranks and suits: the stacked cards are the next pulls."""
    s = Scenario(seed=2)
    home = s.city(0, "riverside", 1, ["grassland"], capital=True)
    s.city(1, "hilltop", 1, ["plains"], capital=True)
    s.culture(0, 1)
    hand = [(13, "sun"), (13, "moon"), (13, "star"), (7, "leaf"), (7, "moon"), (5, "wave")]
    stacked = s.stack(0, hand)
    m = s.match(acting=0)
    out = m.play(f"clash {home} 1")
    assert out.ok, out.verdict
    clash = m.view(None)["shown"]["clash"]
    pulled = [c["id"] for c in clash["attack_cards"]]
    assert pulled == stacked  # one card for the clash plus one for the culture counter
    assert clash["attack_name"] == "Full house"


def test_zone_sizes() -> None:
    s = Scenario(seed=3).zones(1, council=4, landfill=6).zones(0, treasury=10)
    v = s.match().view(None)
    assert (v["players"][1]["council_count"], len(v["players"][1]["landfill"])) == (4, 6)
    assert v["players"][1]["treasury_count"] == 30
    assert v["players"][0]["treasury_count"] == 10 and len(v["players"][0]["landfill"]) == 30


def test_culture_and_research_counters() -> None:
    s = Scenario(seed=3).culture(1, 3)
    s.research(0, "writing", counters=2)
    v = s.match().view(None)
    assert v["players"][1]["culture"] == 3
    assert v["players"][0]["research"]["name"] == "Writing"
    assert v["players"][0]["research"]["counters"] == 2


def test_units_creations_and_techs_stand_where_put() -> None:
    s = Scenario(seed=3)
    home = s.city(0, "riverside", 2, ["grassland", "river"], capital=True)
    s.unit(0, "warriors", home, damage=1, fresh=False)
    s.creation(0, "granary", home)
    s.tech(0, "pottery")
    city = s.match().view(None)["players"][0]["cities"][0]
    assert city["population"] == 2 and [t["name"] for t in city["terrains"]] == [
        "Grassland",
        "River",
    ]
    assert [(u["name"], u["damage"], u["fresh"]) for u in city["units"]] == [("Warriors", 1, False)]
    assert [c["name"] for c in city["creations"]] == ["Granary"]


@pytest.mark.parametrize(
    "build, words",
    [
        (lambda s: s.city(0, "riverside", 0), "population"),
        (lambda s: s.city(0, "riverside", 1, ["grassland"] * 5), "at most 4 terrains"),
        (lambda s: s.city(0, "grassland"), "no city card"),
        (lambda s: s.culture(0, -1), "culture counters"),
        (lambda s: s.research(0, "writing", counters=4), "researched already"),
        (lambda s: s.research(0, "grassland"), "no tech card"),
        (lambda s: s.council(0, (14, "sun")), "no card of rank 14"),
        (lambda s: s.council(0, (3, "hearts")), "no card of rank 3 and suit hearts"),
        (lambda s: s.council(0, (3, "clouds")), "unknown suit"),
        (lambda s: s.zones(0, council=41), "too few cards"),
        (lambda s: s.culture(2, 1), "seats 0 to 1"),
    ],
)
def test_positions_the_rules_forbid_are_refused(build, words) -> None:
    with pytest.raises(ScenarioError, match=words):
        build(Scenario(seed=1))


def test_a_unit_stands_only_in_a_city_its_player_holds() -> None:
    s = Scenario(seed=1)
    rival = s.city(1, "hilltop", 1, capital=True)
    with pytest.raises(ScenarioError, match="a unit of Blue stands in a city they hold"):
        s.unit(0, "warriors", rival)
    with pytest.raises(ScenarioError, match="Orange already has a capital"):
        s.city(1, "stonehold", 1, capital=True)


def test_a_player_is_out_after_passing_only_with_the_house_rule() -> None:
    """Seed, action phase: "Keep going around the table until no one wants to or cannot
    perform any actions" (rule act.order): a player who passed acts again, so a position with
    a player out of the phase needs the house rule pass_is_final (act.pass-out)."""
    for options, ok in (({}, False), ({"pass_is_final": True}, True)):
        s = Scenario(seed=1, **options)
        s.city(0, "riverside", 1, capital=True)
        s.city(1, "hilltop", 1, capital=True)
        if ok:
            assert s.match(acting=0, passed=(1,)).state["turn"]["active"] == [0]
        else:
            with pytest.raises(ScenarioError, match="pass_is_final"):
                s.match(acting=0, passed=(1,))


def test_a_card_is_never_in_two_places() -> None:
    s = Scenario(seed=1)
    s.city(0, "riverside", 1, capital=True)
    with pytest.raises(ScenarioError, match="no city card 'riverside'"):
        s.city(0, "riverside")
    assert not s.match().game.invariants(s.match().state)
