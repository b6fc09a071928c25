"""Founding, activating and growing cities: the rule ids no other test names.

One test (or more) per rule id; the docstrings quote the primer ("Actions
(Expanded)" and "Advances").
"""

from clash_widget.coc.board import board_neighbours, hex_distance

from .helpers import accepted, open_map, refused

YIELD = {"plains": "food", "forest": "wood", "mountain": "ore"}
DEMOCRACY = ("writing", "philosophy", "voting")
AUTOCRACY = ("tactics", "draft", "nationalism")


def _count(m, kind, player=0, at=None):
    return sum(
        1
        for u in m.state["units"].values()
        if u["owner"] == player and u["kind"] == kind and (at is None or u["hex"] == at)
    )


def _coastal(s):
    """A free land hex (not barren) with two sea neighbours, and those two sea hexes."""
    hexes = s.state["hexes"]
    for key in sorted(hexes):
        if hexes[key]["terrain"] not in YIELD or key in s.state["cities"]:
            continue
        if any(u["hex"] == key for u in s.state["units"].values()):
            continue
        seas = sorted(n for n in board_neighbours(s.state, key) if hexes[n]["terrain"] == "sea")
        if len(seas) >= 2:
            return key, seas
    raise AssertionError("no coastal hex on this map")


def _two_cities(**res):
    s = open_map()
    cap = s.capital(0)
    s.city(0, s.find("plains", near=cap)).resources(0, **res)
    return s, cap


def _second_city(s):
    return next(k for k, c in s.state["cities"].items() if c["owner"] == 0 and not c["capital"])


# == build units ===============================================================


def test_build_draft_needs_the_advance():
    """Primer, Draft: "Whenever you Build Units, you may pay for a single Army unit with a
    Mood token." Without Draft a mood token pays for nothing."""
    s = open_map().resources(0, food=2, mood=1)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    assert refused(m, "unit army draft") == "build.draft"


def test_build_draft_pays_for_a_single_army_with_a_mood_token():
    """Primer, Draft: "Whenever you Build Units, you may pay for a single Army unit with a
    Mood token." """
    s = open_map().advances(0, "tactics", "draft").resources(0, food=0, ore=0, mood=2)
    cap = s.capital(0)
    s.city(0, cap, mood="happy")  # builds up to 2 units
    m = s.match()
    res = dict(m.state["players"][0]["res"])
    accepted(m, f"build {cap}")
    accepted(m, "unit army draft")
    assert _count(m, "army", at=cap) == 1
    assert m.state["players"][0]["mood"] == 1
    assert m.state["players"][0]["res"] == res  # no food, no ore spent
    assert refused(m, "unit army draft") == "build.draft"  # a single army per build


def test_build_draft_only_for_an_army():
    """Primer, Draft: "you may pay for a single Army unit with a Mood token" (not a settler
    or a ship)."""
    s = open_map().advances(0, "tactics", "draft").resources(0, food=2, mood=1)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    assert refused(m, "unit settler draft") == "build.draft"


def test_build_draft_needs_a_mood_token():
    """Primer, Draft: "you may pay for a single Army unit with a Mood token." """
    s = open_map().advances(0, "tactics", "draft").resources(0, food=1, ore=1, mood=0)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    assert refused(m, "unit army draft") == "build.draft"


def test_build_draft_costs_two_mood_with_civil_liberties():
    """Primer, Civil Liberties: "Draft is weakened and requires 2 Mood tokens, not 1." """
    s = open_map().advances(0, *DEMOCRACY, "civil_liberties", "tactics", "draft")
    s.resources(0, food=1, ore=1, mood=1)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    assert refused(m, "unit army draft") == "build.draft"

    s = open_map().advances(0, *DEMOCRACY, "civil_liberties", "tactics", "draft")
    s.resources(0, food=0, ore=0, mood=2)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    accepted(m, "unit army draft")
    assert m.state["players"][0]["mood"] == 0
    assert _count(m, "army") == 1


def test_build_nationalism_token_must_be_named():
    """Primer, Nationalism: "Whenever you perform a build action that includes an Army or Ship,
    gain a Mood or Culture token." The player names the token."""
    s = open_map().advances(0, *AUTOCRACY).resources(0, food=1, ore=1)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    accepted(m, "unit army")
    assert refused(m, "done") == "build.nationalism-token"
    assert refused(m, "done gold") == "build.nationalism-token"
    accepted(m, "done culture")
    assert m.state["players"][0]["culture"] == 1
    assert m.state["players"][0]["mood"] == 0


def test_build_nationalism_token_mood():
    """Primer, Nationalism: "gain a Mood or Culture token." """
    s = open_map().advances(0, *AUTOCRACY).resources(0, food=1, ore=1)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    accepted(m, "unit army")
    accepted(m, "done mood")
    assert m.state["players"][0]["mood"] == 1
    assert m.state["players"][0]["culture"] == 0


