"""Battle rules read exactly as the primer words them: Fortress, Siegecraft, settlers,
Fanaticism and what a capture gives (and the course's exact odds for the Fortress).

Primer: Increase City Size (Fortress); Battles and Capturing; Advances (Siegecraft,
Fanaticism); French rulings p. 12. Dice are rigged through the state's own seeded
generator (the attacker's dice are rolled before the defender's).
"""

import pytest

from clash_widget.coc import events
from clash_widget.coc.board import hex_distance
from clash_widget.coc.odds import battle_odds
from clash_widget.coc.rulebook import RULES
from clash_widget.coc.scenario import Scenario
from clash_widget.coc.vocab import BARBARIANS
from clash_widget.engine.game import Events
from clash_widget.lessons.battles import simulate_battles

from .helpers import accepted, refused, rig_dice
from .test_barbarian_raids import raid_scenario
from .test_combat_rules import _far_land, _land_next_to

THEOCRACY = ("myths", "state_religion", "dogma", "fanaticism")


def attack(
    *,
    att=2,
    att_settlers=0,
    dfd=2,
    dfd_settlers=0,
    p0=(),
    p1=(),
    pieces=(),
    mood="neutral",
    extra_cities=1,
    full=0,
    res0=None,
    dice=(),
    **options,
):
    """Blue (0, Tactics) attacks Orange's (1) capital from the next hex with ``att`` armies
    (and ``att_settlers`` settlers). Orange also holds ``extra_cities`` far cities, the
    first ``full`` of them (in hex order) filled to the units-per-space limit."""
    s = Scenario(players=2, seed=5, **options).explore_all().turn(0)
    s.advances(0, "tactics", *p0).advances(1, *p1)
    cap1 = s.capital(1)
    start = _land_next_to(s, cap1)
    s.clear_units(None).units(0, start, army=att, settler=att_settlers)
    s.units(1, cap1, army=dfd, settler=dfd_settlers)
    others = []
    for i in range(extra_cities):
        others.append(_far_land(s, cap1, i))
        s.city(1, others[-1])
    others.sort()
    limit = s.state["options"]["max_units_per_space"]
    for key in others[:full]:
        s.units(1, key, settler=limit)
    s.city(1, cap1, pieces=pieces, mood=mood)
    s.state["cities"][cap1]["capital"] = True
    for p in (0, 1):
        s.state["players"][p]["actions_hand"] = []
    if res0:
        s.resources(0, **res0)
    rig_dice(s, *dice)
    m = s.match()
    accepted(m, "move")
    spec = f"a{att}" + (f"s{att_settlers}" if att_settlers else "")
    accepted(m, f"group {start} {cap1} {spec}")
    return m, start, cap1, others


def _rounds(m):
    return [e for e in m.log if e["kind"] == "combat_round"]


def _units(m, p, key, kind):
    return sum(
        1
        for u in m.state["units"].values()
        if u["owner"] == p and u["hex"] == key and u["kind"] == kind
    )


def _legal(m):
    return sorted(str(a) for a in m.legal_actions())


def _top(m):
    return m.state["stack"][-1]


# -- Fortress: both effects in the first combat round only -------------------------------


def test_combat_fortress_first_round_only():
    """Primer (Increase City Size): "Fortress (Tactics) - When defending the city, +1 die for
    combat and cancel one hit on the first combat round." (combat.fortress-first-round)"""
    m, start, cap1, _ = attack(
        att=1, dfd=1, pieces=("fortress",), p1=("tactics",), dice=(1, 1, 1, 5, 1)
    )
    first = _rounds(m)[0]
    assert len(first["defender_dice"]) == 2  # one army and the Fortress die
    accepted(m, "battle continue")
    second = _rounds(m)[1]
    assert len(second["defender_dice"]) == 1  # no Fortress die after the first round
    assert second["attacker_hits"] == 1  # and no hit cancelled
    assert "fortress" not in second["text"].lower()
    assert m.state["cities"][cap1]["owner"] == 0
    assert RULES["combat.fortress-first-round"].source == "seed"


