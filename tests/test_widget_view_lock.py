"""``lock_view``: a board given to one player keeps that player's view.

The browser's side is simulated with the comm messages the front end really
sends (``update`` with trait values, intents as the ``intent`` trait); Python's
side is plain attribute assignment, which the lock never limits.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_widget_hidden_info import hidden_hands, named, public_words, recorder

from clash_widget.engine import Match
from clash_widget.widget import ClashBoard, SecoloTable
from clash_widget.widget.base import MatchWidget

LOCKED = "widget.view-locked"


def from_browser(w: MatchWidget, **state: Any) -> None:
    """Deliver a trait update the way a front end's ``save_changes()`` does."""
    w._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def intent(w: MatchWidget, kind: str, **fields: Any) -> dict[str, Any]:
    seq = int(w.feedback.get("n") or 0) + 100
    from_browser(w, intent={"seq": seq, "version": w.match.version, "type": kind, **fields})
    return dict(w.feedback)


def sent_messages(w: MatchWidget) -> list[dict[str, Any]]:
    """Every comm message ``w`` sends from now on (state updates and custom messages)."""
    out: list[dict[str, Any]] = []
    plain = w._send
    w._send = lambda msg, buffers=None: (out.append(msg), plain(msg, buffers))  # type: ignore[method-assign]
    return out


