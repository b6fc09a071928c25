"""Hexes named in words in the board's sentences (issue #37, item 6): the map hides
coordinates, so "Selected: the forest next to Blue's capital", not "Selected hex 1,0".
The words are the game's (clash_widget/coc/places.py), handed to each hex of the view."""

from __future__ import annotations

from clash_widget.engine import Match
from clash_widget.widget import ClashBoard
from clash_widget.widget.places import place_words


def test_the_board_reads_each_hex_its_words_from_the_view():
    w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0)
    v = w.view
    assert place_words(v, 1, 1) == "Blue's capital"
    assert place_words(v, 1, 0) == "the forest next to Blue's capital"
    assert place_words(v, 8, -2) == "Orange's capital"
    assert place_words(v, 99, 99) == "a hex off the map"
    for h in v["hexes"]:
        assert place_words(v, h["q"], h["r"]) == h["place"]
        assert f"{h['q']},{h['r']}" not in h["place"]


def test_selecting_a_hex_answers_in_words_without_a_tick():
    w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0)
    w.intent = {"seq": 1, "version": w.view["version"], "type": "select", "q": 1, "r": 1}
    assert w.feedback["text"] == "Selected: Blue's capital."
    assert w.feedback["kind"] == "info"  # a note, drawn without the move's tick
