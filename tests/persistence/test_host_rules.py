"""The host game's rules (ours, in the spirit of History of the World), a test pair per rule id."""

from __future__ import annotations

from clash_widget.engine import Match
from clash_widget.persistence import content

from .helpers import card_for, finish_turn, kinds, of_kind, ok, refused, scene


# -- Epochs ----------------------------------------------------------------------------------------
def test_epoch_choose_empire_ok():
    """Each Epoch every player takes one of its Empires."""
    m = Match.new("persistence", 2, 5)
    assert {a.args[0] for a in m.legal_actions()} == set(content.epoch_empires(1))
    ok(m, "choose egyptians")
    assert "choose egyptians" not in [str(a) for a in m.legal_actions()]


def test_epoch_choose_empire_refused():
    """An Empire of another Epoch, or one already taken, is refused."""
    m = Match.new("persistence", 3, 5)
    refused(m, "choose romans", "epoch.choose-empire")
    ok(m, "choose egyptians")
    assert "already taken" in refused(m, "choose egyptians", "epoch.choose-empire")
    refused(m, "choose atlantis", "engine.malformed")


def test_epoch_fewest_vp_first_ok():
    """The player with the fewest VP chooses first; the others follow by VP."""
    s = scene(players=3, epoch=2)
    for seat, vp in enumerate((9, 2, 5)):
        s.vp(seat, vp)
    s.empire(0, "hittites", lands=["anatolia"])
    m = s.turn(0, "hittites", armies=0, fleets=0).match()
    ev = finish_turn(m)
    assert "epoch" in kinds(ev)
    seats = []
    while m.state["stack"][-1]["kind"] == "choose":
        seats.append(m.current_player)
        ok(m, str(m.legal_actions()[0]))
    assert seats == [1, 2, 0]


def test_epoch_fewest_vp_first_ok_set_by_the_scenario_builder():
    """Issue 23 item 14: who chooses an Empire first depends on the Victory Points, so the
    scenario builder sets each player's VP (in all or by source) and the Epoch opens with the
    player who has the fewest; a VP source that does not exist is refused."""
    import pytest

    from clash_widget.persistence.scenario import ScenarioError

    s = scene(players=3, epoch=1).vp(0, 7).vp(1, regions=3, culture=2).vp(2, 4)
    assert [p["vp"] for p in s.state["players"]] == [7, 5, 4]
    assert s.state["players"][1]["vp_by"]["culture"] == 2
    m = s.choosing().match()
    assert m.current_player == 2
    assert m.state["stack"][-1]["queue"] == [1, 0]
    with pytest.raises(ScenarioError):
        scene().vp(0, glory=3)


def test_epoch_fewest_vp_first_refused():
    """On equal VP the lower seat goes first; nobody chooses out of turn."""
    m = Match.new("persistence", 3, 2)
    assert m.current_player == 0
    ok(m, "choose sumerians")
    assert m.current_player == 1


def test_epoch_turn_order_ok():
    """The chosen Empires play in their order (Sumerians before the Shang), whoever chose first."""
    m = Match.new("persistence", 2, 2)
    ok(m, "choose shang")
    ok(m, "choose sumerians")
    assert m.state["order"] == ["sumerians", "shang"] and m.current_player == 1
    assert m.state["turn"]["empire"] == "sumerians"


def test_epoch_turn_order_refused():
    """The player whose Empire plays later waits: their actions are not listed."""
    m = Match.new("persistence", 2, 2)
    ok(m, "choose shang")
    ok(m, "choose sumerians")
    refused(m, "choose egyptians", "engine.not-now")


def test_epoch_game_end_ok():
    """After the last turn of the last Epoch the game ends; the most VP wins."""
    s = scene(epoch=7)
    s.state["players"][1]["vp"] = 3
    s.state["players"][1]["vp_by"]["regions"] = 3
    m = s.empire(0, "ming", lands=["south_china"], capital="south_china")
    m = m.turn(0, "ming", armies=0, fleets=0).match()
    ev = finish_turn(m)
    assert m.is_over and "game_over" in kinds(ev)
    vp = m.state["result"]["vp"]
    assert m.state["result"]["winners"] == [i for i, v in enumerate(vp) if v == max(vp)]
    assert m.legal_actions() == []