def played(game: str, players: int, seed: int, steps: int) -> Match:
    """A match after ``steps`` random legal actions (fewer if it ends)."""
    m = Match.new(game, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.is_over:
            break
        assert m.play(str(rng.choice(m.legal_actions()))).ok
    return m


def secrets_of_others(match: Match, seat: int, public: set[str]) -> set[str]:
    held = hidden_hands(match)
    return set().union(*(h for s, h in enumerate(held) if s != seat)) - public


def leaks(sent: list[tuple[str, Any]], secret: set[str]) -> list[str]:
    text = json.dumps([value for _, value in sent])
    return sorted(c for c in secret if named(c, text))


@pytest.fixture
def board() -> ClashBoard:
    return ClashBoard(played("coc", 3, 4, 90), seat=1, lock_view=True)


@pytest.mark.parametrize(
    "state", [{"seat": None}, {"seat": 0}, {"hotseat": True}, {"seat": 1, "hotseat": True}]
)
def test_the_browser_cannot_change_whose_view_a_locked_board_shows(
    board: ClashBoard, state: dict[str, Any]
) -> None:
    before = (board.seat, board.hotseat, dict(board.view), board.match.state_hash())
    secret = secrets_of_others(board.match, 1, set())
    assert secret  # other seats really hold cards the view must hide
    sent = recorder(board)
    messages = sent_messages(board)
    from_browser(board, **state)
    assert board.feedback["rule_id"] == LOCKED and not board.feedback["ok"]
    assert "Orange's view" in board.feedback["text"]  # seat 1, by its name
    assert (board.seat, board.hotseat, board.view, board.match.state_hash()) == before
    assert not leaks(sent, secret)
    # Python's values go back to the browser, and no echo spreads the refused ones.
    refused = {k for k, v in state.items() if v != before[["seat", "hotseat"].index(k)]}
    updates = [m["state"] for m in messages if m.get("method") == "update"]
    assert any(set(u) >= refused for u in updates)
    assert all(u[k] == getattr(board, k) for u in updates for k in refused if k in u)
    echoes = [m["state"] for m in messages if m.get("method") == "echo_update"]
    assert not [e for e in echoes if set(e) & refused]


def test_save_and_load_intents_are_refused_on_a_locked_board(tmp_path: Path) -> None:
    w = ClashBoard(played("coc", 2, 3, 40), seat=0, lock_view=True)
    other = ClashBoard(players=2, seed=99)
    other.play(str(other.match.legal_actions()[0]))
    actions, state_hash = list(w.match.actions), w.match.state_hash()
    sent = recorder(w)
    fb = intent(w, "save")
    assert fb["rule_id"] == LOCKED and not fb["ok"]
    assert not [v for name, v in sent if name == "<message>"]  # no game file left Python
    fb = intent(w, "load", text=json.dumps(other.game_file()), name="other.json")
    assert fb["rule_id"] == LOCKED and not fb["ok"]
    assert w.match.actions == actions and w.match.state_hash() == state_hash
    # Python keeps the file: the notebook's code can still save it.
    assert w.save(tmp_path / "g.json").is_file()


def test_only_python_sets_the_lock() -> None:
    w = ClashBoard(players=2, seed=1, seat=0, lock_view=True)
    from_browser(w, lock_view=False)
    assert w.lock_view is True and w.feedback["rule_id"] == LOCKED
    from_browser(w, seat=None)
    assert w.seat == 0
    free = ClashBoard(players=2, seed=1, seat=0)
    from_browser(free, lock_view=True)
    assert free.lock_view is False and free.feedback["rule_id"] == LOCKED


def test_python_still_changes_everything_on_a_locked_board() -> None:
    w = ClashBoard(played("coc", 2, 3, 40), seat=0, lock_view=True)
    w.seat = None  # the teacher's code
    assert w.view["seat"] is None
    w.hotseat = True
    assert w.view["seat"] == w.match.current_player
    w.hotseat, w.seat = False, 1
    assert w.view["seat"] == 1
    assert w.game_file()["record"]["seed"] == 3
    w.lock_view = False  # unlocked: the browser's choices count again
    from_browser(w, seat=None)
    assert w.seat is None and w.view["seat"] is None
    assert intent(w, "save")["ok"]


def test_an_unlocked_board_takes_the_browsers_view_changes() -> None:
    w = ClashBoard(played("coc", 2, 3, 20), seat=0)
    from_browser(w, seat=None)
    assert w.seat is None and w.view["seat"] is None
    from_browser(w, hotseat=True)
    assert w.hotseat and w.view["seat"] == w.match.current_player


def test_a_locked_seat_still_plays_its_own_turns() -> None:
    w = ClashBoard(players=2, seed=5, seat=None, lock_view=True)
    w.seat = w.match.current_player  # the teacher hands the board to the player to move
    key = str(w.match.legal_actions()[0])
    fb = intent(w, "act", key=key)
    assert fb["ok"], fb
    assert w.match.actions == [key]


@pytest.mark.parametrize(
    ("game", "players", "seed", "steps"), [("coc", 3, 4, 90), ("secolo", 3, 5, 40)]
)
def test_replay_on_a_locked_board_shows_only_what_the_seat_saw(
    game: str, players: int, seed: int, steps: int
) -> None:
    # Replay stays available when locked: each position is drawn in the locked seat's
    # view, so scrubbing back shows no card another seat held at that time.
    live = played(game, players, seed, steps)
    seat = 1
    if game == "secolo":
        # SecoloTable has no scrubber; the browser can only try to change its seat.
        t = SecoloTable(live, seat=seat, lock_view=True)
        sent = recorder(t)
        from_browser(t, seat=None)
        assert t.seat == seat and t.feedback["rule_id"] == LOCKED
        assert not leaks(sent, secrets_of_others(live, seat, set()))
        assert all(p["hand"] is None for p in t.view["players"] if p["seat"] != seat)
        return
    w = ClashBoard(live, seat=seat, lock_view=True)
    ref = Match.new(game, players, seed)
    public: set[str] = set()
    checked = 0
    sent = recorder(w)
    for k in range(len(live.actions) + 1):
        if k:
            outcome = ref.play(live.actions[k - 1])
            public |= public_words(ref, outcome.events)
        sent.clear()
        from_browser(w, position=k)
        assert w.position == k and w.view["seat"] == seat and not w.view["legal"]
        secret = secrets_of_others(ref, seat, public)
        checked += len(secret)
        assert not leaks(sent + [("view", w.view)], secret), f"position {k}"
    assert checked > 50  # the replayed positions had hidden cards to keep hidden
    from_browser(w, position=None)
    assert w.position is None and w.view == live.view(seat)
