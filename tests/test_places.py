"""Hexes named in words in the board's sentences (issue #37, item 6): the map hides
coordinates, so "Selected: the forest next to Blue's capital", not "Selected hex 1,0"."""

from __future__ import annotations

from clash_widget.engine import Match
from clash_widget.widget import ClashBoard
from clash_widget.widget.places import hex_distance, place_words


def test_hex_distance_counts_steps_on_the_axial_grid():
    assert hex_distance((0, 0), (0, 0)) == 0
    assert hex_distance((0, 0), (1, -1)) == 1
    assert hex_distance((0, 0), (2, 1)) == 3


def test_places_are_named_by_terrain_and_nearest_city():
    w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0)
    v = w.view
    assert place_words(v, 1, 1) == "Blue's capital (grassland)"
    assert place_words(v, 8, -2).startswith("Orange's capital (")
    for h in v["hexes"]:
        words = place_words(v, h["q"], h["r"])
        assert f"{h['q']},{h['r']}" not in words
        near = min(hex_distance((h["q"], h["r"]), (c["q"], c["r"])) for c in v["cities"])
        if near == 1:
            assert words.endswith(("next to Blue's capital", "next to Orange's capital"))


def test_selecting_a_hex_answers_in_words_without_a_tick():
    w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0)
    w.intent = {"seq": 1, "version": w.view["version"], "type": "select", "q": 1, "r": 1}
    assert w.feedback["text"] == "Selected: Blue's capital (grassland)."
    assert w.feedback["kind"] == "info"  # a note, drawn without the move's tick
