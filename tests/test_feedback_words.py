"""The feedback line says what a move did, not whose turn it is now (issue #37, item 9):
"Age 1, turn 2: Blue to play." is the banner's news and the log's, not the move's."""

from __future__ import annotations

import re

from clash_widget.engine import Match
from clash_widget.widget import ClashBoard
from clash_widget.widget.picture import picture


def act(w: ClashBoard, key: str) -> str:
    w.intent = {
        "seq": len(w.match.actions) + 1,
        "version": w.view["version"],
        "type": "act",
        "key": key,
    }
    return w.feedback["text"]


def test_ending_a_turn_does_not_repeat_the_banner():
    w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0, bots=[None, "heuristic"])
    assert act(w, "play festival#0") == "Blue plays Festival: Gain 1 mood token."
    said = act(w, "end")
    assert "to play" not in said
    assert said == "Blue chose: End turn."
    # The log still announces the turn (the banner and the log keep that news).
    assert w.view["log"][-1]["text"] == "Age 1, turn 1: Orange to play."


def test_a_bots_turn_end_does_not_repeat_the_banner():
    w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0, bots=[None, "heuristic"])
    act(w, "end")
    while w.match.current_player == 1 and not w.match.is_over:
        w.run_bots(1)
        assert "to play" not in w.feedback["text"], w.feedback["text"]


def test_new_game_deals_the_same_game_again_from_the_next_seed():
    """The end panel's "New game" (issue #37, item 13): same game, seats and options."""
    w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0)
    act(w, "end")
    w.intent = {"seq": 99, "version": w.view["version"], "type": "new"}
    assert w.feedback["kind"] == "info"
    assert "new game" in w.feedback["text"].lower()
    assert (w.match.game.name, w.match.seed, w.match.actions) == ("coc", 12, [])
    assert w.view["version"] == 0 and [p["name"] for p in w.view["players"]] == ["Blue", "Orange"]


def test_a_finished_clash_game_names_its_winners_in_the_view():
    """Every game's view says who won (the banner and the end panel read ``result``);
    Clash of Cultures' did not, so its banner read "Game over — a draw" (issue #37)."""
    m = Match.new("coc", players=2, seed=3)
    w = ClashBoard(m, seat=0, bots=["heuristic", "heuristic"])
    assert w.view["result"] is None
    w.run_bots(20_000)
    assert w.view["over"]
    assert w.view["result"] == {"winners": m.game.winners(m.state)}
    assert w.view["result"]["winners"]


def test_stills_write_a_seats_text_in_its_ink_not_its_fill():
    """Orange's fill #E69F00 is 2.1:1 as text on white; its ink keeps 4.5:1 (issue #37)."""
    w = ClashBoard(Match.new("coc", players=2, seed=11), seat=0)
    svg = picture(w.view)
    assert 'fill="#E69F00"' in svg  # the pieces keep the fill colour
    inks = {p["ink"] for p in w.view["players"]}
    texts = re.findall(r'<text[^>]*fill="(#[0-9A-Fa-f]{6})"[^>]*>[^<]*VP', svg)
    assert texts and set(texts) <= inks, texts
