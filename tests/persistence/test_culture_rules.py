"""Seed rules 1.1-5.11 and 7.1 of The Persistence of Culture, one test pair per rule id.

Each test is named after its rule id (``test_<id>_ok`` / ``test_<id>_refused``) and quotes
the seed in its docstring; tests of our readings say so.
"""

from __future__ import annotations

from collections import Counter

from clash_widget.engine import Match
from clash_widget.persistence import content
from clash_widget.persistence.culture import card_points

from .helpers import card_for, finish_turn, kinds, of_kind, ok, refused, scene


# -- 1.1 and 2.1: piles and hands ------------------------------------------------------------------
def test_culture_ten_piles_ok():
    """1.1: "players will now have ten piles (instead of nine piles) of seven cards each"."""
    assert len(content.piles()) == 10 and content.piles()[-1] == "culture"
    assert all(len(content.pile_cards(p)) == 7 for p in content.piles())
    m = Match.new("persistence", 2, 1)
    st = m.state
    in_game = st["box"] + [c for p in st["players"] for c in p["hand"]]
    assert len(in_game) == 70 and Counter(
        content.cards()[c]["pile"] for c in in_game
    ) == dict.fromkeys(content.piles(), 7)


def test_culture_ten_piles_refused():
    """Without the variant (option culture=False) the host game keeps its nine piles."""
    m = Match.new("persistence", 2, 1, {"culture": False})
    st = m.state
    in_game = st["box"] + [c for p in st["players"] for c in p["hand"]]
    assert len(in_game) == 63 and not any(content.is_culture(c) for c in in_game)


def test_culture_hand_of_ten_ok():
    """2.1: "Each player randomly draws one card from each pile to form his or her hand of ten
    Event cards with one card of each color (including one Culture Event card). Players return
    any remaining Event cards face down to the box"."""
    for players in (2, 3, 4):
        m = Match.new("persistence", players, players)
        for p in m.state["players"]:
            piles = [content.cards()[c]["pile"] for c in p["hand"]]
            assert sorted(piles) == sorted(content.piles())
            assert sum(content.is_culture(c) for c in p["hand"]) == 1
        assert len(m.state["box"]) == 70 - 10 * players
        for seat in range(players):  # the box is face down: nobody sees it
            assert "box" not in m.view(seat)


def test_culture_hand_of_ten_refused():
    """Hands differ from seed to seed (random draws), and never hold two cards of one pile."""
    hands = {tuple(Match.new("persistence", 2, s).state["players"][0]["hand"]) for s in range(8)}
    assert len(hands) > 1
    m = Match.new("persistence", 2, 3)
    assert not m.game.invariants(m.state)
    m.state["players"][0]["hand"][0] = m.state["players"][0]["hand"][1]
    assert any("two cards of one pile" in b for b in m.game.invariants(m.state))


# -- 3.1 and 3.11: declaring -----------------------------------------------------------------------
def declare_scene(epoch: int = 4, empire: str = "romans", card: str = "science", **kw):
    s = scene(epoch=epoch)
    s.empire(0, empire, lands=[content.empires()[empire]["start"]], capital=kw.pop("capital", None))
    return s.hand(0, card).turn(0, empire, **kw)


def test_culture_declare_time_frame_ok():
    """3.1: "Culture Event cards are declared in the same way as other Event cards (HWD Rule
    3.4). The Time Frame rule also applies (HWD Rule 4.1)." Science (IV-VII) in Epoch IV."""
    m = declare_scene(capital="italy").match()
    ev = ok(m, "declare science")
    assert "culture_declared" in kinds(ev)


def test_culture_declare_time_frame_refused():
    """Law (I-III) cannot be declared in Epoch IV; the refusal names both."""
    m = declare_scene(card="law", capital="italy").match()
    reason = refused(m, "declare law", "culture.declare-time-frame")
    assert "I–III" in reason and "Epoch IV" in reason


def test_culture_not_discarded_ok():
    """3.1: "But unlike other Event cards, Culture cards are not discarded when declared.\""""
    m = declare_scene(capital="italy").match()
    ok(m, "declare science")
    assert "science" not in m.state["discard"] and m.state["culture"] == {"science": "romans"}
    assert [c["id"] for c in m.view(1)["culture"]] == ["science"]  # face up for everyone


