"""Action phase actions by rule id: founding and settling, playing cards, units, abilities,
exploring, and the order of play."""

from __future__ import annotations

from clash_widget.engine import Match
from clash_widget.history import cards as card_set
from clash_widget.history import zones

from .helpers import blank, busy, kinds, ok, refused, scenario


def position(players: int = 2, **options) -> tuple[Match, str, str]:
    m = blank(players, **options)
    s = m.state
    first = "meadowford" if options.get("deck") == "plain52" else "riverside"
    a = scenario.city(s, 0, first, 3, ("grassland", "river"), capital=True)
    b = scenario.city(s, 1, "hilltop", 1, ("forest",), capital=True)
    for seat in range(2, players):
        scenario.city(s, seat, "hilltop" if seat % 2 else "riverside", 1, (), capital=True)
    for seat in range(1, players):
        busy(m, seat)
    scenario.frame(s, "act", 0)
    return m, a, b


# -- founding a city-------------------------------------------------------------------------------
def test_found_city_in_council_ok():
    """Seed (action 3): "A city card is placed from your council onto the map. ... Put a
    population counter on that city." """
    m, a, b = position()
    s = m.state
    c = scenario.give(s, 0, "lakeside")
    ev = ok(m, f"found {c} {a}")
    assert s["cities"][c]["population"] == 1 and s["cities"][c]["controller"] == 0
    assert "city_founded" in kinds(ev)


def test_found_city_in_council_refused():
    m, a, b = position()
    s = m.state
    scenario.give(s, 0, "lakeside")
    t = scenario.give(s, 0, "coast")
    refused(m, f"found {t} {a}", "found.city-in-council")
    refused(m, f"found {scenario.find(s, 0, 'oasis')} {a}", "found.city-in-council")


def test_found_cost_ok():
    """Design notes: "settling a new city means lowering another city's pop by 2." """
    m, a, b = position()
    s = m.state
    c = scenario.give(s, 0, "lakeside")
    ok(m, f"found {c} {a}")
    assert s["cities"][a]["population"] == 1


def test_found_cost_refused():
    """The paying city must keep at least 1: population 2 cannot pay 2."""
    m, a, b = position()
    s = m.state
    s["cities"][a]["population"] = 2
    c = scenario.give(s, 0, "lakeside")
    reason = refused(m, f"found {c} {a}", "found.cost")
    assert "the founding cost is 2" in reason
    refused(m, f"found {c}", "found.cost")  # the paying city must be named
    refused(m, f"found {c} {b}", "found.cost")  # and be yours


def test_found_cost_off_and_relief():
    """Option founding_cost=0 turns it off (no city named); Expansion lowers it by 1."""
    m, a, b = position(founding_cost=0)
    s = m.state
    c = scenario.give(s, 0, "lakeside")
    refused(m, f"found {c} {a}", "found.cost")
    ok(m, f"found {c}")
    assert s["cities"][a]["population"] == 3
    m, a, b = position()
    s = m.state
    s["players"][0]["policies"].append(scenario.lift(s, scenario.find(s, 0, "expansion")))
    s["cities"][a]["population"] = 2
    c = scenario.give(s, 0, "lakeside")
    ok(m, f"found {c} {a}")
    assert s["cities"][a]["population"] == 1


def test_found_cost_free_without_a_city():
    """Ours: a player who controls no city founds without paying."""
    m, a, b = position()
    s = m.state
    s["cities"][a]["controller"] = 1
    c = scenario.give(s, 0, "lakeside")
    ok(m, f"found {c}")


def test_settle_terrain_source_ok():
    """Seed: "Then you may pull 3 cards and put a terrain card from among the pulled cards or
    from your hand and place it adjacent to the new city. ... Then you may have it produce."""
    m, a, b = position()
    s = m.state
    c = scenario.give(s, 0, "lakeside")
    scenario.give(s, 0, "warriors")
    pulled = scenario.stack_treasury(s, 0, ["coast", "festival", "fish"])
    ok(m, f"found {c} {a}")
    ok(m, "pull")
    f = s["stack"][-1]
    assert f["kind"] == "settle" and f["cards"] == pulled
    assert {str(x) for x in m.legal_actions()} == {f"terrain {pulled[0]}", "none"}
    ok(m, f"terrain {pulled[0]}")
    assert s["cities"][c]["terrains"] == [pulled[0]]
    assert pulled[1] in s["players"][0]["landfill"] and not s["table"]
    assert s["stack"][-1]["kind"] == "settle_produce"
    w = s["players"][0]["council"][0]
    ok(m, f"produce {w}")
    assert s["cities"][c]["production"] == w