def test_build_nationalism_token_needs_nationalism():
    """Primer, Nationalism: only its holder gains the token; without it a build ends with
    a plain done."""
    s = open_map().advances(0, "tactics").resources(0, food=1, ore=1)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    accepted(m, "unit army")
    assert refused(m, "done mood") == "build.nationalism-token"
    accepted(m, "done")
    assert m.state["players"][0]["mood"] == 0


def test_build_nationalism_no_token_for_settlers_only():
    """Primer, Nationalism: a token for "a build action that includes an Army or Ship"; a
    build of settlers only gains nothing."""
    s = open_map().advances(0, *AUTOCRACY).resources(0, food=2)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    accepted(m, "unit settler")
    # One real answer, so no token choice is offered ("a choice with one answer is not asked").
    assert [str(a) for a in m.legal_actions()] == ["done"]
    assert refused(m, "done mood") == "build.nationalism-token"
    accepted(m, "done")
    assert m.state["players"][0]["mood"] == 0
    assert m.state["players"][0]["culture"] == 0


def test_build_and_grow_extra_words_are_malformed():
    """An action with words the grammar does not know is refused as malformed, with the
    expected form, instead of being played as if they were not there."""
    s = open_map().resources(0, food=2, ore=1, wood=1).advances(0, "tactics")
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    out = m.play("unit army banana")
    assert not out.ok and out.verdict.rule_id == "engine.malformed"
    assert "unit army draft" in out.verdict.reason
    s = open_map().resources(0, food=2, ore=1, wood=1).advances(0, "tactics")
    s.city(0, s.find("plains", near=s.capital(0)))
    out = s.match().play(f"grow {s.capital(0)} fortress banana")
    assert not out.ok and out.verdict.rule_id == "engine.malformed"


def test_build_something():
    """Primer, Build Units: "You may build a number of units equal to city size." An
    activation that builds nothing is refused ("build.something")."""
    s = open_map().resources(0, food=2)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    assert refused(m, "done") == "build.something"


def test_build_unit_kind():
    """Primer, Build Units: the units are "Settler - 2 Food", "Army - 1 Food, 1 Ore" and
    "Ship - 2 Wood"; nothing else can be built."""
    s = open_map().resources(0, food=2)
    m = s.match()
    accepted(m, f"build {s.capital(0)}")
    assert refused(m, "unit fortress") == "build.unit-kind"
    assert refused(m, "unit wizard") == "build.unit-kind"


# == activate a city ===========================================================


def test_city_own_city():
    """Primer, Activate a City: "Activating a City means using it to collect resources, or
    build troops or buildings" -- one of your own cities."""
    s = open_map().resources(0, food=2, wood=1, ore=1).advances(0, "tactics")
    s.city(0, s.find("plains", near=s.capital(0)))  # two cities: growing is possible
    cap1 = s.capital(1)
    m = s.match()
    assert refused(m, f"collect {cap1}") == "city.own-city"
    assert refused(m, f"build {cap1}") == "city.own-city"
    assert refused(m, f"grow {cap1} fortress") == "city.own-city"
    empty = s.find("plains")
    assert refused(m, f"collect {empty}") == "city.own-city"


# == collect =====================================================================


def test_collect_actions_left():
    """Primer, Actions: "Each player can take three actions a turn"; collecting is one
    of them."""
    s = open_map().turn(0, actions=0)
    assert refused(s.match(), f"collect {s.capital(0)}") == "collect.actions-left"


def test_collect_actions_left_economic_liberty_first_collect_is_free():
    """Primer, Economic Liberty: "Your first collect action each turn has no action cost.
    Additional collect actions cost 2 Mood tokens." The tokens take the action's place: with
    no action left, a second collect is paid with 2 mood tokens alone."""
    s, cap = _two_cities(food=0)
    s.advances(0, *DEMOCRACY, "economic_liberty").resources(0, mood=2).turn(0, actions=0)
    m = s.match()
    accepted(m, f"collect {cap}")
    accepted(m, f"take {cap} food")
    accepted(m, "done")
    assert m.state["players"][0]["res"]["food"] == 1
    assert m.state["turn"]["actions"] == 0
    accepted(m, f"collect {_second_city(s)}")
    assert m.state["players"][0]["mood"] == 0 and m.state["turn"]["actions"] == 0