def test_epoch_game_end_refused():
    """A shorter game (option epochs=2) ends after Epoch II; before that it goes on."""
    s = scene(epoch=1, epochs=2).empire(0, "shang", lands=["north_china"])
    m = s.turn(0, "shang", armies=0, fleets=0).match()
    finish_turn(m)
    assert not m.is_over and m.state["epoch"] == 2
    refused(m, "end", "engine.not-now")


# -- the Expansion phase ---------------------------------------------------------------------------
def roman_turn(**kw):
    s = scene(epoch=4)
    s.empire(0, "romans", lands=kw.pop("lands", ["italy"]), capital=kw.pop("capital", "italy"))
    return s, s.turn(0, "romans", **kw)


def test_expand_armies_left_ok():
    """Each army enters one land; the count goes down."""
    _, s = roman_turn(armies=2)
    m = s.match()
    ok(m, "enter gaul")
    assert m.state["turn"]["armies"] == 1


def test_expand_armies_left_refused():
    """With no armies left, no army enters."""
    _, s = roman_turn(armies=0)
    refused(s.match(), "enter gaul", "expand.armies-left")


def test_expand_land_only_ok():
    """Armies go to Lands."""
    _, s = roman_turn()
    ok(s.match(), "enter germania")


def test_expand_land_only_refused():
    """Seas take fleets, not armies."""
    _, s = roman_turn()
    refused(s.match(), "enter western_med", "expand.land-only")


def test_expand_first_army_start_ok():
    """The first army enters the start land."""
    m = scene(epoch=4).turn(0, "romans").match()
    assert [str(a) for a in m.legal_actions() if a.kind == "enter"] == ["enter italy"]
    ok(m, "enter italy")


def test_expand_first_army_start_refused():
    """Before the Empire holds a land, any other land is refused."""
    m = scene(epoch=4).turn(0, "romans").match()
    assert "Italy" in refused(m, "enter gaul", "expand.first-army-start")


def test_expand_capital_ok():
    """The first army founds the Capital in the start land."""
    m = scene(epoch=4).turn(0, "romans").match()
    ev = ok(m, "enter italy")
    assert "capital_founded" in kinds(ev) and m.state["empires"]["romans"]["capital"] == "italy"


def test_expand_capital_refused():
    """An Empire without a Capital (the Huns) or a Minor Empire founds none."""
    m = scene(epoch=4).turn(0, "huns").match()
    ev = ok(m, "enter steppe")
    assert "capital_founded" not in kinds(ev) and m.state["empires"]["huns"]["capital"] is None
    m = scene(epoch=4).turn(0, "goguryeo").match()
    ok(m, "enter korea")
    assert m.state["empires"]["goguryeo"]["capital"] is None


def test_expand_not_own_ok():
    """A land held by another Empire of the same Faction may be entered (a battle)."""
    s, _ = roman_turn()
    s.empire(0, "celts", lands=["gaul"])
    s.turn(0, "romans")
    assert "enter gaul" in [str(a) for a in s.match().legal_actions()]


def test_expand_not_own_refused():
    """The Empire's own land is refused."""
    _, s = roman_turn(lands=["italy", "gaul"])
    refused(s.match(), "enter gaul", "expand.not-own")


def test_expand_reach_ok():
    """By border (Gaul), across a Sea with a fleet (Egypt from Italy over the Eastern
    Mediterranean), or over a Strait (Carthage, Strait of Sicily)."""
    s, _ = roman_turn()
    s.fleet("eastern_med", "romans").turn(0, "romans")
    enters = {a.args[0] for a in s.match().legal_actions() if a.kind == "enter"}
    assert {"gaul", "germania", "greece", "egypt", "levant", "carthage"} <= enters


def test_expand_reach_refused():
    """Persia is far from Italy."""
    _, s = roman_turn()
    assert "out of reach" in refused(s.match(), "enter persia", "expand.reach")


def test_expand_strait_closed_ok():
    """A Strait whose Sea holds no enemy fleet is open."""
    _, s = roman_turn()
    ok(s.match(), "enter carthage")