def test_settle_terrain_source_refused():
    m, a, b = position()
    s = m.state
    c = scenario.give(s, 0, "lakeside")
    scenario.stack_treasury(s, 0, ["coast", "festival", "fish"])
    ok(m, f"found {c} {a}")
    ok(m, "pull")
    fest = s["stack"][-1]["cards"][1]
    refused(m, f"terrain {fest}", "settle.terrain-source")
    refused(m, f"terrain {scenario.find(s, 0, 'plains')}", "settle.terrain-source")


def test_settle_from_council():
    m, a, b = position()
    s = m.state
    c, t = scenario.give(s, 0, "lakeside"), scenario.give(s, 0, "plains")
    scenario.stack_treasury(s, 0, ["festival", "fish", "pottery"])
    ok(m, f"found {c} {a}")
    ok(m, "pull")
    ok(m, f"terrain {t}")
    assert s["cities"][c]["terrains"] == [t] and t not in s["players"][0]["council"]


def test_settle_may_pull_ok():
    """Seed (action 3): "Then you may pull 3 cards and put a terrain card from among the pulled
    cards or from your hand". The pulls are a "may": Blue founds Lakeside, is asked, and puts
    the Plains of its council next to it without pulling; the treasury is untouched."""
    m, a, b = position()
    s = m.state
    c, t = scenario.give(s, 0, "lakeside"), scenario.give(s, 0, "plains")
    top = scenario.stack_treasury(s, 0, ["coast", "festival", "fish"])
    before = list(s["players"][0]["treasury"])
    ok(m, f"found {c} {a}")
    f = s["stack"][-1]
    assert f["kind"] == "settle" and f["cards"] == [] and not s["table"]
    assert {str(x) for x in m.legal_actions()} == {"pull", f"terrain {t}", "none"}
    ev = ok(m, f"terrain {t}")
    assert "pull" not in kinds(ev)
    assert s["cities"][c]["terrains"] == [t]
    assert s["players"][0]["treasury"] == before and top[0] not in s["players"][0]["landfill"]


def test_settle_may_pull_refused():
    """The three pulls are taken once: a second pull is refused; a player with nothing to pull
    is not offered the pull (and with no terrain either, the question is not asked at all)."""
    m, a, b = position()
    s = m.state
    c = scenario.give(s, 0, "lakeside")
    pulled = scenario.stack_treasury(s, 0, ["festival", "fish", "coast"])
    ok(m, f"found {c} {a}")
    ok(m, "pull")
    assert s["stack"][-1]["cards"] == pulled
    refused(m, "pull", "settle.may-pull")
    m, a, b = position(max_terrains=10)  # room for every terrain of the deck next to one city
    s = m.state
    c = scenario.give(s, 0, "lakeside")
    p = s["players"][0]
    loose = p["treasury"] + p["landfill"]
    p["council"] += [x for x in loose if card_set.ctype(s, x) != "terrain"]
    s["cities"][a]["terrains"] += [x for x in loose if card_set.ctype(s, x) == "terrain"]
    p["treasury"], p["landfill"] = [], []
    ok(m, f"found {c} {a}")
    assert s["stack"][-1]["kind"] != "settle" and s["cities"][c]["terrains"] == []


# -- playing cards---------------------------------------------------------------------------------
def test_play_card_kind_ok():
    """Seed (action 4): "An event resolves and then is discarded." """
    m, a, b = position()
    s = m.state
    e = scenario.give(s, 0, "festival")
    ok(m, f"play {e}")
    assert s["players"][0]["culture"] == 1 and e in s["players"][0]["landfill"]


def test_play_card_kind_refused():
    m, a, b = position()
    s = m.state
    scenario.give(s, 0, "festival")
    w, t = scenario.give(s, 0, "warriors"), scenario.give(s, 0, "pottery")
    refused(m, f"play {w}", "play.card-kind")
    refused(m, f"play {t}", "play.card-kind")


def test_play_terrain_room_ok():
    """Seed: "A terrain is placed adjacent to a city that has less than 4 terrains." """
    m, a, b = position()
    s = m.state
    t = scenario.give(s, 0, "coast")
    ok(m, f"play {t} {a}")
    assert t in s["cities"][a]["terrains"]


def test_play_terrain_room_refused():
    m, a, b = position()
    s = m.state
    for d in ("plains", "coast"):
        s["cities"][a]["terrains"].append(scenario.lift(s, scenario.find(s, 0, d)))
    t = scenario.give(s, 0, "grassland")
    assert "at most 4" in refused(m, f"play {t} {a}", "play.terrain-room")
    refused(m, f"play {t} {b}", "play.terrain-room")
    refused(m, f"play {t}", "play.terrain-room")


