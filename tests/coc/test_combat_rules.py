"""Battle rules and combat modifiers, named after their rule ids or primer entries.

Primer: Battles and Capturing; Advances (Tactics, Siegecraft, Steel Weapons,
Warships, Fanaticism); French rulings p. 12. Dice are rigged through the
state's own seeded generator (attacker's dice are rolled before the defender's).
"""

from clash_widget.coc.board import board_neighbours
from clash_widget.coc.cards import tactics_owned
from clash_widget.coc.setup import add_unit

from .helpers import accepted, open_map, refused, rig_dice


def _land_next_to(s, key):
    return next(
        n
        for n in board_neighbours(s.state, key)
        if s.state["hexes"][n]["terrain"] in ("plains", "forest", "barren")
        and n not in s.state["cities"]
    )


def _far_land(s, near, k):
    from clash_widget.coc.board import hex_distance

    keys = sorted(
        (hex_distance(x, near), x)
        for x, h in s.state["hexes"].items()
        if h["terrain"] in ("plains", "forest")
        and x not in s.state["cities"]
        and hex_distance(x, near) >= 3
    )
    return keys[k][1]


def land_battle(
    *,
    att=2,
    dfd=2,
    p0=(),
    p1=(),
    pieces=(),
    dice=(),
    hand0=(),
    hand1=(),
    res0=None,
    defender_units=True,
    settlers=0,
):
    """Blue (0, Tactics) stands next to Orange's (1) capital, ready to attack it."""
    s = open_map(seed=5).advances(0, "tactics", *p0).advances(1, *p1)
    cap1 = s.capital(1)
    start = _land_next_to(s, cap1)
    s.clear_units(None).units(0, start, army=att)
    if defender_units:
        s.units(1, cap1, army=dfd)
    s.units(1, cap1, settler=settlers)
    for i in range(len(pieces)):
        s.city(1, _far_land(s, cap1, i))
    s.city(1, cap1, pieces=pieces)
    s.state["cities"][cap1]["capital"] = True
    s.state["players"][0]["actions_hand"] = list(hand0)
    s.state["players"][1]["actions_hand"] = list(hand1)
    if res0:
        s.resources(0, **res0)
    rig_dice(s, *dice)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {start} {cap1} a{att}")
    return m, start, cap1


def _rounds(m):
    return [e for e in m.log if e["kind"] == "combat_round"]


def _armies(m, p, key):
    return sum(
        1
        for u in m.state["units"].values()
        if u["owner"] == p and u["hex"] == key and u["kind"] == "army"
    )


def test_battle_hits_are_total_divided_by_five():
    m, start, cap1 = land_battle(dice=(4, 5, 2, 2))  # 9 -> 1 hit; 4 -> 0 hits
    r = _rounds(m)[0]
    assert (r["attacker_hits"], r["defender_hits"]) == (1, 0)
    assert _armies(m, 1, cap1) == 1 and _armies(m, 0, cap1) == 2
    assert m.state["stack"][-1]["kind"] == "battle_round"  # both sides stand: the attacker decides


def test_battle_choice():
    m, start, cap1 = land_battle(dice=(1, 1, 1, 1))
    assert refused(m, "battle sideways") == "battle.choice"
    accepted(m, "battle retreat")
    assert _armies(m, 0, start) == 2 and _armies(m, 0, cap1) == 0


def test_move_fought_units_cannot_move_again():
    m, start, cap1 = land_battle(dice=(1, 1, 1, 1))
    accepted(m, "battle retreat")
    assert m.state["stack"][-1]["kind"] == "move"  # two groups left in this Move action
    assert refused(m, f"group {start} {cap1} a1") == "move.fought"


def test_battle_settlers_alone_are_defeated_without_dice():
    m, start, cap1 = land_battle(att=1, defender_units=False, settlers=1)
    assert _rounds(m) == []
    assert not any(u["owner"] == 1 and u["hex"] == cap1 for u in m.state["units"].values())
    assert m.state["cities"][cap1]["owner"] == 0  # the city fell with its settler


def test_capture_gold_refugee_and_angry():
    m, start, cap1 = land_battle(att=2, dfd=1, dice=(5, 5, 1))
    city = m.state["cities"][cap1]
    assert city["owner"] == 0 and city["mood"] == 0
    assert m.state["players"][0]["res"]["gold"] == 1  # size 1, was neutral


def test_fortress_adds_a_die_and_cancels_a_hit_in_round_one():
    m, start, cap1 = land_battle(pieces=("fortress",), p1=("tactics",), dice=(5, 5, 1, 1, 1))
    r = _rounds(m)[0]
    assert len(r["defender_dice"]) == 3  # 2 armies + the fortress die
    assert r["attacker_hits"] == 1  # 2 hits, one cancelled
    assert "fortress cancels" in r["text"]


