"""The teacher's console in a real browser (issue 34): the teacher signs in with the server's
teacher key, makes a room, copies a seat's join link, a learner sits down with it in another
browser, the teacher gives the seat a new link (the old one is refused and the learner's page
says so in words), kicks with a confirmation, downloads the game and starts a rematch (the
learner's page moves to the new room by itself); the console passes axe-core. The play page
shows the end of a game with every player's score and greys its board while disconnected."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest
from a11y_helpers import axe_audit, report
from playwright.sync_api import Page, expect

from clash_widget.engine import Match
from clash_widget.server.process import ServerProcess

pytestmark = pytest.mark.browser
pytest.importorskip("starlette", reason="the classroom server needs the [server] extra")

LOCAL_ONLY = re.compile(r"^(https?|wss?)://(?!127\.0\.0\.1[:/]|localhost[:/])")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-results"
REPLACED = "This seat's link has been replaced: ask the teacher for your link."


def new_page(browser, errors: list[str], **ctx_args) -> Page:
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, **ctx_args)
    ctx.route(LOCAL_ONLY, lambda route: route.abort())
    page = ctx.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(20_000)
    return page


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def sign_in(page: Page, server: ServerProcess) -> None:
    page.goto(server.url + "/console")
    page.fill("#teacher-key", server.key)
    page.click("#sign-in button[type=submit]")
    expect(page.locator("#new-room")).to_be_visible()


def sit_down(page: Page, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#clash-name", name)
    page.click("#clash-join [data-action=join]")
    expect(page.locator(".hccg-table")).to_be_visible()
    expect(page.locator("#clash-status")).to_have_attribute("data-state", "connected")


def confirm(page: Page, answer: str = "ok") -> None:
    dialog = page.locator("dialog.console-dialog[open]")
    expect(dialog).to_be_visible()
    dialog.locator(f"button[data-answer={answer}]").click()
    expect(dialog).to_have_count(0)


def test_the_console_makes_a_room_hands_out_links_and_runs_it(browser, tmp_path):
    errors: list[str] = []
    with ServerProcess(tmp_path / "rooms.sqlite", args=["--bot-delay", "0"]) as server:
        http = httpx.Client(base_url=server.url, timeout=30)
        key = {"Authorization": f"Bearer {server.key}"}
        teacher = new_page(browser, errors, permissions=["clipboard-read", "clipboard-write"])
        learner = new_page(browser, errors)
        try:
            # A wrong key is refused in words, and the form asks again.
            teacher.goto(server.url + "/console")
            teacher.fill("#teacher-key", "not the key")
            teacher.click("#sign-in button[type=submit]")
            expect(teacher.locator("#console-status")).to_contain_text("teacher")
            expect(teacher.locator("#teacher-key")).to_be_visible()
            sign_in(teacher, server)

            # A History CCG room: seat 1 a person, seat 2 the random bot.
            form = teacher.locator("#new-room")
            form.locator("select[name=game]").select_option("history")
            form.locator("input[name=seed]").fill("7")
            form.locator("input[name=name]").fill("Group B")
            expect(form.locator("label", has_text="Seat 2 (Orange)")).to_be_visible()
            form.locator("select[name=seat-2]").select_option("random")
            form.locator("button[type=submit]").click()
            room_box = teacher.locator(".console-room").first
            expect(room_box).to_contain_text("Group B (History CCG)")
            rooms = http.get("/api/rooms", headers=key).json()["rooms"]
            assert len(rooms) == 1 and rooms[0]["seats"][1]["bot"] == "random"
            code = rooms[0]["room"]
            seat1 = room_box.locator('tr[data-seat="0"]')
            expect(seat1.locator(".console-link input")).to_have_value(re.compile("claim="))

            # Copy: the clipboard holds the seat's join link.
            seat1.get_by_role("button", name=re.compile("^Copy")).click()
            expect(teacher.locator("#console-status")).to_contain_text("Copied the link of Seat 1")
            link = teacher.evaluate("() => navigator.clipboard.readText()")
            assert link == seat1.locator(".console-link input").input_value()
            assert link.startswith(f"{server.url}/play#room={code}&seat=0&claim=")
            # Served over plain http on the class network, a page has no navigator.clipboard:
            # Copy then selects the link and copies it the old way.
            teacher.evaluate("() => navigator.clipboard.writeText('')")
            teacher.evaluate(
                "() => Object.defineProperty(navigator, 'clipboard', {value: undefined})"
            )
            seat1.get_by_role("button", name=re.compile("^Copy")).click()
            expect(teacher.locator("#console-status")).to_contain_text("Copied the link of Seat 1")
            teacher.reload()  # the clipboard API back, to read what was copied
            expect(room_box.locator('tr[data-seat="0"] .console-link input')).to_have_value(link)
            assert teacher.evaluate("() => navigator.clipboard.readText()") == link

            violations = axe_audit(teacher, "#clash-console")
            assert not violations, report(violations)

            # The learner sits down with it; the claim leaves the address bar.
            sit_down(learner, link, "Ada")
            assert "claim=" not in learner.url
            expect(seat1).to_contain_text("Ada", timeout=10_000)
            expect(seat1.locator(".console-dot")).to_have_attribute("data-connected", "true")
            shot(teacher, "classroom-console")

            # New link (confirmed): the old link stops; the learner's page says so in words.
            seat1.get_by_role("button", name=re.compile("^New link")).click()
            confirm(teacher)
            new_link = seat1.locator(".console-link input")
            expect(new_link).not_to_have_value(link)
            expect(learner.locator("#clash-status")).to_have_attribute("data-state", "refused")
            expect(learner.locator("#clash-table")).to_have_attribute("aria-disabled", "true")
            learner.click("#clash-join [data-action=join]")  # "Sit down again" with the old link
            expect(learner.locator("#clash-status")).to_have_text(REPLACED)
            shot(learner, "classroom-play-replaced")
            old = http.post(f"/api/rooms/{code}/seats/0", json={"name": "Eve", "claim": "x"})
            assert old.status_code == 403
            learner.close()
            learner = learner.context.new_page()
            learner.on("pageerror", lambda exc: errors.append(str(exc)))
            sit_down(learner, new_link.input_value(), "Ada")

            # Kick: a confirmation first (cancel keeps the learner), then the seat is free.
            seat1.get_by_role("button", name=re.compile("^Kick")).click()
            expect(teacher.locator("dialog.console-dialog[open]")).to_contain_text("Kick Ada?")
            violations = axe_audit(teacher, "dialog.console-dialog", min_contrast=1)  # small
            assert not violations, report(violations)
            shot(teacher, "classroom-console-kick")
            confirm(teacher, "cancel")
            assert http.get("/api/rooms", headers=key).json()["rooms"][0]["seats"][0]["taken"]
            # By keyboard: Enter opens the question, Escape cancels it, the focus comes back.
            kick = seat1.get_by_role("button", name=re.compile("^Kick"))
            kick.focus()
            teacher.keyboard.press("Enter")
            expect(teacher.locator("dialog.console-dialog[open]")).to_be_visible()
            teacher.keyboard.press("Escape")
            expect(teacher.locator("dialog.console-dialog")).to_have_count(0)
            expect(kick).to_be_focused()
            seat1.get_by_role("button", name=re.compile("^Kick")).click()
            confirm(teacher)
            status = learner.locator("#clash-status")
            expect(status).to_have_attribute("data-state", "refused")
            expect(status).to_contain_text("The teacher freed this seat")
            assert "secret" not in (status.text_content() or "")
            expect(seat1.locator(".console-who")).to_have_text("free", timeout=10_000)
            # The same link works again: the learner sits down once more.
            learner.fill("#clash-name", "Ada")
            learner.click("#clash-join [data-action=join]")
            expect(status).to_have_attribute("data-state", "connected")
            expect(learner.locator("#clash-table")).not_to_have_attribute("aria-disabled", "true")

            # Download: the game file is a game that loads and verifies.
            with teacher.expect_download() as got:
                room_box.get_by_role("button", name="Download game").click()
            download = got.value
            assert download.suggested_filename.endswith(".json")
            game = json.loads(Path(download.path()).read_text(encoding="utf-8"))
            assert Match.load(game).game.name == "history"

            # Rematch: a new room; the learner's page moves there and plays on as Ada.
            room_box.get_by_role("button", name="Rematch").click()
            confirm(teacher)
            expect(learner).to_have_url(re.compile(r"#room=(?!" + code + r")\w+&seat=0$"))
            expect(learner.locator(".hccg-table")).to_be_visible()
            expect(status).to_have_attribute("data-state", "connected")
            rooms = http.get("/api/rooms", headers=key).json()["rooms"]
            assert len(rooms) == 2
            new = next(r for r in rooms if r["room"] != code)
            assert new["seats"][0]["name"] == "Ada" and new["seats"][1]["bot"] == "random"
            assert f"room={new['room']}" in learner.url
            expect(teacher.locator(".console-room")).to_have_count(2)

            # Rename, pause (the learner's page says so) and resume the new room.
            new_box = teacher.locator(f'.console-room[data-room="{new["room"]}"]')
            new_box.get_by_role("button", name="Rename").click()
            teacher.locator("dialog.console-dialog").get_by_label("Room name").fill(
                "Group B, again"
            )
            confirm(teacher)
            expect(new_box.locator("h3")).to_have_text("Group B, again (History CCG)")
            new_box.get_by_role("button", name="Pause").click()
            expect(learner.locator("#clash-paused")).to_contain_text("paused this room")
            new_box.get_by_role("button", name="Resume").click()
            expect(learner.locator("#clash-paused")).to_be_hidden()

            # Give Ada's seat to a bot: her page is told why it closed.
            new_box.locator('tr[data-seat="0"]').get_by_role("button", name="Give to a bot").click()
            teacher.locator("dialog.console-dialog").get_by_label("Bot").select_option("random")
            confirm(teacher)
            expect(status).to_contain_text("The teacher gave this seat to the random bot")
            expect(new_box.locator('tr[data-seat="0"] .console-who')).to_have_text("random bot")

            # Delete (confirmed) the old room; archive the new one (hidden until asked).
            old_box = teacher.locator(f'.console-room[data-room="{code}"]')
            old_box.get_by_role("button", name="Delete").click()
            confirm(teacher)
            expect(old_box).to_have_count(0)
            assert http.get(f"/api/rooms/{code}").status_code == 404
            new_box.get_by_role("button", name="Archive").click()
            expect(new_box).to_have_count(0)
            teacher.get_by_label("Show archived rooms").check()
            expect(new_box).to_contain_text("archived")

            # Sign out: the key is forgotten; the console asks for it again.
            teacher.get_by_role("button", name="Sign out").click()
            expect(teacher.locator("#teacher-key")).to_be_visible()
            assert teacher.evaluate("() => sessionStorage.getItem('clash-teacher-key')") is None
            assert not errors, errors
        except Exception:
            shot(teacher, "classroom-console-failed")
            shot(learner, "classroom-console-learner-failed")
            raise
        finally:
            teacher.context.close()
            learner.context.close()
        # The key is printed once, when the server made it; no request logs it or a link's claim.
        assert server.log().count(server.key) == 1
        assert link.partition("claim=")[2] not in server.log()


def test_the_play_page_shows_the_end_and_greys_while_disconnected(browser, tmp_path):
    errors: list[str] = []
    fast = ["--bot-delay", "0", "--actions-per-second", "1000", "--burst", "1000"]
    with ServerProcess(tmp_path / "rooms.sqlite", args=fast) as server:
        http = httpx.Client(base_url=server.url, timeout=30)
        key = {"Authorization": f"Bearer {server.key}"}
        spec = {"game": "history", "players": 2, "seed": 7, "options": {"population_to_win": 3}}
        body = http.post("/api/rooms", json=spec, headers=key).json()
        code = body["room"]
        learner = new_page(browser, errors)
        try:
            sit_down(learner, body["seats"][0]["join"], "Ada")
            table = learner.locator("#clash-table")

            # Disconnected: the board is greyed, inert and says it is reconnecting.
            server.kill()
            expect(learner.locator("#clash-status")).to_have_attribute("data-state", "reconnecting")
            expect(table).to_have_attribute("aria-disabled", "true")
            assert learner.evaluate("() => document.getElementById('clash-table').inert")
            expect(learner.locator("#clash-offline-note")).to_contain_text("Reconnecting")
            shot(learner, "classroom-play-disconnected")
            server.start()
            expect(learner.locator("#clash-status")).to_have_attribute(
                "data-state", "connected", timeout=30_000
            )
            expect(learner.locator("#clash-offline-note")).to_be_hidden()
            assert not learner.evaluate("() => document.getElementById('clash-table').inert")

            # The teacher (the key acts for whoever is to move) plays the game to its end.
            for _ in range(400):
                view = http.get(f"/api/rooms/{code}/view", headers=key).json()
                if not view["legal"]:
                    break
                move = {"key": view["legal"][0]["key"], "version": view["version"]}
                answer = http.post(f"/api/rooms/{code}/actions", json=move, headers=key).json()
                assert answer["ok"], answer
            rooms = http.get("/api/rooms", headers=key).json()["rooms"]
            winners = rooms[0]["status"]["winners"]
            assert rooms[0]["status"]["over"] and winners
            end = learner.locator("#clash-end")
            expect(end).to_be_visible()
            expect(end.locator(".clash-end-winners")).to_contain_text(winners[0])
            expect(end.locator(".clash-end-scores tbody tr")).to_have_count(2)
            expect(end.locator("th", has_text="Population")).to_have_count(1)
            expect(end).to_contain_text("rematch")
            # The page's own end panel (the table's own audit is test_a11y_audit's).
            violations = axe_audit(learner, "#clash-end", min_contrast=1)  # a small panel
            assert not violations, report(violations)
            shot(learner, "classroom-play-end")
            assert not errors, errors
        finally:
            learner.context.close()
