"""A match widget's review: the coach judges one seat's game, off the widget's thread.

The front end sends ``{type: "review", seq, version, seat}`` (seat from 0, as the engine
counts) and ``{type: "review_cancel", ...}``; code calls :meth:`Reviewing.start_review` and
:meth:`Reviewing.cancel_review`. The review reads a copy of the game's record as it is when
asked (the game may go on), judges one decision at a time (:class:`clash_widget.coach.Reviewer`)
and after each sets the ``review`` trait (a NEW dict) to its progress; at the end the trait
holds the result as the review panel draws it (:func:`review_payload`): the summary, the
advantage series, and every judged decision with the replay position to jump to, its
verdict, the loss in points of winning chances, the simulated games it rests on, the
rules of thumb for the better move and the board targets (:mod:`.targets`) of the move
played and of the better one.

It runs on a daemon thread, so the board stays responsive (that thread hands the decisions to
``review_workers`` processes, the machine's cores by default, and shows their progress); where
Python has no threads
(Pyodide, JupyterLite's) each decision is one callback of the event loop, so the page and
a Cancel click are served between two decisions (code that waits for the result,
:meth:`Reviewing.start_review`, gets it judged inline there). From a player's view the coach reviews
only that player's game (``widget.review-own-seat``: another seat's review would tell the
moves made from a hand this view does not see); the teacher's view may review anyone.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import traitlets

from clash_widget.coach import Cancelled
from clash_widget.coach.front import review_payload as payload_of
from clash_widget.coach.review import CORES
from clash_widget.engine import Match, Verdict

from .coaching import has_threads
from .host import WidgetHost
from .intents import BAD_SETTING, REVIEW_OWN_SEAT, is_int
from .router import player_name


def review_payload(reviewer: Any) -> dict[str, Any]:
    """The finished review as the review panel reads it (:func:`coach.front.review_payload`,
    the board targets read off the reviewed seat's view at each decision)."""
    match: Match = reviewer.match
    views = {
        job[3]: Match.from_state(match.game, job[1], keep_undo=False).view(reviewer.seat)
        for job in reviewer.jobs
    }
    return payload_of(reviewer.result(), views, match.hints)


class Reviewing(WidgetHost):
    """The ``review`` and ``review_cancel`` intents, :meth:`start_review` from code, and the
    ``review`` trait."""

    review = traitlets.Dict().tag(sync=True)
    review_budget: dict[str, Any] = {}  # the coach's review settings for this board (Budget)
    review_workers: int = CORES  # processes judging a review at once (1: the review's thread)

    def start_review(self, seat: int, *, wait: bool = True) -> dict[str, Any]:
        """Review ``seat``'s game (from 0) as the Review button does; the ``review`` trait
        holds the result when it is done (``wait``: block until then and return it; where
        Python has no threads the decisions are then judged right here, as :meth:`ask_hint`
        does, so a cell that prints the result sees it)."""
        done = threading.Event()
        with self._lock:
            verdict = self._review_verdict(seat)
            if verdict is not None:
                raise ValueError(verdict.text)
            self._begin_review(seat, None, done, inline=wait and not has_threads())
        if wait and has_threads():
            done.wait()
        return dict(self.review)

    def cancel_review(self) -> bool:
        """Stop the review under way (its trait then says so); False if none was."""
        running = self.review.get("state") == "running"
        self._review_stop = self._review_run
        return running

    # -- the intents ---------------------------------------------------------------------
    _review_run = 0  # bumped by every start: a run that sees a newer one stops quietly
    _review_stop = 0  # the run cancelled last: it stops and says "cancelled"

    def _review_verdict(self, seat: Any) -> Verdict | None:
        n = self.match.players
        if not is_int(seat) or not 0 <= seat < n:
            return BAD_SETTING.refuse(f"there is no such player to review: the game has {n}")
        viewer = self.seat
        if viewer is not None and viewer != seat:
            names = tuple(self.match.names)
            return REVIEW_OWN_SEAT.refuse(
                f"this is {player_name(names, viewer)}'s view; "
                f"switch to the teacher's view to review {player_name(names, seat)}'s game"
            )
        return None

    def _handle_extra(self, kind: str, intent: dict[str, Any], seq: int | None) -> None:
        if kind == "review_cancel":
            stopped = self.cancel_review()
            self._say(
                True, "Stopped the review." if stopped else "No review is under way.", None, seq=seq
            )
            return
        if kind != "review":
            super()._handle_extra(kind, intent, seq)  # type: ignore[misc]
            return
        verdict = self._review_verdict(intent["seat"])
        if verdict is not None:
            self._say(False, "", verdict, seq=seq)
            return
        name = player_name(tuple(self.match.names), intent["seat"])
        self._say(True, f"The coach is reviewing {name}'s game...", None, seq=seq)
        self._begin_review(intent["seat"], seq, None)

    @traitlets.observe("seat")
    def _review_seat_changed(self, change: dict[str, Any]) -> None:
        """Another player's view may not keep a review of someone else's game (it names the
        moves made from that player's hand): it stops and goes."""
        seat, reviewed = change["new"], self.review.get("seat")
        if seat is not None and reviewed is not None and seat != reviewed:
            self.cancel_review()
            self._review_run += 1  # its last step publishes nothing
            self.review = {}

    def _replace_game(self, match: Match) -> None:
        """A new or loaded game: the review of the old one stops and goes."""
        self.cancel_review()
        self.review = {}
        super()._replace_game(match)  # type: ignore[misc]

    # -- the run ---------------------------------------------------------------------------
    def _begin_review(
        self, seat: int, seq: int | None, done: threading.Event | None, *, inline: bool = False
    ) -> None:
        """Judge ``seat``'s decisions one at a time off the widget's thread (a thread, else
        one event-loop callback per decision; ``inline`` without threads: all of them now,
        for code that waits for the result)."""
        from clash_widget.coach import REVIEW_BUDGET, Reviewer

        self._review_run += 1
        run = self._review_run
        n = len(self.match.actions)
        copy = self._session.match_at(n)  # the record now; the board may go on
        copy.hints = dict(self.match.hints)
        name = player_name(tuple(self.match.names), seat)
        budget = replace(REVIEW_BUDGET, **self.review_budget)
        reviewer = Reviewer(copy, seat, budget=budget)
        base = {"run": run, "seat": seat, "player": name, "length": n, "total": reviewer.total}
        self.review = {**base, "state": "running", "done": 0}

        def publish(**fields: Any) -> None:
            with self._batch():
                if run == self._review_run:  # a newer review owns the trait
                    self.review = {**base, **fields}
            self._poke()

        def finish(state: str, **fields: Any) -> None:
            publish(state=state, done=reviewer.done, **fields)
            if done is not None:
                done.set()

        def stopped() -> bool:
            return run != self._review_run or run == self._review_stop

        def one_step(work: Callable[[], bool] = reviewer.step) -> bool:
            """Judge one decision (or ``work``'s); True while there is more to do."""
            if stopped():
                finish("cancelled")
                return False
            try:
                more = work()
                if more:
                    publish(state="running", done=reviewer.done)
                    return True
                payload = review_payload(reviewer)
            except Cancelled:
                finish("cancelled")
                return False
            except Exception as exc:  # never swallow: show it
                with self._batch():
                    self._say_error("The coach could not finish the review.", exc, seq=seq)
                finish("error", text="The coach could not finish the review.")
                return False
            # the words first: whoever sees the review done (or waits for it) sees them too
            with self._batch():
                self._say(True, payload["summary"], None, seq=seq)
            finish("done", result=payload)
            return False

        def in_processes() -> bool:
            """Every decision judged in the review's processes, their progress shown."""

            def shown(done: int, _total: int) -> None:
                publish(state="running", done=done)

            reviewer.judge_all(self.review_workers, shown, stopped)
            return False

        if has_threads():
            many = self.review_workers > 1 and reviewer.total > 1
            work = (lambda: one_step(in_processes)) if many else (lambda: _loop(one_step))
            threading.Thread(target=work, name="coach-review", daemon=True).start()
        elif inline:
            _loop(one_step)
        else:
            _schedule(one_step)


def _loop(step: Callable[[], bool]) -> None:
    while step():
        pass


def _schedule(step: Callable[[], bool]) -> None:
    """Run ``step`` once per turn of the event loop until it returns False (no threads)."""
    loop = asyncio.get_event_loop()

    def tick() -> None:
        if step():
            loop.call_soon(tick)

    loop.call_soon(tick)