def test_play_terrain_room_follows_the_option():
    m, a, b = position(max_terrains=2)
    s = m.state
    t = scenario.give(s, 0, "coast")
    assert "at most 2" in refused(m, f"play {t} {a}", "play.terrain-room")


def test_play_mod_fits_ok():
    """Seed: "A mod is attached to an appropriate card on the map." Wheat on grassland."""
    m, a, b = position()
    s = m.state
    grass = s["cities"][a]["terrains"][0]
    w = scenario.give(s, 0, "wheat")
    before = zones.city_yields(s, a)["food"]
    ok(m, f"play {w} {grass}")
    assert s["cities"][a]["mods"] == {grass: w} and zones.city_yields(s, a)["food"] == before + 1


def test_play_mod_fits_refused():
    m, a, b = position()
    s = m.state
    grass, river = s["cities"][a]["terrains"]
    f = scenario.give(s, 0, "fish")
    assert "Coast, River" in refused(m, f"play {f} {grass}", "play.mod-fits")
    refused(m, f"play {f} {s['cities'][b]['terrains'][0]}", "play.mod-fits")
    s["cities"][a]["mods"][river] = scenario.lift(s, scenario.find(s, 0, "wheat"))
    refused(m, f"play {f} {river}", "play.mod-fits")


def test_play_policy():
    """Seed: "A policy is put on the map." It takes no target."""
    m, a, b = position()
    s = m.state
    p = scenario.give(s, 0, "tradition")
    refused(m, f"play {p} {a}", "engine.malformed")
    ok(m, f"play {p}")
    assert s["players"][0]["policies"] == [p]


def test_play_effect_target_ok():
    """Fertile Valley / Bountiful Harvest: +1 population to a city you control."""
    m, a, b = position()
    s = m.state
    h = scenario.give(s, 0, "bountiful_harvest")
    ok(m, f"play {h} {a}")
    assert s["cities"][a]["population"] == 4


def test_play_effect_target_refused():
    m, a, b = position()
    s = m.state
    h = scenario.give(s, 0, "bountiful_harvest")
    refused(m, f"play {h}", "play.effect-target")
    refused(m, f"play {h} {b}", "play.effect-target")
    fest = scenario.give(s, 0, "festival")
    refused(m, f"play {fest} {a}", "play.effect-target")
    m2, a2, b2 = position()
    scrolls = scenario.give(m2.state, 1, "lost_scrolls")
    scenario.frame(m2.state, "act", 1)
    refused(m2, f"play {scrolls}", "play.effect-target")  # no current research


def test_events_resolve():
    m, a, b = position()
    s = m.state
    s["players"][0]["research"] = scenario.lift(s, scenario.find(s, 0, "writing"))
    ruins = scenario.give(s, 0, "ancient_ruins")
    ok(m, f"play {ruins}")
    assert len(s["players"][0]["council"]) == 2  # consulted 2
    scenario.frame(s, "act", 0)
    lost = scenario.give(s, 0, "fertile_valley")
    ok(m, f"play {lost} {a}")
    assert s["cities"][a]["population"] == 4


# -- units-----------------------------------------------------------------------------------------
def test_heal_fresh_unit_ok():
    """Seed (action 7): "Heal. Exhaust a unit and remove all damage counters from it." """
    m, a, b = position()
    s = m.state
    u = scenario.unit(s, 0, "warriors", a, damage=1)
    ok(m, f"heal {u}")
    assert s["units"][u]["damage"] == 0 and s["units"][u]["tired"]


def test_heal_fresh_unit_refused():
    m, a, b = position()
    s = m.state
    u = scenario.unit(s, 0, "warriors", a, damage=1, fresh=False)
    refused(m, f"heal {u}", "heal.fresh-unit")
    theirs = scenario.unit(s, 1, "warriors", b, damage=1)
    refused(m, f"heal {theirs}", "heal.fresh-unit")


def test_heal_damaged_ok():
    m, a, b = position()
    u = scenario.unit(m.state, 0, "warriors", a, damage=1)
    assert f"heal {u}" in {str(x) for x in m.legal_actions()}


def test_heal_damaged_refused():
    m, a, b = position()
    u = scenario.unit(m.state, 0, "warriors", a)
    refused(m, f"heal {u}", "heal.damaged")


