"""Battles (our combat) and culture clashes (the design notes), by rule id."""

from __future__ import annotations

from clash_widget.engine import Match
from clash_widget.history import cards as card_set
from clash_widget.history import culture as culture_clash
from clash_widget.history import zones

from .helpers import blank, busy, city_designs, kinds, ok, refused, scenario


def position(players: int = 2, **options) -> tuple[Match, str, str]:
    """Player 1's capital (population 3) against player 2's (population 2); the rest of
    each deck's cities are the ``other`` cities tests add."""
    options.setdefault("deck", "highlands")
    m = blank(players, **options)
    s = m.state
    a = scenario.city(s, 0, city_designs(m, 0)[0], 3, ("grassland",), capital=True)
    b = scenario.city(s, 1, city_designs(m, 1)[0], 2, ("plains",), capital=True)
    for seat in range(2, players):
        scenario.city(s, seat, city_designs(m, seat)[0], 1, (), capital=True)
    for seat in range(1, players):
        busy(m, seat)
    scenario.frame(s, "act", 0)
    return m, a, b


# -- attacks---------------------------------------------------------------------------------------
def test_attack_from_city_ok():
    """Seed (action 2): "Attack. Start a battle using units." """
    m, a, b = position()
    s = m.state
    scenario.unit(s, 0, "warriors", a)
    ev = ok(m, f"attack {a} {b}")
    assert "battle" in kinds(ev)


def test_attack_from_city_refused():
    m, a, b = position()
    s = m.state
    scenario.unit(s, 0, "warriors", a)
    refused(m, f"attack {b} {a}", "attack.from-city")


def test_attack_fresh_units_ok():
    m, a, b = position()
    s = m.state
    w = scenario.unit(s, 0, "warriors", a)
    scenario.unit(s, 0, "spearmen", a, fresh=False)
    ok(m, f"attack {a} {b}")
    assert w not in s["units"] or s["units"][w]["tired"]


def test_attack_fresh_units_refused():
    """Exhausted units do not attack; neither do scouts (attack 0) alone."""
    m, a, b = position(deck="riverlands")
    s = m.state
    scenario.unit(s, 0, "warriors", a, fresh=False)
    refused(m, f"attack {a} {b}", "attack.fresh-units")
    scenario.unit(s, 0, "scouts", a)
    refused(m, f"attack {a} {b}", "attack.fresh-units")


def test_attack_rival_city_ok():
    m, a, b = position()
    scenario.unit(m.state, 0, "warriors", a)
    assert f"attack {a} {b}" in {str(x) for x in m.legal_actions()}


def test_attack_rival_city_refused():
    m, a, b = position()
    s = m.state
    c = scenario.city(s, 0, city_designs(m, 0)[1])
    scenario.unit(s, 0, "warriors", a)
    refused(m, f"attack {a} {c}", "attack.rival-city")
    refused(m, f"attack {a} 1-99", "attack.rival-city")


def test_battle_strike():
    """Ours: both sides strike at once; damage goes on the unit with the most health left."""
    m, a, b = position()
    s = m.state
    sp1, sp2 = scenario.unit(s, 0, "warriors", a), scenario.unit(s, 0, "warriors", a)
    d = scenario.unit(s, 1, "spearmen", b)  # defence 2, health 2
    ok(m, f"attack {a} {b}")
    # attack 1 + 1 = 2 kills the spearmen; defence 2 + capital 2 = 4 spread over 2 warriors
    assert d not in s["units"] and sp1 not in s["units"] and sp2 not in s["units"]
    battle = s["shown"]["battle"]
    assert (battle["attack"], battle["defence"]) == (2, 4)
    assert s["cities"][b]["controller"] == 1  # nobody left to take it


def test_battle_strike_spreads_damage():
    m, a, b = position()
    s = m.state
    c = scenario.city(s, 1, city_designs(m, 1)[1])  # not a capital: defence 1
    u1, u2 = scenario.unit(s, 0, "warriors", a), scenario.unit(s, 0, "spearmen", a)
    d = scenario.unit(s, 1, "warriors", c)  # defence 1 + city 1 = 2 damage back
    ok(m, f"attack {a} {c}")
    assert s["units"][u1]["damage"] == 1 and s["units"][u2]["damage"] == 1
    assert d not in s["units"]


def test_battle_defenders():
    """Seed: move a unit "if you want the unit to be able to defend that city regardless of
    whether it was fresh or exhausted." Exhausted units defend too."""
    m, a, b = position()
    s = m.state
    scenario.unit(s, 0, "spearmen", a)
    d = scenario.unit(s, 1, "archers", b, fresh=False)  # defence 2
    ok(m, f"attack {a} {b}")
    assert s["shown"]["battle"]["defenders"] == [d]
    assert s["shown"]["battle"]["defence"] == 2 + 2