def test_combat_fortress_first_round_only_in_the_course_odds():
    """Primer: "+1 die for combat and cancel one hit on the first combat round"
    (combat.fortress-first-round). One army against one behind a Fortress: round one the
    attacker's hit is always cancelled and the defender's two dice hit unless they total 4
    or less (5/6); after a quiet round (1/6) it is a plain one-against-one (0.4/0.4/0.2)."""
    exact = battle_odds(1, 1, fortress=True)
    assert exact == pytest.approx(
        {"wins": 1 / 6 * 0.4, "loses": 5 / 6 + 1 / 6 * 0.4, "both": 1 / 30}
    )
    sim = simulate_battles(2, 2, games=300, seed=7, fortress=True)
    exact = battle_odds(2, 2, fortress=True)
    for k in exact:  # 300 engine battles: 3 standard errors is below 0.09
        assert abs(sim[k] - exact[k]) < 0.09, (k, sim, exact)


# -- Siegecraft: the attacker chooses what to pay, once, before the first round -----------


def _siege(res0, dice=(5, 5, 1, 1, 1), **kw):
    return attack(
        pieces=("fortress",), p0=("siegecraft",), p1=("tactics",), res0=res0, dice=dice, **kw
    )


def test_combat_siegecraft_payment_is_the_attackers_choice():
    """Primer (Siegecraft): "Pay resources to cancel an enemy's Fortress effects. 2 Wood will
    cancel the bonus die to combat, 2 Ore will cancel the nullification of the first hit."
    (combat.siegecraft-payment)"""
    m, start, cap1, _ = _siege({"wood": 2, "ore": 2})
    frame = _top(m)
    assert frame["kind"] == "siegecraft" and frame["player"] == 0
    assert _rounds(m) == []  # asked before the first round
    assert _legal(m) == ["siege both", "siege nothing", "siege ore", "siege wood"]
    assert refused(m, "siege gold") == "combat.siegecraft-payment"
    accepted(m, "siege nothing")  # may keep the resources
    res = m.state["players"][0]["res"]
    assert (res["wood"], res["ore"]) == (2, 2)
    r = _rounds(m)[0]
    assert len(r["defender_dice"]) == 3 and r["attacker_hits"] == 1  # the Fortress works


def test_combat_siegecraft_payment_only_what_the_attacker_can_pay():
    """Primer (Siegecraft): "2 Wood will cancel the bonus die to combat, 2 Ore will cancel
    the nullification of the first hit." (combat.siegecraft-payment)"""
    m, start, cap1, _ = _siege({"wood": 2})
    assert _legal(m) == ["siege nothing", "siege wood"]
    assert refused(m, "siege ore") == "combat.siegecraft-payment"
    assert refused(m, "siege both") == "combat.siegecraft-payment"
    accepted(m, "siege wood")
    r = _rounds(m)[0]
    assert len(r["defender_dice"]) == 2 and r["attacker_hits"] == 1  # the cancel stays
    assert m.state["players"][0]["res"]["wood"] == 0


def test_combat_siegecraft_payment_gold_stands_in():
    """Primer: "Gold ... May be used in place of any other normal Resource." and (Siegecraft)
    "2 Ore will cancel the nullification of the first hit." (combat.siegecraft-payment)"""
    m, start, cap1, _ = _siege({"gold": 2}, dice=(5, 1, 1, 1, 1))
    assert _legal(m) == ["siege nothing", "siege ore", "siege wood"]  # both would cost 4
    accepted(m, "siege ore")
    assert m.state["players"][0]["res"]["gold"] == 0
    paid = [e for e in m.log if e["kind"] == "siegecraft"]
    assert paid and "2 gold" in paid[0]["text"]
    r = _rounds(m)[0]
    assert len(r["defender_dice"]) == 3 and r["attacker_hits"] == 1  # no hit cancelled


def test_combat_siegecraft_payment_not_asked_without_the_means():
    """Primer (Siegecraft): "Pay resources to cancel an enemy's Fortress effects."
    (combat.siegecraft-payment): with nothing to pay there is nothing to ask."""
    m, start, cap1, _ = _siege({"wood": 1, "ore": 1})
    assert _top(m)["kind"] != "siegecraft"
    assert len(_rounds(m)[0]["defender_dice"]) == 3


