"""Shared pytest configuration.

Browser tests (``@pytest.mark.browser``) skip on a machine without chromium,
except when CI=true or CLASH_REQUIRE_BROWSER=1 (``make test`` sets it): then a
skipped browser test is reported as a failure, so a green run always means
the real-browser tests ran.
"""

from __future__ import annotations

import os

import pytest


def browser_required() -> bool:
    return (
        os.environ.get("CI", "").lower() == "true" or os.environ.get("CLASH_REQUIRE_BROWSER") == "1"
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if (
        report.skipped
        and browser_required()
        and item.get_closest_marker("browser") is not None
        and not hasattr(report, "wasxfail")
    ):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"browser test skipped but browsers are required here: {reason}"
