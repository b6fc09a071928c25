"""PersistenceMap without a browser: intents, refusals naming rules, seats, bots, files.

Intents are simulated the way the front end sends them: by assigning a new dict to
``w.intent``. The notebook's sandbox (Epoch II) is played along ``SANDBOX_EPOCH``.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

from clash_widget.persistence.lesson import SANDBOX_EPOCH, sandbox
from clash_widget.widget import PersistenceMap
from clash_widget.widget.base import MatchWidget

from .play import strings

ROOT = Path(__file__).resolve().parents[2]


def send(w: PersistenceMap, **fields: Any) -> dict[str, Any]:
    seq = int(w.intent.get("seq", 0)) + 1 if w.intent else 1
    w.intent = {"seq": seq, "version": w.match.version, **fields}
    return dict(w.feedback)


def test_default_map_starts_a_match() -> None:
    w = PersistenceMap(players=3, seed=5)
    assert isinstance(w, MatchWidget) and w.match.game.name == "persistence"
    assert w.view["game"] == "persistence" and w.view["frame"]["kind"] == "choose"
    assert len(w.view["map"]["areas"]) == 40


def test_trait_names_match_typescript_model() -> None:
    src = (ROOT / "js/src/persistence/model.ts").read_text()
    block = re.search(r"export const TRAIT_NAMES[^=]*=\s*\[(.*?)\]", src, re.S)
    assert block, "TRAIT_NAMES not found in js/src/persistence/model.ts"
    ts_names = set(re.findall(r'"(\w+)"', block.group(1)))
    py_names = {
        n
        for n in PersistenceMap.class_traits(sync=True)
        if n in PersistenceMap.__dict__ or n in MatchWidget.__dict__
    }
    assert py_names == ts_names


def test_js_fixtures_match_the_rules_core() -> None:
    path = ROOT / "js/test/fixtures/make_persistence_fixtures.py"
    spec = importlib.util.spec_from_file_location("make_persistence_fixtures", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for name, view in mod.views().items():
        stored = json.loads((path.parent / f"{name}.json").read_text())
        assert stored == json.loads(json.dumps(view)), f"{name}.json is stale: run {path.name}"


def test_bundle_is_built() -> None:
    js = ROOT / "clash_widget/static/persistence.js"
    esm = str(PersistenceMap._esm)
    assert js.is_file() and "render" in esm and "bundle missing" not in esm


def test_the_sandbox_epoch_by_intents() -> None:
    w = PersistenceMap(sandbox())
    for key in SANDBOX_EPOCH:
        fb = send(w, type="act", key=key)
        assert fb["ok"], (key, fb)
    assert w.culture() == {"law": "hittites"}
    assert w.view["epoch"] == 3 and w.view["frame"]["kind"] == "choose"
    assert any(e["kind"] == "culture_transferred" for e in w.match.log)


def test_a_refused_click_names_the_rule_and_changes_nothing() -> None:
    w = PersistenceMap(sandbox())
    for key in SANDBOX_EPOCH[:2]:
        assert w.play(key).ok
    h, v = w.match.state_hash(), w.match.version
    fb = send(w, type="act", key="enter britain")
    assert not fb["ok"] and fb["rule_id"] == "expand.first-army-start"
    assert fb["section"] == "Host: Expansion" and "Anatolia" in fb["message"] + str(fb)
    assert (w.match.state_hash(), w.match.version) == (h, v)
    for key in SANDBOX_EPOCH[2:7]:
        assert w.play(key).ok
    fb = send(w, type="act", key="transfer law anatolia")
    assert fb["rule_id"] == "transfer.end-of-expansion"
    assert w.play("end").ok
    fb = send(w, type="act", key="transfer law persia")
    assert fb["rule_id"] == "transfer.to-capital"
    fb = send(w, type="act", key="transfer law mesopotamia")
    assert fb["rule_id"] == "transfer.own-faction-only"


def test_transfer_entries_carry_their_path() -> None:
    w = PersistenceMap(sandbox(), seat=0)
    for key in SANDBOX_EPOCH[:8]:
        assert w.play(key).ok
    moves = [a for a in w.view["legal"] if a["kind"] == "transfer"]
    assert moves == [
        {
            "key": "transfer law anatolia",
            "kind": "transfer",
            "label": "Transfer Law to the Capital in Anatolia",
            "card": "law",
            "area": "anatolia",
            "path": ["egypt", "levant", "anatolia"],
        }
    ]


def test_a_seat_view_hides_the_other_hand() -> None:
    w = PersistenceMap(sandbox(), seat=1)
    other = set(w.hand(0))
    assert not (strings(w.view) & other)
    assert w.view["players"][0]["hand"] is None and w.view["players"][1]["hand"] is not None
    fb = send(w, type="act", key="choose hittites")  # player 0 chooses first
    assert fb["rule_id"] == "widget.not-your-turn"


def test_bots_play_and_files_round_trip(tmp_path: Path) -> None:
    w = PersistenceMap(players=2, seed=3, bots=["heuristic", "random"])
    w.run_bots(max_actions=60)
    assert len(w.match.actions) == 60
    path = w.save(tmp_path / "game.json")
    back = PersistenceMap.from_file(path)
    assert back.match.state_hash() == w.match.state_hash()
    w.scrub(10)
    assert w.view["legal"] == [] and "Replay" in w.view["prompt"]
    w.live()
    assert w.view["legal"] == [] or w.match.current_player is not None
