"""`python -m clash_widget bench --browser` runs end to end and prints well-formed
JSON lines (a tiny sample; the timings themselves are never asserted)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from clash_widget.lab.browser_bench import find_chromium

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
REQUIRED = {
    "click_redraw_ms_median",
    "trivial_click_redraw_ms_median",
    "board_overhead_ms_median",
    "click_overhead_ms_median",
    "update_payload_kb_median",
    "act_update_payload_kb_median",
    "first_render_ms",
    "click_redraw_ms_median_stock",
    "act_ack_ms_median",
}


def test_browser_bench_prints_metrics():
    if find_chromium() is None:
        pytest.skip("no chromium binary (apt-get install chromium)")
    out = subprocess.run(
        [sys.executable, "-m", "clash_widget", "bench", "--browser", "--clicks", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    names = {m["metric"] for m in lines}
    assert REQUIRED <= names, names
    for m in lines:
        assert set(m) == {"metric", "value", "unit"}, m
        assert isinstance(m["value"], (int, float)) and math.isfinite(m["value"]), m
        assert isinstance(m["unit"], str) and m["unit"], m
    by = {m["metric"]: m["value"] for m in lines}
    assert by["click_redraw_ms_median"] > 0 and by["trivial_click_redraw_ms_median"] > 0
    assert by["update_payload_kb_median"] > 0 and by["first_render_ms"] > 0
    assert by["click_redraw_ms_median_stock"] > 0
    # An action click is acknowledged on the page before Python's answer can arrive.
    assert 0 <= by["act_ack_ms_median"] < by["act_click_redraw_ms_median"] + 100
