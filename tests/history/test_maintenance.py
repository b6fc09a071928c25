"""The maintenance phase by rule id: trade, production, growth, research and production
plans."""

from __future__ import annotations

import pytest

from clash_widget.engine import Events, Match
from clash_widget.history import flow, zones

from .helpers import blank, busy, kinds, ok, refused, scenario


def position(**options) -> tuple[Match, str, str]:
    m = blank(**options)
    s = m.state
    a = scenario.city(s, 0, "riverside", 1, ("grassland", "river"), capital=True)
    b = scenario.city(s, 1, "hilltop", 1, ("forest",), capital=True)
    return m, a, b


def researching(m: Match, seat: int, design: str, counters: int = 0) -> str:
    s = m.state
    cid = scenario.lift(s, scenario.find(s, seat, design))
    s["players"][seat]["research"], s["players"][seat]["counters"] = cid, counters
    return cid


# -- trade-----------------------------------------------------------------------------------------
def test_trade_total():
    """Seed: "Total up all trade yields from terrains ... Each city you control yields 1 trade." """
    m, a, b = position()
    assert zones.trade_total(m.state, 0) == 2  # the river 1 + the city 1
    assert zones.trade_total(m.state, 1) == 1


def test_trade_enough_ok():
    """Seed: "c) Use 3 trade to consult." """
    m, a, b = position()
    scenario.frame(m.state, "trade", 0, left=4)
    researching(m, 0, "writing")
    ev = ok(m, "consult")
    assert len(m.state["players"][0]["council"]) == 1 and m.state["stack"][-1]["left"] == 1
    assert "consult" in kinds(ev)


def test_trade_enough_refused():
    """Seed: "d) Use 4 trade to get a culture counter." Not with 3 left."""
    m, a, b = position()
    scenario.frame(m.state, "trade", 0, left=3)
    reason = refused(m, "culture", "trade.enough")
    assert "costs 4, 3 left" in reason


def test_trade_enough_follows_the_options():
    m, a, b = position(trade_culture=3)
    scenario.frame(m.state, "trade", 0, left=3)
    ok(m, "culture")
    assert m.state["players"][0]["culture"] == 1


def test_trade_research_current_ok():
    """Seed: "a) Use any number of trade to put that many research counters on the tech you
    are currently researching." """
    m, a, b = position()
    researching(m, 0, "writing")
    scenario.frame(m.state, "trade", 0, left=3)
    ok(m, "research 2")
    assert m.state["players"][0]["counters"] == 2


def test_trade_research_current_refused():
    m, a, b = position()
    scenario.frame(m.state, "trade", 0, left=3)
    refused(m, "research 1", "trade.research-current")


def test_trade_research_overfill_ok():
    """Seed: "Use any number of trade to put that many research counters on the tech you are
    currently researching." By default counters beyond the cost are allowed and lost (Writing
    costs 4, 3 already on it: 3 more complete it, 2 are lost)."""
    m, a, b = position()
    researching(m, 0, "writing", 3)
    scenario.frame(m.state, "trade", 0, left=3)
    listed = [str(x) for x in m.legal_actions() if x.kind == "research"]
    assert listed == ["research 1", "research 2", "research 3"]
    ev = ok(m, "research 3")
    assert "research_done" in kinds(ev)
    assert m.state["players"][0]["research"] is None and m.state["players"][0]["counters"] == 0


def test_trade_research_overfill_ok_exact_house_rule():
    """Ours, the house rule research_exact: no more counters than the tech still needs."""
    m, a, b = position(research_exact=True)
    researching(m, 0, "writing", 3)
    scenario.frame(m.state, "trade", 0, left=3)
    assert [str(x) for x in m.legal_actions() if x.kind == "research"] == ["research 1"]
    ev = ok(m, "research 1")
    assert "research_done" in kinds(ev)


def test_trade_research_overfill_refused():
    """With the house rule research_exact, counters beyond the need are refused."""
    m, a, b = position(research_exact=True)
    researching(m, 0, "writing", 3)
    scenario.frame(m.state, "trade", 0, left=3)
    assert "needs 1 more" in refused(m, "research 2", "trade.research-overfill")
    refused(m, "research 0", "engine.malformed")
    refused(m, "research two", "engine.malformed")