def test_siegecraft_pays_wood_and_ore_against_the_fortress():
    m, start, cap1 = land_battle(
        pieces=("fortress",),
        p1=("tactics",),
        p0=("siegecraft",),
        res0={"wood": 2, "ore": 2},
        dice=(5, 5, 1, 1),
    )
    accepted(m, "siege both")  # the attacker's choice (combat.siegecraft-payment)
    r = _rounds(m)[0]
    assert len(r["defender_dice"]) == 2 and r["attacker_hits"] == 2
    assert m.state["players"][0]["res"]["wood"] == 0 and m.state["players"][0]["res"]["ore"] == 0


def test_siegecraft_without_ore_keeps_the_hit_cancel():
    m, start, cap1 = land_battle(
        pieces=("fortress",),
        p1=("tactics",),
        p0=("siegecraft",),
        res0={"wood": 2},
        dice=(5, 5, 1, 1),
    )
    accepted(m, "siege wood")
    r = _rounds(m)[0]
    assert len(r["defender_dice"]) == 2 and r["attacker_hits"] == 1


def test_steel_weapons_extra_hit_in_round_one_only_against_armies_without_it():
    m, start, cap1 = land_battle(att=1, p0=("steel_weapons",), dice=(5, 1, 1))
    assert _rounds(m)[0]["attacker_hits"] == 2
    m, start, cap1 = land_battle(
        att=1, p0=("steel_weapons",), p1=("tactics", "steel_weapons"), dice=(5, 1, 1)
    )
    assert _rounds(m)[0]["attacker_hits"] == 1


def test_fanaticism_plus_two_in_a_temple_city_and_an_army_after_losing():
    theo = ("myths", "state_religion", "dogma", "fanaticism")
    m, start, cap1 = land_battle(att=1, dfd=1, p1=theo, pieces=("temple",), dice=(1, 3))
    r = _rounds(m)[0]
    assert r["defender_hits"] == 1  # 3 + 2 = 5
    assert "Fanaticism" in r["text"]
    m, start, cap1 = land_battle(att=2, dfd=1, p1=theo, pieces=("temple",), dice=(5, 5, 1))
    assert m.state["cities"][cap1]["owner"] == 0
    assert any(e["kind"] == "fanaticism" for e in m.log)  # Orange's free army elsewhere


# -- action cards in battle (Tactics, one per combat round) ---------------------------


def test_combat_card_offered_with_tactics_and_adds_dice():
    m, start, cap1 = land_battle(hand0=("quarry#0",), dice=(1, 1, 1, 1, 1, 1))
    frame = m.state["stack"][-1]
    assert frame["kind"] == "combat_card" and frame["player"] == 0
    assert sorted(str(a) for a in m.legal_actions()) == ["pass", "tactic quarry#0"]
    assert refused(m, "tactic festival#1") == "cards.in-hand"
    accepted(m, "tactic quarry#0")
    r = _rounds(m)[0]
    assert len(r["attacker_dice"]) == 4 and r["cards"]["attacker"] == "quarry#0"
    assert m.state["players"][0]["actions_hand"] == []
    assert "quarry#0" in m.state["discards"]["actions"]
    assert m.state["stats"]["combat_card_played"] == 1


def test_combat_card_not_offered_without_tactics():
    m, start, cap1 = land_battle(hand1=("quarry#0",), dice=(1, 1, 1, 1))
    assert _rounds(m)  # Orange has no Tactics: the round was fought without asking
    assert m.state["players"][1]["actions_hand"] == ["quarry#0"]


def test_cards_tactics_rule():
    m, start, cap1 = land_battle(dice=(1, 1, 1, 1))
    frame = {"kind": "combat_card", "player": 1, "side": "defender"}
    assert not tactics_owned.ok(m.state, frame, "quarry#0")
    assert tactics_owned.rule.id == "cards.tactics"


def test_combat_cards_for_both_sides_bonus_and_cancel():
    m, start, cap1 = land_battle(
        hand0=("bumper_crop#0",), hand1=("timber#0",), p1=("tactics",), dice=(2, 1, 1, 1)
    )
    accepted(m, "tactic bumper_crop#0")  # +2: 3 + 2 = 5, one hit ...
    assert m.state["stack"][-1]["kind"] == "combat_card"
    assert m.state["stack"][-1]["player"] == 1
    accepted(m, "tactic timber#0")  # ... which Orange's card cancels
    r = _rounds(m)[0]
    assert r["attacker_hits"] == 0 and _armies(m, 1, cap1) == 2


def test_combat_card_one_per_round():
    m, start, cap1 = land_battle(hand0=("quarry#0", "scholars#0"), dice=(1,) * 5)
    accepted(m, "tactic scholars#0")
    assert m.state["stack"][-1]["kind"] == "battle_round"  # no second card in the same round
    accepted(m, "battle continue")
    assert m.state["stack"][-1]["kind"] == "combat_card"  # a new round, a new card
    accepted(m, "pass")
    assert len(_rounds(m)) == 2


# -- casualties: the side taking hits chooses when its units differ ---------------------


def _sea_pair(s):
    for k, h in sorted(s.state["hexes"].items()):
        if h["terrain"] == "sea":
            for n in board_neighbours(s.state, k):
                if s.state["hexes"][n]["terrain"] == "sea":
                    return k, n
    raise AssertionError("no two neighbouring sea hexes")


