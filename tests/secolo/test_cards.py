"""The card list: counts per deck, and every power in the data file exercised by a test."""

from __future__ import annotations

from collections import Counter

import pytest

from clash_widget.engine import Events, Match
from clash_widget.secolo import cards as catalogue
from clash_widget.secolo import logic

from .helpers import build, give, kinds, move, new_match, ok, refused, set_draw

ATTACK = "attack atk-1 pir-ch-1 pir-ch-2 ind-ch-1"


def attack_scene(players=2, picks=None, **kw):
    m = new_match(players, picks=picks, **kw)
    build(m, 0, "pir-ch-1", "pir-ch-2")
    build(m, 1, "ind-ch-1")
    give(m, 0, "atk-1")
    return m


@pytest.mark.parametrize("deck,total,cultures", [("base", 103, 5), ("extended", 148, 7)])
def test_card_counts(deck, total, cultures):
    ids = catalogue.deck_cards(deck)
    assert len(ids) == len(set(ids)) == total
    n = Counter(catalogue.ctype(c) for c in ids)
    assert n["character"] == 8 * cultures and n["bulwark"] == 2 * cultures
    assert n["object"] == cultures
    assert (n["attack"], n["special"]) == ((22, 20) if deck == "base" else (33, 30))
    per = Counter(catalogue.culture(c) for c in ids if catalogue.ctype(c) == "protagonist")
    assert set(per) == set(catalogue.deck_cultures(deck)) and set(per.values()) <= {1, 2}
    m = Match.new("secolo", 2, 0, {"deck": deck})
    assert len(m.state["deck"]) + len(m.state["pool"]) == total


def test_every_card_has_italian_name_gloss_and_source():
    for c in catalogue.data()["cards"]:
        assert c["name"] and c["gloss"] and c["source"] in ("seed", "ours")
        if c["type"] in ("protagonist", "object", "special"):
            assert c["source"] == "ours" and c["effect"] and c["text"]
    assert catalogue.data()["composition"]["source"] == "ours"


# -- one scenario per power -----------------------------------------------------------------------


def p_abbess():
    m = new_match(picks=["cat-pr-1", "sci-pr-2"])
    give(m, 0, "cat-bw-1")
    ev = ok(m, "play cat-bw-1")
    assert "draw" in kinds(ev) and len(m.state["players"][0]["hand"]) == 1


def p_preacher():
    m = new_match(picks=["rif-pr-1", "sci-pr-2"])
    give(m, 0, "sp-all-1")
    ok(m, "special sp-all-1")
    assert len(m.state["players"][0]["hand"]) == 1


def p_astronomer():
    m = new_match(picks=["sci-pr-1", "cat-pr-1"])
    set_draw(m, 0)
    ok(m, "keep")
    assert len(m.state["players"][0]["hand"]) == 3


def p_naturalist():
    m = new_match(picks=["sci-pr-2", "cat-pr-1"])
    give(m, 0, "atk-1")
    set_draw(m, 0)
    ok(m, "discard atk-1")
    ok(m, "redraw")
    assert len(m.state["players"][0]["hand"]) == 2 + 2  # one more than discarded, then 2


def p_witch():
    m = attack_scene(picks=["sci-pr-2", "ind-pr-1"])
    ok(m, ATTACK)
    assert "ind-ch-1" in m.state["discard"] and len(m.state["players"][1]["hand"]) == 2


def p_corsair():
    m = attack_scene(picks=["pir-pr-1", "cat-pr-1"])
    ok(m, ATTACK)
    assert "ind-ch-1" in m.state["players"][0]["hand"]
    assert m.state["revealed"] == {"ind-ch-1": 0}


def p_vizier():
    m = new_match(picks=["tur-pr-1", "cat-pr-1"], deck="extended")
    build(m, 0, "pir-ch-1")
    build(m, 1, "ind-ch-1", "pir-ch-2")
    give(m, 0, "atk-1")
    refused(m, "attack atk-1 tur-pr-1 pir-ch-1 pir-ch-2", "attack.target-other-culture")
    ok(m, "attack atk-1 tur-pr-1 pir-ch-1 ind-ch-1")
    assert "ind-ch-1" in m.state["discard"]


