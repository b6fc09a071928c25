"""The coach in a real JupyterLab (issue 38): the Hint button of the Secolo sandbox table asks
Python's coach, the hint's words come back in the feedback line, and it is a legal move."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_hint_button_shows_the_coach_s_words(lab):
    page = lab.page
    lab.open_notebook("20_secolo_di_ferro.ipynb")
    lab.run_all()
    tables = page.locator(".secolo-table")
    expect(tables).to_have_count(2, timeout=90_000)
    sandbox = tables.last
    lab.kernel("sandbox.hint_budget = {'rounds': 6}")
    hint = sandbox.locator('button[data-intent="hint"]')
    expect(hint).to_have_count(1)
    hint.click()
    message = sandbox.locator(".secolo-feedback-message")
    expect(message).to_contain_text("Hint for", timeout=30_000)
    expect(message).to_contain_text("simulated games")
    state = lab.kernel_json(
        "{'key': sandbox.hint.get('key'), 'legal': [str(a) for a in sandbox.match.legal_actions()],"
        " 'version': sandbox.hint.get('version'), 'now': sandbox.match.version}"
    )
    assert state["key"] in state["legal"] and state["version"] == state["now"]
    assert state["key"] not in message.inner_text()