def test_collect_actions_left_economic_liberty_action_too_option():
    """Our former reading, kept as the option economic_liberty_action_too: a further collect
    costs its action and the 2 mood tokens."""
    s, cap = _two_cities(food=0)
    s.state["options"]["economic_liberty_action_too"] = True
    s.advances(0, *DEMOCRACY, "economic_liberty").resources(0, mood=2).turn(0, actions=0)
    m = s.match()
    accepted(m, f"collect {cap}")
    accepted(m, f"take {cap} food")
    accepted(m, "done")
    assert refused(m, f"collect {_second_city(s)}") == "collect.actions-left"


def test_collect_economic_liberty_mood():
    """Primer, Economic Liberty: "Your first collect action each turn has no action cost.
    Additional collect actions cost 2 Mood tokens." """
    s, cap = _two_cities()
    s.advances(0, *DEMOCRACY, "economic_liberty").resources(0, mood=1).turn(0)
    m = s.match()
    accepted(m, f"collect {cap}")
    accepted(m, f"take {cap} food")
    accepted(m, "done")
    assert m.state["turn"]["actions"] == 3  # the first collect was free
    second = _second_city(s)
    assert refused(m, f"collect {second}") == "collect.economic-liberty-mood"

    m.state["players"][0]["mood"] = 2
    accepted(m, f"collect {second}")
    assert m.state["players"][0]["mood"] == 0
    assert m.state["turn"]["actions"] == 3  # the tokens replace the action


def _far_hex(s, cap):
    """A free hex two spaces from ``cap`` that yields food, wood or ore."""
    hexes = s.state["hexes"]
    return next(
        k
        for k in sorted(hexes)
        if hex_distance(k, cap) == 2
        and hexes[k]["terrain"] in YIELD
        and k not in s.state["cities"]
        and not any(u["hex"] == k for u in s.state["units"].values())
    )


def test_collect_husbandry_needs_the_advance():
    """Primer, Husbandry: "When collecting, pay 1 Food (free if you have the Roads advance)
    to collect from hexes up to 2 spaces away." Only with Husbandry."""
    s = open_map().resources(0, food=1)
    m = s.match()
    accepted(m, f"collect {s.capital(0)}")
    assert refused(m, "husbandry") == "collect.husbandry"


def test_collect_husbandry_reaches_two_spaces_for_one_food():
    """Primer, Husbandry: "When collecting, pay 1 Food ... to collect from hexes up to 2
    spaces away." """
    s = open_map().advances(0, "husbandry").resources(0, food=1)
    cap = s.capital(0)
    far = _far_hex(s, cap)
    res = YIELD[s.state["hexes"][far]["terrain"]]
    m = s.match()
    accepted(m, f"collect {cap}")
    assert refused(m, f"take {far} {res}") == "collect.in-range"
    accepted(m, "husbandry")
    assert m.state["players"][0]["res"]["food"] == 0
    assert refused(m, "husbandry") == "collect.husbandry"  # once per collect
    accepted(m, f"take {far} {res}")
    accepted(m, "done")
    assert m.state["players"][0]["res"][res] == 1


def test_collect_husbandry_needs_food_or_roads():
    """Primer, Husbandry: "pay 1 Food (free if you have the Roads advance)"."""
    s = open_map().advances(0, "husbandry").resources(0, food=0)
    m = s.match()
    accepted(m, f"collect {s.capital(0)}")
    assert refused(m, "husbandry") == "collect.husbandry"

    s = open_map().advances(0, "husbandry", "engineering", "roads").resources(0, food=0)
    cap = s.capital(0)
    far = _far_hex(s, cap)
    m = s.match()
    accepted(m, f"collect {cap}")
    accepted(m, "husbandry")
    assert m.state["players"][0]["res"]["food"] == 0
    accepted(m, f"take {far} {YIELD[s.state['hexes'][far]['terrain']]}")


def test_collect_husbandry_chosen_before_any_hex():
    """Primer, Husbandry: "When collecting, pay 1 Food ... to collect from hexes up to 2
    spaces away": the reach is bought for the collect, before its hexes are picked
    (our reading of the order)."""
    s = open_map().advances(0, "husbandry").resources(0, food=1)
    cap = s.capital(0)
    s.city(0, cap, mood="happy")
    m = s.match()
    accepted(m, f"collect {cap}")
    accepted(m, f"take {cap} food")
    assert refused(m, "husbandry") == "collect.husbandry"


def test_collect_one_sea_hex():
    """Primer, Fishing: "Your cities may collect Food from one adjacent Sea space." """
    s = open_map().advances(0, "fishing").resources(0, food=0)
    key, seas = _coastal(s)
    s.city(0, key, mood="happy")  # collects from 2 hexes
    own = YIELD[s.state["hexes"][key]["terrain"]]
    m = s.match()
    accepted(m, f"collect {key}")
    accepted(m, f"take {seas[0]} food")
    assert refused(m, f"take {seas[1]} food") == "collect.one-sea-hex"
    accepted(m, f"take {key} {own}")
    accepted(m, "done")
    res = m.state["players"][0]["res"]
    assert res["food"] == (2 if own == "food" else 1)