def test_trade_unused_lost():
    """Seed: "Any trade not used this turn are lost." """
    m, a, b = position()
    busy(m, 0)
    scenario.frame(m.state, "trade", 0, left=3)
    ev = ok(m, "done")
    assert "trade_lost" in kinds(ev)
    assert all(f.get("left") != 3 for f in m.state["stack"])


def test_trade_with_less_than_two_is_not_asked():
    """Two trade is the cheapest spend: a player with 1 and no research is not asked."""
    m, a, b = position()
    s = m.state
    scenario.frame(s, "trade", 1, left=1)
    ev = Events()
    m.game.settle(s, ev)
    assert ev[0]["kind"] == "trade_lost" and ev[0]["player"] == 1


def test_discard_from_council_ok():
    """Seed: "b) Use 2 trade to consult then discard a card." """
    m, a, b = position()
    s = m.state
    keep = scenario.give(s, 0, "pottery")
    scenario.give(s, 0, "writing")
    scenario.frame(s, "trade", 0, left=4)
    ok(m, "cycle")
    assert s["stack"][-1]["kind"] == "discard" and len(s["players"][0]["council"]) == 3
    ok(m, f"discard {keep}")
    assert keep in s["players"][0]["landfill"] and len(s["players"][0]["council"]) == 2
    assert s["stack"][-1]["kind"] == "trade" and s["stack"][-1]["left"] == 2


def test_discard_from_council_refused():
    m, a, b = position()
    s = m.state
    scenario.give(s, 0, "pottery")
    scenario.give(s, 0, "writing")
    scenario.frame(s, "trade", 0, left=4)
    ok(m, "cycle")
    refused(m, f"discard {a}", "discard.from-council")
    refused(m, "consult", "engine.not-now")


# -- production------------------------------------------------------------------------------------
def test_production_counters():
    """Seed: "total up all material yields from terrains adjacent to that city, plus 1 more
    material from the city itself, and put that many production counters on the creation
    or unit that city is producing. If the number of production counters match or exceed
    that card's production cost, move it in front of the city. It is fresh and ready." """
    m, a, b = position()
    s = m.state
    w = scenario.lift(s, scenario.find(s, 1, "warriors"))
    s["cities"][b]["production"] = w  # cost 3; Hilltop makes 1 + 2 (forest) = 3 a turn
    ev = Events()
    s["turn"]["phase"] = "production"
    flow._production(s, ev)
    assert w in s["units"] and not s["units"][w]["tired"] and s["units"][w]["city"] == b
    assert "production_done" in kinds(ev) and s["cities"][b]["production"] is None
    wonder = scenario.lift(s, scenario.find(s, 0, "stonehenge"))
    s["cities"][a]["production"] = wonder  # cost 5; Riverside makes 1 a turn
    flow._production(s, ev)
    assert s["cities"][a]["progress"] == 1 and s["cities"][a]["production"] == wonder


def test_production_bonuses():
    """Workshop (+1 material here) and Despotism (+1 material in each city)."""
    m, a, b = position()
    s = m.state
    scenario.creation(s, 1, "workshop", b)
    s["players"][1]["policies"].append(scenario.lift(s, scenario.find(s, 1, "despotism")))
    assert zones.city_yields(s, b)["material"] == 1 + 2 + 1 + 1


# -- growth----------------------------------------------------------------------------------------
def _grow(m: Match, city: str, ranks: list[int]) -> list:
    """The city's owner is asked and tries to grow ``city``; its treasury stacked with
    ``ranks``. The growth events of the answer."""
    s = m.state
    scenario.stack_treasury(s, s["cities"][city]["controller"], ranks)
    scenario.frame(s, "grow", s["cities"][city]["controller"], cities=[city])
    ev = ok(m, f"grow {city}")
    return [e for e in ev if e["kind"] in ("growth", "no_growth")]


def test_growth_threshold():
    """Seed: "Total up all food yields from terrains adjacent to that city and pull that many
    cards. ... If the total is equal to or greater than 6 times the city's population, then
    raise its population by one." Grassland + River: 3 food, 3 cards; population 2 needs 12."""
    m, a, b = position()
    s = m.state
    s["cities"][a]["population"] = 2
    ev = _grow(m, a, [5, 4, 3])
    assert s["cities"][a]["population"] == 3 and "growth" in kinds(ev)
    e = [x for x in ev if x["kind"] == "growth"][0]
    assert (e["total"], e["need"]) == (12, 12)


