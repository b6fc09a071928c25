"""One positive and one negative case per rule id (test names follow the ids)."""

from __future__ import annotations

import re

from clash_widget.secolo.rules import BOOK

from .helpers import build, give, kinds, move, new_match, ok, refused, set_draw

# -- setup.pick-protagonist ------------------------------------------------------------


def test_setup_pick_protagonist_ok():
    from clash_widget.engine import Match

    m = Match.new("secolo", 3, 1)
    assert m.legal_actions()[0].kind == "pick"
    ok(m, "pick pir-pr-1")
    assert m.state["players"][0]["city"] == ["pir-pr-1"]
    ok(m, "pick sci-pr-1")
    ev = ok(m, "pick ind-pr-1")
    # unused Protagonists leave the game, everybody draws 6, seat 0 starts drawing
    assert sorted(m.state["removed"]) == ["cat-pr-1", "rif-pr-1", "sci-pr-2"]
    assert [len(p["hand"]) for p in m.state["players"]] == [6, 6, 6]
    assert m.state["stack"][-1] == {"kind": "draw", "player": 0, "marked": []}
    assert "turn" in kinds(ev)


def test_setup_pick_protagonist_refused():
    from clash_widget.engine import Match

    m = Match.new("secolo", 2, 1)
    ok(m, "pick pir-pr-1")
    refused(m, "pick pir-pr-1", "setup.pick-protagonist")  # already taken
    refused(m, "pick cat-ch-1", "setup.pick-protagonist")  # not a Protagonist
    refused(m, "pick tur-pr-1", "setup.pick-protagonist")  # not in the base deck
    refused(m, "end", "engine.not-now")


# -- draw ---------------------------------------------------------------------------------


def test_draw_card_in_hand_ok():
    m = new_match()
    give(m, 0, "cat-ch-1", "atk-1")
    set_draw(m, 0)
    ok(m, "discard atk-1")
    assert m.state["stack"][-1]["marked"] == ["atk-1"]


def test_draw_card_in_hand_refused():
    m = new_match()
    give(m, 0, "cat-ch-1", "atk-1")
    set_draw(m, 0)
    refused(m, "discard atk-2", "draw.card-in-hand")
    ok(m, "discard atk-1")
    refused(m, "discard atk-1", "draw.card-in-hand")  # already chosen


def test_draw_redraw_needs_discards_ok():
    m = new_match(picks=["rif-pr-1", "cat-pr-1"])
    give(m, 0, "cat-ch-1", "atk-1", "atk-2")
    set_draw(m, 0)
    ok(m, "discard atk-1")
    ok(m, "discard atk-2")
    ev = ok(m, "redraw")
    assert len(m.state["players"][0]["hand"]) == 3 + 2  # 2 discarded, 2 redrawn, 2 more
    assert {"atk-1", "atk-2"} <= set(m.state["discard"])
    assert any(e.get("barrier") for e in ev)
    assert m.state["stack"][-1]["kind"] == "act"


def test_draw_redraw_needs_discards_refused():
    m = new_match()
    give(m, 0, "cat-ch-1")
    set_draw(m, 0)
    refused(m, "redraw", "draw.redraw-needs-discards")


def test_draw_keep_without_discards_ok():
    m = new_match(picks=["rif-pr-1", "cat-pr-1"])
    give(m, 0, "cat-ch-1")
    set_draw(m, 0)
    ok(m, "keep")
    assert len(m.state["players"][0]["hand"]) == 3


def test_draw_keep_without_discards_ok_astronomer_keeps_and_draws_three():
    """The Court Astronomer draws one card more in the draw step: the keep button says the
    number the player will draw (3), and 3 are drawn."""
    m = new_match(picks=["sci-pr-1", "cat-pr-1"])
    give(m, 0, "cat-ch-1")
    set_draw(m, 0)
    label = next(x["label"] for x in m.view(0)["legal"] if x["key"] == "keep")
    assert label == "Keep your hand and draw 3"
    ok(m, "keep")
    assert len(m.state["players"][0]["hand"]) == 1 + 3