def test_combat_siegecraft_payment_asked_once_for_the_first_round():
    """Primer (Siegecraft): "2 Wood will cancel the bonus die to combat, 2 Ore will cancel
    the nullification of the first hit." (combat.siegecraft-payment)"""
    m, start, cap1, _ = _siege({"wood": 4, "ore": 4}, dice=(1,) * 4, att=1, dfd=1)
    accepted(m, "siege both")
    assert _top(m)["kind"] == "battle_round"
    accepted(m, "battle continue")
    assert len(_rounds(m)) == 2 and _top(m)["kind"] == "battle_round"  # not asked again
    res = m.state["players"][0]["res"]
    assert (res["wood"], res["ore"]) == (2, 2)


# -- Settlers never fight ------------------------------------------------------------------


def test_combat_settlers_defeated_when_the_attack_fails():
    """Primer: "Settlers cannot fight, and are defeated automatically if alone."
    (combat.settlers-defeated)"""
    m, start, cap1, _ = attack(att=1, att_settlers=1, dfd=2, dice=(1, 5, 5))
    assert not any(u["owner"] == 0 and u["hex"] == cap1 for u in m.state["units"].values())
    assert any(e["kind"] == "settlers_lost" for e in m.log)
    assert m.state["cities"][cap1]["owner"] == 1


def test_combat_settlers_defeated_when_both_sides_fall():
    """Primer: "Settlers cannot fight, and are defeated automatically if alone."
    (combat.settlers-defeated)"""
    m, start, cap1, _ = attack(att=1, att_settlers=1, dfd=1, dfd_settlers=1, dice=(5, 5))
    assert not any(u["hex"] == cap1 for u in m.state["units"].values())
    assert m.state["cities"][cap1]["owner"] == 1


def test_combat_settlers_defeated_defending_alone():
    """Primer: "Settlers cannot fight, and are defeated automatically if alone."
    (combat.settlers-defeated)"""
    m, start, cap1, _ = attack(att=1, dfd=0, dfd_settlers=2)
    assert _rounds(m) == []
    assert _units(m, 1, cap1, "settler") == 0
    assert m.state["cities"][cap1]["owner"] == 0


def test_combat_settlers_retreat_with_the_armies():
    """Primer: "the attacking player can choose to retreat or continue to attack" and
    "Settlers cannot fight, and are defeated automatically if alone." Our reading
    (combat.settlers-retreat): the settlers go back with the retreating armies."""
    m, start, cap1, _ = attack(att=2, att_settlers=1, dice=(1, 1, 1, 1))
    accepted(m, "battle retreat")
    assert _units(m, 0, start, "settler") == 1 and _units(m, 0, start, "army") == 2
    assert not any(u["owner"] == 0 and u["hex"] == cap1 for u in m.state["units"].values())
    assert RULES["combat.settlers-retreat"].source == "ours"


# -- Fanaticism --------------------------------------------------------------------------


def test_combat_fanaticism_temple_no_army_after_a_battle_without_a_temple():
    """Primer (Fanaticism): "When fighting in a city with a Temple, regardless of whose it
    is, you gain +2 on your first roll. If you lose, you receive a free Army unit in one of
    your cities." (combat.fanaticism-temple)"""
    m, start, cap1, others = attack(att=2, dfd=1, p1=THEOCRACY, mood="angry", dice=(5, 5, 1))
    assert m.state["cities"][cap1]["owner"] == 0
    assert not any(e["kind"] == "fanaticism" for e in m.log)
    assert not any(u["owner"] == 1 and u["kind"] == "army" for u in m.state["units"].values())


def test_combat_fanaticism_army_city_choice():
    """Primer (Fanaticism): "If you lose, you receive a free Army unit in one of your
    cities." (combat.fanaticism-army-city)"""
    m, start, cap1, others = attack(
        att=2, dfd=1, p1=THEOCRACY, pieces=("temple",), mood="angry", extra_cities=2,
        dice=(5, 5, 1),
    )  # fmt: skip
    frame = _top(m)
    assert frame["kind"] == "fanaticism_city" and frame["player"] == 1
    assert _legal(m) == [f"fanatic {k}" for k in others]
    assert refused(m, f"fanatic {cap1}") == "combat.fanaticism-army-city"
    assert refused(m, f"fanatic {start}") == "combat.fanaticism-army-city"
    accepted(m, f"fanatic {others[1]}")
    assert _units(m, 1, others[1], "army") == 1 and _units(m, 1, others[0], "army") == 0
    assert _top(m)["kind"] == "move" and _top(m)["player"] == 0


