"""The tables' review (issue 38): the ``review`` intent judges one seat's game off the
widget's thread, shows its progress in the ``review`` trait and ends with what the review
panel draws (verdicts, losses in points, the simulated games behind them, the replay
position of each decision and the board targets of the move played and the better one); a
review can be cancelled; without threads (Pyodide) it runs one decision per turn of the
event loop; from a player's view only that player's game is reviewed."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from match_checks import send

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.widget import reviewing
from clash_widget.widget.secolo_table import SecoloTable

T = TypeVar("T")

TINY = {"rounds": 2, "candidates": 2, "turns": 1, "depth": 20, "extra": 0}  # no close-call rounds


def finished(game: str = "secolo", seed: int = 1) -> Match:
    m = Match.new(game, 2, seed=seed)
    bots = [make_bot("heuristic", game, s) for s in range(2)]
    while not m.is_over:
        m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions()))
    return m


def wait_for(w: SecoloTable, states: set[str], seconds: float = 60) -> dict:
    end = time.monotonic() + seconds
    while w.review.get("state") not in states and time.monotonic() < end:
        time.sleep(0.02)
    return dict(w.review)


def test_the_review_intent_judges_the_seat_s_game() -> None:
    w = SecoloTable(finished())
    w.review_budget = TINY
    fb = send(w, type="review", seat=0)
    assert fb["ok"] and "reviewing Blue's game" in fb["text"]
    r = wait_for(w, {"done", "error"})
    assert r["state"] == "done", r
    result = r["result"]
    assert result["player"] == "Blue" and result["decisions"]
    assert r["done"] == r["total"] == len(result["decisions"])
    m = w.match
    for d in result["decisions"]:
        assert d["verdict"] in {"good", "inaccuracy", "mistake", "blunder"}
        assert d["games"] == TINY["rounds"]
        # the replay position before the decision: Blue decides there
        assert m.game.current_player(w.session.match_at(d["index"]).state) == 0
        assert d["move"] == d["index"] + 1
    picks = [d for d in result["decisions"] if d["played"].startswith("Choose")]
    assert picks and all(t.keys() == {"card"} for d in picks for t in d["played_targets"])
    assert picks[0]["played_targets"]
    assert result["series"][-1][1] in ([100.0, 0.0], [0.0, 100.0], [50.0, 50.0])
    assert w.feedback["text"] == result["summary"]


def test_the_review_says_how_far_its_simulated_games_were_played() -> None:
    """The review screen says how far each simulated game was played: the game's own setting
    when the board's budget leaves it open (Secolo's review plays to the game's end), in
    words, as the summary does (it read "played on for undefined turns")."""
    w = SecoloTable(finished())
    w.review_budget = {"rounds": 1, "candidates": 2, "extra": 0}
    result = w.start_review(0)["result"]
    assert result["turns"] == 0 and result["horizon"] == "to the end of the game"
    assert "played on to the end of the game" in result["summary"]
    w.review_budget = TINY
    assert w.start_review(0)["result"]["horizon"] == "for 1 turn"


def test_widget_review_own_seat() -> None:
    """widget.review-own-seat: "From a player's view the coach reviews only that player's
    own game: another player's review would name the moves they made from a hand this view
    must not see." """
    w = SecoloTable(finished(), seat=1)
    w.review_budget = TINY
    fb = send(w, type="review", seat=0)
    assert fb["rule_id"] == "widget.review-own-seat" and not w.review
    assert send(w, type="review", seat=1)["ok"]
    assert wait_for(w, {"done"})["state"] == "done"


def test_a_table_s_review_in_processes_is_the_one_judged_in_its_thread() -> None:
    """A table judges a review in the machine's cores' processes (``review_workers``), as
    ``review --workers`` does: the same decisions, verdicts and words as one judged step by
    step in the review's thread (every decision is seeded by its position)."""
    results = []
    for workers in (1, 2):
        w = SecoloTable(finished())
        w.review_budget, w.review_workers = TINY, workers
        r = w.start_review(0)
        assert r["state"] == "done" and r["done"] == r["total"] > 1, r
        results.append(r["result"])
    assert results[0] == results[1]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_review_can_be_cancelled(workers: int) -> None:
    w = SecoloTable(finished())
    w.review_budget = {**TINY, "rounds": 24, "turns": 2}
    w.review_workers = workers
    send(w, type="review", seat=0)
    assert w.review["state"] == "running"
    fb = send(w, type="review_cancel")
    assert fb["text"] == "Stopped the review."
    r = wait_for(w, {"cancelled", "done"})
    assert r["state"] == "cancelled" and r["done"] < r["total"]