def test_growth_threshold_missed():
    m, a, b = position()
    s = m.state
    s["cities"][a]["population"] = 2
    ev = _grow(m, a, [5, 4, 2])
    assert s["cities"][a]["population"] == 2 and "no_growth" in kinds(ev)
    assert all(c not in s["table"] for c in ev[-1]["cards"])  # the pulls went to the landfill


def test_growth_threshold_5x_option():
    """Design notes: "If the total is equal or greater than the city's population times 5"."""
    m, a, b = position(growth_multiplier=5)
    s = m.state
    s["cities"][a]["population"] = 2
    _grow(m, a, [5, 4, 1])
    assert s["cities"][a]["population"] == 3


def test_growth_pulls_population_option():
    """Design notes: "draw and reveal cards equal to your city size and food yields"."""
    m, a, b = position(growth_pulls_population=True)
    s = m.state
    s["cities"][a]["population"] = 2
    ev = _grow(m, a, [3, 3, 3, 2, 1])
    e = [x for x in ev if x["kind"] in ("growth", "no_growth")][0]
    assert len(e["cards"]) == 5 and e["total"] == 12 and s["cities"][a]["population"] == 3


def test_growth_may_try_ok():
    """Seed: "For each city you control, you may attempt to raise its population." The
    player is asked (a pull changes what the treasury holds, so it is their call); a city
    with no food is not offered; trying pulls the food yield."""
    m, a, b = position()
    s = m.state
    s["turn"]["order"] = [0, 1]
    ev = Events()
    s["stack"] = []
    flow._begin(s, "growth")
    flow._growth(s, ev)
    assert s["stack"] == [{"kind": "grow", "player": 0, "cities": [a]}]
    assert not [e for e in ev if e["kind"] in ("growth", "no_growth")]  # nothing pulled yet
    assert {str(x) for x in m.legal_actions()} == {f"grow {a}", "done"}
    labels = {x["key"]: x["label"] for x in m.view(0)["legal"]}
    assert labels["done"] == "Done: the other cities do not try to grow"
    assert labels[f"grow {a}"].startswith("Try to grow Riverside")
    ev = ok(m, f"grow {a}")
    assert [e["city"] for e in ev if e["kind"] in ("growth", "no_growth")] == [a]
    # Hilltop (player 2's) has only a forest: no food, so player 2 is not asked


def test_growth_may_try_refused():
    """A player may decline: ``done`` pulls nothing and the city keeps its population. A city
    that is not one of theirs still to try is refused."""
    m, a, b = position()
    s = m.state
    scenario.frame(s, "grow", 0, cities=[a])
    refused(m, f"grow {b}", "growth.may-try")
    pop = s["cities"][a]["population"]
    ev = ok(m, "done")
    assert kinds(ev)[0] == "growth_declined" and s["cities"][a]["population"] == pop
    assert not [e for e in ev if e["kind"] in ("growth", "no_growth")]


# -- research--------------------------------------------------------------------------------------
def test_research_done():
    """Seed: research counters until they meet the tech's cost; the tech is then known."""
    m, a, b = position()
    s = m.state
    tech = researching(m, 0, "pottery", 1)
    scenario.frame(s, "trade", 0, left=2)
    ev = ok(m, "research 2")
    assert "research_done" in kinds(ev)
    assert tech in s["players"][0]["techs"] and s["players"][0]["research"] is None
    assert zones.knows(s, 0, "pottery")


def test_research_none_current_ok():
    """Seed: "4) Deploy a tech card if you have no current research." """
    m, a, b = position()
    s = m.state
    t = scenario.give(s, 0, "pottery")
    w = scenario.give(s, 0, "warriors")
    scenario.frame(s, "plan", 0)
    ok(m, f"research {t}")
    assert s["players"][0]["research"] == t and s["stack"][-1]["kind"] == "plan"
    assert {str(x) for x in m.legal_actions()} == {f"produce {a} {w}", "done"}


