"""Exploring: how a newly revealed region must be turned, one test (or more) per rule id.

French rulings (livret p. 16-18): "lorsque vous révélez une région, vous devez la placer
de manière à ce que la case par laquelle votre unité est entrée ne soit pas une mer.
Ensuite, reliez les cases Mer aux cases Mer adjacentes si cela ne contrevient pas à la
première règle ; si aucune des deux règles ne s'applique, placez une case Mer contre le
bord de la carte si possible. S'il reste plusieurs orientations possibles, vous pouvez
choisir."

The map of a 2-player game is a row of 5 regions over another row of 5; each region is a
block of 4 hexes a, b, c, d, lying as printed (orientation 0) or turned (1: a<->d, b<->c).
Blue's home is the top-left region; the tests deal the face-down regions next to it:

- region 1 (top row, second): a 2,-1 (board edge), b 2,0, c 3,-1 (board edge), d 3,0;
- region 2 (top row, third): a 4,-2, b 4,-1, c 5,-2, d 5,-1;
- region 5 (bottom row, first): a 0,2 (edge), b 0,3 (edge), c 1,2, d 1,3 (edge);
- region 6 (bottom row, second): a 2,1, b 2,2, c 3,1, d 3,2.

Blue's unit starts at 1,1 (home, land), next to 2,0 (region 1) and 1,2 (region 5).
"""

from clash_widget.coc.explore import layouts
from clash_widget.coc.scenario import Scenario

from .helpers import accepted, refused

HOME = "1,1"


def _deal(s, region, tile):
    """Put ``tile`` face down in ``region`` (swapping it with the region that held it, if
    any: a 2-player map uses only some of the tiles)."""
    regs = s.state["regions"]
    assert not regs[region]["explored"]
    other = next((r for r in regs if r["tile"] == tile), None)
    if other is not None:
        assert not other["explored"]
        other["tile"] = regs[region]["tile"]
    regs[region]["tile"] = tile


def _face_up(s, region, tile, flip):
    """Deal ``tile`` to ``region`` and turn it face up in orientation ``flip``."""
    _deal(s, region, tile)
    reg = s.state["regions"][region]
    reg["explored"], reg["flip"] = True, flip
    for key, t in zip(reg["hexes"], layouts(s.state, region)[flip], strict=True):
        s.state["hexes"][key]["terrain"] = t


def _map():
    s = Scenario(players=2, seed=3).turn(0)
    assert s.state["regions"][0]["home"] == 0 and s.terrain(HOME) != "sea"
    return s.clear_units(0)


def _sea_at_2_1_and_3_1(s):
    """Region 6 face up with sea at 2,1 and 3,1 (next to 2,0 and 3,0 of region 1)."""
    _face_up(s, 6, "t02", 0)  # sea, mountain, sea, plains
    assert s.terrain("2,1") == "sea" and s.terrain("3,1") == "sea"


def _go(s, src, dst, spec):
    m = s.match()
    accepted(m, "move")
    accepted(m, f"group {src} {dst} {spec}")
    return m


def _region(m, i):
    reg = m.state["regions"][i]
    return reg["explored"], reg["flip"]


def _ruling(m):
    """The rule id the log names for the last revealed region (None: nothing decided)."""
    return [e for e in m.log if e["kind"] == "explore"][-1].get("rule_id")


def test_explore_entry_not_sea():
    """French rulings: "vous devez la placer de manière à ce que la case par laquelle votre
    unité est entrée ne soit pas une mer" -- before linking sea to sea ("explore.entry-not-sea").

    Region 1 holds sea, plains, sea, forest: orientation 0 puts plains at 2,0, orientation 1
    puts sea at 2,0 and 3,0, both touching the sea at 2,1 (the linking rule alone would
    choose it). A settler entering 2,0 gets orientation 0, with no question asked."""
    s = _map()
    _sea_at_2_1_and_3_1(s)
    _deal(s, 1, "t01")
    s.units(0, HOME, settler=1)
    m = _go(s, HOME, "2,0", "s1")
    assert _region(m, 1) == (True, 0)
    assert _ruling(m) == "explore.entry-not-sea"
    assert m.state["hexes"]["2,0"]["terrain"] == "plains"
    assert m.state["stack"][-1]["kind"] == "move"  # no orientation to choose
    assert [u["hex"] for u in m.state["units"].values() if u["owner"] == 0] == ["2,0"]


