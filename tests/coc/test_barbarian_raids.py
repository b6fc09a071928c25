"""Barbarian raids started by an event card, and combat cards in them.

Primer: "Research an Advance" (events resolve at once), "Battles and Capturing"
and Tactics ("one Action card per combat round for its combat effect"). The raids
of one event wait in a ``barbarian_raid`` frame, so a raided player with Tactics
and a combat card is asked like any other defender.
"""

from clash_widget.coc import combat
from clash_widget.coc.board import board_neighbours, cities_of, hex_distance
from clash_widget.coc.common import bump_stat
from clash_widget.coc.setup import add_unit
from clash_widget.coc.vocab import BARBARIANS
from clash_widget.engine.game import Events
from clash_widget.engine.state import clone

from .helpers import accepted, open_map, rig_dice

LAND = ("plains", "forest")


def _free_land(s, key, away_from):
    """A free land hex next to ``key`` and not next to ``away_from``."""
    return next(
        n
        for n in sorted(board_neighbours(s.state, key))
        if s.state["hexes"][n]["terrain"] in LAND
        and n not in s.state["cities"]
        and hex_distance(n, away_from) > 1
    )


def raid_scenario(*, tactics=True, hand=("quarry#0",), seed=3):
    """Blue (0) has two guarded cities, a barbarian army next to each, and researches
    an advance that lifts the Mood track to 3 with Barbarian Raid the only event."""
    s = open_map(seed=seed).clear_units(None)
    a = s.capital(0)
    b = next(
        k
        for k, h in sorted(s.state["hexes"].items())
        if h["terrain"] in LAND
        and k not in s.state["cities"]
        and hex_distance(k, a) == 4
        and all(hex_distance(k, c) > 3 for c in s.state["cities"] if c != a)
    )
    s.city(0, b)
    s.units(0, a, army=1).units(0, b, army=1)
    first = _free_land(s, a, b)
    second = _free_land(s, b, a)
    add_unit(s.state, BARBARIANS, "army", first)  # the older army raids first
    add_unit(s.state, BARBARIANS, "army", second)
    if tactics:
        s.advances(0, "tactics")
    s.state["players"][0]["actions_hand"] = list(hand)
    s.tracks(0, mood=2).resources(0, food=2)
    s.state["decks"]["events"] = ["barbarian_raid#0"]
    return s, a, b


def _raids(m):
    return [e for e in m.log if e["kind"] == "barbarian_attack"]


def _rounds(m, at):
    return [e for e in m.log if e["kind"] == "combat_round" and at in e["hexes"]]


def test_raid_asks_a_defender_with_tactics_and_the_card_applies():
    s, a, b = raid_scenario()
    m = s.match()
    accepted(m, "research storage")
    frame = m.state["stack"][-1]
    assert frame["kind"] == "combat_card" and frame["player"] == 0
    assert frame["side"] == "defender"
    assert [f["kind"] for f in m.state["stack"][-2:]] == ["barbarian_raid", "combat_card"]
    assert sorted(str(x) for x in m.legal_actions()) == ["pass", "tactic quarry#0"]
    assert len(_raids(m)) == 1 and _rounds(m, a) == []  # the second raid waits
    accepted(m, "tactic quarry#0")
    r = _rounds(m, a)[0]
    assert len(r["defender_dice"]) == 3 and r["cards"]["defender"] == "quarry#0"
    assert len(r["attacker_dice"]) == 1 and r["cards"]["attacker"] is None
    assert "quarry#0" in m.state["discards"]["actions"]
    assert m.state["stats"]["combat_card_played"] == 1