def test_draw_keep_without_discards_refused():
    m = new_match()
    give(m, 0, "cat-ch-1")
    set_draw(m, 0)
    ok(m, "discard cat-ch-1")
    refused(m, "keep", "draw.keep-without-discards")


def test_draw_redraw_off_ok():
    # The seed rule (redraw=True, the default) offers every hand card for discarding.
    m = new_match()
    give(m, 0, "cat-ch-1", "atk-1")
    set_draw(m, 0)
    assert {str(a) for a in m.legal_actions()} == {"discard atk-1", "discard cat-ch-1", "keep"}
    ok(m, "discard atk-1")


def test_draw_redraw_off_refused():
    # Our variant without discard-and-redraw: the only draw-step choice is keep.
    m = new_match(redraw=False)
    give(m, 0, "cat-ch-1", "atk-1")
    set_draw(m, 0)
    assert [str(a) for a in m.legal_actions()] == ["keep"]
    refused(m, "discard atk-1", "draw.redraw-off")
    assert m.state["stack"][-1]["marked"] == []
    ok(m, "keep")
    assert len(m.state["players"][0]["hand"]) == 2 + 2


# -- play ---------------------------------------------------------------------------------


def test_play_card_in_hand_ok():
    m = new_match()
    give(m, 0, "cat-ch-1")
    ev = ok(m, "play cat-ch-1")
    assert "cat-ch-1" in m.state["players"][0]["city"]
    assert kinds(ev) == ["card_played"]


def test_play_card_in_hand_refused():
    m = new_match()
    refused(m, "play cat-ch-1", "play.card-in-hand")


def test_play_playable_kind_ok():
    m = new_match()
    give(m, 0, "cat-bw-1")
    ok(m, "play cat-bw-1")


def test_play_playable_kind_refused():
    m = new_match()
    give(m, 0, "atk-1", "sp-mec-1")
    refused(m, "play atk-1", "play.playable-kind")
    refused(m, "play sp-mec-1", "play.playable-kind")


def test_play_own_city_ok_pairs_partner():
    m = new_match(4, pairs=True)
    give(m, 0, "cat-ch-1", "cat-ch-2")
    ok(m, "play cat-ch-1 2")  # seat 2 is seat 0's partner
    ok(m, "play cat-ch-2")
    assert "cat-ch-1" in m.state["players"][2]["city"]


def test_play_own_city_refused():
    m = new_match()
    give(m, 0, "cat-ch-1")
    refused(m, "play cat-ch-1 1", "play.own-city")
    m4 = new_match(4, pairs=True)
    give(m4, 0, "cat-ch-1")
    refused(m4, "play cat-ch-1 1", "play.own-city")  # seat 1 is an opponent


def test_play_one_culture_ok():
    m = new_match()
    give(m, 0, "cat-ch-1", "cat-ch-2", "cat-bw-1")
    ok(m, "play cat-ch-1")
    ok(m, "play cat-bw-1")
    ok(m, "play cat-ch-2")


def test_play_one_culture_refused():
    m = new_match()
    give(m, 0, "cat-ch-1", "pir-ch-1")
    ok(m, "play cat-ch-1")
    refused(m, "play pir-ch-1", "play.one-culture")


def test_play_object_holder_ok():
    m = new_match()
    build(m, 0, "cat-ch-1")
    give(m, 0, "cat-ob")
    ok(m, "play cat-ob cat-ch-1")
    assert m.state["players"][0]["attached"] == {"cat-ob": "cat-ch-1"}


def test_play_object_holder_refused():
    m = new_match()
    build(m, 0, "pir-ch-1")
    give(m, 0, "cat-ob")
    refused(m, "play cat-ob", "play.object-holder")
    refused(m, "play cat-ob pir-ch-1", "play.object-holder")  # other culture
    refused(m, "play cat-ob sci-pr-2", "play.object-holder")


# -- attacks ---------------------------------------------------------------------------------


def attack_scene(**kw):
    """Seat 0: two Pirates and an Attack card; seat 1: a lone Catholic Character."""
    m = new_match(**kw)
    build(m, 0, "pir-ch-1", "pir-ch-2")
    build(m, 1, "ind-ch-1")
    give(m, 0, "atk-1")
    return m