def test_battle_capture():
    """Ours: an undefended city falls when an attacker survives; the survivors move in, the
    city keeps its terrains and creations, its production is destroyed."""
    m, a, b = position()
    s = m.state
    c = scenario.city(s, 1, city_designs(m, 1)[1], 2, ("hills",))
    wonder = scenario.creation(s, 1, "colossus", c)
    prod = scenario.lift(s, scenario.find(s, 1, "warriors"))
    s["cities"][c]["production"], s["cities"][c]["progress"] = prod, 2
    u = scenario.unit(s, 0, "spearmen", a)
    ev = ok(m, f"attack {a} {c}")
    assert "city_captured" in kinds(ev) and "capital_lost" not in kinds(ev)
    city = s["cities"][c]
    assert city["controller"] == 0 and city["creations"] == [wonder] and city["production"] is None
    assert prod in s["players"][1]["landfill"] and s["units"][u]["city"] == c
    # the city's name says whose it was (the seat's name, never a number)
    assert zones.city_name(s, c) == f"{card_set.name(s, c)}, taken from Orange"
    label = m.describe(f"attack {c} {b}")
    assert label == f"Attack {zones.city_name(s, b)} from {card_set.name(s, c)}, taken from Orange"


def test_battle_capture_of_a_capital():
    m, a, b = position()
    s = m.state
    scenario.unit(s, 0, "spearmen", a)
    scenario.unit(s, 0, "warriors", a)
    s["turn"]["bonus"] = {"0": 1}
    ev = ok(m, f"attack {a} {b}")
    assert "capital_lost" in kinds(ev) and s["cities"][b]["controller"] == 0


def test_statue_of_zeus_and_walls():
    m, a, b = position()
    s = m.state
    scenario.tech(s, 0, "bronze_working")
    scenario.creation(s, 0, "statue_of_zeus", a)
    scenario.creation(s, 1, "walls", b)
    scenario.unit(s, 0, "warriors", a)
    ok(m, f"attack {a} {b}")
    assert s["shown"]["battle"]["attack"] == 2 and s["shown"]["battle"]["defence"] == 4


# -- culture clashes-------------------------------------------------------------------------------
def clash_position(
    culture: int = 1, defender_culture: int = 0, **options
) -> tuple[Match, str, str]:
    m, a, b = position(**options)
    s = m.state
    s["players"][0]["culture"] = culture
    s["players"][1]["culture"] = defender_culture
    return m, a, b


def test_clash_culture_ok():
    """Design notes: "must have 1 culture before you can start culture battle." """
    m, a, b = clash_position(1)
    ev = ok(m, f"clash {a} 1")
    assert "culture_clash" in kinds(ev)


def test_clash_culture_refused():
    m, a, b = clash_position(0)
    refused(m, f"clash {a} 1", "clash.culture")


def test_clash_once_per_turn_ok():
    m, a, b = clash_position(1)
    s = m.state
    c = scenario.city(s, 0, city_designs(m, 0)[1])
    assert {f"clash {a} 1", f"clash {c} 1"} <= {str(x) for x in m.legal_actions()}


def test_clash_once_per_turn_refused():
    """Ours, and needed: a clash spends no culture counter and exhausts nothing (the notes
    only warn against clashing "every turn without thought"), so without the limit the same
    clash could be started again and again in an action phase that runs "until no one wants
    to" act."""
    m, a, b = clash_position(1)
    s = m.state
    c = scenario.city(s, 0, city_designs(m, 0)[1])
    busy(m, 0)
    culture, spent = s["players"][0]["culture"], list(s["spent"])
    ok(m, f"clash {a} 1")
    assert s["players"][0]["culture"] == culture and s["spent"] == spent  # nothing used up
    while m.current_player != 0 or s["stack"][-1]["kind"] != "act":
        ok(m, str(m.legal_actions()[-1]))
    refused(m, f"clash {c} 1", "clash.once-per-turn")


def test_clash_own_city_ok():
    m, a, b = clash_position(1)
    ok(m, f"clash {a} 1")
    assert m.state["shown"]["clash"]["city"] == a


def test_clash_own_city_refused():
    m, a, b = clash_position(1)
    refused(m, f"clash {b} 1", "clash.own-city")


def test_clash_rival_ok():
    m, a, b = clash_position(1)
    ok(m, f"clash {a} 1")
    assert m.state["shown"]["clash"]["defender"] == 1


def test_clash_rival_refused():
    m, a, b = clash_position(1)
    refused(m, f"clash {a} 0", "clash.rival")
    refused(m, f"clash {a} 5", "clash.rival")
    refused(m, f"clash {a} one", "clash.rival")
    m.state["cities"][b]["controller"] = 0  # player 2 holds no city
    refused(m, f"clash {a} 1", "clash.rival")


def _stack_hands(m: Match, mine: list[int], theirs: list[int]) -> tuple[list[str], list[str]]:
    s = m.state
    return scenario.stack_treasury(s, 0, mine), scenario.stack_treasury(s, 1, theirs)


def test_clash_hands():
    """Design notes: "Attacker and defender draws 5 cards, plus 1 more for each culture they
    have ... Then they make the best 5-card poker hand." Two counters: 7 cards against 6."""
    m, a, b = clash_position(2, 1)
    s = m.state
    ok(m, f"clash {a} 1")
    shown = s["shown"]["clash"]
    assert len(shown["attack_cards"]) == 7 and len(shown["defence_cards"]) == 6
    assert len(shown["attack_hand"]) == 5 and set(shown["attack_hand"]) <= set(
        shown["attack_cards"]
    )
    assert not s["table"]  # every pulled card went to its landfill


