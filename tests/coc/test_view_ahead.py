"""The view offers the choices the engine would ask next, so the board can take them in
one gesture: which unit of a stack goes (click it) and how to pay (a "pay with" choice).

Primer, Move Units: "The Move action allows you to move up to three units or groups of
units" (the player says which units, move.which-units); Resources: Gold "May be used in
place of any other normal Resource" (the player names the payment, payment.named, or is
asked, payment.choice). The view's offers are exactly the engine's: each key is legal,
and playing it leaves nothing more to ask.
"""

from clash_widget.bots import make_bot
from clash_widget.coc import ahead
from clash_widget.coc.places import from_to
from clash_widget.engine import Action, Match
from clash_widget.engine.state import clone

from .helpers import accepted, open_map
from .test_movement_exact import (
    _coast,
    _land_next_to,
    _settler_ashore_beside,
    _two_ships_one_loaded,
)


def _legal(m, key):
    return next(a for a in m.view(0)["legal"] if a["key"] == key)


def _stack(m, hex_key, kind):
    q, r = (int(x) for x in hex_key.split(","))
    return next(u for u in m.view(0)["units"] if (u["q"], u["r"], u["kind"]) == (q, r, kind))


# -- which unit of a stack (move.which-units) ------------------------------------------


def test_move_which_units_view_names_the_parts_of_a_stack_in_words():
    """Two ships that differ (one carries a settler): the stack names its two kinds of ship
    in words, each with a reference the picks use; the settler aboard is its own stack."""
    s, sea, other, ships, settler = _two_ships_one_loaded()
    m = s.match()
    stack = _stack(m, sea, "ship")
    assert stack["count"] == 2
    assert [(p["label"], p["count"]) for p in stack["parts"]] == [
        ("the ship carrying 1 settler", 1),
        ("an empty ship", 1),
    ]
    assert len({p["ref"] for p in stack["parts"]}) == 2
    assert "parts" not in _stack(m, sea, "settler")


def test_move_which_units_no_parts_when_the_units_are_alike():
    """Two empty ships: whichever sails changes nothing, so nothing is offered or asked."""
    s = open_map().clear_units(None)
    sea, lands, seas = _coast(s)
    s.units(0, sea, ship=2)
    m = s.match()
    accepted(m, "move")
    assert "parts" not in _stack(m, sea, "ship")
    assert not any("picks" in a for a in m.view(0)["legal"])


def test_move_which_units_offered_per_part_and_not_asked_again():
    """The group move offers one key per choice, naming the part clicked; playing the one
    with the loaded ship sails it (with its settler) and the engine does not ask again."""
    s, sea, other, ships, settler = _two_ships_one_loaded()
    m = s.match()
    accepted(m, "move")
    parts = {p["label"]: p["ref"] for p in _stack(m, sea, "ship")["parts"]}
    picks = _legal(m, f"group {sea} {other} h1")["picks"]
    by_part = {tuple(p["parts"]): p for p in picks}
    assert set(by_part) == {(parts["the ship carrying 1 settler"],), (parts["an empty ship"],)}
    loaded = by_part[(parts["the ship carrying 1 settler"],)]
    way = from_to(m.state, sea, other)  # the sea hexes in words (coc/places.py)
    assert loaded["label"] == f"Move 1 ship {way}: the ship carrying 1 settler"
    for p in picks:
        assert m.game.check(m.state, Action.parse(p["key"])) is None
    accepted(m, loaded["key"])
    assert m.state["stack"][-1]["kind"] == "move"
    assert m.state["units"][ships[1]]["hex"] == other
    assert m.state["units"][settler]["hex"] == other
    assert m.state["units"][ships[0]]["hex"] == sea


def test_move_which_units_the_log_says_which_ship_sailed():
    """After the player chose the ship, the log says which one went: the loaded ship's move
    names its cargo ("carrying 1 settler"), the empty ship's does not."""
    for part, words in (
        ("the ship carrying 1 settler", " carrying 1 settler"),
        ("an empty ship", ""),
    ):
        s, sea, other, _ships, _settler = _two_ships_one_loaded()
        m = s.match()
        accepted(m, "move")
        parts = {p["label"]: p["ref"] for p in _stack(m, sea, "ship")["parts"]}
        chosen = next(
            p for p in _legal(m, f"group {sea} {other} h1")["picks"] if p["parts"] == [parts[part]]
        )
        out = m.play(chosen["key"])
        assert out.ok, out.verdict
        name = m.state["players"][0]["name"]
        assert [e["text"] for e in out.events if e["kind"] == "move"] == [
            f"{name} moves 1 ship{words} {from_to(m.state, sea, other)}."
        ]


