"""Rules of the peaceful game, one test (or two) per rule id."""

from clash_widget.coc.board import board_neighbours

from .helpers import accepted, open_map, refused


def _game_with_settler_on(terrain: str):
    s = open_map()
    cap = s.capital(0)
    spot = s.find(terrain, near=cap)
    s.units(0, spot, settler=1)
    return s, spot


def test_found_city_on_plains():
    s, spot = _game_with_settler_on("plains")
    m = s.match()
    accepted(m, f"found {spot}")
    assert m.state["cities"][spot]["owner"] == 0
    assert m.state["turn"]["actions"] == 2


def test_found_not_barren():
    s, spot = _game_with_settler_on("barren")
    assert refused(s.match(), f"found {spot}") == "found.not-barren"


def test_found_settler_required():
    s = open_map()
    spot = s.find("plains", near=s.capital(0))
    assert refused(s.match(), f"found {spot}") == "found.settler-required"


def test_found_no_foreign_units():
    s, spot = _game_with_settler_on("forest")
    s.units(1, spot, army=1)
    assert refused(s.match(), f"found {spot}") == "found.no-foreign-units"


def test_found_no_city():
    s = open_map()
    assert refused(s.match(), f"found {s.capital(0)}") == "found.no-city"


def test_turn_actions_left():
    s, spot = _game_with_settler_on("plains")
    s.turn(0, actions=0)
    assert refused(s.match(), f"found {spot}") == "turn.actions-left"


def test_engine_not_now_and_malformed():
    m = open_map().match()
    assert refused(m, "take 0,0 food") == "engine.not-now"
    assert refused(m, "found banana") == "engine.malformed"
    assert refused(m, "") == "engine.malformed"


def _collecting(food=0, advances=()):
    s = open_map()
    s.resources(0, food=food).advances(0, *advances)
    cap = s.capital(0)
    m = s.match()
    accepted(m, f"collect {cap}")
    return m, cap


def test_collect_size_limit():
    m, cap = _collecting()
    accepted(m, f"take {cap} food")
    other = next(
        n
        for n in board_neighbours(m.state, cap)
        if m.state["hexes"][n]["terrain"] in ("forest", "mountain")
    )
    res = "wood" if m.state["hexes"][other]["terrain"] == "forest" else "ore"
    assert refused(m, f"take {other} {res}") == "collect.size-limit"


def test_collect_food_capped_at_two_without_storage():
    m, cap = _collecting(food=2)
    accepted(m, f"take {cap} food")
    accepted(m, "done")
    assert m.state["players"][0]["res"]["food"] == 2


def test_collect_storage_lifts_food_cap():
    m, cap = _collecting(food=2, advances=("irrigation", "storage"))
    accepted(m, f"take {cap} food")
    accepted(m, "done")
    assert m.state["players"][0]["res"]["food"] == 3


def test_collect_hex_used_and_in_range():
    m, cap = _collecting()
    m.state["stack"][-1]["max"] = 3
    accepted(m, f"take {cap} food")
    assert refused(m, f"take {cap} food") == "collect.hex-used"
    far = next(
        k
        for k in m.state["hexes"]
        if m.state["hexes"][k]["terrain"] == "plains"
        and k != cap
        and k not in board_neighbours(m.state, cap)
    )
    assert refused(m, f"take {far} food") == "collect.in-range"


def test_collect_yield_barren_needs_irrigation():
    s = open_map()
    hexes = s.state["hexes"]
    barren, city = next(
        (b, n)
        for b in sorted(hexes)
        if hexes[b]["terrain"] == "barren"
        for n in board_neighbours(s.state, b)
        if hexes[n]["terrain"] == "plains" and n not in s.state["cities"]
    )
    s.city(0, city)
    m = s.match()
    accepted(m, f"collect {city}")
    assert refused(m, f"take {barren} food") == "collect.yield"


