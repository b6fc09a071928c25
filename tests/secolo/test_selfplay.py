"""Random self-play: invariants after every step, every event kind seen, views never leak."""

from __future__ import annotations

import os

from clash_widget.engine import Match

from .play import event_counts, self_play, variants

GAMES = int(os.environ.get("SECOLO_SELFPLAY_GAMES", "300"))


def test_random_self_play_invariants_and_events():
    matches = []
    for i in range(GAMES):
        players, opts = variants(i)
        matches.append(self_play(i, players, opts))
    counts = event_counts(matches)
    for kind in (
        "attack",
        "attack_hit",
        "attack_blocked",
        # "attack_protected" is left out: random bots now spend the Printed Bible in the first
        # any-moment window, so a shelter raised after an Attack is rare (0-2 in 300 games);
        # test_cards.py (o_bible) plays that path on purpose.
        "special_reaction",
        "special_played",
        "special_countered",
        "object_power",
        "reshuffle",
        "win_five_cultures",
        "end_deck_exhausted",
        "card_played",
        "conversion",
        "exile",
        "returned_to_play",
        "card_taken",
        "redraw_discard",
    ):
        assert counts[kind] > 0, f"no {kind} event in {GAMES} random games"
    reasons = {m.state["result"]["reason"] for m in matches}
    assert reasons == {"five_cultures", "deck_exhausted"}


def test_views_never_leak_hidden_cards():
    for i in range(20):
        players, opts = variants(i)
        self_play(1000 + i, players, opts, checks=False, views=True)


def test_view_payload_shape():
    m = Match.new("secolo", 3, 7)
    for _ in range(6):
        m.play(m.legal_actions()[0])
    v = m.view(m.current_player)
    for key in (
        "game",
        "seat",
        "current_player",
        "prompt",
        "players",
        "deck_count",
        "discard_count",
        "frame",
        "legal",
        "log",
        "turn",
        "can_undo",
    ):
        assert key in v
    me = v["players"][m.current_player]
    assert me["hand"] is not None and all(
        p["hand"] is None for p in v["players"] if p["seat"] != m.current_player
    )
    assert all({"key", "kind", "label", "cards"} <= set(a) for a in v["legal"])
    assert "rng" not in str(v) and 'deck"' not in str(v)
    assert m.view(None)["players"][1]["hand"] is not None  # teacher sees every hand
    other = m.view((m.current_player + 1) % 3)
    assert other["legal"] == []