def test_attack_once_per_turn_ok():
    m = attack_scene()
    ev = ok(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1")
    assert kinds(ev)[0] == "attack" and "attack_hit" in kinds(ev)
    assert "ind-ch-1" in m.state["discard"]


def test_attack_once_per_turn_refused():
    m = attack_scene()
    build(m, 1, "ind-ch-2")
    give(m, 0, "atk-2")
    ok(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1")
    refused(m, "attack atk-2 pir-ch-1 pir-ch-2 ind-ch-2", "attack.once-per-turn")


def test_attack_needs_attack_card_ok():
    m = attack_scene()
    assert m.check("attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1") is None


def test_attack_needs_attack_card_refused():
    m = attack_scene()
    refused(m, "attack atk-2 pir-ch-1 pir-ch-2 ind-ch-1", "attack.needs-attack-card")
    give(m, 0, "sp-mec-1")
    refused(m, "attack sp-mec-1 pir-ch-1 pir-ch-2 ind-ch-1", "attack.needs-attack-card")


def test_attack_needs_pair_ok():
    m = attack_scene()
    # the pair is unordered, and a Protagonist can be one of the pair
    assert m.check("attack atk-1 pir-ch-2 pir-ch-1 ind-ch-1") is None
    build(m, 0, "sci-ch-1")
    assert m.check("attack atk-1 sci-pr-2 sci-ch-1 ind-ch-1") is None


def test_attack_needs_pair_refused():
    m = attack_scene()
    build(m, 0, "cat-ch-1")
    refused(m, "attack atk-1 pir-ch-1 pir-ch-1 ind-ch-1", "attack.needs-pair")
    refused(m, "attack atk-1 pir-ch-1 cat-ch-1 ind-ch-1", "attack.needs-pair")
    refused(m, "attack atk-1 pir-ch-1 pir-ch-3 ind-ch-1", "attack.needs-pair")  # not in play


def test_attack_target_character_ok():
    m = attack_scene()
    assert m.check("attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1") is None


def test_attack_target_character_refused():
    m = attack_scene()
    build(m, 0, "ind-ch-2")
    refused(m, "attack atk-1 pir-ch-1 pir-ch-2 cat-pr-1", "attack.target-character")
    refused(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-2", "attack.target-character")  # own
    refused(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-3", "attack.target-character")  # deck
    m4 = new_match(4, pairs=True)
    build(m4, 0, "pir-ch-1", "pir-ch-2")
    build(m4, 2, "ind-ch-1")
    give(m4, 0, "atk-1")
    refused(m4, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1", "attack.target-character")  # partner


def test_attack_target_other_culture_ok():
    m = attack_scene()
    assert m.check("attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1") is None


def test_attack_target_other_culture_refused():
    m = attack_scene()
    build(m, 1, "pir-ch-3")
    refused(m, "attack atk-1 pir-ch-1 pir-ch-2 pir-ch-3", "attack.target-other-culture")


def test_attack_target_unprotected_ok():
    m = attack_scene()
    build(m, 1, "cat-bw-1")  # a Catholic Bulwark does not protect the Possessed
    assert m.check("attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1") is None


def test_attack_target_unprotected_refused():
    m = attack_scene()
    build(m, 1, "ind-bw-1")
    refused(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1", "attack.target-unprotected")
    m = attack_scene()
    move(m, "ind-ob", "city", 1, holder="ind-ch-1")
    refused(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1", "attack.target-unprotected")
    m = attack_scene()
    m.state["players"][1]["sheltered"] = True
    refused(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1", "attack.target-unprotected")


# -- specials and objects ---------------------------------------------------------------------


def test_special_card_in_hand_ok():
    m = new_match(picks=["sci-pr-2", "cat-pr-1"])
    give(m, 0, "sp-mec-1")
    ok(m, "special sp-mec-1")
    assert len(m.state["players"][0]["hand"]) == 3


def test_special_card_in_hand_refused():
    m = new_match()
    refused(m, "special sp-mec-1", "special.card-in-hand")
    give(m, 0, "atk-1")
    refused(m, "special atk-1", "special.card-in-hand")


def test_special_timing_ok():
    m = attack_scene()
    give(m, 1, "sp-tre-1")
    ok(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1")
    assert m.check("special sp-tre-1") is None


def test_special_timing_ok_in_your_own_draw_step():
    """Seed: «Le carte Speciali possono essere giocate da ogni giocatore in qualsiasi
    momento.» The turn player may play a Special before drawing (it used to be refused there
    with engine.not-now); a card chosen for discarding that is played is no longer chosen."""
    m = new_match()
    give(m, 0, "sp-mec-1", "cat-ch-1")
    set_draw(m, 0)
    ok(m, "discard sp-mec-1")
    assert m.check("special sp-mec-1") is None
    ok(m, "special sp-mec-1")  # Patron: draw 3
    assert m.state["stack"][-1] == {"kind": "draw", "player": 0, "marked": []}
    assert len(m.state["players"][0]["hand"]) == 1 + 3


def test_special_timing_refused():
    m = attack_scene()
    give(m, 0, "sp-tre-1", "sp-con-1")
    refused(m, "special sp-tre-1", "special.timing")  # Truce answers an Attack
    refused(m, "special sp-con-1", "special.timing")
    give(m, 1, "sp-all-1", "sp-tre-2")
    ok(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1")
    refused(m, "special sp-all-1", "special.timing")  # Alliance only in your own turn


def test_special_target_ok():
    m = attack_scene()
    give(m, 0, "sp-cnv-1")
    assert m.check("special sp-cnv-1 ind-ch-1") is None


def test_special_target_refused():
    m = attack_scene()
    give(m, 0, "sp-cnv-1", "sp-pes-1", "sp-dem-1")
    build(m, 1, "cat-ch-2", "cat-bw-1")
    refused(m, "special sp-cnv-1 cat-ch-2", "special.target")  # protected
    refused(m, "special sp-cnv-1 pir-ch-1", "special.target")  # own city
    refused(m, "special sp-pes-1 cat", "special.target")  # every Catholic is protected
    refused(m, "special sp-dem-1 cat-ch-2", "special.target")  # not a Bulwark


def test_object_in_your_city_ok():
    m = new_match()
    build(m, 0, "sci-ch-1")
    move(m, "sci-ob", "city", 0, holder="sci-ch-1")
    assert m.check("object sci-ob") is None


def test_object_in_your_city_ok_in_your_own_draw_step():
    """Seed: an Object's power «può essere attivato scartandolo in qualsiasi momento»: also in
    its owner's draw step."""
    m = new_match()
    build(m, 0, "sci-ch-1")
    move(m, "sci-ob", "city", 0, holder="sci-ch-1")
    set_draw(m, 0)
    ev = ok(m, "object sci-ob")  # the Telescope: draw 3
    assert "object_power" in kinds(ev) and m.state["stack"][-1]["kind"] == "draw"


def test_object_in_your_city_refused():
    m = new_match()
    give(m, 0, "sci-ob")
    refused(m, "object sci-ob", "object.in-your-city")  # in hand, not in play
    build(m, 1, "sci-ch-1")
    move(m, "sci-ob", "city", 1, holder="sci-ch-1")
    refused(m, "object sci-ob", "object.in-your-city")  # somebody else's


def test_object_timing_ok():
    m = attack_scene()
    build(m, 1, "cat-ch-1")
    move(m, "cat-ob", "city", 1, holder="cat-ch-1")
    ok(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1")
    assert m.check("object cat-ob") is None


def test_object_timing_refused():
    m = new_match()
    build(m, 0, "cat-ch-1")
    move(m, "cat-ob", "city", 0, holder="cat-ch-1")
    refused(m, "object cat-ob", "object.timing")


def test_object_target_ok():
    m = new_match()
    build(m, 0, "pir-ch-1")
    move(m, "pir-ob", "city", 0, holder="pir-ch-1")
    give(m, 1, "atk-1")
    assert m.check("object pir-ob 1") is None


def test_object_target_refused():
    m = new_match()
    build(m, 0, "pir-ch-1")
    move(m, "pir-ob", "city", 0, holder="pir-ch-1")
    refused(m, "object pir-ob 1", "object.target")  # empty hand
    refused(m, "object pir-ob 0", "object.target")  # yourself


def test_object_amulet_not_own_discard_ok():
    m = new_match()
    build(m, 0, "ind-ch-1")
    move(m, "ind-ob", "city", 0, holder="ind-ch-1")
    move(m, "cat-ch-5", "discard", by=1)
    ev = ok(m, "object ind-ob cat-ch-5")
    assert "cat-ch-5" in m.state["players"][0]["city"]
    assert "returned_to_play" in kinds(ev)


def test_object_amulet_not_own_discard_refused():
    m = new_match()
    build(m, 0, "ind-ch-1")
    move(m, "ind-ob", "city", 0, holder="ind-ch-1")
    move(m, "cat-ch-5", "discard", by=0)
    refused(m, "object ind-ob cat-ch-5", "object.amulet-not-own-discard")


def _retaliation_scene():
    """Seat 0 attacks with two Pirates, the first holding the Treasure map; seat 1 holds a
    Retaliation (it discards an attacking Character, protected or not)."""
    m = attack_scene(auto_pass=False)
    move(m, "pir-ob", "city", 0, holder="pir-ch-1")
    give(m, 1, "sp-rit-1")
    ok(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1")
    ok(m, "special sp-rit-1 pir-ch-1")
    return m


def test_object_discarded_with_holder_ok():
    """«Se un Personaggio in possesso di un Oggetto viene scartato, anche l'Oggetto va
    scartato.» Retaliation discards the Pirate holding the Treasure map: the map goes to the
    discard pile with it (it does not stay in the city, nor go along anywhere)."""
    m = _retaliation_scene()
    ev = ok(m, "pass")  # seat 0 does not countermand: the Retaliation stands
    st = m.state
    assert {"pir-ch-1", "pir-ob"} <= set(st["discard"])
    assert "pir-ob" not in st["players"][0]["city"] and "pir-ob" not in st["players"][0]["hand"]
    assert "pir-ob" not in st["players"][0]["attached"]
    gone = [e for e in ev if e["kind"] == "card_discarded" and e["card"] == "pir-ch-1"]
    assert gone and gone[0]["objects"] == ["pir-ob"]


def test_object_discarded_with_holder_refused():
    """While its holder stays in play the Object stays attached: a countered Retaliation
    discards nobody."""
    m = _retaliation_scene()
    give(m, 0, "sp-con-1")
    ok(m, "special sp-con-1")
    st = m.state
    assert st["players"][0]["attached"] == {"pir-ob": "pir-ch-1"}
    assert "pir-ob" not in st["discard"]


# -- rules checked by behaviour ---------------------------------------------------------------


def test_end_five_cultures_ok():
    m = new_match()
    build(m, 0, "cat-ch-1", "rif-ch-1", "ind-ch-1", "pir-ch-1")  # + the Naturalist (Scientist)
    ev = ok(m, "end")  # seat 1's turn starts: seat 0 has 5 cultures
    assert m.is_over and m.state["result"]["winners"] == [0]
    assert "win_five_cultures" in kinds(ev)


def test_end_five_cultures_refused():
    m = new_match()
    build(m, 0, "cat-ch-1", "rif-ch-1", "ind-ch-1")  # only 4 cultures
    ok(m, "end")
    assert not m.is_over
    m4 = new_match(4, pairs=True)
    build(m4, 0, "cat-ch-1", "rif-ch-1", "ind-ch-1", "pir-ch-1")
    ok(m4, "end")
    assert not m4.is_over  # the partner's city needs 5 cultures too
    build(m4, 2, "cat-ch-2", "sci-ch-2", "ind-ch-2", "pir-ch-2")  # + the Preacher (Reformed)
    set_draw(m4, 1)
    m4.state["stack"] = [{"kind": "act", "player": 1}]
    ok(m4, "end")
    assert m4.is_over and m4.state["result"]["winners"] == [0, 2]


def test_end_deck_exhausted_ok():
    m = new_match(picks=["rif-pr-1", "cat-pr-1"])
    build(m, 1, "pir-ch-1")
    keep = m.state["deck"][:3]
    for c in m.state["deck"][3:]:
        move(m, c, "discard", by=0)
    m.state["deck"] = keep
    give(m, 0, "sp-mec-1")
    ev = ok(m, "special sp-mec-1")  # draws the last 3: first run-out -> reshuffle
    assert "reshuffle" in kinds(ev) and not m.is_over
    assert m.state["discard"] == [] and len(m.state["deck"]) > 90
    # empty the deck again: the next draw ends the game at once
    for c in m.state["deck"][1:]:
        move(m, c, "discard", by=0)
    give(m, 0, "sp-mec-2")
    ev = ok(m, "special sp-mec-2")
    assert m.is_over and "end_deck_exhausted" in kinds(ev)
    # seat 0: 1 culture, 0 Characters; seat 1: 2 cultures -> seat 1 wins
    assert m.state["result"] == {"reason": "deck_exhausted", "winners": [1], "draw": False}


def test_end_deck_exhausted_refused():
    """A tie on cultures and Characters is a draw; no reshuffle while cards remain."""
    m = new_match(picks=["rif-pr-1", "cat-pr-1"], max_reshuffles=0)
    m.state["deck"], rest = m.state["deck"][:2], m.state["deck"][2:]
    for c in rest:
        m.state["discard"].append(c)
        m.state["discarded_by"][c] = 0
    give(m, 0, "sp-mec-1")
    m.state["deck"].insert(0, "atk-22")  # three cards left, Patron draws exactly three
    m.state["discard"].remove("atk-22")
    m.state["discarded_by"].pop("atk-22")
    ev = ok(m, "special sp-mec-1")
    assert m.is_over and "reshuffle" not in kinds(ev)
    assert m.state["result"] == {"reason": "deck_exhausted", "winners": [0, 1], "draw": True}


def _exhaust_with_patron(m):
    """Leave three cards in the deck (the rest discarded) and let seat 0 play the Patron."""
    st = m.state
    give(m, 0, "sp-mec-1")
    st["deck"], rest = st["deck"][:3], st["deck"][3:]
    for c in rest:
        st["discard"].append(c)
        st["discarded_by"][c] = 0
    return ok(m, "special sp-mec-1")


def test_end_deck_exhausted_ok_pairs_count_different_cultures():
    """Seed, Variante A Coppie and the deck's end: «vince il giocatore con più Culture diverse
    in gioco». For a pair: the different cultures across the pair's two cities. Seats 0 and 2
    (Scientists both, a Pirate each) have 2 different cultures, though 4 city by city; seats 1
    and 3 (Catholic, Demoniac; Reformed) have 3: they win."""
    m = new_match(
        4, pairs=True, picks=["sci-pr-2", "cat-pr-1", "sci-pr-1", "rif-pr-1"], max_reshuffles=0
    )
    build(m, 0, "pir-ch-1")
    build(m, 2, "pir-ch-2")
    build(m, 1, "ind-ch-1")
    ev = _exhaust_with_patron(m)
    assert m.is_over and "end_deck_exhausted" in kinds(ev)
    assert m.state["result"]["winners"] == [1, 3] and not m.state["result"]["draw"]


def test_end_deck_exhausted_ok_a_draw_shows_as_a_draw():
    """«Se c'è ancora parità, la partita è patta»: the table says a draw, not "winners"."""
    m = new_match(picks=["rif-pr-1", "cat-pr-1"], max_reshuffles=0)
    _exhaust_with_patron(m)
    view = m.view(None)
    assert view["result"]["draw"] is True
    assert "draw" in view["prompt"].lower() and "win" not in view["prompt"].lower()


def test_reaction_window_ok():
    m = attack_scene(players=3, picks=["sci-pr-2", "cat-pr-1", "rif-pr-1"], auto_pass=False)
    ok(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1")
    assert m.state["stack"][-1]["kind"] == "react" and m.current_player == 1
    ok(m, "pass")
    assert m.current_player == 2
    ev = ok(m, "pass")
    assert "attack_hit" in kinds(ev) and m.current_player == 0


def _fifth_culture_scene():
    """Seat 0 (the Naturalist, a Scientist) has Catholic, Reformed and Demoniac citizens and a
    Pirate in hand: the Pirate makes five cultures. Seat 1 holds an Exile (Esilio)."""
    m = new_match(picks=["sci-pr-2", "cat-pr-1"])
    build(m, 0, "cat-ch-1", "rif-ch-1", "ind-ch-1")
    give(m, 0, "pir-ch-1")
    give(m, 1, "sp-esi-1")
    return m


def test_reaction_window_ok_exile_stops_a_fifth_culture():
    """Seed: «Le carte Speciali possono essere giocate da ogni giocatore in qualsiasi
    momento», and the win comes «all'inizio di un turno». After seat 0 puts its fifth culture
    into play, seat 1 (holding Exile) is asked; it lets that moment pass, and when seat 0 ends
    the turn it is asked again, before the next turn begins: the Exile sends the Pirate back
    to its owner's hand and nobody wins."""
    m = _fifth_culture_scene()
    ok(m, "play pir-ch-1")
    top = m.state["stack"][-1]
    assert top["kind"] == "window" and m.current_player == 1
    assert "special sp-esi-1 pir-ch-1" in [str(a) for a in m.legal_actions()]
    ok(m, "pass")
    assert m.current_player == 0 and m.state["stack"][-1]["kind"] == "act"
    ok(m, "end")
    assert not m.is_over and m.current_player == 1
    assert m.state["stack"][-1]["kind"] == "window"
    ev = ok(m, "special sp-esi-1 pir-ch-1")
    assert "exile" in kinds(ev) and not m.is_over
    assert "pir-ch-1" in m.state["players"][0]["hand"]
    assert m.state["stack"][-1] == {"kind": "draw", "player": 1, "marked": []}


def test_reaction_window_ok_the_turn_player_answers_a_special():
    """Seed: «Le carte Speciali possono essere giocate da ogni giocatore in qualsiasi
    momento.» Every player, the one whose turn just ended included, may answer a Special
    before the next turn begins. Blue ends the turn; in the window Orange converts Blue's
    Pirate, its fifth culture, which would win at the start of its turn; Blue, holding Exile,
    is asked first and sends the Pirate back to a hand: nobody wins."""
    m = new_match(picks=["sci-pr-2", "cat-pr-1"])
    build(m, 0, "pir-ch-1")
    build(m, 1, "sci-ch-1", "rif-ch-1", "ind-ch-1")
    give(m, 1, "sp-cnv-1")
    give(m, 0, "sp-esi-1")
    ok(m, "end")
    assert m.state["stack"][-1]["kind"] == "window" and m.current_player == 1
    ok(m, "special sp-cnv-1 pir-ch-1")
    assert "pir-ch-1" in m.state["players"][1]["city"]
    assert not m.is_over and m.current_player == 0
    assert m.state["stack"][-1]["kind"] == "window"
    ev = ok(m, "special sp-esi-1 pir-ch-1")
    assert "exile" in kinds(ev) and not m.is_over
    assert "pir-ch-1" in m.state["players"][1]["hand"]
    assert m.state["stack"][-1] == {"kind": "draw", "player": 1, "marked": []}


def test_reaction_window_refused_when_nobody_could_use_it():
    """A window is offered only to a player holding something usable: without the Exile (an
    Attack card in hand instead) nobody is asked, and the fifth culture wins at the start of
    the next turn."""
    m = _fifth_culture_scene()
    move(m, "sp-esi-1", "deck")
    give(m, 1, "atk-1")
    ok(m, "play pir-ch-1")
    assert m.current_player == 0 and m.state["stack"][-1]["kind"] == "act"
    ok(m, "end")
    assert m.is_over and m.state["result"]["winners"] == [0]


def test_reaction_window_refused():
    m = attack_scene(auto_pass=False)
    ok(m, "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1")
    refused(m, "end", "engine.not-now")
    refused(m, "play cat-ch-1", "engine.not-now")


# -- the meta test ---------------------------------------------------------------------------------


def test_every_rule_has_a_positive_and_a_negative_test():
    names = set(globals())
    for rule in BOOK:
        stem = "test_" + re.sub(r"[.-]", "_", rule.id)
        pos = [n for n in names if n.startswith(stem + "_ok")]
        neg = [n for n in names if n.startswith(stem + "_refused")]
        assert pos and neg, f"rule {rule.id} needs {stem}_ok* and {stem}_refused*"
