"""Build a read-only HTML version of the executed course (``make course-html``).

Usage: python scripts/build_course_html.py [--out build/course-html] [NOTEBOOK ...]
(default: every notebook in notebooks/ but the play screen).

Each notebook runs top to bottom; every board and table then shows as the still
SVG picture its output carries beside the live widget (clash_widget/widget/picture.py),
charts as the images they are. A widget with no still picture (a progress bar) is
left out: the page is read-only. An index page links the lessons. Prints each
notebook's longest cell (seconds).
"""

from __future__ import annotations

import argparse
import html
import os
import sys
import time
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

REPO = Path(__file__).resolve().parents[1]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
SKIP = {"play.ipynb"}  # the play screen only starts a game: nothing to read


def course() -> list[Path]:
    return sorted(p for p in (REPO / "notebooks").glob("*.ipynb") if p.name not in SKIP)


def execute_timed(
    nb: nbformat.NotebookNode, cwd: Path, timeout: int = 600
) -> tuple[nbformat.NotebookNode, float]:
    """Run ``nb`` in ``cwd``; return it executed and its longest cell in seconds."""
    longest = 0.0

    class Timed(NotebookClient):  # type: ignore[misc]
        async def async_execute_cell(self, *args: Any, **kwargs: Any) -> Any:
            nonlocal longest
            start = time.perf_counter()
            try:
                return await super().async_execute_cell(*args, **kwargs)
            finally:
                longest = max(longest, time.perf_counter() - start)

    resources = {"metadata": {"path": str(cwd)}}
    Timed(nb, timeout=timeout, kernel_name="python3", resources=resources).execute()
    return nb, longest


def execute(path: Path) -> tuple[nbformat.NotebookNode, float]:
    return execute_timed(nbformat.read(path, as_version=4), path.parent)


def read_only(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Keep each widget's still picture, drop the live part (and widgets without one)."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_MIME in data:
                if len(set(data) - {WIDGET_MIME, "text/plain"}) == 0:
                    continue  # a widget with no picture of itself
                del data[WIDGET_MIME]
                data.pop("text/plain", None)
            kept.append(out)
        cell.outputs = kept
    return nb


def build(paths: list[Path], out: Path) -> dict[str, float]:
    out.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter(template_name="lab")
    longest: dict[str, float] = {}
    links = []
    for path in paths:
        nb, longest[path.name] = execute(path)
        body, _ = exporter.from_notebook_node(read_only(nb))
        page = out / (path.stem + ".html")
        page.write_text(body, encoding="utf-8")
        title = next(
            (c.source.splitlines()[0].lstrip("# ") for c in nb.cells if c.cell_type == "markdown"),
            path.stem,
        )
        links.append(f'<li><a href="{page.name}">{html.escape(title)}</a></li>')
        print(f"{path.name}: longest cell {longest[path.name]:.1f} s -> {page}", flush=True)
    (out / "index.html").write_text(
        "<!doctype html><meta charset='utf-8'><title>clash_widget: the course</title>"
        "<h1>The course, read-only</h1><p>Each lesson as it looks after running it. "
        "To play and try the exercises, open the notebooks in JupyterLab.</p><ul>"
        + "".join(links)
        + "</ul>",
        encoding="utf-8",
    )
    return longest


def use_this_checkout() -> None:
    """Kernels import this checkout's clash_widget (whatever the venv has installed)."""
    paths = [str(REPO), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "build" / "course-html")
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    use_this_checkout()
    build([p.resolve() for p in args.notebooks] or course(), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
