"""ClashBoard play modes without a browser: hot-seat views, bot seats, replay, files."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from clash_widget.coc.scenario import Scenario
from clash_widget.engine import Match
from clash_widget.widget import ClashBoard


def intent(w: ClashBoard, **body) -> None:
    seq = (w.intent.get("seq", 0) if w.intent else 0) + 1
    w.intent = {"seq": seq, "version": w.match.version, **body}


def first_legal(w: ClashBoard) -> str:
    return str(w.match.legal_actions()[0])


def wait_for(cond, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


# -- seats and hot-seat -----------------------------------------------------------------
def test_each_seat_sees_only_its_own_hand_and_teacher_sees_all() -> None:
    w = ClashBoard(players=3, seed=4)
    assert all(p["hand"] is not None for p in w.view["players"])  # teacher
    for seat in range(3):
        w.seat = seat
        hands = {p["seat"]: p["hand"] for p in w.view["players"]}
        assert hands[seat] is not None
        assert all(h is None for s, h in hands.items() if s != seat), hands


def test_hotseat_view_follows_the_player_to_move() -> None:
    w = ClashBoard(players=2, seed=1)
    w.hotseat = True
    seen = set()
    for _ in range(40):
        cp = w.match.current_player
        assert w.seat == cp and w.view["seat"] == cp
        seen.add(cp)
        intent(w, type="act", key=first_legal(w))
        assert w.feedback["ok"], w.feedback
    assert seen == {0, 1}


def test_hotseat_keeps_the_last_persons_view_during_bot_turns() -> None:
    first = Match.new("coc", 2, 2).current_player
    assert first is not None
    bots: list[str | None] = [None, None]
    bots[1 - first] = "random"
    w = ClashBoard(players=2, seed=2, bots=bots)
    w.hotseat = True
    assert w.seat == first
    for _ in range(60):  # the person ends the turn: now the bot's turn
        if w.match.current_player != first:
            break
        legal = [str(a) for a in w.match.legal_actions()]
        w.play("end" if "end" in legal else legal[0])
    assert w.bot_to_move() == "random"
    assert w.seat == first and all(
        p["hand"] is None for p in w.view["players"] if p["seat"] != first
    )
    w.run_bots()
    assert w.match.current_player == first and w.seat == first


def test_a_seat_view_cannot_act_for_another_player() -> None:
    w = ClashBoard(players=2, seed=1)
    cp = w.match.current_player
    w.seat = 1 - cp
    h0 = w.match.state_hash()
    intent(w, type="act", key=first_legal(w))
    assert w.feedback["ok"] is False and w.feedback["rule_id"] == "widget.not-your-turn"
    assert w.match.state_hash() == h0
    w.seat = None  # the teacher acts for anyone
    intent(w, type="act", key=first_legal(w))
    assert w.feedback["ok"] is True


def test_a_seat_that_does_not_exist_is_refused() -> None:
    w = ClashBoard(players=2, seed=1, seat=0)
    w.seat = 5
    assert w.seat == 0 and w.feedback["rule_id"] == "widget.bad-setting"


# -- bots -------------------------------------------------------------------------------------
def test_run_bots_is_deterministic_and_stops_at_a_person() -> None:
    first = Match.new("coc", 3, 9).current_player
    assert first is not None
    person = (first + 2) % 3
    bots: list[str | None] = ["random"] * 3
    bots[first], bots[person] = "heuristic", None

    def play() -> tuple[str, int]:
        w = ClashBoard(players=3, seed=9, bots=bots)
        outs = w.run_bots()
        assert outs and all(o.ok for o in outs)
        assert w.match.current_player == person and w.bot_to_move() is None
        return w.match.state_hash(), len(outs)

    assert play() == play()


def test_bots_play_through_the_same_path_as_clicks() -> None:
    w = ClashBoard(players=2, seed=3, bots=["random", "random"])
    seen = []
    w.on_action(seen.append)
    outs = w.run_bots(max_actions=60)
    assert len(outs) == 60 and len(seen) == 60
    assert w.last_action == str(outs[-1].action)
    assert "bot" in w.feedback["message"]
    replayed = Match.replay(w.match.record())
    assert replayed.state_hash() == w.match.state_hash()


def test_clicks_for_a_bot_seat_are_refused() -> None:
    w = ClashBoard(players=2, seed=3)
    cp = w.match.current_player
    w.set_bot(cp, "random")
    h0 = w.match.state_hash()
    intent(w, type="act", key=first_legal(w))
    assert w.feedback["rule_id"] == "widget.bot-seat" and w.match.state_hash() == h0
    assert w.step_bot() is not None


def test_bad_bot_names_are_cleaned_and_reported() -> None:
    w = ClashBoard(players=2, seed=3)
    w.bots = ["genius", "random", "heuristic"]
    assert w.bots == [None, "random"]
    assert w.feedback["ok"] is False and w.feedback["rule_id"] == "widget.bad-setting"
    assert "genius" in w.feedback["message"]
    with pytest.raises(ValueError):
        w.set_bot(0, "genius")


def test_background_bots_play_and_stop() -> None:
    w = ClashBoard(players=2, seed=5, bots=["random", "random"])
    w.bot_delay = 0.0
    v0 = w.match.version
    w.start_bots()
    try:
        assert wait_for(lambda: w.match.version >= v0 + 10), "the bots did not play"
    finally:
        w.stop_bots()
    assert not w.bots_running
    with w.lock:
        v1, h1 = w.match.version, w.match.state_hash()
    time.sleep(0.2)
    assert w.match.version == v1  # nothing moves after stop
    assert Match.replay(w.match.record()).state_hash() == h1
    assert w.view["version"] == w.match.version


def test_stop_interrupts_a_long_delay() -> None:
    w = ClashBoard(players=2, seed=5, bots=["random", "random"])
    w.bot_delay = 10.0
    v0 = w.match.version
    w.autoplay = True
    assert w.bots_running
    w.autoplay = False
    assert not w.bots_running and w.match.version == v0


def test_background_bots_and_clicks_share_the_lock() -> None:
    w = ClashBoard(players=2, seed=6, bots=[None, "random"])
    w.bot_delay = 0.0
    w.start_bots()
    errors: list[BaseException] = []

    def clicker() -> None:
        try:
            for _ in range(30):
                with w.lock:
                    if w.match.current_player == 0 and not w.match.is_over:
                        intent(w, type="act", key=first_legal(w))
                time.sleep(0.001)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    t = threading.Thread(target=clicker)
    t.start()
    t.join(60)
    w.stop_bots()
    assert not errors
    assert Match.replay(w.match.record()).state_hash() == w.match.state_hash()
    assert w.feedback.get("rule_id") != "widget.error", w.feedback


# -- replay -------------------------------------------------------------------------------------
def test_replay_positions_show_the_recorded_game_read_only() -> None:
    w = ClashBoard(players=2, seed=7, bots=["random", "random"])
    w.run_bots(max_actions=40)
    w.bots = [None, None]
    record = w.match.record()
    live_hash, n = w.match.state_hash(), len(record["actions"])
    assert w.replay_length == n
    for k in (0, 5, 17, 40, 3):
        w.position = k
        ref = Match.replay({**record, "actions": record["actions"][:k]})
        expected = ref.view(None)
        assert w.view["hexes"] == expected["hexes"] and w.view["units"] == expected["units"]
        assert w.view["players"] == expected["players"] and w.view["log"] == expected["log"]
        assert w.view["legal"] == [] and "Replay" in w.view["prompt"]
    intent(w, type="act", key=first_legal(w))
    assert w.feedback["rule_id"] == "widget.replay-read-only"
    assert w.play(first_legal(w)).ok is False
    intent(w, type="undo")
    assert w.feedback["rule_id"] == "widget.replay-read-only"
    assert w.match.state_hash() == live_hash
    w.live()
    assert w.view == w.match.view(None)


def test_a_bad_replay_position_is_refused() -> None:
    w = ClashBoard(players=2, seed=7)
    w.play(first_legal(w))
    w.position = 99
    assert w.position is None and w.feedback["rule_id"] == "widget.bad-setting"


def test_bots_wait_while_replaying() -> None:
    w = ClashBoard(players=2, seed=7, bots=["random", "random"])
    w.run_bots(max_actions=3)
    w.position = 1
    assert w.step_bot() is None
    w.position = None
    assert w.step_bot() is not None


# -- files ----------------------------------------------------------------------------------------
def test_save_and_load_round_trip(tmp_path: Path) -> None:
    w = ClashBoard(players=3, seed=11, bots=["random"] * 3)
    w.run_bots(max_actions=50)
    path = w.save(tmp_path / "game.json")
    data = json.loads(path.read_text())
    assert data["record"] == w.match.record() and "start" not in data
    w2 = ClashBoard.from_file(path)
    assert w2.match.state_hash() == w.match.state_hash() and w2.replay_length == 50
    w3 = ClashBoard(players=2, seed=1)
    w3.load(data)
    assert w3.match.state_hash() == w.match.state_hash() and w3.match.players == 3
    w3.position = 10
    assert w3.view["legal"] == []


def test_a_scenario_game_saves_its_start(tmp_path: Path) -> None:
    s = Scenario(players=2, seed=3).explore_all()
    s.resources(0, food=2, wood=2, ore=2, ideas=2, gold=2)
    w = ClashBoard(s.match())
    for _ in range(6):
        w.play(first_legal(w))
    data = w.game_file()
    assert "start" in data
    w2 = ClashBoard.from_file(json.dumps(data))
    assert w2.match.state_hash() == w.match.state_hash()
    w2.position = 0
    assert w2.view["players"][0]["resources"]["ore"] == 2


def test_a_broken_game_file_is_an_error(tmp_path: Path) -> None:
    w = ClashBoard(players=2, seed=1)
    bad = {"record": {**w.match.record(), "actions": ["no_such_action"]}}
    with pytest.raises(ValueError):
        w.load(bad)
    with pytest.raises(ValueError):
        w.load({"hello": 1})
    assert w.match.actions == []


def test_python_controls_new_save_load(tmp_path: Path) -> None:
    from clash_widget.widget import board_with_controls

    box = board_with_controls(players=2, seed=1)
    w = box.board
    row, status = box.children[0], box.children[1]
    players, seed, new, path, save, load = row.children[:6]
    players.value, seed.value = 4, 8
    new.click()
    assert w.match.players == 4 and w.match.seed == 8 and len(w.bots) == 4
    for _ in range(5):
        w.play(first_legal(w))
    path.value = str(tmp_path / "g.json")
    save.click()
    assert "Saved 5 actions" in status.value
    played = w.match.state_hash()
    new.click()
    assert w.match.actions == []
    load.click()
    assert w.match.state_hash() == played and "Loaded" in status.value
    path.value = str(tmp_path / "missing.json")
    load.click()
    assert "Cannot load" in status.value and w.match.state_hash() == played


# -- compact updates -----------------------------------------------------------------------------
def test_actions_send_patches_that_rebuild_the_view() -> None:
    from clash_widget.engine.session import apply_patch

    w = ClashBoard(players=4, seed=12, bots=["random"] * 4)
    sizes = []
    for _ in range(80):
        before = w.view
        out = w.step_bot()
        assert out is not None
        p = w.view_patch
        assert p["base"] == before["version"] and p["to"] == w.match.version
        assert apply_patch(before, p) == w.view == w.match.view(None)
        sizes.append((len(json.dumps(p)), len(json.dumps(w.view))))
    patch_sizes = sorted(a for a, _ in sizes)
    full_sizes = sorted(b for _, b in sizes)
    assert patch_sizes[len(sizes) // 2] < full_sizes[len(sizes) // 2] / 2


def test_log_tail_and_seat_changes() -> None:
    from clash_widget.engine.session import apply_patch, make_patch

    old = {"version": 1, "log": [1, 2, 3], "a": 1, "gone": 0}
    new = {"version": 2, "log": [2, 3, 4, 5], "a": 1}
    p = make_patch(old, new)
    assert p["log"] == {"drop": 1, "add": [4, 5]} and p["set"] == {"version": 2}
    assert p["unset"] == ["gone"]
    assert apply_patch(old, p) == new
    p2 = make_patch(old, {"version": 2, "log": [9]})
    assert apply_patch(old, p2)["log"] == [9]
    w = ClashBoard(players=2, seed=1)
    w.play(first_legal(w))
    patch = w.view_patch
    w.seat = 0  # a new seat: a full view, no new patch
    assert w.view_patch == patch and w.view == w.match.view(0)


def test_resync_intent_is_answered_even_when_stale() -> None:
    w = ClashBoard(players=2, seed=1)
    w.play(first_legal(w))
    h, fb = w.match.state_hash(), w.feedback
    w.intent = {"seq": 99, "version": -1, "type": "resync"}
    assert w.feedback == fb and w.match.state_hash() == h


# -- the rules doc ---------------------------------------------------------------------------------
def test_rules_doc_is_generated_and_lists_the_widget_rules() -> None:
    import subprocess
    import sys

    from clash_widget.widget.intents import WIDGET_RULES

    root = Path(__file__).resolve().parents[1]
    doc = (root / "docs" / "rules.md").read_text(encoding="utf-8")
    for rule in WIDGET_RULES:
        assert f"`{rule.id}`" in doc, rule.id
    out = subprocess.run(
        [sys.executable, "-m", "clash_widget", "rules"], cwd=root, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == doc, (
        "docs/rules.md is stale: python -m clash_widget rules --write docs/rules.md"
    )


def test_widget_rules_import_no_jupyter() -> None:
    import subprocess
    import sys

    code = (
        "import sys; import clash_widget.widget.intents, clash_widget.engine.session;"
        "import clash_widget.widget.autoplay;"
        "bad = [m for m in sys.modules if m.split('.')[0] in"
        " ('ipywidgets', 'anywidget', 'traitlets', 'IPython', 'ipykernel')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_save_and_load_intents_from_the_front_end() -> None:
    w = ClashBoard(players=2, seed=3, bots=["random", "random"])
    w.run_bots(max_actions=12)
    sent: list[dict] = []
    w.send = sent.append  # type: ignore[method-assign]
    w.intent = {"seq": 1, "version": -1, "type": "save"}  # saving never goes stale
    assert sent and sent[-1]["type"] == "game_file" and sent[-1]["name"].endswith(".json")
    assert json.loads(sent[-1]["text"]) == w.game_file() and w.feedback["ok"]
    text = sent[-1]["text"]

    other = ClashBoard(players=3, seed=9)
    other.position = None
    intent(other, type="load", text=text, name="g.json")
    assert other.feedback["ok"], other.feedback
    assert other.match.state_hash() == w.match.state_hash() and other.replay_length == 12
    h = other.match.state_hash()
    for bad in ("not json", '{"record": {"actions": ["nonsense"], "game": "coc", '
                '"players": 2, "seed": 1}}', "[1, 2]"):  # fmt: skip
        intent(other, type="load", text=bad, name="bad.json")
        assert other.feedback["ok"] is False and other.feedback["rule_id"] == "widget.bad-file"
        assert other.match.state_hash() == h
    intent(other, type="load", text="")
    assert other.feedback["rule_id"] == "engine.malformed"


def test_another_seats_move_is_told_by_its_public_log_only() -> None:
    first = Match.new("coc", 2, 3).current_player
    assert first is not None
    # Bots at both seats: whoever moves second (the same bot or the next), a bot moves.
    w = ClashBoard(players=2, seed=3, bots=["random", "random"], seat=1 - first)
    out = w.step_bot()
    assert out is not None
    # Another seat's move is told in its public log words, never by its key
    assert w.feedback["kind"] == "played" and str(out.action) not in w.feedback["text"]
    assert w.feedback["by"]["seat"] == first and w.feedback["by"]["bot"] == "random"
    w.seat = None  # the teacher too reads words, not keys
    out = w.step_bot()
    assert out is not None and str(out.action) not in w.feedback["text"]