def test_raid_one_card_per_round():
    s, a, b = raid_scenario(hand=("quarry#0", "scholars#0"))
    m = s.match()
    accepted(m, "research storage")
    rig_dice(m, 1, 1, 1, 1)  # round 1: 1 against 3, no hits: the barbarians fight on
    accepted(m, "tactic quarry#0")
    assert len(_rounds(m, a)) == 1
    frame = m.state["stack"][-1]
    assert frame["kind"] == "combat_card" and frame["battle"]["round"] == 2
    # the card's combat half, or its civil half (free, at any time: anytime.where)
    assert sorted(str(x) for x in m.legal_actions()) == [
        "pass",
        "play scholars#0",
        "tactic scholars#0",
    ]
    rig_dice(m, 1, 5, 5)  # round 2: the defender's extra die wins it
    accepted(m, "tactic scholars#0")
    r2 = _rounds(m, a)[1]
    assert len(r2["defender_dice"]) == 2 and r2["attacker_hits"] == 0
    assert r2["defender_hits"] == 2
    # the first raid is over; the second followed at once (no card left to ask about)
    assert [e["hexes"][1] for e in _raids(m)] == [a, b]
    assert m.state["stack"][-1]["kind"] == "turn"
    assert not any(f["kind"] == "barbarian_raid" for f in m.state["stack"])


def test_raid_does_not_ask_without_tactics():
    s, a, b = raid_scenario(tactics=False)
    m = s.match()
    accepted(m, "research storage")
    assert m.state["stack"][-1]["kind"] == "turn"  # both raids resolved in the research step
    assert [e["hexes"][1] for e in _raids(m)] == [a, b]
    assert _rounds(m, a) and _rounds(m, b)
    assert m.state["players"][0]["actions_hand"] == ["quarry#0"]


def test_raid_does_not_ask_without_a_combat_card():
    s, a, b = raid_scenario(hand=())
    m = s.match()
    accepted(m, "research storage")
    assert m.state["stack"][-1]["kind"] == "turn"
    assert len(_raids(m)) == 2


def test_raids_resolve_in_order_after_passing():
    s, a, b = raid_scenario()
    m = s.match()
    accepted(m, "research storage")
    rig_dice(m, 6, 1)  # round 1: the barbarians hit once, the lone defender falls
    accepted(m, "pass")
    assert m.state["cities"][a]["owner"] == BARBARIANS
    # the next raid started as soon as the first battle ended, and asks in turn
    assert [e["hexes"][1] for e in _raids(m)] == [a, b]
    frame = m.state["stack"][-1]
    assert frame["kind"] == "combat_card" and frame["battle"]["at"] == b
    accepted(m, "pass")
    while m.state["stack"][-1]["kind"] == "combat_card":  # later rounds of the second raid
        assert m.state["stack"][-1]["battle"]["at"] == b
        accepted(m, "pass")
    assert m.state["stack"][-1]["kind"] == "turn"
    assert m.state["players"][0]["actions_hand"] == ["quarry#0"]  # passing keeps the card
    assert m.state["stats"]["barbarian_attack"] == 2


def test_raid_steps_are_undo_barriers():
    s, a, b = raid_scenario()
    m = s.match()
    accepted(m, "research storage")
    assert not m.can_undo()  # the event card was revealed
    accepted(m, "pass")
    assert not m.can_undo()  # dice were rolled: the battle cannot be taken back


def _old_loop(state, p, ev):
    """The former event resolution: each raid fought through at once, in id order
    (it raided the cities held at the start; the same here, as no city changes hands)."""
    mine = set(cities_of(state, p))
    for uid, u in sorted(state["units"].items(), key=lambda x: int(x[0][1:])):
        if u["owner"] != BARBARIANS or u["kind"] != "army" or uid not in state["units"]:
            continue
        targets = sorted(n for n in board_neighbours(state, u["hex"]) if n in mine)
        if not targets:
            continue
        src, to = u["hex"], targets[0]
        u["hex"] = to
        bump_stat(state, "barbarian_attack")
        combat.start_battle(state, BARBARIANS, src, to, [uid], ev)


def test_raid_frame_matches_the_old_resolution_when_nobody_is_asked():
    from clash_widget.coc import events

    for seed in range(8):
        s, a, b = raid_scenario(tactics=False, seed=3)
        s.dice(seed)
        new, old = s.state, clone(s.state)
        events.barbarian_attack(new, 0, Events())
        _old_loop(old, 0, Events())
        assert new["stack"] == old["stack"]
        assert new == old


