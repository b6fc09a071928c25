"""PersistenceMap without a browser: intents, refusals naming rules, seats, bots, files.

Intents are simulated the way the front end sends them: by assigning a new dict to
``w.intent``. The notebook's sandbox (Epoch II) is played along ``SANDBOX_EPOCH``.
"""

from __future__ import annotations

from pathlib import Path

from match_checks import (
    assert_bundle_built,
    assert_js_fixtures_fresh,
    assert_traits_match_typescript,
    bots_then_file,
    send,
)

from clash_widget.persistence.lesson import SANDBOX_EPOCH, sandbox
from clash_widget.widget import PersistenceMap
from clash_widget.widget.base import MatchWidget

from .play import strings


def test_default_map_starts_a_match() -> None:
    w = PersistenceMap(players=3, seed=5)
    assert isinstance(w, MatchWidget) and w.match.game.name == "persistence"
    assert w.view["game"] == "persistence" and w.view["frame"]["kind"] == "choose"
    assert len(w.view["map"]["areas"]) == 40


def test_trait_names_match_typescript_model() -> None:
    assert_traits_match_typescript(PersistenceMap)


def test_js_fixtures_match_the_rules_core() -> None:
    assert_js_fixtures_fresh("persistence")


def test_bundle_is_built() -> None:
    assert_bundle_built(PersistenceMap, "persistence")


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
    w = bots_then_file(PersistenceMap, tmp_path)
    assert "Replay" in w.view["prompt"]
    w.live()
    assert w.view["legal"] == [] or w.match.current_player is not None