def test_move_fresh_unit_ok():
    """Seed (action 8): "Move. Exhaust a unit and move it to another city." """
    m, a, b = position()
    s = m.state
    c = scenario.city(s, 0, "lakeside")
    u = scenario.unit(s, 0, "warriors", a)
    ok(m, f"move {u} {c}")
    assert s["units"][u]["city"] == c and s["units"][u]["tired"]


def test_move_fresh_unit_refused():
    m, a, b = position()
    s = m.state
    c = scenario.city(s, 0, "lakeside")
    u = scenario.unit(s, 0, "warriors", a, fresh=False)
    refused(m, f"move {u} {c}", "move.fresh-unit")


def test_move_other_city_ok():
    m, a, b = position()
    s = m.state
    c = scenario.city(s, 0, "lakeside")
    u = scenario.unit(s, 0, "scouts", a)
    assert f"move {u} {c}" in {str(x) for x in m.legal_actions()}


def test_move_other_city_refused():
    m, a, b = position()
    s = m.state
    scenario.city(s, 0, "lakeside")
    u = scenario.unit(s, 0, "warriors", a)
    refused(m, f"move {u} {a}", "move.other-city")
    refused(m, f"move {u} {b}", "move.other-city")


# -- abilities-------------------------------------------------------------------------------------
def test_ability_has_ability_ok():
    """Seed (action 9): "Use an ability of a card you control. Some abilities require that
    the card become exhausted as part of the cost." The Mausoleum: exhaust, gain culture."""
    m, a, b = position()
    s = m.state
    x = scenario.creation(s, 0, "mausoleum", a)
    ok(m, f"ability {x}")
    assert s["players"][0]["culture"] == 1 and x in s["spent"]


def test_ability_has_ability_refused():
    m, a, b = position()
    s = m.state
    x = scenario.creation(s, 0, "colossus", a)
    refused(m, f"ability {x}", "ability.has-ability")
    y = scenario.creation(s, 1, "mausoleum", b)
    refused(m, f"ability {y}", "ability.has-ability")


def test_ability_fresh_ok():
    m, a, b = position()
    s = m.state
    x = scenario.creation(s, 0, "great_library", a)
    ok(m, f"ability {x}")
    assert len(s["players"][0]["council"]) == 1


def test_ability_fresh_refused():
    """Seed: "If so, the card must be fresh before that ability can be used." """
    m, a, b = position()
    s = m.state
    x = scenario.creation(s, 0, "mausoleum", a)
    s["spent"] = [x]
    refused(m, f"ability {x}", "ability.fresh")


def test_library_cycles():
    m, a, b = position(deck="plain52")
    s = m.state
    x = scenario.creation(s, 0, "library", a)
    scenario.give(s, 0, "pottery")
    ok(m, f"ability {x}")
    assert s["stack"][-1]["kind"] == "discard" and len(s["players"][0]["council"]) == 2


# -- exploring-------------------------------------------------------------------------------------
def test_explore_fresh_unit_ok():
    """Seed (action 1): "To explore, exhaust a fresh unit and pull cards equal to that unit's
    move value." Scouts move 3."""
    m, a, b = position()
    s = m.state
    u = scenario.unit(s, 0, "scouts", a)
    pulled = scenario.stack_treasury(s, 0, ["coast", "festival", "pottery"])
    ev = ok(m, f"explore {u}")
    assert "explore" in kinds(ev) and s["units"][u]["tired"]
    assert s["stack"][-1] == {"kind": "explore", "player": 0, "cards": pulled}


def test_explore_fresh_unit_refused():
    m, a, b = position()
    s = m.state
    u = scenario.unit(s, 0, "scouts", a, fresh=False)
    refused(m, f"explore {u}", "explore.fresh-unit")
    refused(m, f"explore {a}", "explore.fresh-unit")


def test_explore_pulled_ok():
    """Seed: "You may deploy one of the pulled cards if it is a city, terrain, resource mod,
    or discovery event. ... Terrain is placed adjacent to a city you control." """
    m, a, b = position()
    s = m.state
    u = scenario.unit(s, 0, "scouts", a)
    coast, fest, pot = scenario.stack_treasury(s, 0, ["coast", "festival", "pottery"])
    ok(m, f"explore {u}")
    assert {str(x) for x in m.legal_actions()} == {f"take {coast} {a}", "none"}
    ok(m, f"take {coast} {a}")
    assert coast in s["cities"][a]["terrains"]
    assert {fest, pot} <= set(s["players"][0]["landfill"]) and not s["table"]


def test_explore_pulled_refused():
    m, a, b = position()
    s = m.state
    u = scenario.unit(s, 0, "scouts", a)
    scenario.stack_treasury(s, 0, ["coast", "festival", "pottery"])
    ok(m, f"explore {u}")
    refused(m, f"take {scenario.find(s, 0, 'plains')} {a}", "explore.pulled")


