"""The coach on the classroom server in a real browser (issue 38): a learner's play page asks
for a hint (the table's Hint button, and the H key) and shows the move with its reasons in
words; the teacher opens the review of a seat's game from the console, follows its progress
and reads it beside the game's own table (its jumps: tests/browser/test_classroom_review.py);
both pass axe-core with the colour contrast measured."""

from __future__ import annotations

from pathlib import Path

import pytest
from a11y_helpers import axe_audit, report
from classroom_pages import ada_against_a_bot
from playwright.sync_api import Page, expect

from clash_widget.server.process import ServerProcess

pytestmark = pytest.mark.browser
pytest.importorskip("starlette", reason="the classroom server needs the [server] extra")

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-results"


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_a_hint_on_the_play_page_and_a_review_from_the_console(browser, tmp_path):
    errors: list[str] = []
    with (
        ServerProcess(tmp_path / "rooms.sqlite", args=["--bot-delay", "0"]) as server,
        ada_against_a_bot(browser, server.url, server.key, errors) as classroom,
    ):
        http, code = classroom.http, classroom.code
        learner, teacher = classroom.learner, classroom.teacher
        table = learner.locator(".secolo-table")
        expect(learner.locator("#clash-status")).to_have_attribute("data-state", "connected")

        # The H key asks the coach (the table's Hint button does the same).
        hint_button = learner.locator('#clash-table button[data-intent="hint"]')
        expect(hint_button).to_be_visible()
        table.click(position={"x": 5, "y": 5})
        learner.keyboard.press("h")
        panel = learner.locator("#clash-hint")
        expect(panel.locator("h2")).to_contain_text("Hint for Ada:")
        reasons = panel.locator(".clash-hint-reasons")
        expect(reasons).to_contain_text("Rule of thumb:")
        expect(reasons).to_contain_text("The search:")
        # and the table marks the hinted card itself, not only its button
        expect(table.locator(".coach-hint[data-card]").first).to_be_visible()
        text = panel.inner_text()
        assert "won" in text or "winning chances" in text
        # the words, never the move's key; the move's button is marked on the board
        marked = learner.locator("#clash-table .coach-hint[data-key]")
        for k in marked.evaluate_all("els => els.map(e => e.dataset.key)"):
            assert k not in text
        shot(learner, "classroom-hint")
        violations = axe_audit(learner, "#clash-play")
        assert not violations, report(violations)

        # Ada plays a few moves (with her seat's secret, as her page does), then the
        # teacher reviews her game from the console.
        token = learner.evaluate(f"() => localStorage.getItem('clash-seat:{code}:0')")
        mine = {"Authorization": f"Bearer {token}"}
        played = 0
        for _ in range(400):
            view = http.get(f"/api/rooms/{code}/view", headers=mine).json()
            if played >= 4 or view.get("winners"):
                break
            if view["current_player"] == 0 and view["legal"]:
                move = {"key": view["legal"][-1]["key"], "version": view["version"]}
                answer = http.post(f"/api/rooms/{code}/actions", headers=mine, json=move)
                played += bool(answer.json().get("ok"))
            else:
                learner.wait_for_timeout(50)
        assert played >= 4
        teacher.goto(server.url + "/console")
        teacher.fill("#teacher-key", server.key)
        teacher.click("#sign-in button[type=submit]")
        room_box = teacher.locator(f'.console-room[data-room="{code}"]')
        expect(room_box).to_be_visible()
        # The teacher's switch hides the learner's Hint button, live, and brings it back.
        room_box.get_by_role("button", name="Turn hints off").click()
        expect(room_box).to_contain_text("Hints are off.")
        expect(hint_button).to_be_hidden()
        learner.keyboard.press("h")  # nothing to ask
        learner.wait_for_timeout(300)
        expect(learner.locator("#clash-hint")).to_be_hidden()
        room_box.get_by_role("button", name="Turn hints on").click()
        expect(hint_button).to_be_visible()
        review_link = room_box.locator(f'[data-key="{code}:0:review"]')
        with teacher.context.expect_page() as opened:
            review_link.click()
        review = opened.value
        review.on("pageerror", lambda exc: errors.append(str(exc)))
        review.set_default_timeout(120_000)
        expect(review.locator("#clash-review")).to_have_attribute("data-ready", "true")
        assert "token=" not in review.url  # the key left the address bar
        expect(review.locator("h1")).to_have_text("Review of Ada's game")
        # the game's own table in replay, with the tables' review screen
        expect(review.locator("#review-table .secolo-table")).to_be_visible()
        expect(review.locator("#review-table .match-review")).to_have_attribute(
            "data-state", "done"
        )
        expect(review.locator("#review-table svg.match-adv")).to_be_visible()
        expect(review.locator("#review-table .match-adv-table tbody tr").first).to_be_attached()
        shot(review, "classroom-review")
        violations = axe_audit(review, "#clash-review")
        assert not violations, report(violations)
        # A second open is the stored review, at once.
        review.reload()
        expect(review.locator("#review-status")).to_contain_text("kept from an earlier review")
    assert not errors, errors