def naval_battle(dice, *, cargo=True, p0=(), p1=()):
    s = open_map(seed=5).advances(0, "fishing", *p0).advances(1, "fishing", *p1)
    s.clear_units(None)
    a, b = _sea_pair(s)
    s.units(0, a, ship=1).units(1, b, ship=2)
    ships = sorted(
        (uid for uid, u in s.state["units"].items() if u["owner"] == 1), key=lambda x: int(x[1:])
    )
    if cargo:
        rider = add_unit(s.state, 1, "army", b)
        s.state["units"][rider]["on"] = ships[1]
    for p in (0, 1):
        s.state["players"][p]["actions_hand"] = []
    rig_dice(s, *dice)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {a} {b} h1")
    return m, ships


def test_battle_casualty_choice_at_sea():
    m, ships = naval_battle((5, 1, 1))
    frame = m.state["stack"][-1]
    assert frame["kind"] == "casualties" and frame["player"] == 1 and frame["left"] == 1
    assert sorted(str(a) for a in m.legal_actions()) == sorted(f"lose {x}" for x in ships)
    assert refused(m, "lose u999") == "battle.casualty"
    accepted(m, f"lose {ships[0]}")  # Orange sacrifices the empty ship
    assert ships[0] not in m.state["units"] and ships[1] in m.state["units"]
    assert any(u["on"] == ships[1] for u in m.state["units"].values())
    assert m.state["stack"][-1]["kind"] == "battle_round"


def test_battle_no_casualty_choice_when_units_are_alike():
    m, ships = naval_battle((5, 1, 1), cargo=False)
    assert m.state["stack"][-1]["kind"] == "battle_round"
    assert sum(1 for u in m.state["units"].values() if u["owner"] == 1) == 1


def test_warships_cancel_a_hit_in_the_first_naval_round():
    m, ships = naval_battle((5, 1, 1), p1=("warships",))
    r = _rounds(m)[0]
    assert r["attacker_hits"] == 0 and "Warships" in r["text"]


def test_move_fought_settler_that_joined_a_battle_cannot_move_again():
    """Primer, Move Units: "Units that have participated in a battle cannot be moved again
    that turn." A settler escorted into a battle took part in it (it would be defeated with
    the armies, and it retreats with them): after the retreat it stays put this turn."""
    s = open_map(seed=5).advances(0, "tactics")
    cap1 = s.capital(1)
    start = _land_next_to(s, cap1)
    s.clear_units(None).units(0, start, army=2, settler=1).units(1, cap1, army=2)
    s.units(0, _far_land(s, cap1, 0), settler=1)  # something else to move later
    for player in s.state["players"]:
        player["actions_hand"] = []  # no combat cards to ask about
    rig_dice(s, 1, 1, 1, 1)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {start} {cap1} a2s1")
    accepted(m, "battle retreat")
    away = next(
        n
        for n in board_neighbours(m.state, start)
        if n != cap1
        and m.state["hexes"][n]["terrain"] in ("plains", "forest", "barren")
        and n not in m.state["cities"]
        and not any(u["hex"] == n for u in m.state["units"].values())
    )
    assert refused(m, f"group {start} {away} s1") == "move.fought"
    accepted(m, "done")
    accepted(m, "move")  # a fresh Move action: still not
    assert refused(m, f"group {start} {away} s1") == "move.fought"


def test_payment_named_siegecraft_with_gold():
    """Primer, Siegecraft: "2 Wood will cancel the bonus die"; Resources: Gold "May be used
    in place of any other normal Resource". The attacker names a gold for one wood."""
    m, start, cap1 = land_battle(
        pieces=("fortress",),
        p1=("tactics",),
        p0=("siegecraft",),
        res0={"wood": 2, "ore": 2, "gold": 1},
        dice=(5, 5, 1, 1),
    )
    assert refused(m, "siege wood gold:2") == "payment.named"
    accepted(m, "siege wood wood:1+gold:1")
    res = m.state["players"][0]["res"]
    assert (res["wood"], res["ore"], res["gold"]) == (1, 2, 0)
    assert len(_rounds(m)[0]["defender_dice"]) == 2  # no extra fortress die


def test_move_fought_taking_an_undefended_city_is_a_battle_too():
    """Primer, Move Units: "A battle occurs if your units move into a space with enemy units
    or cities" and "Units that have participated in a battle cannot be moved again that
    turn." An army that takes a city nobody defends fought that battle: it stays put."""
    m, start, cap1 = land_battle(att=1, defender_units=False)
    assert m.state["cities"][cap1]["owner"] == 0
    while m.state["stack"][-1]["kind"] != "move":  # the refugee's city, if Orange is asked
        accepted(m, str(m.legal_actions()[0]))
    assert refused(m, f"group {cap1} {start} a1") == "move.fought"
    accepted(m, "done")
    assert refused(m, "move") == "move.nothing-to-move"  # not in a later Move action either