def test_research_none_current_refused():
    """Seed (action 5): "You may research if you have no current research." """
    m, a, b = position()
    s = m.state
    researching(m, 0, "writing")
    t = scenario.give(s, 0, "pottery")
    scenario.frame(s, "act", 0)
    refused(m, f"research {t}", "research.none-current")


def test_research_tech_in_council_ok():
    m, a, b = position()
    s = m.state
    t = scenario.give(s, 0, "pottery")
    busy(m, 1)
    scenario.frame(s, "act", 0)
    ok(m, f"research {t}")
    assert s["players"][0]["research"] == t


def test_research_tech_in_council_refused():
    m, a, b = position()
    s = m.state
    scenario.give(s, 0, "pottery")
    u = scenario.give(s, 0, "warriors")
    scenario.frame(s, "act", 0)
    refused(m, f"research {u}", "research.tech-in-council")
    refused(m, "research 1-05", "research.tech-in-council")


# -- production plans------------------------------------------------------------------------------
def test_produce_city_controlled_ok():
    """Seed: "For any city that is not producing anything, you may put a unit or creation
    card behind that city." """
    m, a, b = position()
    s = m.state
    w = scenario.give(s, 0, "warriors")
    scenario.frame(s, "plan", 0)
    ok(m, f"produce {a} {w}")
    assert s["cities"][a]["production"] == w and w not in s["players"][0]["council"]


def test_produce_city_controlled_refused():
    m, a, b = position()
    s = m.state
    w = scenario.give(s, 0, "warriors")
    scenario.frame(s, "plan", 0)
    refused(m, f"produce {b} {w}", "produce.city-controlled")
    refused(m, f"produce 9-99 {w}", "engine.malformed")


def test_produce_city_idle_ok():
    m, a, b = position()
    s = m.state
    w1, w2 = scenario.give(s, 0, "warriors"), scenario.give(s, 0, "scouts")
    c2 = scenario.city(s, 0, "lakeside")
    scenario.frame(s, "plan", 0)
    ok(m, f"produce {a} {w1}")
    ok(m, f"produce {c2} {w2}")


def test_produce_city_idle_refused():
    """Seed: "Each city builds one thing at a time." """
    m, a, b = position()
    s = m.state
    w1, w2 = scenario.give(s, 0, "warriors"), scenario.give(s, 0, "scouts")
    scenario.give(s, 0, "pottery")  # something left to decide: the plan frame stays
    scenario.frame(s, "plan", 0)
    ok(m, f"produce {a} {w1}")
    assert "Warriors" in refused(m, f"produce {a} {w2}", "produce.city-idle")


def test_produce_card_in_council_ok():
    m, a, b = position()
    s = m.state
    c = scenario.give(s, 0, "stonehenge")
    scenario.frame(s, "plan", 0)
    ok(m, f"produce {a} {c}")


def test_produce_card_in_council_refused():
    m, a, b = position()
    s = m.state
    scenario.give(s, 0, "warriors")
    t = scenario.give(s, 0, "grassland")
    scenario.frame(s, "plan", 0)
    refused(m, f"produce {a} {t}", "produce.card-in-council")


def test_produce_tech_requirement_ok():
    """Seed: "Produce: ... if that city is not producing anything and you meet the tech
    requirements for that unit or creation card." """
    m, a, b = position()
    s = m.state
    scenario.tech(s, 0, "pottery")
    g = scenario.give(s, 0, "granary")
    scenario.frame(s, "plan", 0)
    ok(m, f"produce {a} {g}")


def test_produce_tech_requirement_refused():
    m, a, b = position()
    s = m.state
    g = scenario.give(s, 0, "granary")
    scenario.give(s, 0, "warriors")
    scenario.frame(s, "plan", 0)
    assert "Pottery" in refused(m, f"produce {a} {g}", "produce.tech-requirement")


@pytest.mark.parametrize("kind", ["plan", "act"])
def test_research_and_produce_answer_both_frames(kind):
    m, a, b = position()
    s = m.state
    t, w = scenario.give(s, 0, "pottery"), scenario.give(s, 0, "warriors")
    busy(m, 1)
    scenario.frame(s, kind, 0)
    legal = {str(x) for x in m.legal_actions()}
    assert {f"research {t}", f"produce {a} {w}"} <= legal