def test_combat_fanaticism_army_city_one_with_room_is_not_asked():
    """Primer (Fanaticism): "If you lose, you receive a free Army unit in one of your
    cities." (combat.fanaticism-army-city)"""
    m, start, cap1, others = attack(
        att=2, dfd=1, p1=THEOCRACY, pieces=("temple",), mood="angry", extra_cities=2, full=1,
        dice=(5, 5, 1),
    )  # fmt: skip
    assert _top(m)["kind"] == "move"
    assert _units(m, 1, others[1], "army") == 1 and _units(m, 1, others[0], "army") == 0


def test_combat_fanaticism_no_room_no_army():
    """Primer: "you may never have more than 4 units on a space"; (Fanaticism) "you receive a
    free Army unit in one of your cities." No city with room: no army, our reading
    (combat.fanaticism-no-room)."""
    m, start, cap1, others = attack(
        att=2, dfd=1, p1=THEOCRACY, pieces=("temple",), mood="angry", full=1, dice=(5, 5, 1)
    )
    assert not any(u["owner"] == 1 and u["kind"] == "army" for u in m.state["units"].values())
    note = [e for e in m.log if e["kind"] == "fanaticism"]
    assert note and note[0]["rule_id"] == "combat.fanaticism-no-room"
    assert note[0]["source"] == "ours" and "no city with room" in note[0]["text"]
    assert RULES["combat.fanaticism-no-room"].source == "ours"


def test_combat_fanaticism_temple_attacker_who_loses_gets_an_army():
    """Primer (Fanaticism): "When fighting in a city with a Temple, regardless of whose it
    is, you gain +2 on your first roll. If you lose, you receive a free Army unit in one of
    your cities." (combat.fanaticism-temple)"""
    m, start, cap1, _ = attack(att=1, dfd=2, p0=THEOCRACY, pieces=("temple",), dice=(1, 5, 5))
    assert "Fanaticism +2" in _rounds(m)[0]["text"]
    cap0 = next(k for k, c in m.state["cities"].items() if c["owner"] == 0)
    assert _units(m, 0, cap0, "army") == 1  # Blue's only city: not asked


def test_combat_fanaticism_temple_a_retreat_is_a_lost_battle():
    """Primer (Fanaticism): "If you lose, you receive a free Army unit in one of your
    cities." The primer's one outcome of a battle for a city: "A city is captured if your
    Army units are alone in the city." An attacker who retreats after a round fought has not
    taken the city: it lost, and Fanaticism gives it its army."""
    m, start, cap1, _ = attack(att=2, dfd=2, p0=THEOCRACY, pieces=("temple",), dice=(1, 1, 1, 1))
    assert _rounds(m) and _top(m)["kind"] == "battle_round"
    accepted(m, "battle retreat")
    cap0 = next(k for k, c in m.state["cities"].items() if c["owner"] == 0)
    assert _units(m, 0, cap0, "army") == 1
    assert any(e["kind"] == "fanaticism" for e in m.log)


def test_combat_fanaticism_temple_retreat_no_loss_option():
    """Our former reading, kept as the option fanaticism_retreat_no_loss: a retreat is not a
    lost battle, so no free army."""
    m, start, cap1, _ = attack(
        att=2, dfd=2, p0=THEOCRACY, pieces=("temple",), dice=(1, 1, 1, 1),
        fanaticism_retreat_no_loss=True,
    )  # fmt: skip
    accepted(m, "battle retreat")
    cap0 = next(k for k, c in m.state["cities"].items() if c["owner"] == 0)
    assert _units(m, 0, cap0, "army") == 0


