"""The game on the engine protocol: records, JSON, undo, views, the determiniser, labels, map."""

from __future__ import annotations

import doctest
import re

from clash_widget.bots import RandomBot
from clash_widget.engine import Match
from clash_widget.engine.state import state_hash
from clash_widget.persistence import content, scenario
from clash_widget.persistence.view import map_payload

from .helpers import ok, scene
from .play import self_play, strings


def played(seed: int = 3, players: int = 3, steps: int = 10_000) -> Match:
    m = Match.new("persistence", players, seed)
    bots = [RandomBot(seed + s) for s in range(players)]
    for _ in range(steps):
        if m.is_over:
            break
        m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions()))
    return m


def test_record_replays_to_the_same_state():
    m = played()
    again = Match.replay(m.record())
    assert again.state_hash() == m.state_hash() and m.is_over


def test_json_round_trip_is_verified():
    m = played(steps=120)
    back = Match.load(m.to_json())
    assert back.state_hash() == m.state_hash() and back.actions == m.actions


def test_a_set_up_position_saves_its_start():
    m = scene(epoch=4).turn(0, "romans").match()
    ok(m, "enter italy")
    back = Match.load(m.to_json())
    assert back.state_hash() == m.state_hash()


def test_undo_restores_and_stops_at_dice():
    m = scene(epoch=4).empire(1, "celts", lands=["gaul"]).turn(0, "romans").match()
    h0 = m.state_hash()
    ok(m, "enter italy")
    assert m.can_undo() and m.undo() and m.state_hash() == h0
    assert m.redo()
    ok(m, "enter gaul")  # a battle: dice were rolled
    assert not m.can_undo()


def test_determinize_depends_only_on_the_view():
    """Swapping hidden cards (another hand against the box, pile for pile) changes nothing."""
    m = played(seed=8, steps=60)
    st = m.state
    seat = m.current_player
    other = next(p for p in st["players"] if p["seat"] != seat)
    twin = Match.load(m.to_json()).state
    swapped = 0
    for i, c in enumerate(other["hand"]):
        pile = content.cards()[c]["pile"]
        spare = next((b for b in twin["box"] if content.cards()[b]["pile"] == pile), None)
        if spare is not None:
            twin["players"][other["seat"]]["hand"][i] = spare
            twin["box"].remove(spare)
            twin["box"].append(c)
            swapped += 1
    twin["box"].sort()
    assert swapped and state_hash(twin) != state_hash(st)
    a = m.game.determinize(st, seat, 42)
    b = m.game.determinize(twin, seat, 42)
    assert state_hash(a) == state_hash(b)
    assert a["players"][seat]["hand"] == st["players"][seat]["hand"]
    assert not m.game.invariants(a)
    for p, q in zip(a["players"], st["players"], strict=True):
        piles = sorted(content.cards()[c]["pile"] for c in p["hand"])
        assert piles == sorted(content.cards()[c]["pile"] for c in q["hand"])


def test_view_payload_shape_and_legal_for_the_mover_only():
    m = played(seed=5, players=2, steps=6)
    mover = m.current_player
    v = m.view(mover)
    for key in ("map", "board", "empires", "culture", "players", "legal", "prompt", "frame"):
        assert key in v
    assert v["legal"] and all({"key", "kind", "label"} <= set(e) for e in v["legal"])
    assert m.view(1 - mover)["legal"] == []
    assert "rng" not in strings(v) and "box" not in v


def test_labels_and_log_speak_plain_words():
    """Labels, prompts and the log use the game's names, never internal ids."""
    m = self_play(11, 3, {}, checks=False)
    ids = {c for c in content.cards() if "-" in c} | {a for a in content.areas() if "_" in a}
    ids |= {e for e in content.empires() if "_" in e}
    for e in m.log:
        assert not (set(re.findall(r"[a-z_\-]+", e["text"])) & ids), e["text"]
    m = played(seed=5, players=2, steps=30)
    for entry in m.view(None)["legal"]:
        assert not (set(re.findall(r"[a-z_\-]+", entry["label"])) & ids), entry["label"]
    assert not (set(re.findall(r"[a-z_\-]+", m.prompt())) & ids)


def test_map_is_consistent():
    """30-40 areas, symmetric adjacency from one grid, straits across a sea, every land in a
    region, polygons for every area."""
    areas = content.areas()
    assert 30 <= len(areas) <= 40
    kinds = {a["kind"] for a in areas.values()}
    assert kinds == {"land", "sea", "ocean"}
    assert any(content.is_barren(a) for a in content.lands())
    for a in areas:
        for b in content.neighbours(a):
            assert a in content.neighbours(b)
    for s in content.straits().values():
        x, y = s["lands"]
        assert y not in content.neighbours(x), f"{s['id']} links lands that already touch"
        assert s["sea"] in content.neighbours(x) and s["sea"] in content.neighbours(y)
        assert not content.is_land(s["sea"]) and not content.is_ocean(s["sea"])
    for land in content.lands():
        assert areas[land]["region"] in content.regions()
    drawn = map_payload()
    assert {a["id"] for a in drawn["areas"]} == set(areas)
    assert all(a["loops"] and len(a["loops"][0]) >= 4 for a in drawn["areas"])


def test_empires_and_cards_data():
    for epoch in range(1, 8):
        es = content.epoch_empires(epoch)
        assert len(es) == 5
        for e in es:
            info = content.empires()[e]
            assert content.is_land(info["start"]) and not (info["minor"] and info["capital"])
    assert any(content.empires()[e]["minor"] for e in content.empires())
    assert any(
        not content.empires()[e]["minor"] and not content.empires()[e]["capital"]
        for e in content.empires()
    )
    culture = content.pile_cards("culture")
    seed_names = {"Law", "Commerce", "Architecture", "Science", "Democracy"}
    assert {
        content.cards()[c]["name"] for c in culture if content.cards()[c]["source"] == "seed"
    } == seed_names
    assert all(
        content.cards()[c]["source"] == "ours" for c in content.cards() if not content.is_culture(c)
    )
    assert {content.cards()[c]["effect"] for c in content.cards()} >= {
        "treachery",
        "rebellion",
        "civil_war",
        "barbarians",
    }


def test_scenario_doctest():
    assert doctest.testmod(scenario).failed == 0