def test_move_which_units_boarding_offers_the_ship_at_the_destination():
    """Primer: "Every ship may transport two Land units by having the units move onto the
    Ship". Boarding one of two ships that differ: the choice names the ship (a part of the
    stack at sea), and the settler rides the one picked."""
    s, sea, other, ships, settler = _two_ships_one_loaded()
    land, boarder = _settler_ashore_beside(s, sea)
    m = s.match()
    accepted(m, "move")
    parts = {p["label"]: p["ref"] for p in _stack(m, sea, "ship")["parts"]}
    picks = _legal(m, f"group {land} {sea} s1")["picks"]
    empty = next(p for p in picks if p["parts"] == [parts["an empty ship"]])
    assert empty["label"].endswith("aboard the empty ship")
    accepted(m, empty["key"])
    assert m.state["stack"][-1]["kind"] == "move"
    assert m.state["units"][boarder]["on"] == ships[0]


def test_move_which_units_forest_army_or_fresh_one():
    """Primer: "Units that move into a Forest can be moved again the same turn, but not if
    this would result in a battle": an army that entered a forest and a fresh one are told
    apart in words, and the player's pick is the one that goes."""
    s = open_map().advances(0, "tactics").clear_units(None)
    cap = s.capital(0)
    s.units(0, cap, army=2)
    armies = sorted(s.state["units"], key=lambda k: int(k[1:]))
    s.state["units"][armies[1]]["forest"] = True
    dest = _land_next_to(s, cap)
    m = s.match()
    accepted(m, "move")
    labels = {p["label"]: p["ref"] for p in _stack(m, cap, "army")["parts"]}
    assert set(labels) == {
        "an army that entered a forest this turn",
        "an army that did not enter a forest this turn",
    }
    picks = _legal(m, f"group {cap} {dest} a1")["picks"]
    fresh_ref = labels["an army that did not enter a forest this turn"]
    fresh = next(p for p in picks if p["parts"] == [fresh_ref])
    accepted(m, fresh["key"])
    assert m.state["stack"][-1]["kind"] == "move"
    assert m.state["units"][armies[0]]["hex"] == dest
    assert m.state["units"][armies[1]]["hex"] == cap


# -- how to pay (payment.named, payment.choice) ----------------------------------------


def _army_builder(**res):
    s = open_map().advances(0, "tactics").resources(0, **res)
    return s, s.capital(0)


def test_payment_choice_offered_ahead_as_the_engine_would_ask():
    """With food, ore and a gold an army can be paid three ways: the view offers exactly the
    options the payment decision lists, in words, and a named one is paid without asking."""
    s, cap = _army_builder(food=1, ore=1, gold=1)
    m = s.match()
    accepted(m, f"build {cap}")
    offered = _legal(m, "unit army")["payments"]
    assert [p["label"] for p in offered] == [
        "1 food and 1 ore",
        "1 food and 1 gold",
        "1 ore and 1 gold",
    ]
    asked = s.match()
    accepted(asked, f"build {cap}")
    accepted(asked, "unit army")
    assert asked.state["stack"][-1]["kind"] == "payment"
    options = asked.state["stack"][-1]["options"]
    assert [p["key"] for p in offered] == [f"unit army {o}" for o in options]
    accepted(m, "unit army food:1+gold:1")
    assert m.state["stack"][-1]["kind"] == "build"
    res = m.state["players"][0]["res"]
    assert (res["food"], res["ore"], res["gold"]) == (0, 1, 0)


def test_payment_named_not_offered_with_one_way_to_pay():
    """No gold: one way to pay, so nothing is offered (and nothing asked)."""
    s, cap = _army_builder(food=1, ore=1, gold=0)
    m = s.match()
    accepted(m, f"build {cap}")
    assert "payments" not in _legal(m, "unit army")


def test_payment_named_grow_offers_the_ways_with_gold():
    """Increase City Size: "you must pay 1 Food, 1 Ore and 1 Wood"; with one gold, four ways
    are open and offered beside the growth."""
    s = open_map().advances(0, "tactics").resources(0, food=1, wood=1, ore=1, gold=1)
    cap = s.capital(0)
    s.city(0, s.find("plains", near=cap))
    m = s.match()
    grow = _legal(m, f"grow {cap} fortress")
    assert len(grow["payments"]) == 4
    assert "1 food, 1 wood and 1 gold" in [p["label"] for p in grow["payments"]]
    accepted(m, f"grow {cap} fortress food:1+wood:1+gold:1")
    assert m.state["stack"][-1]["kind"] != "payment"
    assert "fortress" in m.state["cities"][cap]["pieces"]


