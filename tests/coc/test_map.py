"""The map for 2-4 players: regions, homes, determinism and JSON round trip."""

import json

import pytest

from clash_widget.engine import Match


@pytest.mark.parametrize("players,regions", [(2, 10), (3, 15), (4, 18)])
def test_setup_region_counts(players, regions):
    """Each player count has its number of 4-hex regions, one face-up home per player."""
    s = Match.new("coc", players, seed=5).state
    assert len(s["regions"]) == regions
    assert len(s["hexes"]) == 4 * regions
    homes = [r for r in s["regions"] if r["home"] is not None]
    assert len(homes) == players and all(r["explored"] for r in homes)
    hidden = [r for r in s["regions"] if r["home"] is None]
    assert all(not r["explored"] for r in hidden)
    assert all(s["hexes"][k]["terrain"] is None for r in hidden for k in r["hexes"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_capital_and_settler(players):
    """Every player starts with a capital on plains and a settler, Farming and Mining."""
    s = Match.new("coc", players, seed=9).state
    for p in range(players):
        caps = [k for k, c in s["cities"].items() if c["owner"] == p and c["capital"]]
        assert len(caps) == 1 and s["hexes"][caps[0]]["terrain"] == "plains"
        settlers = [u for u in s["units"].values() if u["owner"] == p and u["kind"] == "settler"]
        assert [u["hex"] for u in settlers] == caps
        assert s["players"][p]["advances"] == ["farming", "mining"]


def test_setup_deterministic_for_a_seed():
    assert Match.new("coc", 3, 42).state_hash() == Match.new("coc", 3, 42).state_hash()
    assert Match.new("coc", 3, 42).state_hash() != Match.new("coc", 3, 43).state_hash()


def test_state_json_round_trip():
    m = Match.new("coc", 4, 7)
    m2 = Match.from_json(m.to_json())
    assert m2.state == m.state and m2.state_hash() == m.state_hash()
    assert json.loads(json.dumps(m.state)) == m.state


def test_view_hides_face_down_tiles_and_rng():
    m = Match.new("coc", 2, 1)
    v = m.view(0)
    text = json.dumps(v)
    assert '"rng"' not in text
    for h in v["hexes"]:
        if not h["explored"]:
            assert h["terrain"] is None
    assert all(t not in text for t in ['"t01"', '"tile"'])