def test_culture_not_discarded_refused():
    """A host Event card, by contrast, is discarded when declared."""
    leader = card_for("leader", 4)
    m = declare_scene(capital="italy").hand(0, leader).match()
    ok(m, f"declare {leader}")
    assert leader in m.state["discard"] and leader not in m.state["culture"]


def test_culture_marked_present_empire_ok():
    """3.11: "places an Army marker on top of the card ... This Army must be one from the
    player's Empire for the current Epoch ... The declared Culture card belongs to this Empire
    and is considered to be 'located' in the Empire's Capital.\""""
    s = scene(epoch=4).empire(0, "greeks", lands=["greece"], capital="greece")
    m = s.empire(0, "romans", lands=["italy"], capital="italy").hand(0, "science")
    m = m.turn(0, "romans").match()
    ev = ok(m, "declare science")
    assert m.state["culture"]["science"] == "romans"  # not the Greeks of Epoch III
    assert "Italy" in of_kind(ev, "culture_declared")[0]["text"]


def test_culture_marked_present_empire_refused():
    """A past Empire never declares: only the present Empire's turn offers declarations."""
    s = scene(epoch=4).empire(0, "greeks", lands=["greece"], capital="greece")
    m = s.hand(0, "science").empire(1, "romans", lands=["italy"], capital="italy")
    m = m.turn(1, "romans").match()
    assert not [a for a in m.legal_actions() if a.kind == "declare" and a.args[0] == "science"]
    refused(m, "declare science", "event.in-hand")  # the Greeks' player is not to move


def test_culture_no_minor_empires_ok():
    """3.11: "Minor Empires cannot play or possess Culture cards." A major Empire can."""
    m = declare_scene(capital="italy").match()
    ok(m, "declare science")


def test_culture_no_minor_empires_refused():
    """The Goguryeo (a Minor Empire) hold Korea but cannot declare Science."""
    m = declare_scene(empire="goguryeo").match()
    refused(m, "declare science", "culture.no-minor-empires")


def test_culture_needs_capital_ok():
    """3.11: "Empires without Capitals cannot play or possess Culture cards." With its Capital
    standing an Empire declares."""
    m = declare_scene(epoch=6, empire="seljuks", capital="anatolia").match()
    ok(m, "declare science")


def test_culture_needs_capital_refused():
    """The Mongols (an Empire without a Capital) cannot declare Science."""
    m = declare_scene(epoch=6, empire="mongols").match()
    refused(m, "declare science", "culture.needs-capital")


def test_culture_declare_after_capital_ok():
    """Ours (3.11 leaves it open): once the first army has founded the Capital, the Empire
    declares."""
    s = scene(epoch=4).hand(0, "science").turn(0, "romans")
    m = s.match()
    ok(m, "enter italy")
    assert m.state["empires"]["romans"]["capital"] == "italy"
    ok(m, "declare science")


def test_culture_declare_after_capital_refused():
    """Ours: before its first army enters its start land the Empire has no Capital, so its
    Culture card has nowhere to be located."""
    m = scene(epoch=4).hand(0, "science").turn(0, "romans").match()
    reason = refused(m, "declare science", "culture.declare-after-capital")
    assert "Italy" in reason


def test_culture_without_capital_ok():
    """Ours: "an Empire without a Capital" covers one that lost its Capital. The Romans, whose
    Capital has fallen, take the Greek Capital: Law is destroyed, not captured."""
    s = scene(epoch=4).empire(1, "greeks", lands=["greece"], capital="greece")
    s.culture("law", "greeks")
    s.empire(0, "romans", lands=["italy", "gaul"], capital="italy").fall("romans")
    m = s.dice(6, 6, 1).turn(0, "romans", armies=2).match()
    ok(m, "enter italy")  # vacant again: no new Capital
    assert m.state["empires"]["romans"]["capital"] is None
    ev = ok(m, "enter greece")
    assert "culture_destroyed" in kinds(ev) and "law" in m.state["destroyed"]


def test_culture_without_capital_refused():
    """An Empire whose Capital stands captures instead (the reading only concerns Empires with
    no Capital standing)."""
    s = scene(epoch=4).empire(1, "greeks", lands=["greece"], capital="greece")
    s.culture("law", "greeks").empire(0, "romans", lands=["italy"], capital="italy")
    m = s.dice(6, 6, 1).turn(0, "romans", armies=1).match()
    ev = ok(m, "enter greece")
    assert "culture_captured" in kinds(ev) and m.state["culture"]["law"] == "romans"