def test_explore_entry_not_sea_a_ship_enters_sea():
    """French rulings: the entered hex rule comes first ("explore.entry-not-sea"); for a
    ship the entered hex is turned to sea ("explore.ship-entry-sea", our reading).

    Region 1 holds mountain, sea, plains, plains: orientation 0 puts sea at 2,0, orientation 1
    at 3,-1 (board edge). With sea at 4,-1 both touch existing sea, so the edge rule alone
    would choose orientation 1; the ship sailing from 2,1 into 2,0 gets orientation 0."""
    s = _map()
    _sea_at_2_1_and_3_1(s)
    _face_up(s, 2, "t06", 1)  # barren, sea, forest, plains: sea at 4,-1
    assert s.terrain("4,-1") == "sea"
    _deal(s, 1, "t07")
    s.units(0, "2,1", ship=1)
    m = _go(s, "2,1", "2,0", "h1")
    assert _region(m, 1) == (True, 0)
    assert _ruling(m) == "explore.ship-entry-sea"
    assert m.state["hexes"]["2,0"]["terrain"] == "sea"
    ship = next(u for u in m.state["units"].values() if u["owner"] == 0)
    assert ship["hex"] == "2,0"


def test_explore_connect_sea():
    """French rulings: "Ensuite, reliez les cases Mer aux cases Mer adjacentes si cela ne
    contrevient pas à la première règle" ("explore.connect-sea"), before the board edge.

    Region 1 holds sea, plains, forest, mountain: land at 2,0 either way; orientation 0 puts
    its sea at 2,-1 (board edge, no sea next to it), orientation 1 at 3,0, next to the sea
    at 2,1 and 3,1. The region lies in orientation 1."""
    s = _map()
    _sea_at_2_1_and_3_1(s)
    _deal(s, 1, "t05")
    s.units(0, HOME, settler=1)
    m = _go(s, HOME, "2,0", "s1")
    assert _region(m, 1) == (True, 1)
    assert _ruling(m) == "explore.connect-sea"
    assert m.state["hexes"]["3,0"]["terrain"] == "sea"
    assert m.state["hexes"]["2,0"]["terrain"] != "sea"
    assert m.state["stack"][-1]["kind"] == "move"


def test_explore_sea_to_edge():
    """French rulings: "si aucune des deux règles ne s'applique, placez une case Mer contre
    le bord de la carte si possible" ("explore.sea-to-edge").

    Region 1 holds sea, plains, forest, mountain and no sea is near: orientation 0 puts its
    sea at 2,-1 on the board edge, orientation 1 at 3,0 inside the board. The region lies in
    orientation 0."""
    s = _map()
    _deal(s, 1, "t05")
    s.units(0, HOME, settler=1)
    m = _go(s, HOME, "2,0", "s1")
    assert _region(m, 1) == (True, 0)
    assert _ruling(m) == "explore.sea-to-edge"
    assert m.state["hexes"]["2,-1"]["terrain"] == "sea"
    assert m.state["stack"][-1]["kind"] == "move"


def test_explore_free_choice():
    """French rulings: "S'il reste plusieurs orientations possibles, vous pouvez choisir"
    ("explore.free-choice").

    Region 1 holds only land: the rules leave both orientations, so Blue chooses."""
    s = _map()
    _deal(s, 1, "t09")  # plains, forest, mountain, plains
    s.units(0, HOME, settler=1)
    m = _go(s, HOME, "2,0", "s1")
    frame = m.state["stack"][-1]
    assert frame["kind"] == "orient" and frame["player"] == 0
    assert sorted(frame["allowed"]) == [0, 1]
    assert sorted(str(a) for a in m.legal_actions()) == ["orient 0", "orient 1"]
    assert not m.state["regions"][1]["explored"]
    accepted(m, "orient 1")
    assert _region(m, 1) == (True, 1)
    assert _ruling(m) == "explore.free-choice"  # no ruling decided: Blue chose
    assert m.state["hexes"]["2,0"]["terrain"] == "mountain"  # turned: b shows the tile's c
    assert [u["hex"] for u in m.state["units"].values() if u["owner"] == 0] == ["2,0"]


def test_explore_free_choice_sea_on_the_edge_either_way():
    """French rulings: "S'il reste plusieurs orientations possibles, vous pouvez choisir"
    ("explore.free-choice").

    Region 5 holds sea, plains, forest, mountain: entering 1,2 finds land either way, its sea
    touches no sea either way and lies on the board edge either way (0,2 or 1,3)."""
    s = _map()
    _deal(s, 5, "t05")
    s.units(0, HOME, settler=1)
    m = _go(s, HOME, "1,2", "s1")
    frame = m.state["stack"][-1]
    assert frame["kind"] == "orient" and sorted(frame["allowed"]) == [0, 1]
    accepted(m, "orient 0")
    assert _region(m, 5) == (True, 0)
    assert _ruling(m) == "explore.free-choice"
    assert m.state["hexes"]["0,2"]["terrain"] == "sea"


def test_explore_orientation_allowed():
    """French rulings: "S'il reste plusieurs orientations possibles, vous pouvez choisir" --
    among those orientations only; a region lies as printed (0) or turned (1)."""
    s = _map()
    _deal(s, 1, "t09")
    s.units(0, HOME, settler=1)
    m = _go(s, HOME, "2,0", "s1")
    assert refused(m, "orient 2") == "explore.orientation-allowed"
    assert refused(m, "orient -1") == "explore.orientation-allowed"
    assert refused(m, "orient x") == "engine.malformed"