def on_a_loop_of_its_own(body: Callable[[asyncio.AbstractEventLoop], T]) -> T:
    """``body(loop)`` in a thread of its own whose only event loop is ``loop``, as Pyodide's
    code sees it: the suite's main thread may hold another running loop (Playwright's, from
    the browser tests). Its result, or what it raised."""
    out: dict[str, Any] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            out["result"] = body(loop)
        except BaseException as exc:  # raised again in the test's thread below
            out["error"] = exc
        finally:
            asyncio.set_event_loop(None)
            loop.close()

    runner = threading.Thread(target=run)
    runner.start()
    runner.join(120)
    if "error" in out:
        raise out["error"]
    return out["result"]


def test_without_threads_the_review_runs_a_decision_per_loop_turn(monkeypatch) -> None:
    """Where Python has no threads (Pyodide) the review runs a decision per turn of the event
    loop."""
    monkeypatch.setattr(reviewing, "has_threads", lambda: False)
    seen: list[int] = []

    def review_on(loop: asyncio.AbstractEventLoop) -> tuple[dict[str, Any], dict[str, Any]]:
        w = SecoloTable(finished())
        w.review_budget = TINY
        send(w, type="review", seat=0)
        first = dict(w.review)  # nothing judged yet

        async def until_done() -> None:
            while w.review["state"] == "running":
                seen.append(w.review["done"])
                await asyncio.sleep(0)

        loop.run_until_complete(until_done())
        return first, dict(w.review)

    first, last = on_a_loop_of_its_own(review_on)
    assert first["state"] == "running" and first["done"] == 0
    assert last["state"] == "done"
    assert len(set(seen)) > 3  # the loop ran between decisions


def test_without_threads_start_review_from_code_waits_for_the_result(monkeypatch) -> None:
    """Lesson 14 calls ``board.start_review(you)`` in a cell and prints how many decisions were
    judged: where Python has no threads (Pyodide) the call must still return the finished
    review (it judges inline, as ``ask_hint`` does), not the first "running" state. Run with an
    event loop that never turns, as a cell's code sees it."""
    monkeypatch.setattr(reviewing, "has_threads", lambda: False)

    def from_code(loop: asyncio.AbstractEventLoop) -> tuple[dict[str, Any], dict[str, Any]]:
        w = SecoloTable(finished())
        w.review_budget = TINY
        return w.start_review(0), dict(w.review)

    shown, trait = on_a_loop_of_its_own(from_code)
    assert shown["state"] == "done" and shown["done"] == shown["total"] > 0
    assert len(shown["result"]["decisions"]) == shown["total"]
    assert trait == shown


def test_the_hint_names_its_board_targets() -> None:
    w = SecoloTable(Match.new("secolo", 2, seed=2))  # the first move: pick a Protagonist
    w.hint_budget = TINY
    h = w.ask_hint()
    entry = next(a for a in w.view["legal"] if a["key"] == h["key"])
    assert h["targets"] == [{"card": c} for c in entry["cards"]] and h["targets"]


def test_another_players_view_drops_the_review() -> None:
    """The review of Blue's game names moves made from Blue's hand: switching the board to
    Orange's view must not keep it in the trait Orange's page reads."""
    w = SecoloTable(finished())
    w.review_budget = TINY
    w.start_review(0)
    assert w.review["state"] == "done"
    w.seat = 0
    assert w.review["seat"] == 0  # Blue's own view keeps it
    w.seat = 1
    assert w.review == {}


def test_the_review_says_hint_taken_where_the_hint_was_played() -> None:
    m = Match.new("secolo", 2, seed=2)
    w = SecoloTable(m)
    w.hint_budget = TINY
    w.review_budget = TINY
    h = w.ask_hint()  # Blue's first decision: the hint is kept with the game
    w.play(h["key"])
    w.hint_budget = TINY
    asked = w.ask_hint()  # Orange asks, then plays another move
    other = next(str(a) for a in w.match.legal_actions() if str(a) != asked["key"])
    w.play(other)
    loaded = SecoloTable(Match.load(w.game_file()))  # the game file keeps both hints
    loaded.review_budget = TINY
    blue = loaded.start_review(0)["result"]["decisions"]
    assert blue[0]["index"] == 0 and blue[0]["hint"] == "taken"
    orange = loaded.start_review(1)["result"]["decisions"]
    assert orange[0]["index"] == 1 and orange[0]["hint"] == "asked"