# -- 4.1: scoring ----------------------------------------------------------------------------------
def test_culture_scores_every_turn_ok():
    """4.1: "The player receives points for all of his or her Culture cards (not just the ones
    possessed by the Empire of the current Epoch). The player receives Victory Points each turn
    the cards are in play\"."""
    s = scene(epoch=4).empire(0, "greeks", lands=["greece"], capital="greece")
    s.culture("law", "greeks").empire(0, "romans", lands=["italy"], capital="italy")
    s.culture("science", "romans")
    m = s.turn(0, "romans", armies=0, fleets=0).match()
    ev = finish_turn(m)
    scored = {e["card"]: e["vp"] for e in of_kind(ev, "culture_scored")}
    assert scored == {"law": 1, "science": 2}
    assert m.state["players"][0]["vp_by"]["culture"] == 3


def test_culture_scores_every_turn_refused():
    """Only the player whose turn ends scores: player 1's Culture card scores nothing on
    player 0's turn."""
    s = scene(epoch=4).empire(1, "greeks", lands=["greece"], capital="greece")
    s.culture("law", "greeks").empire(0, "romans", lands=["italy"], capital="italy")
    m = s.turn(0, "romans", armies=0, fleets=0).match()
    ev = finish_turn(m)
    assert not of_kind(ev, "culture_scored") and m.state["players"][1]["vp"] == 0


def test_culture_hand_scores_nothing_ok():
    """4.1: "A player does not receive Victory Points for Culture cards held unplayed in his or
    her Event card hand." Declared, Science scores two."""
    m = declare_scene(capital="italy", armies=0, fleets=0).match()
    ok(m, "declare science")
    ev = finish_turn(m)
    assert [e["vp"] for e in of_kind(ev, "culture_scored")] == [2]


def test_culture_hand_scores_nothing_refused():
    """Held in the hand, Science scores nothing."""
    m = declare_scene(capital="italy", armies=0, fleets=0).match()
    ev = finish_turn(m)
    assert not of_kind(ev, "culture_scored")
    assert m.state["players"][0]["vp_by"]["culture"] == 0


def test_culture_no_trading_ok():
    """4.1: "A Culture card cannot be given or traded to another player. It can only pass to
    another player via capture." Capture is the way across players."""
    s = scene(epoch=4).empire(1, "greeks", lands=["greece"], capital="greece")
    s.culture("law", "greeks").empire(0, "romans", lands=["italy"], capital="italy")
    m = s.dice(6, 6, 1).turn(0, "romans", armies=1).match()
    ev = ok(m, "enter greece")
    assert of_kind(ev, "culture_captured")[0]["from_seat"] == 1


def test_culture_no_trading_refused():
    """No action gives a card away: a transfer to another player's Capital is refused."""
    s = scene(epoch=4).empire(0, "greeks", lands=["greece"], capital="greece")
    s.culture("law", "greeks").empire(1, "carthaginians", lands=["carthage"], capital="carthage")
    s.empire(0, "romans", lands=["italy"], capital="italy")
    m = s.turn(0, "romans", armies=0, frame="transfer").match()
    refused(m, "transfer law carthage", "transfer.own-faction-only")
    assert {a.kind for a in m.legal_actions()} <= {"transfer", "done"}


# -- 5.1: capture ----------------------------------------------------------------------------------
def capture_scene(defender_seat: int = 1, dice: tuple[int, ...] = (6, 6, 1)):
    s = scene(epoch=4).empire(defender_seat, "greeks", lands=["greece"], capital="greece")
    s.culture("law", "greeks").empire(0, "romans", lands=["italy"], capital="italy")
    return s.dice(*dice).turn(0, "romans", armies=1).match()


def test_culture_capture_ok():
    """5.1: "When the Land containing the Capital is conquered, the Culture cards located there
    are captured by the conquering Empire and are marked with the capturing Empire's Army
    markers. The Culture cards are considered to be immediately relocated to the capturing
    Empire's Capital.\""""
    m = capture_scene()
    ev = ok(m, "enter greece")
    assert kinds(ev).index("capital_falls") < kinds(ev).index("culture_captured")
    assert m.state["culture"] == {"law": "romans"}
    assert m.state["empires"]["greeks"]["capital"] is None
    assert m.view(1)["culture"][0]["capital"] == "italy"  # relocated to Italy


