"""The headless Session: seats and bots, undo/redo, the replay timeline, game files, views.

A Session is what every game's widget wraps; it runs without Jupyter and without
threads. The last section checks that both widgets (the Clash of Cultures board and
the Secolo card table) get its play modes.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from clash_widget.bots import make_bot
from clash_widget.coc.scenario import Scenario
from clash_widget.engine import Action, Match
from clash_widget.engine.session import (
    GAME_FILE_FORMAT,
    Session,
    apply_patch,
    bot_seed,
    read_game_file,
)
from clash_widget.widget import ClashBoard, SecoloTable

GAMES = [("coc", 2, 1), ("coc", 3, 4), ("secolo", 2, 2), ("secolo", 4, 5)]


def played(game: str, players: int, seed: int, bots: str = "random") -> Session:
    """A session whose bots played a whole game."""
    s = Session.new(game, players, seed, bots=[bots] * players)
    outs = s.run()
    assert outs and all(o.ok for o in outs)
    return s


def first_undoable(s: Session) -> tuple[str, str, str]:
    """Play until an action can be undone; (hash before, key, hash after) of that action."""
    for _ in range(200):
        before = s.match.state_hash()
        key = str(s.match.legal_actions()[0])
        assert s.play(key).ok
        if s.match.can_undo():
            return before, key, s.match.state_hash()
    raise AssertionError("no undoable action in 200 steps")


# -- layers ------------------------------------------------------------------------------------
def test_session_imports_no_jupyter_no_game_and_no_bot() -> None:
    code = (
        "import sys; import clash_widget.engine.session;"
        "bad = [m for m in sys.modules if m.split('.')[0] in"
        " ('ipywidgets', 'anywidget', 'traitlets', 'IPython', 'ipykernel')"
        " or m.startswith(('clash_widget.coc', 'clash_widget.secolo', 'clash_widget.bots',"
        " 'clash_widget.widget'))];"
        "import threading; print(bad); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


# -- bots ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_whole_bot_game_runs_headless(game: str, players: int, seed: int) -> None:
    s = played(game, players, seed)
    assert s.match.is_over and s.bot_to_move() is None and s.step() is None
    assert Match.replay(s.match.record()).state_hash() == s.match.state_hash()
    assert played(game, players, seed).match.record() == s.match.record()  # deterministic


@pytest.mark.parametrize("game", ["coc", "secolo"])
def test_heuristic_and_random_bots_share_a_game(game: str) -> None:
    s = Session.new(game, 2, 3, bots=["heuristic", "random"])
    outs = s.run(max_actions=80)
    assert all(o.ok for o in outs) and (len(outs) == 80 or s.match.is_over)
    assert s.bots == ["heuristic", "random"] and s.bot_names == ("heuristic", "random", "search")


def test_step_plays_one_bot_move_and_waits_for_a_person() -> None:
    m = Match.new("coc", 2, 3)
    first = m.current_player
    assert first is not None
    bots: list[str | None] = [None, None]
    s = Session(m, bots=bots)
    assert s.step() is None and s.choose() is None  # a person is to move
    s.set_bot(first, "random")
    v = s.match.version
    out = s.step()
    assert out is not None and out.ok and s.match.version == v + 1
    s.set_bot(first, None)
    assert s.bot_to_move() is None


def test_one_bot_runner_plays_through_a_callers_play() -> None:
    """Session.step is the one bot runner: a widget passes ``play`` to say who moved and
    show it; the bot's name and its chosen action reach it, and ``run`` stops at a refusal."""
    s = Session.new("coc", 2, 3, bots=["random", "random"])
    seen: list[tuple[str, str]] = []

    def play(name: str, action: Action) -> Any:
        seen.append((name, str(action)))
        return s.match.play(action)

    twin = Session.new("coc", 2, 3, bots=["random", "random"])  # choosing draws from the bot
    expected = str(twin.choose())
    out = s.step(play=play)
    assert out is not None and out.ok and seen == [("random", expected)]
    refused = s.match.play("no-such-action")
    assert s.run(5, step=lambda: refused) == [refused]  # a refused move ends the run


def test_an_injected_bot_factory_makes_the_bots() -> None:
    calls: list[tuple[str, str, int]] = []

    class Last:
        def choose(self, game: Any, state: Any, legal: list[Action]) -> Action:
            return legal[-1]

    def factory(name: str, game: str, seed: int) -> Last:
        if name != "last":
            raise KeyError(name)
        calls.append((name, game, seed))
        return Last()

    s = Session.new("secolo", 2, 7, bot_factory=factory)
    assert s.bot_names is None and s.knows_bot("last") and not s.knows_bot("random")
    s.set_bots(["last", "last"])
    legal = s.match.legal_actions()
    assert str(s.step().action) == str(legal[-1])  # type: ignore[union-attr]
    assert calls[-1] == ("last", "secolo", bot_seed(7, 0))
    with pytest.raises(ValueError, match="unknown bot"):
        s.set_bot(0, "random")


