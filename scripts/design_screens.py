#!/usr/bin/env python3
"""Screenshots of the four tables for docs/design.md: ``python scripts/design_screens.py``.

Each game is shown at three moments in a real JupyterLab (headless chromium, the test
harness): at the start, mid-game, and answering a refused move (the same intent path a
click uses), in a window whose notebook cell is about ``--width`` pixels wide (default
800: JupyterLab's default layout in a 1234 px window). Writes
``docs/design/<game>-start.png``, ``-mid.png`` and ``-refusal.png`` and prints, per game,
whether the widget scrolls sideways (it must not). ``make screenshot`` runs it. The kernel
imports this checkout's ``clash_widget`` (PYTHONPATH), so the pictures show this
checkout's bundle.
Usage: ``python scripts/design_screens.py [--width 800] [--out docs/design] [--games coc,secolo]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from clash_widget.lab.jupyter_harness import (  # noqa: E402
    LabServer,
    launch_chromium,
    open_notebook,
    run_all_cells,
)
from clash_widget.lab.lite_harness import KERNEL_EXEC_JS  # noqa: E402

# Plays seeded random legal actions to reach a mid-game position (reproducible), keeping
# the keys that were legal on the way: one of them that is refused now (by a named rule)
# is the refusal shown.
ADVANCE = """\
import random
from clash_widget.engine import Match

SEEN = []

def advance(m, n, seed=1):
    rng = random.Random(seed)
    for _ in range(n):
        acts = m.legal_actions()
        if m.is_over or not acts:
            break
        SEEN.extend(a.key for a in acts)
        m.play(rng.choice(acts))
    return m

def refused_key(m):
    # a game's own rule (not the engine's "not now"), the most recent first
    refused = [(k, m.check(k)) for k in dict.fromkeys(reversed(SEEN))]
    refused = [(k, v) for k, v in refused if v is not None]
    for key, verdict in refused:
        if not verdict.rule_id.startswith("engine."):
            return key
    return refused[0][0]
"""

# The start of each game (the same seats as its mid-game).
START = {
    game: f"from clash_widget.widget import {cls}\nw0 = {cls}(Match.new({game!r}, {n}, {seed}))\nw0"
    for game, cls, n, seed in (
        ("coc", "ClashBoard", 4, 5),
        ("secolo", "SecoloTable", 2, 2),
        ("persistence", "PersistenceMap", 3, 1),
        ("history", "HistoryTable", 2, 1),
    )
}

GAMES = {
    "coc": (
        ".clash-widget",
        "from clash_widget.widget import ClashBoard\n"
        "from clash_widget.coc.demo import demo_midgame\n"
        "w = ClashBoard(demo_midgame(players=4, seed=5))\nw",
    ),
    "secolo": (
        ".secolo-table",
        "from clash_widget.widget import SecoloTable\n"
        "w = SecoloTable(advance(Match.new('secolo', 2, 2), 14))\nw",
    ),
    "persistence": (
        ".poc-widget",
        "from clash_widget.widget import PersistenceMap\n"
        "w = PersistenceMap(advance(Match.new('persistence', 3, 1), 12))\nw",
    ),
    "history": (
        ".hccg-table",
        "from clash_widget.widget import HistoryTable\n"
        "w = HistoryTable(advance(Match.new('history', 2, 1), 20))\nw",
    ),
}

# The refusal to show: the widget answers an illegal action the way it answers a click.
# Clash of Cultures' and History's are chosen (a trade without the goods; research beyond
# the trade left); the others' is a key that was legal earlier in the seeded game.
REFUSAL = {"coc": repr("trade 1 gold:1 ore:1"), "history": repr("research 2")}
REFUSE = """w.intent = {{"seq": 999, "version": w.match.version, "type": "act", "key": {key}}}"""

# JupyterLab's side bar and margins around a notebook cell's output, in pixels.
LAB_CHROME = 434


def notebook(*sources: str) -> str:
    cells = [
        {"cell_type": "code", "metadata": {}, "source": s, "outputs": [], "execution_count": None}
        for s in sources
    ]
    meta = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
    return json.dumps({"cells": cells, "metadata": meta, "nbformat": 4, "nbformat_minor": 5})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, default=800, help="the notebook cell's width in pixels")
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "design")
    ap.add_argument("--games", default=",".join(GAMES))
    a = ap.parse_args()
    from playwright.sync_api import sync_playwright

    os.environ["PYTHONPATH"] = os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])
    a.out.mkdir(parents=True, exist_ok=True)
    games = [g for g in a.games.split(",") if g]
    root = Path(tempfile.mkdtemp(prefix="design-screens-"))
    nbs = root / "nbs"
    nbs.mkdir()
    for g in games:
        (nbs / f"{g}.ipynb").write_text(notebook(ADVANCE, START[g], GAMES[g][1]))
    server = LabServer(root, nbs)
    server.start(timeout=60)
    bad = 0
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            for g in games:
                ctx = browser.new_context(viewport={"width": a.width + LAB_CHROME, "height": 2400})
                page = ctx.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                open_notebook(page, server, f"{g}.ipynb")
                run_all_cells(page)
                widgets = page.locator(GAMES[g][0])
                widgets.nth(1).wait_for(state="visible", timeout=60_000)
                page.evaluate("() => document.fonts.ready")
                page.wait_for_timeout(1000)
                sideways = False
                for moment, widget in (("start", widgets.nth(0)), ("mid", widgets.nth(1))):
                    scroll, client = widget.evaluate("e => [e.scrollWidth, e.clientWidth]")
                    sideways = sideways or scroll > client
                    widget.scroll_into_view_if_needed()
                    widget.screenshot(path=str(a.out / f"{g}-{moment}.png"), animations="disabled")
                widget = widgets.nth(1)
                key = REFUSAL.get(g, "refused_key(w.match)")
                res = page.evaluate(KERNEL_EXEC_JS, REFUSE.format(key=key))
                assert res["status"] == "ok", res
                widget.locator(".match-feedback.is-refused").wait_for(timeout=30_000)
                widget.locator(".match-feedback").scroll_into_view_if_needed()
                widget.screenshot(path=str(a.out / f"{g}-refusal.png"), animations="disabled")
                bad += sideways or bool(errors)
                print(f"{g}: {client} px wide, scrolls sideways: {sideways}, page errors: {errors}")
                ctx.close()
            browser.close()
    finally:
        server.stop()
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