def test_clash_hands_bonuses():
    """Mysticism (+1 card), a Temple in the attacking city (+1), Tradition defending (+1)."""
    m, a, b = clash_position(1, deck="riverlands")
    s = m.state
    scenario.tech(s, 0, "mysticism")
    scenario.creation(s, 0, "temple", a)
    assert culture_clash.attack_cards(s, 0, a) == 5 + 1 + 1 + 1
    m2, a2, b2 = clash_position(0, 1, deck="riverlands")
    s2 = m2.state
    s2["players"][1]["policies"].append(scenario.lift(s2, scenario.find(s2, 1, "tradition")))
    assert culture_clash.defence_cards(s2, 1) == 5 + 1 + 1


def test_clash_result():
    """Design notes: "If attacker wins, they add 1 pop and defender loses 1 pop to the city of
    their choice. If defender wins, they draw a card." """
    m, a, b = clash_position(1)
    s = m.state
    c = scenario.city(s, 1, city_designs(m, 1)[1], 3)
    _stack_hands(m, [13, 13, 13, 2, 5, 7], [2, 4, 6, 8, 10])  # three kings against high card
    ok(m, f"clash {a} 1")
    assert s["cities"][a]["population"] == 4
    assert s["stack"][-1] == {"kind": "shrink", "player": 1, "by": 0}
    ok(m, f"shrink {c}")
    assert s["cities"][c]["population"] == 2 and s["cities"][b]["population"] == 2


def test_clash_result_defender_wins():
    m, a, b = clash_position(1)
    s = m.state
    _stack_hands(m, [2, 4, 6, 8, 10, 12], [13, 13, 13, 3, 5])
    council = len(s["players"][1]["council"])
    ok(m, f"clash {a} 1")
    assert s["cities"][a]["population"] == 3 and len(s["players"][1]["council"]) == council + 1


def test_clash_shrink_city_ok():
    m, a, b = clash_position(1)
    s = m.state
    scenario.city(s, 1, city_designs(m, 1)[1], 3)
    _stack_hands(m, [13, 13, 13, 2, 5, 7], [2, 4, 6, 8, 10])
    ok(m, f"clash {a} 1")
    ok(m, f"shrink {b}")
    assert s["cities"][b]["population"] == 1


def test_clash_shrink_city_refused():
    m, a, b = clash_position(1)
    s = m.state
    c = scenario.city(s, 1, city_designs(m, 1)[1], 3)
    small = scenario.city(s, 1, city_designs(m, 1)[2], 1)
    _stack_hands(m, [13, 13, 13, 2, 5, 7], [2, 4, 6, 8, 10])
    ok(m, f"clash {a} 1")
    refused(m, f"shrink {small}", "clash.shrink-city")
    refused(m, f"shrink {a}", "clash.shrink-city")
    assert c in {x.args[0] for x in m.legal_actions()}


def test_clash_shrink_with_one_choice_is_not_asked():
    m, a, b = clash_position(1)
    s = m.state
    _stack_hands(m, [13, 13, 13, 2, 5, 7], [2, 4, 6, 8, 10])
    ev = ok(m, f"clash {a} 1")
    assert s["cities"][b]["population"] == 1 and kinds(ev).count("population") == 2


def test_clash_tie():
    """Ours: equal hands go to the defender."""
    m, a, b = clash_position(1)
    s = m.state
    # the same ranks on both sides (suits differ): high card 13-12-10-8-6 each
    _stack_hands(m, [13, 12, 10, 8, 6, 2], [13, 12, 10, 8, 6])
    ev = ok(m, f"clash {a} 1")
    shown = s["shown"]["clash"]
    assert shown["tie"] and shown["winner"] == 1 and s["cities"][a]["population"] == 3
    clash = [e for e in ev if e["kind"] == "culture_clash"][0]
    assert clash["rule"] == "clash.tie" and "a tie" in clash["text"]


def test_city_population_floor():
    """Ours: a culture clash never takes a city below population 1."""
    m, a, b = clash_position(1)
    s = m.state
    s["cities"][b]["population"] = 1
    _stack_hands(m, [13, 13, 13, 2, 5, 7], [2, 4, 6, 8, 10])
    ev = ok(m, f"clash {a} 1")
    assert "no_loss" in kinds(ev) and s["cities"][b]["population"] == 1


def test_clash_names_the_hands():
    m, a, b = clash_position(1)
    _stack_hands(m, [13, 13, 13, 2, 5, 7], [2, 4, 6, 8, 10])
    ev = ok(m, f"clash {a} 1")
    text = [e for e in ev if e["kind"] == "culture_clash"][0]["text"]
    assert "Three of a kind" in text and "High card" in text
    view = m.view(1)["shown"]["clash"]
    assert view["attack_name"] == "Three of a kind" and view["defence_name"] == "High card"
    assert all(c["id"] in view["attack_hand"] for c in view["attack_cards"][:3]) or True
    assert card_set.face(m.state, view["attack_hand"][0]).startswith("K")