def test_bad_seats_are_cleaned_and_reported() -> None:
    s = Session.new("coc", 2, 1)
    assert s.set_bots(["genius", "random", "heuristic"]) == [
        "Blue: unknown bot 'genius'",
        "3 entries for 2 seats",
    ]
    assert s.bots == [None, "random"]
    assert s.set_bots("random") == ["bots must be a list, not str"] and s.bots == [None, None]
    with pytest.raises(ValueError, match="no seat 5"):
        s.set_bot(5, "random")
    with pytest.raises(ValueError, match="unknown bot"):
        Session.new("coc", 2, 1, bots=["genius", None])


def test_a_new_match_keeps_the_seats_that_exist() -> None:
    s = Session.new("coc", 3, 1, bots=["random", None, "heuristic"])
    s.match = Match.new("coc", 2, 5)
    assert s.bots == ["random", None] and s.replay_length == 0


# -- undo and redo -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["coc", "secolo"])
def test_undo_and_redo(game: str) -> None:
    s = Session.new(game, 2, 2)
    before, key, after = first_undoable(s)
    n = s.replay_length
    assert s.undo() and s.match.state_hash() == before and s.replay_length == n - 1
    assert s.redo() and s.match.state_hash() == after and s.match.actions[-1] == key
    assert not s.redo()