def test_combat_fanaticism_army_city_in_a_barbarian_raid():
    """Primer (Fanaticism): "If you lose, you receive a free Army unit in one of your
    cities." (combat.fanaticism-army-city): asked in a raid too, and the raids go on."""
    s, a, b = raid_scenario(tactics=False, hand=())
    s.advances(0, *THEOCRACY)
    s.state["cities"][a]["pieces"]["temple"] = 0
    c = next(
        k
        for k, h in sorted(s.state["hexes"].items())
        if h["terrain"] in ("plains", "forest")
        and k not in s.state["cities"]
        and all(hex_distance(k, x) > 3 for x in s.state["cities"])
        and all(hex_distance(k, u["hex"]) > 1 for u in s.state["units"].values())
    )
    s.city(0, c)
    rig_dice(s, 5, 1, 1, 5)  # raid 1: the barbarians take a; raid 2: they fall at b
    events.barbarian_attack(s.state, 0, Events())
    m = s.match()
    # the neutral city lost to the raid first sends its refugee (capture.gold-happy-or-neutral)
    assert _top(m)["kind"] == "refugee_city" and _top(m)["player"] == 0
    accepted(m, f"refugee {c}")
    assert _top(m)["kind"] == "fanaticism_city" and _top(m)["player"] == 0
    assert _legal(m) == sorted([f"fanatic {b}", f"fanatic {c}"])
    accepted(m, f"fanatic {c}")
    assert m.state["cities"][a]["owner"] == BARBARIANS
    assert _units(m, 0, c, "army") == 1
    assert m.state["stats"]["barbarian_attack"] == 2  # the second raid was fought
    assert not any(u["owner"] == BARBARIANS for u in m.state["units"].values() if u["hex"] == b)


# -- Capture: gold, and the refugee settler in a city of the loser's choice --------------


def test_capture_refugee_city_choice():
    """Primer: "If the city was happy or neutral, you receive gold equal to the size of the
    city, and the previous owner gets a free Settler in one of his cities."
    (capture.refugee-city)"""
    m, start, cap1, others = attack(att=2, dfd=1, extra_cities=2, dice=(5, 5, 1))
    assert m.state["players"][0]["res"]["gold"] == 1
    frame = _top(m)
    assert frame["kind"] == "refugee_city" and frame["player"] == 1
    assert _legal(m) == [f"refugee {k}" for k in others]
    assert refused(m, f"refugee {cap1}") == "capture.refugee-city"
    accepted(m, f"refugee {others[1]}")
    assert _units(m, 1, others[1], "settler") == 1 and _units(m, 1, others[0], "settler") == 0
    assert _top(m)["kind"] == "move"


def test_capture_refugee_city_one_with_room_is_not_asked():
    """Primer: "the previous owner gets a free Settler in one of his cities"; "you may never
    have more than 4 units on a space" (capture.refugee-city)"""
    m, start, cap1, others = attack(att=2, dfd=1, extra_cities=2, full=1, dice=(5, 5, 1))
    assert _top(m)["kind"] == "move"
    limit = m.state["options"]["max_units_per_space"]
    assert _units(m, 1, others[0], "settler") == limit
    assert _units(m, 1, others[1], "settler") == 1


def test_capture_refugee_no_room_no_settler():
    """Primer: "the previous owner gets a free Settler in one of his cities"; "you may never
    have more than 4 units on a space". No city with room: no settler, our reading
    (capture.refugee-no-room)."""
    m, start, cap1, others = attack(att=2, dfd=1, full=1, dice=(5, 5, 1))
    limit = m.state["options"]["max_units_per_space"]
    assert _units(m, 1, others[0], "settler") == limit
    note = [e for e in m.log if e["kind"] == "refugee"]
    assert note and note[0]["rule_id"] == "capture.refugee-no-room"
    assert "no city with room" in note[0]["text"]
    m, start, cap1, others = attack(att=2, dfd=1, extra_cities=0, dice=(5, 5, 1))
    assert not any(u["kind"] == "settler" for u in m.state["units"].values())
    assert "no city left" in [e for e in m.log if e["kind"] == "refugee"][0]["text"]
    assert RULES["capture.refugee-no-room"].source == "ours"


def test_capture_refugee_city_then_fanaticism_army_city():
    """Primer: "the previous owner gets a free Settler in one of his cities" and
    (Fanaticism) "If you lose, you receive a free Army unit in one of your cities."
    (capture.refugee-city, combat.fanaticism-army-city): asked one after the other."""
    m, start, cap1, others = attack(
        att=2, dfd=1, p1=THEOCRACY, pieces=("temple",), extra_cities=2, dice=(5, 5, 1)
    )
    assert _top(m)["kind"] == "refugee_city"
    accepted(m, f"refugee {others[0]}")
    assert _top(m)["kind"] == "fanaticism_city" and _top(m)["player"] == 1
    accepted(m, f"fanatic {others[1]}")
    assert _units(m, 1, others[0], "settler") == 1 and _units(m, 1, others[1], "army") == 1
    assert _top(m)["kind"] == "move"


