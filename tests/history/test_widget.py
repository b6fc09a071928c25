"""HistoryTable without a browser: intents, refusals naming rules, seats, bots, files.

Intents are simulated the way the front end sends them: by assigning a new dict to
``w.intent``. The notebook's sandbox (turn 2) is played along ``SANDBOX_TURN``.
"""

from __future__ import annotations

import json
from pathlib import Path

from match_checks import (
    assert_bundle_built,
    assert_js_fixtures_fresh,
    assert_traits_match_typescript,
    bots_then_file,
    send,
)

from clash_widget.history.lesson import SANDBOX_TURN, sandbox
from clash_widget.widget import HistoryTable
from clash_widget.widget.base import MatchWidget


def test_default_table_starts_a_match() -> None:
    w = HistoryTable(players=3, seed=5)
    assert isinstance(w, MatchWidget) and w.match.game.name == "history"
    assert w.view["game"] == "history" and len(w.view["players"]) == 3


def test_trait_names_match_typescript_model() -> None:
    assert_traits_match_typescript(HistoryTable)


def test_js_fixtures_match_the_rules_core() -> None:
    assert_js_fixtures_fresh("history")


def test_bundle_is_built() -> None:
    assert_bundle_built(HistoryTable, "history")


def test_the_sandbox_turn_by_intents() -> None:
    w = HistoryTable(sandbox())
    assert w.view["turn"]["number"] == 2 and w.view["frame"]["kind"] == "trade"
    for key in SANDBOX_TURN:
        fb = send(w, type="act", key=key)
        assert fb["ok"], (key, fb)
    assert w.view["turn"]["number"] == 3
    clash = w.view["shown"]["clash"]
    assert (clash["attack_name"], clash["defence_name"]) == ("Pair", "High card")
    assert w.cities()["0-00"]["population"] == 4 and w.cities()["1-07"]["population"] == 1


def test_a_refused_click_names_the_rule_and_changes_nothing() -> None:
    w = HistoryTable(sandbox())
    for key in SANDBOX_TURN[:13]:
        assert w.play(key).ok
    h, v = w.match.state_hash(), w.match.version
    fb = send(w, type="act", key="attack 0-00 1-00")
    assert not fb["ok"] and fb["rule_id"] == "attack.fresh-units"
    assert fb["section"].startswith("Ours: combat")
    assert (w.match.state_hash(), w.match.version) == (h, v)


def test_a_seat_view_hides_the_other_council() -> None:
    w = HistoryTable(sandbox(), seat=1)
    other = set(w.council(0))
    body = json.dumps({k: x for k, x in w.view.items() if k not in ("log", "shown")})
    assert not any(f'"{c}"' in body for c in other)
    assert w.view["players"][0]["council"] is None and w.view["players"][1]["council"]
    fb = send(w, type="act", key="cycle")  # player 1 decides, not player 2
    assert fb["rule_id"] == "widget.not-your-turn"


def test_bots_play_and_files_round_trip(tmp_path: Path) -> None:
    w = bots_then_file(HistoryTable, tmp_path)
    w.live()
    assert w.position is None


def test_the_sandbox_saves_its_start(tmp_path: Path) -> None:
    """A set-up position: the game file keeps the start, and loads back to the same game."""
    w = HistoryTable(sandbox())
    for key in SANDBOX_TURN[:8]:
        assert w.play(key).ok
    path = w.save(tmp_path / "sandbox.json")
    assert "start" in json.loads(Path(path).read_text())
    back = HistoryTable.from_file(path)
    assert back.match.state_hash() == w.match.state_hash()
