"""The read-only course in a real browser (issue 37, item 11): three lesson pages pass
axe-core with colour contrast measured, show every board picture with its position in words,
and load nothing from another site (the course must work offline).

``make test`` builds the whole course (``make course-html``) before pytest; run alone, this
test builds the three lessons it reads.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from a11y_helpers import axe_audit, report

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
BUILT = REPO / "build" / "course-html"
LESSONS = ["00_start_here", "07_battles_and_capture", "22_history_ccg"]
LOCAL = re.compile(r"^(file:|data:|about:)")


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Path:
    if all((BUILT / f"{name}.html").is_file() for name in LESSONS):
        return BUILT
    sys.path.insert(0, str(REPO / "scripts"))
    from build_course_html import build, use_this_checkout

    use_this_checkout()
    out = tmp_path_factory.mktemp("course-html")
    build([REPO / "notebooks" / f"{name}.ipynb" for name in LESSONS], out)
    return out


@pytest.mark.parametrize("name", LESSONS)
def test_a_course_page_reads_well_offline(browser, pages, name):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    asked: list[str] = []
    ctx.route(
        re.compile(r"^https?://"), lambda route: (asked.append(route.request.url), route.abort())
    )
    page = ctx.new_page()
    try:
        page.goto((pages / f"{name}.html").as_uri())
        title = page.title()
        assert title.endswith(": clash_widget course") and title != "Notebook: clash_widget course"
        alts = page.eval_on_selector_all("img", "els => els.map((e) => e.alt)")
        assert alts and all(a and "No description" not in a for a in alts), alts
        assert not asked, f"{name} asked another site for {asked}"
        violations = axe_audit(page, "body")
        assert not violations, report(violations)
    finally:
        ctx.close()