def _asked_after(m, key):
    """The question the engine asks after ``key`` (played on a copy): its kind and options; a
    which-units question on the way is answered with its first choice."""
    trial = clone(m.state)
    m.game.apply(trial, Action.parse(key))
    top = m.game.top(trial)
    if top is not None and top["kind"] == "which_units":
        m.game.apply(trial, Action("pick", (top["options"][0],)))
        top = m.game.top(trial)
    return (top["kind"], top.get("options")) if top is not None else (None, None)


def test_payment_choice_and_which_units_offers_are_what_the_engine_asks_in_bot_games():
    """Over bot games: every key offered (a pick or a payment) is legal and asks nothing
    more; an action offers payments exactly when playing it plainly asks how to pay, and
    the same ones; a group move offers picks exactly when it asks which units go."""
    seen = {"picks": 0, "payments": 0}
    for seed in (1, 2, 3):
        m = Match.new("coc", 3, seed)
        bots = [make_bot("heuristic", "coc", seed + i) for i in range(3)]
        for _ in range(600):
            if m.is_over:
                break
            for a in m.view(None)["legal"]:
                for what in seen:
                    for offer in a.get(what, []):
                        seen[what] += 1
                        assert m.game.check(m.state, Action.parse(offer["key"])) is None, offer
                if a["kind"] in ("unit", "grow", "wonder", "husbandry", "siege", "group"):
                    kind, options = _asked_after(m, a["key"])
                    pays = [p["key"] for p in a.get("payments", [])]
                    assert (
                        pays == [f"{a['key']} {o}" for o in options or []]
                        if kind == "payment"
                        else not pays
                    ), a
                    for key in pays[:1]:
                        assert _asked_after(m, key)[0] != "payment"
                if a["kind"] == "group":
                    trial = clone(m.state)
                    m.game.apply(trial, Action.parse(a["key"]))
                    asks = m.game.top(trial)["kind"] == "which_units"
                    assert asks == bool(a.get("picks")), a
                    for p in a.get("picks", [])[:1]:
                        assert _asked_after(m, p["key"])[0] != "which_units"
            m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions()))
    assert seen["picks"] > 0 and seen["payments"] > 0, seen


def test_stack_parts_badges():
    """The short tag drawn on a unit part (the legend explains it); a ship's cargo is not a
    tag ("+S" was cryptic, issue #37) but its ``cargo``, which the board draws as pieces."""
    assert ahead._badge("ship-carrying-a1s1") == "" and ahead._badge("ship-carrying-s2") == ""
    assert ahead._cargo("ship-carrying-a1s1") == {"army": 1, "settler": 1}
    assert ahead._cargo("ship-carrying-s2") == {"settler": 2}
    assert ahead._badge("army-forest") == "\u2663"  # the map's forest glyph
    assert ahead._badge("ship-empty") == "" and ahead._badge("army-fresh") == ""
    assert ahead._cargo("ship-empty") == {} and ahead._cargo("army-forest") == {}


def test_move_which_units_js_fixtures_are_the_views_python_makes_now():
    """The views js/test/choices.test.ts renders (parts, picks, payments) are fresh."""
    from tests.match_checks import assert_js_fixtures_fresh

    assert_js_fixtures_fresh("choice")


def test_payment_named_with_the_units_picked_on_a_road():
    """Roads: "you may pay 1 Food to let them move 2 spaces and/or 1 Ore to ignore terrain
    penalties", and gold "May be used in place of any other normal Resource": a road move
    of one of two armies that differ asks which army goes and how to pay; each pick offers
    the payments too, and the key naming both asks nothing more."""
    s = open_map().advances(0, "tactics", "engineering", "roads").clear_units(None)
    s.resources(0, food=1, ore=1, gold=1)
    cap = s.capital(0)
    s.units(0, cap, army=2)
    armies = sorted(s.state["units"], key=lambda k: int(k[1:]))
    s.state["units"][armies[1]]["forest"] = True
    m = s.match()
    accepted(m, "move")
    road = next(a for a in m.view(0)["legal"] if "roads:" in a["key"] and a.get("picks"))
    assert [p["label"] for p in road["payments"]] == ["1 ore", "1 gold"]
    fresh = next(p for p in road["picks"] if "army-fresh" in p["key"])
    assert [x["label"] for x in fresh["payments"]] == ["1 ore", "1 gold"]
    key = fresh["payments"][1]["key"]
    assert key == f"{fresh['key']} gold:1"
    accepted(m, key)
    assert m.state["stack"][-1]["kind"] == "move"
    assert m.state["units"][armies[0]]["hex"] != cap and m.state["units"][armies[1]]["hex"] == cap
    assert m.state["players"][0]["res"]["gold"] == 0