def test_expand_strait_closed_refused():
    """An enemy fleet in the Western Mediterranean closes the Strait of Sicily."""
    s, _ = roman_turn()
    s.empire(1, "carthaginians", lands=["maghreb"]).fleet("western_med", "carthaginians")
    s.turn(0, "romans")
    refused(s.match(), "enter carthage", "expand.strait-closed")


def test_expand_place_all_armies_ok():
    """With every army placed the Expansion phase may end."""
    _, s = roman_turn(armies=0, fleets=0)
    ok(s.match(), "end")


def test_expand_place_all_armies_refused():
    """While an army can enter a vacant land, ending is refused and the refusal says where."""
    _, s = roman_turn(armies=2)
    assert "Gaul" in refused(s.match(), "end", "expand.place-all-armies")


def test_battle_dice_ok():
    """Highest die against highest die plus the bonuses: 6 beats 1 + 1 (Capital)."""
    s, _ = roman_turn()
    s.empire(1, "greeks", lands=["greece"], capital="greece").dice(6, 2, 1).turn(0, "romans")
    m = s.match()
    ev = ok(m, "enter greece")
    won = of_kind(ev, "battle_won")[0]
    assert (won["attack"], won["defence"]) == ([6, 2], [1])
    assert m.state["lands"]["greece"] == "romans"
    assert not m.can_undo()  # dice were rolled: undo stops here


def test_battle_dice_refused():
    """Ties go to the defender: 4 against 3 + 1 (fort) loses the army."""
    s, _ = roman_turn(armies=2)
    s.empire(1, "celts", lands=["gaul"]).fort("gaul").dice(4, 1, 3).turn(0, "romans", armies=2)
    m = s.match()
    ev = ok(m, "enter gaul")
    assert "battle_lost" in kinds(ev) and m.state["lands"]["gaul"] == "celts"
    assert m.state["turn"]["armies"] == 1


# -- fleets ----------------------------------------------------------------------------------------
def test_fleet_fleets_left_ok():
    """A fleet is placed while the Empire has fleets."""
    _, s = roman_turn(fleets=1)
    m = s.match()
    ok(m, "fleet western_med")
    assert m.state["fleets"]["western_med"] == ["romans"]


def test_fleet_fleets_left_refused():
    _, s = roman_turn(fleets=0)
    refused(s.match(), "fleet western_med", "fleet.fleets-left")


def test_fleet_water_only_ok():
    """Oceans take fleets too."""
    s, _ = roman_turn(lands=["italy", "gaul"])
    ok(s.turn(0, "romans", fleets=1).match(), "fleet atlantic")


def test_fleet_water_only_refused():
    _, s = roman_turn(fleets=1)
    refused(s.match(), "fleet gaul", "fleet.water-only")


def test_fleet_coast_ok():
    _, s = roman_turn(fleets=1)
    ok(s.match(), "fleet eastern_med")


def test_fleet_coast_refused():
    """The Romans hold no land on the Red Sea."""
    _, s = roman_turn(fleets=1)
    refused(s.match(), "fleet red_sea", "fleet.coast")


def test_fleet_one_per_sea_ok():
    """Two fleets go to two different Seas."""
    _, s = roman_turn(fleets=2)
    m = s.match()
    ok(m, "fleet eastern_med")
    ok(m, "fleet western_med")


def test_fleet_one_per_sea_refused():
    _, s = roman_turn(fleets=2)
    m = s.match()
    ok(m, "fleet eastern_med")
    refused(m, "fleet eastern_med", "fleet.one-per-sea")


# -- Events ----------------------------------------------------------------------------------------
def test_event_in_hand_ok():
    leader = card_for("leader", 4)
    s, _ = roman_turn()
    ev = ok(s.hand(0, leader).turn(0, "romans").match(), f"declare {leader}")
    assert "event_declared" in kinds(ev)


def test_event_in_hand_refused():
    """A card of another hand (or the box) is refused."""
    leader = card_for("leader", 4)
    s, _ = roman_turn()
    m = s.hand(1, leader).turn(0, "romans").match()
    refused(m, f"declare {leader}", "event.in-hand")
    refused(m, "declare nonsense", "engine.malformed")


def test_event_time_frame_ok():
    """A host card is declared in an Epoch of its Time Frame."""
    levy = card_for("levy", 4)
    s, _ = roman_turn(armies=1)
    m = s.hand(0, levy).turn(0, "romans", armies=1).match()
    ok(m, f"declare {levy}")
    assert m.state["turn"]["armies"] == 1 + content.cards()[levy]["armies"]