def test_collect_hex_occupied():
    s = open_map()
    cap = s.capital(0)
    n = next(k for k in board_neighbours(s.state, cap) if s.state["hexes"][k]["terrain"] != "sea")
    s.units(1, n, army=1)
    m = s.match()
    accepted(m, f"collect {cap}")
    res = {"plains": "food", "forest": "wood", "mountain": "ore", "barren": "food"}[
        m.state["hexes"][n]["terrain"]
    ]
    assert refused(m, f"take {n} {res}") == "collect.hex-occupied"


def test_collect_pick_something():
    m, _ = _collecting()
    assert refused(m, "done") == "collect.pick-something"


def test_second_activation_lowers_mood():
    s = open_map().resources(0, food=2, ore=2)
    cap = s.capital(0)
    m = s.match()
    accepted(m, f"collect {cap}")
    accepted(m, f"take {cap} food")
    accepted(m, "done")
    assert m.state["cities"][cap]["mood"] == 1
    accepted(m, f"build {cap}")
    assert m.state["cities"][cap]["mood"] == 0  # neutral -> angry


def test_build_unit_costs_and_size_limit():
    s = open_map().resources(0, food=2, ore=1)
    cap = s.capital(0)
    m = s.match()
    accepted(m, f"build {cap}")
    accepted(m, "unit army")
    assert m.state["players"][0]["res"] == {"food": 1, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}
    assert refused(m, "unit settler") == "build.size-limit"


def test_build_cost():
    s = open_map().resources(0, food=1, ore=1)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    assert refused(m, "unit settler") == "build.cost"


def test_build_ship_needs_port():
    s = open_map().resources(0, wood=2, food=2)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    assert refused(m, "unit ship") == "build.ship-needs-port"


def test_build_stack_limit():
    s = open_map().resources(0, food=2, ore=2)
    cap = s.capital(0)
    s.city(0, cap, mood="happy").units(0, cap, army=2)  # + the settler = 3
    m = s.match()
    accepted(m, f"build {cap}")
    accepted(m, "unit army")
    assert refused(m, "unit army") == "build.stack-limit"


def test_build_can_build_something():
    s = open_map().resources(0, food=0)
    assert refused(s.match(), f"build {s.capital(0)}") == "build.can-build-something"


def test_gold_replaces_any_resource():
    s = open_map().resources(0, food=0, ore=0, gold=2)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    accepted(m, "unit army")
    assert m.state["players"][0]["res"]["gold"] == 0


def _two_cities(**res):
    s = open_map()
    cap = s.capital(0)
    second = s.find("plains", near=cap)
    s.city(0, second).resources(0, **res)
    return s, cap


def test_grow_city():
    s, cap = _two_cities(food=1, wood=1, ore=1)
    s.advances(0, "tactics")
    m = s.match()
    accepted(m, f"grow {cap} fortress")
    assert m.state["cities"][cap]["pieces"] == {"fortress": 0}
    assert m.state["players"][0]["res"]["ore"] == 0


def test_grow_size_limit():
    s = open_map().resources(0, food=1, wood=1, ore=1).advances(0, "tactics")
    assert refused(s.match(), f"grow {s.capital(0)} fortress") == "grow.size-limit"


def test_grow_needs_advance():
    s, cap = _two_cities(food=1, wood=1, ore=1)
    assert refused(s.match(), f"grow {cap} fortress") == "grow.needs-advance"


def test_grow_not_angry():
    s, cap = _two_cities(food=1, wood=1, ore=1)
    s.advances(0, "tactics").city(0, cap, mood="angry")
    assert refused(s.match(), f"grow {cap} fortress") == "grow.not-angry"


def test_grow_piece_once():
    s, cap = _two_cities(food=2, wood=2, ore=2)
    s.advances(0, "tactics")
    s.city(0, s.find("plains", near=cap))
    s.city(0, cap, pieces=("fortress",))
    assert refused(s.match(), f"grow {cap} fortress") == "grow.piece-once"