def p_patron():
    m = new_match(picks=["art-pr-1", "cat-pr-1"], deck="extended")
    give(m, 0, "cat-ch-1", "cat-ch-2", "pir-ch-1", "tur-ch-1", "cat-bw-1", "pir-bw-1")
    ok(m, "play cat-ch-1")
    refused(m, "play pir-bw-1", "play.one-culture")  # the extra card is a Character only
    ok(m, "play pir-ch-1")  # the Workshop Mistress's extra Character
    refused(m, "play tur-ch-1", "play.one-culture")
    ok(m, "play cat-ch-2")


def o_rosary():
    m = attack_scene()
    build(m, 1, "cat-ch-1")
    move(m, "cat-ob", "city", 1, holder="cat-ch-1")
    ok(m, ATTACK)
    ev = ok(m, "object cat-ob")
    assert "attack_blocked" in kinds(ev) and "ind-ch-1" in m.state["players"][1]["city"]
    assert "cat-ob" in m.state["discard"] and m.current_player == 0


def o_bible():
    m = attack_scene()
    build(m, 1, "rif-ch-1")
    move(m, "rif-ob", "city", 1, holder="rif-ch-1")
    ok(m, ATTACK)
    # used in the reaction window: the shelter is up before the Attack lands (seat 1 has
    # nothing else to play, so the window closes by itself)
    ev = ok(m, "object rif-ob")
    assert "attack_protected" in kinds(ev) and "ind-ch-1" in m.state["players"][1]["city"]
    assert m.state["players"][1]["sheltered"]
    ok(m, "end")  # seat 1's turn starts: the shelter ends
    assert not m.state["players"][1]["sheltered"]


def o_telescope():
    m = new_match()
    build(m, 0, "sci-ch-1")
    move(m, "sci-ob", "city", 0, holder="sci-ch-1")
    ok(m, "object sci-ob")
    assert len(m.state["players"][0]["hand"]) == 3 and m.state["players"][0]["attached"] == {}


def o_amulet():
    m = new_match()
    build(m, 0, "ind-ch-1")
    move(m, "ind-ob", "city", 0, holder="ind-ch-1")
    move(m, "pir-ch-4", "discard", by=1)
    ok(m, "object ind-ob pir-ch-4")
    assert "pir-ch-4" in m.state["players"][0]["city"]


def o_map():
    m = new_match()
    build(m, 0, "pir-ch-1")
    move(m, "pir-ob", "city", 0, holder="pir-ch-1")
    give(m, 1, "atk-1", "atk-2")
    ev = ok(m, "object pir-ob 1")
    assert len(m.state["players"][0]["hand"]) == 1 and len(m.state["players"][1]["hand"]) == 1
    assert m.state["players"][0]["hand"][0] in ("atk-1", "atk-2")
    assert not any("atk-" in e["text"] for e in ev)  # which card was taken stays hidden


def o_bombard():
    m = new_match(deck="extended")
    build(m, 0, "tur-ch-1")
    move(m, "tur-ob", "city", 0, holder="tur-ch-1")
    build(m, 1, "cat-bw-1")
    ok(m, "object tur-ob cat-bw-1")
    assert "cat-bw-1" in m.state["discard"]


def o_palette():
    m = new_match(deck="extended")
    build(m, 0, "art-ch-1")
    move(m, "art-ob", "city", 0, holder="art-ch-1")
    give(m, 0, "cat-ch-1", "pir-ch-1")
    ok(m, "play cat-ch-1")
    ok(m, "object art-ob pir-ch-1")  # a second culture, outside the one-culture limit
    assert "pir-ch-1" in m.state["players"][0]["city"]


def s_truce():
    m = attack_scene()
    give(m, 1, "sp-tre-1")
    ok(m, ATTACK)
    ev = ok(m, "special sp-tre-1")
    assert "attack_blocked" in kinds(ev) and "ind-ch-1" in m.state["players"][1]["city"]


def s_escape():
    m = attack_scene()
    give(m, 1, "sp-fug-1")
    ok(m, ATTACK)
    ok(m, "special sp-fug-1")
    assert "ind-ch-1" in m.state["players"][1]["hand"]
    assert m.state["revealed"] == {"ind-ch-1": 1}


def s_retaliation():
    m = attack_scene()
    give(m, 1, "sp-rit-1")
    ok(m, ATTACK)
    ev = ok(m, "special sp-rit-1 pir-ch-2")
    assert "pir-ch-2" in m.state["discard"] and "ind-ch-1" in m.state["players"][1]["city"]
    assert "attack_blocked" in kinds(ev)


