"""One namer for a Clash hex in words (issue #37, item 6): the map hides coordinates, so
labels, log lines and refusals name a hex by its terrain and the nearest city."""

from __future__ import annotations

import re

from clash_widget.coc.places import city_name, direction, from_to, place
from clash_widget.coc.scenario import Scenario
from clash_widget.engine import Match

COORDINATES = re.compile(r"-?\d+,-?\d+")


def start() -> dict:
    """Seed 11, two players: Blue's capital on 1,1 (a forest at 1,0, a mountain at 0,1 beside
    it), Orange's on 8,-2."""
    return Match.new("coc", players=2, seed=11).state


def test_a_city_is_named_by_its_owner():
    s = start()
    assert place(s, "1,1") == "Blue's capital"
    assert place(s, "8,-2") == "Orange's capital"


def test_a_hex_next_to_a_city_is_named_by_its_terrain_and_the_city():
    s = start()
    assert place(s, "1,0") == "the forest next to Blue's capital"
    assert place(s, "0,1") == "the mountain next to Blue's capital"
    assert place(s, "8,-1") == "the forest next to Orange's capital"


def test_two_alike_hexes_next_to_a_city_are_told_apart_by_the_compass():
    s = Scenario(players=2, seed=11).explore_all().paint("1,0", "forest").paint("2,0", "forest")
    assert place(s.state, "1,0") == "the forest north of Blue's capital"
    assert place(s.state, "2,0") == "the forest north-east of Blue's capital"


def test_a_face_down_hex_is_an_unexplored_hex():
    assert place(start(), "1,2") == "the unexplored hex south of Blue's capital"


def test_a_hex_further_out_counts_the_hexes_from_a_city():
    s = start()
    assert place(s, "0,0") == "the barren land 2 hexes north-west of Blue's capital"
    assert place(s, "4,-2") == "the unexplored hex 3 hexes north-east of Blue's capital"


def test_another_city_is_placed_from_its_owners_capital():
    s = Scenario(players=2, seed=11).explore_all().city(0, "1,3").city(1, "4,0").state
    assert city_name(s, "1,3") == place(s, "1,3") == "Blue's southern city"
    assert city_name(s, "4,0") == "Orange's western city"
    assert place(s, "2,2").endswith(" next to Blue's southern city")
    assert place(s, "1,2").endswith(" next to Blue's capital")  # next to both: the capital


def test_a_city_whose_owner_lost_the_capital_is_placed_from_another_capital():
    """A captured capital is a city of its captor: Orange's other city is found from Blue's."""
    s = Scenario(players=2, seed=11).explore_all().city(1, "4,0").state
    s["cities"]["8,-2"].update(owner=0, capital=False)
    assert city_name(s, "8,-2") == "Blue's eastern city"
    assert city_name(s, "4,0") == "Orange's city east of Blue's capital"


def test_a_way_finds_the_second_hex_from_the_first():
    s = start()
    assert from_to(s, "1,1", "1,0") == "from Blue's capital north to the forest"
    assert from_to(s, "1,0", "1,1") == "from the forest next to Blue's capital south to it"
    assert from_to(s, "0,0", "2,-1") == (
        "from the barren land 2 hexes north-west of Blue's capital two hexes east "
        "to the unexplored hex"
    )


def test_the_compass_follows_the_map_north_up():
    """Flat-top hexes: 0,-1 is straight above 0,0; 1,-1 up and to the right."""
    assert direction((0, 0), (0, -1)) == "north"
    assert direction((0, 0), (0, 1)) == "south"
    assert direction((0, 0), (1, -1)) == "north-east"
    assert direction((0, 0), (1, 0)) == "south-east"
    assert direction((0, 0), (-1, 0)) == "north-west"
    assert direction((0, 0), (2, -1)) == "east"


def test_every_hex_has_words_without_coordinates_and_the_same_every_time():
    s = start()
    words = {k: place(s, k) for k in s["hexes"]}
    assert words == {k: place(start(), k) for k in s["hexes"]}
    assert not [w for w in words.values() if COORDINATES.search(w)]


def test_the_view_hands_every_hex_its_words():
    m = Match.new("coc", players=2, seed=11)
    hexes = m.view(0)["hexes"]
    assert {(h["q"], h["r"]): h["place"] for h in hexes}[(1, 0)] == (
        "the forest next to Blue's capital"
    )
    assert all(h["place"] == place(m.state, f"{h['q']},{h['r']}") for h in hexes)


def test_the_nearest_city_in_one_pass_is_the_plain_minimum() -> None:
    """The namer's one-pass search (``_nearest``, a log line's hot path) picks the city the
    plain definition does: the least of every city's rank (distance, capital first, lower
    coordinates), on random boards with ties."""
    import random

    from clash_widget.coc.places import _nearest, _rank

    rng = random.Random(1)
    for _ in range(5000):
        cities = {
            f"{rng.randint(-6, 6)},{rng.randint(-6, 6)}": {"capital": rng.random() < 0.3}
            for _ in range(rng.randint(1, 12))
        }
        here = (rng.randint(-6, 6), rng.randint(-6, 6))
        keys = list(cities)
        rng.shuffle(keys)
        plain = min(keys, key=lambda k: _rank(k, cities[k], here))
        assert _nearest(cities, keys, here) == plain


def test_the_two_anchors_in_one_pass_are_the_plain_minimums() -> None:
    """A hex's place is counted from the nearest city, or from the nearest capital when it is
    far from every city: the one pass that finds both (``_anchors``) picks what the plain
    definition does (the least rank of every city; of the capitals, the nearest, then the
    lower coordinates), with their distances, on random boards with ties."""
    import random

    from clash_widget.coc.hexes import distance
    from clash_widget.coc.places import _anchors, _rank
    from clash_widget.coc.vocab import parse_hex

    rng = random.Random(2)
    for _ in range(5000):
        cities = {
            f"{rng.randint(-6, 6)},{rng.randint(-6, 6)}": {"capital": rng.random() < 0.3}
            for _ in range(rng.randint(1, 12))
        }
        here = (rng.randint(-6, 6), rng.randint(-6, 6))
        best = min(cities, key=lambda k: _rank(k, cities[k], here))
        capitals = [k for k in cities if cities[k]["capital"]]
        cap = min(capitals, key=lambda k: _rank(k, cities[k], here)) if capitals else ""
        found = _anchors(cities, here)
        assert found[0] == best and found[1] == distance(here, parse_hex(best))
        assert found[2] == cap
        if cap:
            assert found[3] == distance(here, parse_hex(cap))