def test_explore_deployable_ok():
    """A pulled city is placed (paying the founding cost), a discovery resolves."""
    m, a, b = position()
    s = m.state
    u = scenario.unit(s, 0, "scouts", a)
    city, tribe, _ = scenario.stack_treasury(s, 0, ["lakeside", "friendly_tribe", "pottery"])
    ok(m, f"explore {u}")
    assert {f"take {city} {a}", f"take {tribe}", "none"} == {str(x) for x in m.legal_actions()}
    ok(m, f"take {city} {a}")
    assert s["cities"][city]["population"] == 1 and s["cities"][a]["population"] == 1


def test_explore_deployable_refused():
    """Seed: only "a city, terrain, resource mod, or discovery event" (not an event)."""
    m, a, b = position()
    s = m.state
    u = scenario.unit(s, 0, "scouts", a)
    coast, fest, pot = scenario.stack_treasury(s, 0, ["coast", "festival", "pottery"])
    ok(m, f"explore {u}")
    refused(m, f"take {fest}", "explore.deployable")
    refused(m, f"take {pot}", "explore.deployable")


def test_explore_pulls_more_with_sailing():
    m, a, b = position()
    s = m.state
    scenario.tech(s, 0, "sailing")
    u = scenario.unit(s, 0, "warriors", a)
    ok(m, f"explore {u}")
    assert len(s["stack"][-1]["cards"]) == 2 or s["stack"][-1]["kind"] != "explore"


# -- the order of play-----------------------------------------------------------------------------
def test_act_order():
    """Seed: "Starting with the player who won the initiative and going clockwise, that player
    may perform one of the following actions. Keep going around the table ..." """
    m, a, b = position(3)
    s = m.state
    s["turn"]["order"] = [1, 2, 0]
    scenario.frame(s, "act", 1)
    for seat in (0, 2):
        busy(m, seat)
    ok(m, f"play {s['players'][1]['council'][0]}")
    assert m.current_player == 2
    ok(m, f"play {s['players'][2]['council'][0]}")
    assert m.current_player == 0


def test_act_order_a_pass_is_not_final():
    """Seed: "Keep going around the table until no one wants to or cannot perform any
    actions, then the action phase ends." A player who passed acts again when the turn comes
    round; the phase ends only when everybody still in it passes in a row."""
    m, a, b = position(3)
    s = m.state
    busy(m, 0)  # every player holds one event to play
    scenario.frame(s, "act", 0)
    ev = ok(m, "pass")
    assert kinds(ev)[0] == "pass" and m.current_player == 1
    assert s["turn"]["active"] == [0, 1, 2]
    ok(m, f"play {s['players'][1]['council'][0]}")  # an action: the passes start again
    assert m.current_player == 2
    ok(m, "pass")
    assert m.current_player == 0  # player 1 passed before and is asked again
    ev = ok(m, f"play {s['players'][0]['council'][0]}")
    assert "event" in kinds(ev) and m.current_player == 2 and s["turn"]["phase"] == "action"
    # player 2 (nothing left to do) passed without being asked; player 3 still holds a card
    ok(m, "pass")
    assert m.current_player == 0 and s["turn"]["number"] == 1  # the Festival's counter: a clash
    ok(m, "pass")  # players 2, 3 and 1 passed in a row: nobody wants to act
    assert s["turn"]["number"] == 2 and s["turn"]["phase"] != "action"


def test_act_pass_out():
    """Ours, the house rule pass_is_final: a player who passes takes no more actions this
    phase; the others go on."""
    m, a, b = position(3, pass_is_final=True)
    s = m.state
    busy(m, 0)
    busy(m, 1)
    scenario.frame(s, "act", 0)
    ev = ok(m, "pass")
    assert kinds(ev)[0] == "pass" and m.current_player == 1
    assert s["turn"]["active"] == [1, 2]
    ok(m, f"play {s['players'][1]['council'][0]}")
    assert m.current_player == 2 and s["turn"]["active"] == [1, 2]


def test_act_nothing_to_do_is_not_asked():
    """A player whose only answer is to pass is not asked."""
    m, a, b = position()
    s = m.state
    scenario.clear_council(s, 1)
    e, f = scenario.give(s, 0, "festival"), scenario.give(s, 0, "friendly_tribe")
    ev = ok(m, f"play {e}")
    assert "pass" in kinds(ev) and m.current_player == 0 and s["turn"]["active"] == [0, 1]
    ok(m, f"play {f}")