def test_grow_cost():
    s, cap = _two_cities(food=1, wood=1)
    s.advances(0, "tactics")
    assert refused(s.match(), f"grow {cap} fortress") == "grow.cost"


def test_grow_academy_gives_two_ideas():
    s, cap = _two_cities(food=1, wood=1, ore=1)
    s.advances(0, "writing")
    m = s.match()
    accepted(m, f"grow {cap} academy")
    assert m.state["players"][0]["res"]["ideas"] == 2


def test_grow_temple_token():
    s, cap = _two_cities(food=1, wood=1, ore=1)
    s.advances(0, "myths")
    m = s.match()
    assert refused(m, f"grow {cap} temple") == "grow.temple-token"
    accepted(m, f"grow {cap} temple:culture")
    assert m.state["players"][0]["culture"] == 1


def test_research_payment_choice_food_or_ideas():
    """Primer: "An advance costs 2 Food, either or both of which may be replaced by Ideas
    instead." With 2 food and 1 idea the player chooses how to pay (not the engine)."""
    s = open_map().resources(0, food=2, ideas=1)
    m = s.match()
    accepted(m, "research tactics")
    frame = m.state["stack"][-1]
    assert frame["kind"] == "research_payment"
    assert sorted(str(a) for a in m.legal_actions()) == ["pay food:1+ideas:1", "pay food:2"]
    assert refused(m, "pay ideas:2") == "research.payment-choice"
    accepted(m, "pay food:1+ideas:1")
    p = m.state["players"][0]
    assert p["res"]["food"] == 1 and p["res"]["ideas"] == 0
    assert p["culture"] == 1 and p["culture_track"] == 1


def test_research_payment_given_with_the_action():
    """The payment may come with the action (``research tactics food:2``); a payment that
    does not cover the cost or that the player does not hold is refused."""
    s = open_map().resources(0, food=2, ideas=1)
    m = s.match()
    assert refused(m, "research tactics ideas:2") == "research.payment"
    assert refused(m, "research tactics food:1") == "research.payment"
    accepted(m, "research tactics food:2")
    assert m.state["stack"][-1]["kind"] == "turn"
    assert m.state["players"][0]["res"] == {**m.state["players"][0]["res"], "food": 0, "ideas": 1}


def test_research_payment_one_way_is_not_asked():
    """With food only there is one way to pay: nothing is asked."""
    s = open_map().resources(0, food=2)
    m = s.match()
    accepted(m, "research tactics")
    assert m.state["stack"][-1]["kind"] == "turn"
    assert m.state["players"][0]["res"]["food"] == 0


def test_research_cost():
    s = open_map().resources(0, food=1)
    assert refused(s.match(), "research tactics") == "research.cost"


def test_research_top_of_group():
    s = open_map().resources(0, food=2)
    assert refused(s.match(), "research siegecraft") == "research.top-of-group"


def test_research_prerequisite():
    s = open_map().resources(0, food=2)
    assert refused(s.match(), "research sanitation") == "research.prerequisite"


def test_research_government_prerequisite():
    s = open_map().resources(0, food=2)
    assert refused(s.match(), "research voting") == "research.government-prerequisite"


def test_research_already_owned_and_unknown():
    m = open_map().resources(0, food=2).match()
    assert refused(m, "research farming") == "research.already-owned"
    assert refused(m, "research alchemy") == "research.unknown-advance"


def test_research_switching_government_moves_cubes():
    s = open_map().resources(0, food=2)
    s.advances(0, "writing", "philosophy", "voting", "civil_liberties", "tactics", "draft")
    m = s.match()
    accepted(m, "research nationalism")
    accepted(m, "cube totalitarianism")  # the second moved cube: the player's choice
    adv = m.state["players"][0]["advances"]
    assert "voting" not in adv and "civil_liberties" not in adv
    assert {"nationalism", "totalitarianism"} <= set(adv)