def test_event_time_frame_refused():
    levy = next(
        c for c in sorted(content.cards()) if c.endswith("levy") and not content.in_time_frame(c, 4)
    )
    s, _ = roman_turn()
    m = s.hand(0, levy).turn(0, "romans").match()
    assert "Epoch IV" in refused(m, f"declare {levy}", "event.time-frame")


def test_event_per_turn_ok():
    """Two Event cards a turn (option events_per_turn)."""
    a = card_for("leader", 4)
    b = card_for("levy", 4, besides=a)
    s, _ = roman_turn()
    m = s.hand(0, a, b).turn(0, "romans").match()
    ok(m, f"declare {a}")
    ok(m, f"declare {b}")


def test_event_per_turn_refused():
    a = card_for("leader", 4)
    b = card_for("levy", 4, besides=a)
    s, _ = roman_turn()
    m = s.hand(0, a, b).turn(0, "romans", events=0).match()
    m.state["options"]["events_per_turn"] = 1
    ok(m, f"declare {a}")
    refused(m, f"declare {b}", "event.per-turn")


def test_event_fort_target_ok():
    fort = card_for("fort", 4)
    s, _ = roman_turn()
    m = s.hand(0, fort).turn(0, "romans").match()
    ok(m, f"declare {fort} italy")
    assert m.state["forts"] == ["italy"]


def test_event_fort_target_refused():
    """Not in a land of another Empire, nor twice in one land; a Fortress needs its land."""
    fort = card_for("fort", 4)
    s, _ = roman_turn()
    s.empire(1, "celts", lands=["gaul"]).fort("italy")
    m = s.hand(0, fort).turn(0, "romans").match()
    refused(m, f"declare {fort} gaul", "event.fort-target")
    refused(m, f"declare {fort} italy", "event.fort-target")
    refused(m, f"declare {fort}", "engine.malformed")


def test_event_monument_target_ok():
    """A Monument may stand in a land of a past Empire of the Faction; it scores."""
    mon = card_for("monument", 4)
    s, _ = roman_turn(armies=0, fleets=0)
    s.empire(0, "greeks", lands=["greece"])
    m = s.hand(0, mon).turn(0, "romans", armies=0, fleets=0).match()
    ok(m, f"declare {mon} greece")
    ev = finish_turn(m)
    assert of_kind(ev, "vp")[0]["parts"]["monuments"] == 1


def test_event_monument_target_refused():
    mon = card_for("monument", 4)
    s, _ = roman_turn()
    s.empire(1, "greeks", lands=["greece"])
    m = s.hand(0, mon).turn(0, "romans").match()
    refused(m, f"declare {mon} greece", "event.monument-target")


def fate_turn(effect: str, region: str | None = None, **kw):
    s, _ = roman_turn(lands=["italy"])
    s.empire(1, "greeks", lands=["greece", "anatolia", "levant"], capital="greece")
    s.empire(1, "celts", lands=["gaul"])
    card = card_for(effect, 4, region)
    return s.hand(0, card), card


def test_event_treachery_target_ok():
    """Treachery: a land of another player next to the present Empire changes sides."""
    s, card = fate_turn("treachery")
    m = s.turn(0, "romans", armies=1).match()
    ev = ok(m, f"declare {card} gaul")
    assert m.state["lands"]["gaul"] == "romans" and m.state["turn"]["armies"] == 0
    assert "land_falls" in kinds(ev)


def test_event_treachery_target_refused():
    """Anatolia is not next to a Roman land."""
    s, card = fate_turn("treachery")
    m = s.turn(0, "romans", armies=1).match()
    refused(m, f"declare {card} anatolia", "event.treachery-target")


def test_event_treachery_army_ok():
    s, card = fate_turn("treachery")
    assert f"declare {card} gaul" in [
        str(a) for a in s.turn(0, "romans", armies=1).match().legal_actions()
    ]


def test_event_treachery_army_refused():
    """Without an army left, Treachery has nobody to take the land."""
    s, card = fate_turn("treachery")
    refused(s.turn(0, "romans", armies=0).match(), f"declare {card} gaul", "event.treachery-army")