def s_countermand():
    m = attack_scene()
    give(m, 1, "sp-tre-1")
    give(m, 0, "sp-con-1")
    ok(m, ATTACK)
    ok(m, "special sp-tre-1")
    assert m.state["stack"][-1]["kind"] == "counter" and m.current_player == 0
    ev = ok(m, "special sp-con-1")
    assert "special_countered" in kinds(ev) and "attack_hit" in kinds(ev)
    assert "ind-ch-1" in m.state["discard"]


def s_patron():
    m = new_match()
    give(m, 0, "sp-mec-1")
    ok(m, "special sp-mec-1")
    assert len(m.state["players"][0]["hand"]) == 3


def s_conversion():
    m = new_match()
    build(m, 1, "ind-ch-1")
    give(m, 0, "sp-cnv-1")
    ok(m, "special sp-cnv-1 ind-ch-1")
    assert "ind-ch-1" in m.state["players"][0]["city"]


def s_exile():
    m = new_match()
    build(m, 1, "ind-ch-1")
    give(m, 0, "sp-esi-1")
    ok(m, "special sp-esi-1 ind-ch-1")
    assert "ind-ch-1" in m.state["players"][1]["hand"]


def s_plague():
    m = new_match()
    build(m, 0, "ind-ch-2")
    build(m, 1, "ind-ch-1", "ind-ch-3", "pir-ch-1")
    move(m, "ind-ob", "city", 1, holder="ind-ch-3")
    give(m, 0, "sp-pes-1")
    ok(m, "special sp-pes-1 ind")
    assert {"ind-ch-1", "ind-ch-2"} <= set(m.state["discard"])
    assert "ind-ch-3" in m.state["players"][1]["city"]  # protected by its Object


def s_demolition():
    m = new_match()
    build(m, 1, "ind-bw-1")
    give(m, 0, "sp-dem-1")
    ok(m, "special sp-dem-1 ind-bw-1")
    assert "ind-bw-1" in m.state["discard"]


def s_alliance():
    m = new_match()
    give(m, 0, "cat-ch-1", "pir-ch-1", "ind-ch-1", "sp-all-1")
    ok(m, "play cat-ch-1")
    ok(m, "special sp-all-1")
    ok(m, "play pir-ch-1")
    refused(m, "play ind-ch-1", "play.one-culture")


POWERS = {
    "abbess": p_abbess,
    "preacher": p_preacher,
    "astronomer": p_astronomer,
    "naturalist": p_naturalist,
    "witch": p_witch,
    "corsair": p_corsair,
    "vizier": p_vizier,
    "patron": None,  # both a Protagonist and a Special use the name; see below
    "rosary": o_rosary,
    "bible": o_bible,
    "telescope": o_telescope,
    "amulet": o_amulet,
    "map": o_map,
    "bombard": o_bombard,
    "palette": o_palette,
    "truce": s_truce,
    "escape": s_escape,
    "retaliation": s_retaliation,
    "countermand": s_countermand,
    "conversion": s_conversion,
    "exile": s_exile,
    "plague": s_plague,
    "demolition": s_demolition,
    "alliance": s_alliance,
}


def scenario_for(card: dict) -> object:
    if card["effect"] == "patron":
        return p_patron if card["type"] == "protagonist" else s_patron
    return POWERS[card["effect"]]


@pytest.mark.parametrize("cid", [c["id"] for c in catalogue.data()["cards"] if c.get("effect")])
def test_every_card_power_is_implemented(cid):
    """Each card with a power has a scenario that plays it and checks its effect."""
    fn = scenario_for(catalogue.card(cid))
    assert fn is not None, f"{cid} has no test scenario"
    fn()


def test_object_leaves_with_its_citizen():
    m = attack_scene()
    build(m, 1, "rif-ch-1")
    move(m, "rif-ob", "city", 1, holder="rif-ch-1")
    give(m, 0, "sp-esi-1")
    refused(m, "special sp-esi-1 rif-ch-1", "special.target")  # the Object protects it
    ev = Events()
    logic.discard_from_city(m.state, 1, "rif-ch-1", 0, ev, "test")
    assert {"rif-ch-1", "rif-ob"} <= set(m.state["discard"])
    assert m.state["players"][1]["attached"] == {}
    assert ev[0]["objects"] == ["rif-ob"]