def test_culture_capture_refused():
    """A failed attack captures nothing (ties go to the defender: 5 against 4 + 1)."""
    m = capture_scene(dice=(5, 2, 4))
    ev = ok(m, "enter greece")
    assert "battle_lost" in kinds(ev) and m.state["culture"] == {"law": "greeks"}


def test_culture_capture_within_faction_ok():
    """5.1: "This transfer takes place even if a player conquers a Capital belonging to his or
    her own Faction.\""""
    m = capture_scene(defender_seat=0)
    assert "enter greece" in [str(a) for a in m.legal_actions()]
    ev = ok(m, "enter greece")
    cap = of_kind(ev, "culture_captured")[0]
    assert cap["within_faction"] and m.state["culture"] == {"law": "romans"}


def test_culture_capture_within_faction_refused():
    """Attacking one's own Faction is a choice, never forced: the army may go to Gaul instead,
    and Law stays with the Greeks."""
    m = capture_scene(defender_seat=0)
    ok(m, "enter gaul")
    assert m.state["culture"] == {"law": "greeks"}


# -- 5.11: destruction, the six ways ---------------------------------------------------------------
def test_culture_destroyed_ok():
    """5.11: "If a Capital is captured by a Minor Empire ... the Culture cards are not
    transferred. Instead, they are considered destroyed (permanently removed from the game).\""""
    s = scene(epoch=4).empire(1, "zhou", lands=["north_china"], capital="north_china")
    s.culture("law", "zhou").empire(0, "goguryeo", lands=["korea"])
    m = s.dice(6, 6, 1).turn(0, "goguryeo", armies=1).match()
    ev = ok(m, "enter north_china")
    assert (
        "culture_destroyed" in kinds(ev)
        and "Minor Empire" in of_kind(ev, "culture_destroyed")[0]["text"]
    )
    assert m.state["destroyed"] == ["law"] and m.state["culture"] == {}


def test_culture_destroyed_by_empire_without_capital_ok():
    """5.11: "... by an Empire without a Capital": the Mongols take the Tang Capital."""
    s = scene(epoch=6).empire(1, "tang", lands=["north_china"], capital="north_china")
    s.culture("science", "tang").empire(0, "mongols", lands=["mongolia"])
    m = s.dice(6, 6, 1).turn(0, "mongols", armies=1).match()
    ev = ok(m, "enter north_china")
    assert m.state["destroyed"] == ["science"] and "without a Capital" in ev[-1]["text"]


def fate_scene(effect: str, dice: tuple[int, ...] = ()):
    s = scene(epoch=4).empire(1, "greeks", lands=["greece", "anatolia", "levant"])
    s.capital("greeks", "greece").culture("law", "greeks")
    card = card_for(effect, 4, "europe" if effect == "barbarians" else None)
    s.empire(0, "romans", lands=["italy"], capital="italy").hand(0, card)
    if dice:
        s.dice(*dice)
    return s.turn(0, "romans", armies=1).match(), card


def test_culture_destroyed_by_treachery_ok():
    """5.11: "... or falls to Treachery": the land changes sides, the card is destroyed."""
    m, card = fate_scene("treachery")
    ev = ok(m, f"declare {card} greece")
    assert m.state["destroyed"] == ["law"] and m.state["lands"]["greece"] == "romans"
    assert "culture_captured" not in kinds(ev)


def test_culture_destroyed_by_rebellion_ok():
    """5.11: "... Rebellion": the rebels win (6 against 1 + 1), Greece falls vacant."""
    m, card = fate_scene("rebellion", (6, 6, 1))
    ok(m, f"declare {card} greece")
    assert m.state["destroyed"] == ["law"] and "greece" not in m.state["lands"]


def test_culture_destroyed_by_civil_war_ok():
    """5.11: "... Civil War": the Greek Capital falls at once."""
    m, card = fate_scene("civil_war")
    ok(m, f"declare {card} greece")
    assert m.state["destroyed"] == ["law"] and m.state["empires"]["greeks"]["capital"] is None


def test_culture_destroyed_by_barbarians_ok():
    """5.11: "... or Barbarians": the Barbarians of Europe win, Law is gone."""
    m, card = fate_scene("barbarians", (5, 4, 2))
    ok(m, f"declare {card} greece")
    assert m.state["destroyed"] == ["law"]


