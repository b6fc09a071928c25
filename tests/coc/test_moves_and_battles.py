"""Moving, exploring, battles and capture."""

from clash_widget.coc import explore
from clash_widget.coc.board import board_neighbours
from clash_widget.coc.scenario import Scenario

from .helpers import accepted, open_map, refused


def _land_next_to(s, key):
    return next(
        n
        for n in board_neighbours(s.state, key)
        if s.state["hexes"][n]["terrain"] in ("plains", "forest", "barren", "mountain")
        and n not in s.state["cities"]
    )


def test_move_armies_need_tactics():
    s = open_map()
    cap = s.capital(0)
    s.units(0, cap, army=1)
    m = s.match()
    accepted(m, "move")
    dst = _land_next_to(s, cap)
    assert refused(m, f"group {cap} {dst} a1") == "move.armies-need-tactics"
    accepted(m, f"group {cap} {dst} s1")  # settlers need no Tactics


def test_move_adjacent_and_group_size():
    s = open_map().advances(0, "tactics")
    cap = s.capital(0)
    s.units(0, cap, army=3)
    m = s.match()
    accepted(m, "move")
    far = next(
        k
        for k in m.state["hexes"]
        if k != cap
        and k not in board_neighbours(m.state, cap)
        and m.state["hexes"][k]["terrain"] == "plains"
    )
    assert refused(m, f"group {cap} {far} a1") == "move.adjacent"
    dst = _land_next_to(s, cap)
    assert refused(m, f"group {cap} {dst} a3s2") == "move.group-size"


def test_move_mountain_stop():
    s = open_map().advances(0, "tactics")
    mountain = s.find("mountain")
    start = _land_next_to(s, mountain)
    s.units(0, start, army=1)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {start} {mountain} a1")
    accepted(m, "done")
    accepted(m, "move")  # a new Move action: only the mountain still holds the army
    assert refused(m, f"group {mountain} {start} a1") == "move.mountain-stop"


def test_move_settlers_need_escort():
    s = open_map()
    cap = s.capital(0)
    dst = _land_next_to(s, cap)
    s.units(1, dst, army=1)
    m = s.match()
    accepted(m, "move")
    assert refused(m, f"group {cap} {dst} s1") == "move.settlers-need-escort"


def test_move_land_needs_land():
    s = open_map()
    sea = s.find("sea")
    land = _land_next_to(s, sea)
    s.units(0, land, settler=1)
    m = s.match()
    accepted(m, "move")
    assert refused(m, f"group {land} {sea} s1") == "move.land-needs-land"


def test_explore_reveals_region_with_entry_not_sea():
    s = Scenario(players=2, seed=11).turn(0)
    m = s.match()
    cap = s.capital(0)
    hidden = next(
        n for n in board_neighbours(m.state, cap) if m.state["hexes"][n]["terrain"] is None
    )
    accepted(m, "move")
    out = m.play(f"group {cap} {hidden} s1")
    assert out.ok
    if m.state["stack"][-1]["kind"] == "orient":
        accepted(m, f"orient {m.state['stack'][-1]['allowed'][0]}")
    assert m.state["hexes"][hidden]["terrain"] not in (None, "sea")
    assert not m.can_undo()  # revealing a region is an undo barrier


def test_explore_orientation_rules_prefer_land_entry():
    s = Scenario(players=2, seed=11)
    st = s.state
    region = next(i for i, r in enumerate(st["regions"]) if not r["explored"])
    st["regions"][region]["tile"] = "t01"  # sea at a and c
    entry = st["regions"][region]["hexes"][0]
    assert explore.allowed_orientations(st, region, entry, by_ship=False) == [1]
    assert explore.allowed_orientations(st, region, entry, by_ship=True) == [0]


def test_battle_and_capture():
    s = open_map(seed=5).advances(0, "tactics")
    cap1 = s.capital(1)
    start = _land_next_to(s, cap1)
    s.clear_units(None).units(0, start, army=4)
    s.state["rng"] = 12345
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {start} {cap1} a4")
    while m.state["stack"][-1]["kind"] in ("battle_round", "combat_card"):
        accepted(m, "battle continue" if m.state["stack"][-1]["kind"] == "battle_round" else "pass")
    kinds = [e["kind"] for e in m.log]
    assert "battle" in kinds
    if m.state["cities"][cap1]["owner"] == 0:
        assert m.state["cities"][cap1]["mood"] == 0  # a captured city is angry
        assert m.state["players"][0]["res"]["gold"] == 1  # gold = size (neutral city)
        assert any(
            u["owner"] == 1 and u["kind"] == "settler" for u in m.state["units"].values()
        ) or not [c for c in m.state["cities"].values() if c["owner"] == 1]


def test_battle_dice_and_hits_logged():
    s = open_map(seed=5).advances(0, "tactics")
    cap1 = s.capital(1)
    start = _land_next_to(s, cap1)
    s.clear_units(None).units(0, start, army=2).units(1, cap1, army=2)
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {start} {cap1} a2")
    accepted(m, "pass")  # Blue holds an action card: its combat effect is offered first
    rounds = [e for e in m.log if e["kind"] == "combat_round"]
    assert rounds
    r = rounds[0]
    assert len(r["attacker_dice"]) == 2 and len(r["defender_dice"]) == 2
    assert r["attacker_hits"] == sum(r["attacker_dice"]) // 5
