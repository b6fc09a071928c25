"""Events (with their immunities), barbarians, wonders, objectives and action cards.

Primer: Research an Advance (events), Advances (Irrigation, Sanitation, Myths,
Engineering, Monuments), Wonders, Status Phase, Actions (Expanded).
"""

import json

from clash_widget.coc import cards, events, scoring
from clash_widget.coc.board import cities_of, hex_distance
from clash_widget.coc.combat import capture
from clash_widget.coc.vocab import BARBARIANS
from clash_widget.engine.game import Events

from .helpers import accepted, open_map, refused, rig_dice


def _event(s, card, p=0):
    """Resolve event ``card`` for player ``p`` as if a track had just reached 3."""
    s.state["decks"]["events"] = [f"{card}#0"]
    ev = Events()
    events.draw_event(s.state, p, ev)
    return ev


def _moods(s, p=0):
    return sorted(s.state["cities"][k]["mood"] for k in cities_of(s.state, p))


# -- events ------------------------------------------------------------------------------


def test_event_famine_takes_food_or_mood():
    s = open_map().resources(0, food=1)
    _event(s, "famine")
    assert s.state["players"][0]["res"]["food"] == 0
    before = _moods(s)
    _event(s, "famine")
    assert _moods(s) != before  # no food left: a city loses a mood step


def test_event_famine_irrigation_immunity():
    s = open_map().resources(0, food=2).advances(0, "irrigation")
    ev = _event(s, "famine")
    assert s.state["players"][0]["res"]["food"] == 2
    assert any("Irrigation" in e["text"] for e in ev)


def test_event_plague_lowers_mood_and_sanitation_immunity():
    s = open_map()
    before = _moods(s)
    _event(s, "plague")
    assert sum(_moods(s)) == sum(before) - 1
    s = open_map().advances(0, "engineering", "sanitation")
    before = _moods(s)
    _event(s, "plague")
    assert _moods(s) == before


def test_event_myths_pays_a_mood_token_instead():
    s = open_map().advances(0, "myths").resources(0, mood=1)
    before = _moods(s)
    _event(s, "plague")
    m = s.match()
    accepted(m, "myths")  # Myths is the player's choice (event_mood frame)
    assert _moods(m) == before and m.state["players"][0]["mood"] == 0


def test_event_epidemic_costs_the_newest_unit_and_sanitation_immunity():
    s = open_map()
    s.units(0, s.capital(0), army=1)
    newest = max((int(u[1:]), u) for u, x in s.state["units"].items() if x["owner"] == 0)[1]
    _event(s, "epidemic")
    assert newest not in s.state["units"]
    s = open_map().advances(0, "engineering", "sanitation")
    s.units(0, s.capital(0), army=1)
    n = len(s.state["units"])
    _event(s, "epidemic")
    assert len(s.state["units"]) == n


def test_event_good_harvest_respects_the_food_limit():
    s = open_map().resources(0, food=1)
    _event(s, "good_harvest")
    assert s.state["players"][0]["res"]["food"] == 2  # 2 until Storage


def test_event_golden_age_scores_a_point():
    s = open_map()
    vp = scoring.vp(s.state, 0)
    _event(s, "golden_age")
    assert scoring.vp(s.state, 0) == vp + 1


def test_event_barbarian_spawn_two_spaces_from_a_city():
    s = open_map()
    ev = _event(s, "barbarians_rise")
    spawned = [k for k, c in s.state["cities"].items() if c["owner"] == BARBARIANS]
    assert len(spawned) == 1
    assert any(hex_distance(spawned[0], c) == 2 for c in cities_of(s.state, 0))
    assert any(
        u["owner"] == BARBARIANS and u["hex"] == spawned[0] for u in s.state["units"].values()
    )
    assert any(e["kind"] == "barbarian_spawn" for e in ev)
    assert s.state["stats"]["barbarian_spawn"] == 1


def test_event_barbarians_off_by_option():
    s = open_map()
    s.state["options"]["barbarians"] = False
    _event(s, "barbarians_rise")
    assert not [c for c in s.state["cities"].values() if c["owner"] == BARBARIANS]


def test_event_barbarian_raid_fights_and_can_capture():
    s = open_map().clear_units(None)
    cap = s.capital(0)
    _event(s, "barbarians_rise")
    camp = next(k for k, c in s.state["cities"].items() if c["owner"] == BARBARIANS)
    near = next(k for k in cities_of(s.state, 0) if hex_distance(k, camp) == 2)
    # march the barbarian army next to the city, then raid an undefended city
    step = next(
        k
        for k in s.state["hexes"]
        if hex_distance(k, camp) == 1
        and hex_distance(k, near) == 1
        and s.state["hexes"][k]["terrain"] not in ("sea", None)
    )
    army = next(u for u in s.state["units"].values() if u["owner"] == BARBARIANS)
    army["hex"] = step
    ev = _event(s, "barbarian_raid")
    assert any(e["kind"] == "barbarian_attack" for e in ev)
    assert s.state["cities"][near]["owner"] == BARBARIANS  # nobody defended it
    assert cap in s.state["cities"]


def test_capture_barbarian_city_keep_or_raze():
    s = open_map().advances(0, "tactics")
    _event(s, "barbarians_rise")
    camp = next(k for k, c in s.state["cities"].items() if c["owner"] == BARBARIANS)
    s.state["units"] = {u: x for u, x in s.state["units"].items() if x["owner"] != BARBARIANS}
    m = s.match()
    st = m.state
    capture(st, 0, camp, Events())
    assert st["stack"][-1]["kind"] == "barbarian_city"
    assert refused(m, "city burn") == "capture.barbarian-choice"
    gold = st["players"][0]["res"]["gold"]
    accepted(m, "city raze")
    assert camp not in m.state["cities"] and m.state["players"][0]["res"]["gold"] == gold + 1