def test_culture_destroyed_refused():
    """Rebels thrown back (3 against 2 + 1, ties to the defender): nothing is destroyed."""
    m, card = fate_scene("rebellion", (3, 1, 2))
    ev = ok(m, f"declare {card} greece")
    assert "culture_destroyed" not in kinds(ev) and m.state["culture"] == {"law": "greeks"}


# -- 7.1: special cards ----------------------------------------------------------------------------
def test_culture_science_two_ok():
    """7.1: "All Culture cards are worth one Victory Point per turn, except the Science card
    which is worth two points per turn.\""""
    assert content.cards()["science"]["vp"] == 2
    assert all(
        content.cards()[c]["vp"] == 1
        for c in content.pile_cards("culture")
        if c not in ("science",)
    )


def test_culture_science_two_refused():
    """Science scores two in play, never more or less (no spread, no bonus)."""
    s = scene(epoch=4).empire(0, "romans", lands=["italy"], capital="italy")
    m = s.culture("science", "romans").culture("architecture", "romans")
    m = m.turn(0, "romans").match()
    assert card_points(m.state, "science") == 2 and card_points(m.state, "architecture") == 1


def test_culture_two_time_frames_ok():
    """7.1: "The Commerce and Democracy cards have two listed Time Frames ... These cards may be
    declared during either of their listed Time Frames." Commerce in Epoch VI."""
    assert content.frames_text("commerce") == "I–III and VI–VII"
    assert content.frames_text("democracy") == "II–III and VI–VII"
    m = declare_scene(epoch=6, empire="seljuks", card="commerce", capital="anatolia").match()
    ok(m, "declare commerce")


def test_culture_two_time_frames_refused():
    """Between its two Time Frames (Epoch IV) Commerce cannot be declared."""
    m = declare_scene(card="commerce", capital="italy").match()
    refused(m, "declare commerce", "culture.declare-time-frame")


def test_culture_score_all_epochs_ok():
    """7.1: "If in play, these cards provide Victory Points during all Epochs, not just those
    listed on the cards." Commerce (I-III, VI-VII) scores in Epoch IV."""
    s = scene(epoch=4).empire(0, "greeks", lands=["greece"], capital="greece")
    s.culture("commerce", "greeks").empire(0, "romans", lands=["italy"], capital="italy")
    m = s.turn(0, "romans", armies=0, fleets=0).match()
    ev = finish_turn(m)
    assert [(e["card"], e["vp"]) for e in of_kind(ev, "culture_scored")] == [("commerce", 1)]


def test_culture_score_all_epochs_refused():
    """The Time Frame limits declaring only: outside it the card can no longer be declared."""
    m = declare_scene(card="commerce", capital="italy").match()
    refused(m, "declare commerce", "culture.declare-time-frame")


def test_culture_science_two_religion_too():
    """7.1: "All Culture cards are worth one Victory Point per turn, except the Science card
    which is worth two points per turn." By default Religion (ours) is worth one like the rest,
    even with an enemy Capital next door (Carthage, across the Strait of Sicily from Italy)."""
    s = scene(epoch=4).empire(1, "carthaginians", lands=["carthage"], capital="carthage")
    s.empire(0, "romans", lands=["italy"], capital="italy").culture("religion", "romans")
    m = s.turn(0, "romans", armies=0, fleets=0).match()
    assert card_points(m.state, "religion") == 1
    ev = finish_turn(m)
    assert [(e["card"], e["vp"]) for e in of_kind(ev, "culture_scored")] == [("religion", 1)]


def test_culture_spread_ok():
    """Ours, option vp_spread: Religion spreads its culture, that many more VP for each Capital
    of another player next to its Capital. Carthage is across the Strait of Sicily from Italy."""
    s = scene(epoch=4, vp_spread=1)
    s.empire(1, "carthaginians", lands=["carthage"], capital="carthage")
    s.empire(0, "romans", lands=["italy"], capital="italy").culture("religion", "romans")
    m = s.turn(0, "romans").match()
    assert card_points(m.state, "religion") == 1 + 1


def test_culture_spread_refused():
    """Option vp_spread on, but no foreign Capital nearby: Religion scores its one VP."""
    s = scene(epoch=4, vp_spread=1)
    s.empire(1, "han", lands=["north_china"], capital="north_china")
    s.empire(0, "romans", lands=["italy"], capital="italy").culture("religion", "romans")
    m = s.turn(0, "romans").match()
    assert card_points(m.state, "religion") == 1
