"""The classroom server's pages as its browser tests open them: pages that reach nothing
outside this machine and keep their script errors, and a room of Secolo against a random bot
where Ada has sat down at the first seat from her join link, with a page for the teacher."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import httpx
from playwright.sync_api import Browser, Page, expect

LOCAL_ONLY = re.compile(r"^(https?|wss?)://(?!127\.0\.0\.1[:/]|localhost[:/])")


def new_page(browser: Browser, errors: list[str]) -> Page:
    """A 1280 x 1000 page of its own; its script errors are added to ``errors``."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    ctx.route(LOCAL_ONLY, lambda route: route.abort())
    page = ctx.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(30_000)
    return page


@dataclass
class Room:
    """A room of the server, Ada at its first seat on her play page."""

    http: httpx.Client  # the server's API
    key: dict[str, str]  # the teacher's Authorization header
    code: str
    learner: Page  # Ada's play page, her table shown
    teacher: Page  # a blank page for the teacher


@contextmanager
def ada_against_a_bot(
    browser: Browser, url: str, teacher_key: str, errors: list[str]
) -> Iterator[Room]:
    """The teacher makes a room of Secolo (seed 7) with a random bot at the second seat, and
    Ada joins the first from its link; the pages and the API client are closed at the end."""
    key = {"Authorization": f"Bearer {teacher_key}"}
    with httpx.Client(base_url=url, timeout=30) as http:
        made = http.post(
            "/api/rooms",
            headers=key,
            json={"game": "secolo", "players": 2, "seed": 7, "bots": {"1": "random"}},
        ).json()
        learner = new_page(browser, errors)
        teacher = new_page(browser, errors)
        try:
            learner.goto(made["seats"][0]["join"])
            learner.fill("#clash-name", "Ada")
            learner.click("#clash-join [data-action=join]")
            expect(learner.locator(".secolo-table")).to_be_visible()
            yield Room(http, key, made["room"], learner, teacher)
        finally:
            for page in (learner, teacher):
                page.context.close()
