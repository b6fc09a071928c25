"""The quality sets' builder (scripts/coach_quality.py, docs/coach.md "Quality, measured"):
equal positions certified by whole games whose moves really change some results, Clash of
Cultures' planted moves picked by a first look at every move, a long build that keeps what
it certified, one certified part rebuilt without touching the rest of a set, and the
certificates the stored sets carry. Sizes are tiny: these check the builder, not the sets."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Action, Match, get_game, state_hash

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
import coach_quality as q  # noqa: E402


def heuristic_position(game: str, seed: int, step: int) -> Match:
    """The position a heuristic game (the builder's) reaches after ``step`` decisions."""
    m = Match.new(game, 2, seed=seed)
    bot = make_bot("heuristic", game, seed)
    for _ in range(step):
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return m


def same_position(a: Match, b: Match) -> bool:
    def key(m: Match) -> str:
        return state_hash({k: v for k, v in m.state.items() if k not in ("log", "version")})

    return key(a) == key(b)


def test_a_certified_equal_pair_changes_some_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``differ``, a pair is kept only when that share of its paired whole games ended
    differently, and the certificate says how many did; the row names the heuristic game and
    step it comes from."""
    monkeypatch.setattr(q, "EQUAL_SCREEN", 4)
    monkeypatch.setattr(q, "EQUAL_GAMES", 8)
    monkeypatch.setattr(q, "EQUAL_WITHIN", 1.0)
    (row,) = q.certified_equal("persistence", 1, first=700, differ=0.25)
    cert = row["certified"]
    assert cert["games"] == 8 and cert["differ"] >= 2
    assert row["planted"] != row["twin"] and row["same_state"] is False
    m = Match.load(row["file"])
    assert {Action.parse(row["planted"]), Action.parse(row["twin"])} <= set(m.legal_actions())
    assert same_position(m, heuristic_position("persistence", row["from_game"], row["from_step"]))


def test_worst_options_are_legal_moves_other_than_the_favourite() -> None:
    m = heuristic_position("persistence", 700, 4)
    legal, seat = m.legal_actions(), m.current_player
    assert seat is not None
    picked = q.worst_options(m.game, m, legal, seed=1)
    fav = make_bot("heuristic", "persistence", 7).choose(
        m.game, m.game.determinize(m.state, seat, 7), legal
    )
    assert len(picked) <= 2 and all(a in legal and a != fav for a in picked)
    assert picked == q.worst_options(m.game, m, legal, seed=1)  # seeded


def test_a_long_build_keeps_each_certified_row_as_found(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Rows are tried every ``stride``-th decision and appended to ``keep`` as they are found,
    each one the position of its heuristic game and step."""
    monkeypatch.setattr(q, "LOOK_PAIRS", 1)
    monkeypatch.setattr(q, "LOOK_MOVES", 3)
    monkeypatch.setattr(q, "SCREEN_GAMES", 2)
    monkeypatch.setattr(q, "CERTIFY_GAMES", 4)
    monkeypatch.setattr(q, "CERTIFY_GAP", 0.0)
    monkeypatch.setattr(q, "CERTIFY_LOW", -1.0)
    keep = tmp_path / "found.jsonl"
    rows = q.certified_positions("persistence", 2, first=700, stride=3, look=True, keep=keep)
    assert len(rows) == 2
    assert [json.loads(line) for line in keep.read_text().splitlines()] == rows
    for r in rows:
        assert r["from_step"] % 3 == 0 and r["certified"]["games"] == 4
        m = heuristic_position("persistence", r["from_game"], r["from_step"])
        assert same_position(Match.load(r["file"]), m)
        assert Action.parse(r["planted"]) in m.legal_actions()


def test_rebuilding_a_part_keeps_the_rest_of_the_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(q, "ROOT", tmp_path)
    kept = [
        {"kind": "planted", "certified": {"games": 96}, "n": 1},
        {"kind": "equal", "twin": "x", "n": 2},
    ]
    q.write_set("persistence", [*kept, {"kind": "equal", "certified": {"games": 400}, "n": 3}])
    new = {"kind": "equal", "certified": {"games": 400}, "n": 4}
    monkeypatch.setattr(q, "part_rows", lambda game, part, count: [new])
    q.rebuild_part("persistence", "certified-equal", 1)
    assert q.read_set("persistence") == [*kept, new]


def test_measuring_a_part_judges_only_its_rows(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(q, "ROOT", tmp_path)
    rows: list[dict[str, Any]] = [
        {"kind": "planted", "certified": {}, "v": "blunder"},
        {"kind": "planted", "v": "inaccuracy"},  # not certified
        {"kind": "equal", "certified": {}, "v": "good"},
        {"kind": "equal", "certified": {}, "v": "mistake"},
        {"kind": "equal", "twin": "x", "v": "mistake"},  # a twin, not certified
    ]
    q.write_set("coc", rows)
    monkeypatch.setattr(q, "judge_row", lambda row, rounds, turns=None, deep=False: row["v"])
    whole = q.measure(["coc"], 1)["coc"]
    assert whole["planted"] == 2 and whole["planted_certified"] == 1
    assert whole["planted_certified_flagged"] == 1
    assert whole["equal"] == 3 and whole["equal_flagged"] == 2
    assert whole["equal_certified"] == 2 and whole["equal_certified_flagged"] == 1
    part = q.measure(["coc"], 1, part="certified-equal")["coc"]
    assert part["planted"] == 0 and part["equal"] == 2 and part["equal_flagged"] == 1
    assert part["equal_flagged_lines"] == [3]  # its line in the whole set, to look at
    assert whole["planted_missed_lines"] == [1] and whole["equal_flagged_lines"] == [3, 4]


@pytest.mark.parametrize("game", ["persistence", "history"])
def test_certified_equal_pairs_win_alike_by_different_roads(game: str) -> None:
    """Persistence's and History's certified equal positions (docs/coach.md): two legal moves
    whose 400 paired whole games won alike (the gap's 95 % interval within 8 points of zero)
    while at least a tenth of them ended differently; ``same_state`` says whether they leave
    the very same state in the game itself (two attacks that both failed there)."""
    rows = [r for r in q.read_set(game) if q.in_part(r, "certified-equal")]
    assert len(rows) >= 30
    g = get_game(game)
    for r in rows:
        cert = r["certified"]
        assert cert["games"] == 400 and -0.08 <= cert["low"] <= cert["high"] <= 0.08
        assert cert["differ"] >= 40  # the two moves lead to different whole games
        m = Match.load(r["file"])
        planted, twin = Action.parse(r["planted"]), Action.parse(r["twin"])
        assert planted != twin and {planted, twin} <= set(m.legal_actions())
        assert r["same_state"] == q.same_state(g, m, twin, planted)
