"""The classroom's review page in a real browser (issue 38): the teacher opens the review of a
finished game from the console, and the page shows the game's own table in replay with the
tables' review screen. A click on a mark of the advantage graph (and Enter on one, from the
keyboard) moves the replay to that decision and marks on the board the move played and the
better one, the reasons beside it; every position the page is sent is the reviewed seat's
own view. The player's own secret opens their own review, not another seat's. axe-core
audits the page with colour contrast measured.

The server runs in this process (uvicorn in a thread) with the coach's smallest budget, so
the review of a whole game takes seconds; the review itself still runs in the coach's
worker process, as on any server."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx
import pytest
from a11y_helpers import axe_audit, report, require_axe, tab_to
from classroom_pages import ada_against_a_bot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser
pytest.importorskip("starlette", reason="the classroom server needs the [server] extra")

from coach_limits import small_limits  # noqa: E402

from clash_widget.server.app import create_app  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-results"
KEY = "the-teacher-key-of-the-review-test"


class LiveServer:
    """The app on uvicorn in a thread of this process, on a free port of 127.0.0.1."""

    def __init__(self, db: Path) -> None:
        import uvicorn

        self.app = create_app(db, teacher_key=KEY, limits=small_limits(), backups=False)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=0, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "uvicorn did not start"
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    def __enter__(self) -> LiveServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


def shot(page: Page, name: str, full: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("() => document.fonts.ready")
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


def play_to_the_end(http: httpx.Client, code: str, token: str) -> None:
    """Ada plays her first legal move each time she decides, until the bot and she finish."""
    mine = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if http.get(f"/api/rooms/{code}").json()["over"]:
            return
        view = http.get(f"/api/rooms/{code}/view", headers=mine).json()
        if view["current_player"] != 0 or not view["legal"]:
            time.sleep(0.01)  # the bot is thinking
            continue
        move = {"key": view["legal"][0]["key"], "version": view["version"]}
        answer = http.post(f"/api/rooms/{code}/actions", headers=mine, json=move).json()
        assert answer["ok"] or answer["rule"] in ("engine.stale", "server.not-your-turn"), answer
    raise AssertionError("the game did not end")


def scrub_label(page: Page) -> str:
    return page.locator("#review-table .secolo-scrub-label").inner_text()


def test_the_review_page_replays_the_game_at_each_judged_move(browser, tmp_path):
    require_axe()
    errors: list[str] = []
    with (
        LiveServer(tmp_path / "rooms.sqlite") as live,
        ada_against_a_bot(browser, live.url, KEY, errors) as classroom,
    ):
        http, key, code = classroom.http, classroom.key, classroom.code
        learner, teacher = classroom.learner, classroom.teacher
        token = learner.evaluate(f"() => localStorage.getItem('clash-seat:{code}:0')")
        play_to_the_end(http, code, token)
        room = live.app.state.server.rooms.get(code)
        n = len(room.match.actions)

        # The teacher opens Ada's review from the console.
        teacher.goto(live.url + "/console")
        teacher.fill("#teacher-key", KEY)
        teacher.click("#sign-in button[type=submit]")
        room_box = teacher.locator(f'.console-room[data-room="{code}"]')
        with teacher.context.expect_page() as opened:
            room_box.locator(f'[data-key="{code}:0:review"]').click()
        review = opened.value
        review.on("pageerror", lambda exc: errors.append(str(exc)))
        review.set_default_timeout(120_000)
        sent: list[dict] = []  # every position the page is sent

        def keep(response) -> None:
            if "/review/view" in response.url and response.status == 200:
                sent.append(response.json())

        review.on("response", keep)
        expect(review.locator("#clash-review")).to_have_attribute("data-ready", "true")
        assert "token=" not in review.url  # the key left the address bar
        expect(review.locator("h1")).to_have_text("Review of Ada's game")
        table = review.locator("#review-table .secolo-table")
        expect(table).to_be_visible()
        panel = table.locator(".match-review")
        expect(panel).to_have_attribute("data-state", "done")
        expect(panel.locator(".match-review-summary")).to_contain_text("decisions with a choice")
        assert scrub_label(review) == f"replay {n}/{n}"  # the end of the record
        # a replay for the review: no view, seats, bots, undo, files, live game, new game
        for hidden in (
            ".secolo-control-view",
            ".secolo-control-seats",
            ".secolo-control-moves",
            ".secolo-control-game",
            ".secolo-scrub-live",
            ".match-review-close",
        ):
            expect(table.locator(hidden)).to_be_hidden()
        shot(review, "classroom-review-page", full=True)

        # A judged move with a place on the board for the move played and the better one
        # (a flagged one where there is one), picked with a click on its mark of the graph.
        result = http.get(f"/api/rooms/{code}/seats/0/review", headers=key).json()["review"]
        decisions = result["decisions"]
        points = panel.locator("svg.match-adv .match-adv-point")
        assert points.count() == len(decisions) > 0
        chosen = sorted(
            decisions,
            key=lambda d: (
                not (d["played_targets"] and d["best_targets"]),
                d["verdict"] == "good",
                d["index"],
            ),
        )[0]
        k = chosen["index"]
        panel.locator(f".match-adv-point[data-index='{k}'] .match-adv-hit").click(force=True)
        expect(table.locator(".secolo-scrub-label")).to_have_text(f"replay {k}/{n}")
        detail = panel.locator(".match-review-detail")
        expect(detail.locator("h4")).to_contain_text(f"Move {chosen['move']}")
        expect(detail.locator(".match-review-played")).to_contain_text(chosen["played"])
        for target in chosen["played_targets"]:
            sel = "".join(f'[data-{a}="{v}"]' for a, v in target.items())
            expect(table.locator(f"{sel}.coach-played").first).to_be_attached()
        if not chosen["same"]:
            expect(detail.locator(".match-review-better")).to_contain_text(chosen["best"])
            for target in chosen["best_targets"]:
                sel = "".join(f'[data-{a}="{v}"]' for a, v in target.items())
                expect(table.locator(f"{sel}.coach-better").first).to_be_attached()
        for reason in chosen["reasons"]:
            expect(detail.locator(".match-review-reasons")).to_contain_text(reason)
        # the board now shows the position before the move: the move played is one of its cards
        expect(table.locator(".coach-played:not(.coach-overlay)").first).to_be_visible()
        review.locator(".coach-played:not(.coach-overlay)").first.scroll_into_view_if_needed()
        shot(review, "classroom-review-jump")

        # The keyboard: Tab to the graph's marks, an arrow to the next one, Enter jumps there.
        tab_to(review, "#review-table", ".match-adv-point")
        first = review.evaluate("() => Number(document.activeElement.dataset.index)")
        review.keyboard.press("ArrowRight")
        focused = review.evaluate("() => Number(document.activeElement.dataset.index)")
        if focused == first:  # the last mark: go back one instead
            review.keyboard.press("ArrowLeft")
            focused = review.evaluate("() => Number(document.activeElement.dataset.index)")
        assert focused != first
        review.keyboard.press("Enter")
        expect(table.locator(".secolo-scrub-label")).to_have_text(f"replay {focused}/{n}")
        # and the list of flagged moves: Tab to a move, Enter
        tab_to(review, "#review-table", "button.match-review-move")
        listed = review.evaluate("() => Number(document.activeElement.dataset.index)")
        review.keyboard.press("Enter")
        expect(table.locator(".secolo-scrub-label")).to_have_text(f"replay {listed}/{n}")
        expect(panel.locator(f"button.match-review-move[data-index='{listed}']")).to_have_attribute(
            "aria-current", "true"
        )

        # Every position sent was Ada's own view then (never the teacher's every hand).
        review.wait_for_timeout(300)
        assert {s["position"] for s in sent} >= {k, focused, listed}
        for s in sent:
            past = room.session.match_at(s["position"])
            assert s["seat"] == 0 and s["view"]["players"] == past.view(0)["players"]
            assert s["view"]["players"] != past.view(None)["players"]

        violations = axe_audit(review, "#clash-review")
        assert not violations, report(violations)

        # Ada's own secret (her page's) opens her own review after the end...
        learner.goto(f"{live.url}/review#room={code}&seat=0")
        expect(learner.locator("#clash-review")).to_have_attribute("data-ready", "true")
        expect(learner.locator("#review-status")).to_contain_text("kept from an earlier review")
        expect(learner.locator("#review-table .match-review")).to_have_attribute(
            "data-state", "done"
        )
        # ...and not the bot's seat's: her secret, typed where the page asks, is refused
        learner.goto(f"{live.url}/review#room={code}&seat=1")
        learner.reload()  # a new page (a fragment change alone does not reload)
        learner.fill("#review-key", token)
        learner.click("#review-join button[type=submit]")
        expect(learner.locator("#review-status")).to_contain_text(
            "another seat's review is not yours to see"
        )
        expect(learner.locator("#review-table .secolo-table")).to_have_count(0)
        expect(learner.locator("#review-key")).to_be_visible()  # a key may be typed again
        shot(learner, "classroom-review-refused")
    assert not errors, errors