# -- the replay timeline -------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "seed"), GAMES[:3])
def test_replay_positions_are_the_recorded_positions(game: str, players: int, seed: int) -> None:
    s = played(game, players, seed)
    record, n = s.match.record(), s.replay_length
    for k in sorted({0, 1, 5, 16, 17, 33, n // 2, n - 1, n, 3}):
        ref = Match.replay({**record, "actions": record["actions"][:k]})
        assert s.match_at(k).state_hash() == ref.state_hash(), k
        view = s.view_at(k, 0)
        assert view["legal"] == [] and view["prompt"].startswith(f"Replay: after {k} of {n}")
        assert view["version"] == s.match.version and view["log"] == ref.view(0)["log"]
    with pytest.raises(IndexError):
        s.match_at(n + 1)


def test_the_timeline_follows_undo_and_new_moves() -> None:
    s = Session.new("secolo", 2, 2)
    for _ in range(40):
        s.play(str(s.match.legal_actions()[0]))
    assert s.match_at(40).state_hash() == s.match.state_hash()
    before, _, _ = first_undoable(s)
    s.undo()
    s.play(str(s.match.legal_actions()[-1]))  # a different move at the same index
    n = s.replay_length
    assert s.match_at(n).state_hash() == s.match.state_hash()
    assert s.match_at(n - 1).state_hash() == before


def test_the_timeline_of_a_set_up_position_starts_there() -> None:
    sc = Scenario(players=2, seed=3).explore_all()
    sc.resources(0, food=2, wood=2, ore=2, ideas=2, gold=2)
    s = Session(sc.match())
    for _ in range(6):
        s.play(str(s.match.legal_actions()[0]))
    assert s.view_at(0, None)["players"][0]["resources"]["ore"] == 2
    assert s.match_at(6).state_hash() == s.match.state_hash()
    assert "start" in s.game_file()


# -- views ---------------------------------------------------------------------------------------
def test_hotseat_shows_the_person_to_move_and_keeps_it_on_a_bot_turn() -> None:
    s = Session.new("coc", 2, 2)
    cp = s.match.current_player
    assert s.shown_seat(None, hotseat=True) == cp and s.shown_seat(1, hotseat=False) == 1
    s.set_bot(cp, "random")
    assert s.shown_seat(1 - cp, hotseat=True) == 1 - cp  # the bot's turn: the last person's view


@pytest.mark.parametrize("game", ["coc", "secolo"])
def test_a_seats_view_patch_turns_its_old_view_into_the_new(game: str) -> None:
    s = Session.new(game, 2, 4, bots=["random", "random"])
    for seat in (None, 0, 1):
        old = s.view(seat)
        s.step()
        new, patch = s.view_and_patch(seat, old)
        assert patch is not None and apply_patch(old, patch) == new == s.view(seat)
        assert s.view_and_patch(seat, s.view(1 - (seat or 0)))[1] is None  # another seat's view
        assert s.view_and_patch(seat, None)[1] is None


# -- game files ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_save_and_load_round_trip(game: str, players: int, seed: int, tmp_path: Path) -> None:
    s = played(game, players, seed)
    path = s.save(tmp_path / "g.json")
    data = json.loads(path.read_text())
    assert data == {"format": GAME_FILE_FORMAT, "record": s.match.record()}
    for source in (path, str(path), path.read_text(), data, data["record"], s.match.to_json()):
        back = Session.load(source, bots=["random"] * players)
        assert back.match.state_hash() == s.match.state_hash()
        assert back.match.record() == s.match.record() and back.replay_length == s.replay_length
    other = Session.new(game, players, seed + 1)
    assert other.open(data).state_hash() == s.match.state_hash() == other.match.state_hash()
    assert s.file_name() == f"clash-{game}-{players}p-seed{seed}-{s.replay_length}.json"


def test_a_set_up_position_round_trips_through_its_file() -> None:
    sc = Scenario(players=2, seed=3).explore_all()
    sc.resources(0, food=2, wood=2, ore=2, ideas=2, gold=2)
    s = Session(sc.match())
    for _ in range(6):
        s.play(str(s.match.legal_actions()[0]))
    back = Session.load(s.to_json())
    assert back.match.state_hash() == s.match.state_hash()
    assert Match.from_json(s.match.to_json()).state_hash() == s.match.state_hash()
    assert read_game_file(s.game_file()).start_state() == s.match.start_state()


# -- both widgets wrap a Session -----------------------------------------------------------------
def intent(w: Any, **body: Any) -> dict[str, Any]:
    seq = (w.intent.get("seq", 0) if w.intent else 0) + 1
    w.intent = {"seq": seq, "version": w.match.version, **body}
    return dict(w.feedback)


def test_the_secolo_table_has_bot_seats() -> None:
    t = SecoloTable(players=2, seed=2, bots=["random", "random"])
    assert t.bot_names == ["heuristic", "random", "search"] and t.session.match is t.match
    outs = t.run_bots(max_actions=30)
    assert len(outs) == 30 and "bot" in t.feedback["message"]
    assert t.view["version"] == t.match.version
    fb = intent(t, type="act", key=str(t.match.legal_actions()[0]))
    assert fb["rule_id"] == "widget.bot-seat"
    t.bots = ["genius", None]
    assert t.bots == [None, None] and t.feedback["rule_id"] == "widget.bad-setting"


def test_the_secolo_table_has_hotseat_replay_and_game_files(tmp_path: Path) -> None:
    t = SecoloTable(players=3, seed=5)
    t.hotseat = True
    for _ in range(20):
        assert t.seat == t.match.current_player == t.view["seat"]
        assert t.play(str(t.match.legal_actions()[0])).ok
    t.hotseat, t.seat = False, None
    ref = Match.replay({**t.match.record(), "actions": t.match.actions[:7]})
    t.position = 7
    assert t.view["players"] == ref.view(None)["players"] and t.view["legal"] == []
    assert intent(t, type="undo")["rule_id"] == "widget.replay-read-only"
    t.live()
    path = t.save(tmp_path / "s.json")
    back = SecoloTable.from_file(path)
    assert back.match.state_hash() == t.match.state_hash() and back.replay_length == 20
    sent: list[dict[str, Any]] = []
    t.send = sent.append  # type: ignore[method-assign]
    assert intent(t, type="save")["ok"] and json.loads(sent[-1]["text"]) == t.game_file()
    other = SecoloTable(players=2, seed=1)
    fb = intent(other, type="load", text=sent[-1]["text"], name="s.json")
    assert fb["ok"] and other.match.state_hash() == t.match.state_hash()


def test_a_locked_secolo_table_keeps_its_seat_and_its_file() -> None:
    t = SecoloTable(players=2, seed=2, seat=1, lock_view=True)
    t._handle_msg({"content": {"data": {"method": "update", "state": {"hotseat": True}}}})
    assert t.hotseat is False and t.feedback["rule_id"] == "widget.view-locked"
    t._handle_msg(
        {"content": {"data": {"method": "update", "state": {"intent": {
            "seq": 1, "version": t.match.version, "type": "save"}}}}}
    )  # fmt: skip
    assert t.feedback["rule_id"] == "widget.view-locked"


@pytest.mark.parametrize("kind", [ClashBoard, SecoloTable])
def test_bots_play_where_python_has_no_threads(
    kind: type[ClashBoard] | type[SecoloTable], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pyodide cannot start a thread: the steps are scheduled on the event loop instead.
    # The body runs in a thread of its own, whose event loop is its own: a test that ran
    # before in this process (Playwright's sync API) may keep a loop running in the main one.
    def no_threads(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    def body() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            w = kind(players=2, seed=5, bots=["random", "random"])
            w.bot_delay = 0.0
            monkeypatch.setattr(threading.Thread, "start", no_threads)
            v0 = w.match.version
            w.start_bots()
            assert w.bots_running

            async def five_moves() -> None:  # however long the machine takes (no timing)
                while w.match.version < v0 + 5:
                    await asyncio.sleep(0.01)

            loop.run_until_complete(asyncio.wait_for(five_moves(), 60))
            w.stop_bots()
            assert not w.bots_running
            v1 = w.match.version
            assert v1 >= v0 + 5
            loop.run_until_complete(asyncio.sleep(0.05))
            assert w.match.version == v1 and w.view["version"] == v1  # nothing moves after stop
            assert Match.replay(w.match.record()).state_hash() == w.match.state_hash()
        finally:
            monkeypatch.undo()
            asyncio.set_event_loop(None)
            loop.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(body).result()


def test_make_bot_is_the_default_factory() -> None:
    s = Session.new("coc", 2, 9, bots=["random", "random"])
    bot = make_bot("random", "coc", bot_seed(9, s.match.current_player or 0))
    legal = s.match.legal_actions()
    expected = bot.choose(s.match.game, s.match.state, legal)
    assert s.choose() == expected