def test_capture_gold_happy_or_neutral():
    """Primer: "If the city was happy or neutral, you receive gold equal to the size of the
    city, and the previous owner gets a free Settler in one of his cities."
    (capture.gold-happy-or-neutral)"""
    m, start, cap1, others = attack(att=2, dfd=1, pieces=("temple",), mood="happy", dice=(5, 5, 1))
    assert m.state["players"][0]["res"]["gold"] == 2
    assert _units(m, 1, others[0], "settler") == 1
    m, start, cap1, others = attack(att=2, dfd=1, pieces=("temple",), mood="angry", dice=(5, 5, 1))
    assert m.state["players"][0]["res"]["gold"] == 0
    assert not any(u["kind"] == "settler" for u in m.state["units"].values())


def test_capture_gold_happy_or_neutral_option_french_rulings():
    """French rulings p. 12: "gagnez de l'Or égal à la taille de la ville" (no mood
    condition) "et l'ancien propriétaire reçoit un Colon en tant que réfugié": the option
    capture_rewards_always (capture.gold-happy-or-neutral)."""
    m, start, cap1, others = attack(
        att=2, dfd=1, pieces=("temple",), mood="angry", dice=(5, 5, 1), capture_rewards_always=True
    )
    assert m.state["players"][0]["res"]["gold"] == 2
    # The French rulings give the refugee whatever the mood too (a city of Orange's choice).
    assert _top(m)["kind"] == "refugee_city" or any(
        u["kind"] == "settler" and u["owner"] == 1 for u in m.state["units"].values()
    )


def _barbarian_city(mood, *, capture_rewards_always=False):
    s = Scenario(players=2, seed=5, capture_rewards_always=capture_rewards_always)
    s.explore_all().turn(0).advances(0, "tactics").clear_units(None)
    key = _far_land(s, s.capital(1), 0)
    start = _land_next_to(s, key)
    s.city(BARBARIANS, key, pieces=("temple",), mood=mood)
    s.units(BARBARIANS, key, army=1).units(0, start, army=2)
    s.state["players"][0]["actions_hand"] = []
    rig_dice(s, 5, 5, 1)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {start} {key} a2")
    assert _top(m)["kind"] == "barbarian_city"
    return m, key


def test_capture_gold_happy_or_neutral_keeping_a_barbarian_city():
    """Primer: "If the city was a Barbarian settlement, you may choose to raze it for 1 Gold."
    Kept, the rest of the list applies: "If the city was happy or neutral, you receive gold
    equal to the size of the city" (capture.gold-happy-or-neutral)."""
    m, key = _barbarian_city("neutral")
    accepted(m, "city keep")
    assert m.state["players"][0]["res"]["gold"] == 2 and m.state["cities"][key]["mood"] == 0
    m, key = _barbarian_city("angry")
    accepted(m, "city keep")
    assert m.state["players"][0]["res"]["gold"] == 0
    m, key = _barbarian_city("neutral")
    accepted(m, "city raze")
    assert m.state["players"][0]["res"]["gold"] == 1 and key not in m.state["cities"]


def test_capture_gold_happy_or_neutral_option_keeping_a_barbarian_city():
    """French rulings p. 12: "gagnez de l'Or égal à la taille de la ville" (no mood
    condition): the option capture_rewards_always (capture.gold-happy-or-neutral)."""
    m, key = _barbarian_city("angry", capture_rewards_always=True)
    accepted(m, "city keep")
    assert m.state["players"][0]["res"]["gold"] == 2


def test_combat_fanaticism_temple_no_army_without_a_fight():
    """Primer (Fanaticism): "When fighting in a city with a Temple ... If you lose, you receive
    a free Army unit in one of your cities." (combat.fanaticism-temple): a city taken with no
    army to defend it saw no fight, so no free army."""
    m, start, cap1, others = attack(
        att=1, dfd=0, dfd_settlers=1, p1=THEOCRACY, pieces=("temple",), mood="angry"
    )
    assert _rounds(m) == [] and m.state["cities"][cap1]["owner"] == 0
    assert not any(u["owner"] == 1 and u["kind"] == "army" for u in m.state["units"].values())