# -- wonders -----------------------------------------------------------------------------


def _wonder_game(*advances, res=True, mood="neutral"):
    s = open_map().advances(0, "storage", *advances)
    if res:
        s.resources(0, food=3, wood=2, ore=7, culture=2)
    cap = s.capital(0)
    s.city(0, cap, mood=mood)
    s.state["cities"][cap]["capital"] = True
    return s, cap


def test_engineering_reveals_a_public_wonder():
    s = open_map().resources(0, food=2)
    m = s.match()
    accepted(m, "research engineering")
    assert len(m.state["public_wonders"]) == 1


def test_wonder_built_for_cost_and_action_scores_five():
    s, cap = _wonder_game("engineering")
    s.state["public_wonders"] = ["great_wall"]
    m = s.match()
    vp = scoring.vp(m.state, 0)
    accepted(m, f"wonder {cap} great_wall")
    assert m.state["cities"][cap]["wonders"] == ["great_wall"]
    assert scoring.vp(m.state, 0) == vp + 5
    assert m.state["turn"]["actions"] == 2
    assert m.state["players"][0]["res"]["ore"] == 0 and m.state["players"][0]["culture"] == 0
    assert m.state["stats"]["wonder_built"] == 1


def test_wonder_revealed():
    s, cap = _wonder_game("engineering")
    assert refused(s.match(), f"wonder {cap} great_wall") == "wonder.revealed"


def test_wonder_needs_engineering():
    s, cap = _wonder_game()
    s.state["public_wonders"] = ["great_wall"]
    assert refused(s.match(), f"wonder {cap} great_wall") == "wonder.needs-engineering"


def test_wonder_city_not_angry():
    s, cap = _wonder_game("engineering", mood="angry")
    s.state["public_wonders"] = ["great_wall"]
    assert refused(s.match(), f"wonder {cap} great_wall") == "wonder.city"


def test_wonder_cost():
    s, cap = _wonder_game("engineering", res=False)
    s.state["public_wonders"] = ["great_wall"]
    assert refused(s.match(), f"wonder {cap} great_wall") == "wonder.cost"


def test_monuments_reserves_a_wonder_built_without_an_action():
    s, cap = _wonder_game("art_and_sculptures", "monuments")
    s.state["players"][0]["wonders_reserved"] = ["great_wall"]
    s.turn(0, actions=0)
    m = s.match()
    accepted(m, f"wonder {cap} great_wall")
    assert m.state["turn"]["actions"] == 0
    assert m.view(1)["players"][0]["reserved_wonders"] is None  # private to its owner


def test_wonder_goes_with_the_captured_city():
    s, cap = _wonder_game("engineering")
    s.state["cities"][cap]["wonders"] = ["great_wall"]
    capture(s.state, 1, cap, Events())
    assert scoring.breakdown(s.state, 1)["wonders"] == 5
    assert scoring.breakdown(s.state, 0)["wonders"] == 0


# -- objectives and action cards ---------------------------------------------------------------


def test_objective_scored_in_the_status_phase_when_fulfilled():
    s = open_map().resources(0, gold=3)
    s.state["players"][0]["objectives_hand"] = ["treasury#0", "scholarship#0"]
    vp = scoring.vp(s.state, 0)
    cards.objective_frames(s.state, 0)
    pl = s.state["players"][0]
    assert pl["objectives"] == ["treasury#0"] and pl["objectives_hand"] == ["scholarship#0"]
    assert scoring.vp(s.state, 0) == vp + 2


def test_cards_play_civil_effect_free():
    s = open_map().resources(0, food=0)
    s.state["players"][0]["actions_hand"] = ["bumper_crop#0"]
    s.turn(0, actions=0)
    m = s.match()
    accepted(m, "play bumper_crop#0")  # no action needed
    assert m.state["players"][0]["res"]["food"] == 2
    assert m.state["players"][0]["actions_hand"] == []


def test_cards_in_hand():
    s = open_map()
    s.state["players"][0]["actions_hand"] = []
    assert refused(s.match(), "play bumper_crop#0") == "cards.in-hand"


def test_cards_action_cost():
    s = open_map()
    s.state["players"][0]["actions_hand"] = ["quarry#0"]
    s.turn(0, actions=0)
    assert refused(s.match(), "play quarry#0") == "cards.action-cost"
    s.turn(0, actions=1)
    m = s.match()
    accepted(m, "play quarry#0")
    assert m.state["turn"]["actions"] == 0 and m.state["players"][0]["res"]["ore"] == 2


def test_views_hide_hands_and_combat_card_choices():
    """During a combat-card decision no other seat sees the deciding player's hand."""
    from clash_widget.coc.board import board_neighbours

    s = open_map(seed=5).advances(0, "tactics")
    cap1 = s.capital(1)
    start = next(
        n
        for n in board_neighbours(s.state, cap1)
        if s.state["hexes"][n]["terrain"] in ("plains", "forest") and n not in s.state["cities"]
    )
    s.clear_units(None).units(0, start, army=1).units(1, cap1, army=1)
    s.state["players"][0]["actions_hand"] = ["quarry#0"]
    s.state["players"][1]["actions_hand"] = ["festival#1"]
    rig_dice(s, 1, 1)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {start} {cap1} a1")
    assert m.state["stack"][-1]["kind"] == "combat_card"
    seen_by_1 = json.dumps(m.view(1))
    assert "quarry#0" not in seen_by_1 and "festival#1" in seen_by_1
    seen_by_0 = json.dumps(m.view(0))
    assert "festival#1" not in seen_by_0 and "quarry#0" in seen_by_0
    for deck_card in m.state["decks"]["actions"][:5]:
        assert f'"{deck_card}"' not in seen_by_0