def test_event_rebellion_target_ok():
    """Rebellion strikes a land of an Empire of an earlier Epoch (the Greeks, Epoch III)."""
    s, card = fate_turn("rebellion")
    m = s.dice(6, 6, 1).turn(0, "romans").match()
    ok(m, f"declare {card} anatolia")
    assert "anatolia" not in m.state["lands"]


def test_event_rebellion_target_refused():
    """The Celts are of Epoch III too, but a present Empire's land is refused: a Goguryeo land."""
    s, card = fate_turn("rebellion")
    s.empire(1, "goguryeo", lands=["korea"])
    m = s.turn(0, "romans").match()
    refused(m, f"declare {card} korea", "event.rebellion-target")
    refused(m, f"declare {card} italy", "event.rebellion-target")  # never your own


def test_event_civil_war_target_ok():
    """Civil War: the Capital of an Empire holding three lands falls."""
    s, card = fate_turn("civil_war")
    m = s.turn(0, "romans").match()
    ok(m, f"declare {card} greece")
    assert "greece" not in m.state["lands"] and m.state["lands"]["anatolia"] == "greeks"


def test_event_civil_war_target_refused():
    """Not a Capital (Anatolia), or an Empire with too few lands (option civil_war_lands=4)."""
    s, card = fate_turn("civil_war")
    m = s.turn(0, "romans").match()
    refused(m, f"declare {card} anatolia", "event.civil-war-target")
    m.state["options"]["civil_war_lands"] = 4
    assert "4 lands" in refused(m, f"declare {card} greece", "event.civil-war-target")


def test_event_barbarians_target_ok():
    """Barbarians strike a land of another player in their region (Europe)."""
    s, card = fate_turn("barbarians", "europe")
    m = s.dice(6, 6, 2).turn(0, "romans").match()
    ev = ok(m, f"declare {card} gaul")
    assert "fate_roll" in kinds(ev) and "gaul" not in m.state["lands"]


def test_event_barbarians_target_refused():
    """Anatolia is not in Europe."""
    s, card = fate_turn("barbarians", "europe")
    m = s.turn(0, "romans").match()
    assert "Europe" in refused(m, f"declare {card} anatolia", "event.barbarians-target")


def test_event_fates_ok():
    """Each fate makes a land fall: Treachery hands it over, the others leave it vacant."""
    s, card = fate_turn("civil_war")
    m = s.turn(0, "romans").match()
    ev = ok(m, f"declare {card} greece")
    assert of_kind(ev, "land_falls")[0]["fate"] == "civil_war"


def test_event_fates_refused():
    """Barbarians thrown back (2 against 2): the land stands."""
    s, card = fate_turn("barbarians", "europe")
    m = s.dice(2, 1, 2).turn(0, "romans").match()
    ev = ok(m, f"declare {card} gaul")
    assert "land_falls" not in kinds(ev) and m.state["lands"]["gaul"] == "celts"


# -- Victory Points --------------------------------------------------------------------------------
def test_vp_phase_ok():
    """Presence, dominance and control of regions, Capitals and Monuments: the Romans control
    nothing, dominate Europe (two lands to none) and have a Capital; India is controlled."""
    s, _ = roman_turn(lands=["italy", "gaul"], armies=0, fleets=0)
    s.empire(0, "mauryans", lands=["indus", "ganges", "deccan"], capital="ganges")
    s.monument("gaul")
    m = s.turn(0, "romans", armies=0, fleets=0).match()
    ev = finish_turn(m)
    parts = of_kind(ev, "vp")[0]["parts"]
    assert parts == {"regions": 3 + 2 * 2, "capitals": 2, "monuments": 1, "culture": 0}
    assert m.state["players"][0]["vp"] == 10


def test_vp_phase_refused():
    """Barren lands score nothing; an equal count is no dominance (presence only)."""
    s, _ = roman_turn(lands=["italy"], armies=0, fleets=0)
    s.empire(0, "huns", lands=["steppe"]).empire(1, "greeks", lands=["greece"])
    m = s.turn(0, "romans", armies=0, fleets=0).match()
    ev = finish_turn(m)
    parts = of_kind(ev, "vp")[0]["parts"]
    assert parts["regions"] == 1  # Europe presence; the Steppe is barren