def test_raid_waiting_for_a_card_survives_a_save_and_load():
    from clash_widget.engine.match import Match

    s, a, b = raid_scenario()
    m = s.match()
    accepted(m, "research storage")
    loaded = Match.from_json(m.to_json())
    for match in (m, loaded):
        accepted(match, "tactic quarry#0")
        while match.state["stack"][-1]["kind"] == "combat_card":
            accepted(match, "pass")
    assert m.state_hash() == loaded.state_hash()
    assert m.state["stack"][-1]["kind"] == "turn" and m.state["stats"]["barbarian_attack"] == 2


def test_a_city_taken_by_one_raid_is_not_raided_again():
    s, a, b = raid_scenario(tactics=False)
    s.clear_units(0)  # both cities stand undefended
    for uid in [k for k, u in s.state["units"].items() if u["owner"] == BARBARIANS]:
        s.state["units"][uid]["hex"] = _free_land(s, a, b)  # both armies wait next to a
    m = s.match()
    accepted(m, "research storage")
    assert m.state["cities"][a]["owner"] == BARBARIANS
    assert [e["hexes"][1] for e in _raids(m)] == [a]  # the second army finds no city of Blue
    assert not _rounds(m, a)  # the barbarians never fight each other


def test_capture_gold_happy_or_neutral_city_lost_to_barbarians_sends_its_refugee():
    """Primer, Battles and Capturing: "If the city was happy or neutral, you receive gold
    equal to the size of the city, and the previous owner gets a free Settler in one of his
    cities." French rulings p. 12: "Si un attaquant reste seul dans une ville étrangère ...
    l'ancien propriétaire reçoit un Colon en tant que réfugié" — any attacker, barbarians
    too. Blue's neutral capital falls to a raid: a refugee settler reaches Blue's other city."""
    s, a, b = raid_scenario(tactics=False)
    s.clear_units(0)
    for uid in [k for k, u in s.state["units"].items() if u["owner"] == BARBARIANS]:
        s.state["units"][uid]["hex"] = _free_land(s, a, b)
    s.state["cities"][a]["mood"] = 1  # neutral
    m = s.match()
    accepted(m, "research storage")
    assert m.state["cities"][a]["owner"] == BARBARIANS
    settlers = [u for u in m.state["units"].values() if u["owner"] == 0 and u["kind"] == "settler"]
    assert [u["hex"] for u in settlers] == [b]
    assert any(e["kind"] == "refugee" for e in m.log)


def test_capture_gold_angry_city_lost_to_barbarians_sends_no_refugee():
    """Primer: the refugee comes only "If the city was happy or neutral"."""
    s, a, b = raid_scenario(tactics=False)
    s.clear_units(0)
    for uid in [k for k, u in s.state["units"].items() if u["owner"] == BARBARIANS]:
        s.state["units"][uid]["hex"] = _free_land(s, a, b)
    s.state["cities"][a]["mood"] = 0  # angry
    m = s.match()
    accepted(m, "research storage")
    assert m.state["cities"][a]["owner"] == BARBARIANS
    assert not any(u["owner"] == 0 and u["kind"] == "settler" for u in m.state["units"].values())


def test_raid_log_grammar_the_barbarians_attack():
    """Plain words in the log: "The barbarians attack Blue", never "The barbarians attacks";
    a player attacks "the barbarians" in mid-sentence."""
    s, a, b = raid_scenario(tactics=False)
    m = s.match()
    accepted(m, "research storage")
    texts = [e["text"] for e in m.log if e["kind"] in ("battle", "battle_won", "battle_lost")]
    assert any(t.startswith("The barbarians attack ") for t in texts), texts
    assert not any("barbarians attacks" in t or "barbarians wins" in t for t in texts), texts
    assert not any("barbarians's" in t for t in texts), texts
    assert combat._name(m.state, BARBARIANS, start=False) == "the barbarians"