def test_research_mathematics_makes_engineering_free():
    s = open_map().resources(0, food=0).advances(0, "mathematics")
    m = s.match()
    accepted(m, "research engineering")


def test_track_event_on_reaching_three():
    s = open_map().resources(0, food=2).tracks(0, mood=2)
    m = s.match()
    accepted(m, "research irrigation")
    assert m.state["players"][0]["mood_track"] == 3
    assert any(e["kind"] == "event_card" for e in m.log)


def test_civic_cost_and_already_happy():
    s = open_map().resources(0, mood=1)
    cap = s.capital(0)
    m = s.match()
    accepted(m, "civic")
    accepted(m, f"improve {cap}")
    assert m.state["cities"][cap]["mood"] == 2 and m.state["players"][0]["mood"] == 0
    assert refused(m, f"improve {cap}") == "civic.already-happy"


def test_civic_something_to_improve():
    s = open_map().resources(0, mood=0)
    assert refused(s.match(), "civic") == "civic.something-to-improve"


def test_civic_takes_only_voting_as_argument():
    # Found by the fuzz test: "civic 0,0" used to pass as a plain civic action.
    s = open_map().resources(0, mood=1)
    m = s.match()
    assert refused(m, f"civic {s.capital(0)}") == "engine.malformed"
    accepted(m, "civic")


def test_happy_city_counts_one_larger():
    s = open_map().resources(0, food=2, ore=2)
    cap = s.capital(0)
    s.city(0, cap, mood="happy")
    m = s.match()
    accepted(m, f"build {cap}")
    accepted(m, "unit army")
    accepted(m, "unit army")


def test_end_turn_passes_to_next_player():
    m = open_map().match()
    accepted(m, "end")
    assert m.current_player == 1 and m.state["turn"]["actions"] == 3


def test_research_payment_priesthood_is_a_may_with_free_education():
    """Primer, Priesthood: "Once per turn, you may buy a Science advancement at no Food
    cost." Free Education: "Get 1 Mood token whenever you use Gold or Ideas to research an
    advance." Paying 2 ideas for Mathematics instead of taking it free earns the token, so
    the player may name that payment, and Priesthood stays unused this turn."""
    s = open_map().advances(0, "myths", "priesthood", "writing", "free_education")
    s.resources(0, food=0, ideas=2)
    m = s.match()
    mood = m.state["players"][0]["mood"]
    accepted(m, "research mathematics ideas:2")
    p = m.state["players"][0]
    assert p["res"]["ideas"] == 0 and p["mood"] == mood + 1
    assert "priesthood" not in p["once"]


def test_research_payment_choice_offers_the_free_science_advance_or_the_token():
    """Primer, Priesthood: "you may buy a Science advancement at no Food cost": a may. With
    Free Education declining it makes a difference (a mood token), so the player is asked;
    taking it free uses Priesthood for the turn."""
    s = open_map().advances(0, "myths", "priesthood", "writing", "free_education")
    s.resources(0, food=0, ideas=2)
    m = s.match()
    accepted(m, "research mathematics")
    assert m.state["stack"][-1]["kind"] == "research_payment"
    assert sorted(str(a) for a in m.legal_actions()) == ["pay free", "pay ideas:2"]
    accepted(m, "pay free")
    p = m.state["players"][0]
    assert p["res"]["ideas"] == 2 and "priesthood" in p["once"]


def test_research_payment_free_science_advance_not_asked_when_declining_changes_nothing():
    """Without Free Education, paying for what Priesthood gives free gains nothing (any
    other Science advance costs the same whichever one is free): not asked, and a payment
    may still be named with the action."""
    s = open_map().advances(0, "myths", "priesthood", "mathematics", "astronomy")
    s.resources(0, food=2, ideas=0)
    m = s.match()
    accepted(m, "research chemistry")
    assert m.state["stack"][-1]["kind"] == "turn"
    p = m.state["players"][0]
    assert p["res"]["food"] == 2 and "priesthood" in p["once"]
