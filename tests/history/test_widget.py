"""HistoryTable without a browser: intents, refusals naming rules, seats, bots, files.

Intents are simulated the way the front end sends them: by assigning a new dict to
``w.intent``. The notebook's sandbox (turn 2) is played along ``SANDBOX_TURN``.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

from clash_widget.history.lesson import SANDBOX_TURN, sandbox
from clash_widget.widget import HistoryTable
from clash_widget.widget.base import MatchWidget

ROOT = Path(__file__).resolve().parents[2]


def send(w: HistoryTable, **fields: Any) -> dict[str, Any]:
    seq = int(w.intent.get("seq", 0)) + 1 if w.intent else 1
    w.intent = {"seq": seq, "version": w.match.version, **fields}
    return dict(w.feedback)


def test_default_table_starts_a_match() -> None:
    w = HistoryTable(players=3, seed=5)
    assert isinstance(w, MatchWidget) and w.match.game.name == "history"
    assert w.view["game"] == "history" and len(w.view["players"]) == 3


def test_trait_names_match_typescript_model() -> None:
    src = (ROOT / "js/src/history/model.ts").read_text()
    block = re.search(r"export const TRAIT_NAMES[^=]*=\s*\[(.*?)\]", src, re.S)
    assert block, "TRAIT_NAMES not found in js/src/history/model.ts"
    ts_names = set(re.findall(r'"(\w+)"', block.group(1)))
    py_names = {
        n
        for n in HistoryTable.class_traits(sync=True)
        if n in HistoryTable.__dict__ or n in MatchWidget.__dict__
    }
    assert py_names == ts_names


def test_js_fixtures_match_the_rules_core() -> None:
    path = ROOT / "js/test/fixtures/make_history_fixtures.py"
    spec = importlib.util.spec_from_file_location("make_history_fixtures", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for name, view in mod.views().items():
        stored = json.loads((path.parent / f"{name}.json").read_text())
        assert stored == json.loads(json.dumps(view)), f"{name}.json is stale: run {path.name}"


def test_bundle_is_built() -> None:
    js = ROOT / "clash_widget/static/history.js"
    esm = str(HistoryTable._esm)
    assert js.is_file() and "render" in esm and "bundle missing" not in esm


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
    for key in SANDBOX_TURN[:10]:
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
    w = HistoryTable(players=2, seed=3, bots=["heuristic", "random"])
    w.run_bots(max_actions=60)
    assert len(w.match.actions) == 60
    path = w.save(tmp_path / "game.json")
    back = HistoryTable.from_file(path)
    assert back.match.state_hash() == w.match.state_hash()
    w.scrub(10)
    assert w.view["legal"] == []
    w.live()
    assert w.position is None


def test_the_sandbox_saves_its_start(tmp_path: Path) -> None:
    """A set-up position: the game file keeps the start, and loads back to the same game."""
    w = HistoryTable(sandbox())
    for key in SANDBOX_TURN[:5]:
        assert w.play(key).ok
    path = w.save(tmp_path / "sandbox.json")
    assert "start" in json.loads(Path(path).read_text())
    back = HistoryTable.from_file(path)
    assert back.match.state_hash() == w.match.state_hash()