# == found a city =================================================================


def test_found_on_board():
    """Primer, Found a City: "If you have a Settler on a non-barren space ..." -- a space
    of the board."""
    m = open_map().match()
    assert refused(m, "found 99,99") == "found.on-board"
    assert refused(m, "found -40,3") == "found.on-board"


# == increase city size ============================================================


def test_grow_piece_kind():
    """Primer, Increase City Size: the city pieces are Fortress, Academy, Temple and Port."""
    s, cap = _two_cities(food=1, wood=1, ore=1)
    s.advances(0, "tactics")
    m = s.match()
    assert refused(m, f"grow {cap} castle") == "grow.piece-kind"
    assert refused(m, f"grow {cap} settler") == "grow.piece-kind"


def test_grow_port_sea():
    """Primer, Port (Fishing): "Once per Collect Resources action, an adjacent sea space
    generates a Gold or a Mood token"; "Ship - 2 Wood. This is placed in the sea space the
    Port services." The port serves one sea hex next to the city."""
    s = open_map().advances(0, "fishing").resources(0, food=1, wood=1, ore=1)
    key, seas = _coastal(s)
    s.city(0, key)  # with the capital: two cities
    hexes = s.state["hexes"]
    land = next(n for n in board_neighbours(s.state, key) if hexes[n]["terrain"] != "sea")
    far_sea = next(
        k
        for k in sorted(hexes)
        if hexes[k]["terrain"] == "sea" and k not in board_neighbours(s.state, key)
    )
    m = s.match()
    assert refused(m, f"grow {key} port") == "grow.port-sea"
    assert refused(m, f"grow {key} port@{land}") == "grow.port-sea"
    assert refused(m, f"grow {key} port@{far_sea}") == "grow.port-sea"
    assert refused(m, f"grow {key} port@99,99") == "grow.port-sea"
    accepted(m, f"grow {key} port@{seas[0]}")
    city = m.state["cities"][key]
    assert city["port"] == seas[0] and city["pieces"] == {"port": 0}


def test_grow_sanitation_needs_the_advance():
    """Primer, Sanitation: "When increasing city size, pay 1 Food to gain 1 Settler." Only
    with Sanitation."""
    s, cap = _two_cities(food=2, wood=1, ore=1)
    s.advances(0, "tactics")
    assert refused(s.match(), f"grow {cap} fortress +settler") == "grow.sanitation"


def test_grow_sanitation_buys_a_settler_for_one_food():
    """Primer, Sanitation: "When increasing city size, pay 1 Food to gain 1 Settler." """
    s, cap = _two_cities(food=2, wood=1, ore=1)
    s.advances(0, "tactics", "engineering", "sanitation")
    m = s.match()
    settlers = _count(m, "settler", at=cap)
    accepted(m, f"grow {cap} fortress +settler")
    assert _count(m, "settler", at=cap) == settlers + 1
    assert m.state["players"][0]["res"] == {"food": 0, "wood": 0, "ore": 0, "ideas": 0, "gold": 0}
    assert m.state["cities"][cap]["pieces"] == {"fortress": 0}


def test_grow_sanitation_settler_within_the_stack_limit():
    """Primer, Build Units: "you may never have more than 4 units on a space"; a Sanitation
    settler ("pay 1 Food to gain 1 Settler") must fit in the growing city."""
    s, cap = _two_cities(food=2, wood=1, ore=1)
    s.advances(0, "tactics", "engineering", "sanitation")
    s.units(0, cap, army=3)  # + the starting settler = 4
    m = s.match()
    assert refused(m, f"grow {cap} fortress +settler") == "grow.sanitation"
    accepted(m, f"grow {cap} fortress")
    assert m.state["players"][0]["res"]["food"] == 1


def test_collect_sea_adjacent_fishing_is_not_stretched_by_husbandry():
    """Primer, Fishing: "Your cities may collect Food from one adjacent Sea space."
    Husbandry's "hexes up to 2 spaces away" reaches land; Fishing's sea stays the one
    next to the city: a sea two spaces away gives nothing, even after paying Husbandry."""
    s = open_map().advances(0, "husbandry", "fishing").resources(0, food=1)
    cap = s.capital(0)
    far = _far_hex(s, cap)
    s.paint(far, "sea")
    m = s.match()
    accepted(m, f"collect {cap}")
    accepted(m, "husbandry")
    assert f"take {far} food" not in {str(a) for a in m.legal_actions()}
    assert refused(m, f"take {far} food") == "collect.sea-adjacent"
