"""Build a read-only HTML version of the executed course (``make course-html``).

Usage: python scripts/build_course_html.py [--out build/course-html] [NOTEBOOK ...]
(default: every notebook in notebooks/ but the play screen).

Each notebook runs top to bottom; every board and table then shows as the still
SVG picture its output carries beside the live widget (clash_widget/widget/picture.py),
charts as the images they are. A widget with no still picture (a progress bar) is
left out: the page is read-only. An index page links the lessons. Prints each
notebook's longest cell (seconds).

The pages work offline and read well: each page is titled after its lesson, each board
picture's alternative text is the position in words (the picture's own title and
description), no script is loaded from another site, and the prompts' colours pass
contrast (WCAG AA).
"""

from __future__ import annotations

import argparse
import base64
import html
import os
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import nbformat
from bs4 import BeautifulSoup
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


# Colours of the lab template that fall under 4.5:1 (WCAG AA): the prompts (#307fc1, #bf5b3d
# on white) and the code's highlighting on the cells' grey (#f5f5f5): comments #408080,
# numbers #080, operators #a2f, ... Links in running text are underlined, not only coloured.
PAGE_STYLE = """
.jp-InputPrompt { color: #1f5f99 !important; opacity: 1 !important; }
.jp-OutputPrompt { color: #a0401f !important; opacity: 1 !important; }
:root {
  --jp-mirror-editor-atom-color: #3b3bc7;
  --jp-mirror-editor-bracket-color: #5e5e44;
  --jp-mirror-editor-builtin-color: #006b00;
  --jp-mirror-editor-comment-color: #3b6e6e;
  --jp-mirror-editor-error-color: #c00000;
  --jp-mirror-editor-keyword-color: #006b00;
  --jp-mirror-editor-meta-color: #8a1ccf;
  --jp-mirror-editor-number-color: #006b00;
  --jp-mirror-editor-operator-color: #8a1ccf;
  --jp-mirror-editor-quote-color: #006b00;
}
.jp-RenderedHTMLCommon a, .jp-RenderedHTMLCommon a:link, .jp-RenderedHTMLCommon a:visited {
  text-decoration: underline !important;
}
"""
SVG_DATA = "data:image/svg+xml;base64,"


def picture_words(src: str) -> str:
    """A board picture's alternative text: its title and description, as the SVG says."""
    svg = base64.b64decode(src[len(SVG_DATA) :]).decode("utf-8", "replace")
    parts = [
        html.unescape(m.group(1)).strip()
        for tag in ("desc", "title")
        if (m := re.search(rf"<{tag}>(.*?)</{tag}>", svg, re.S))
    ]
    return parts[0] if parts else "A picture of the game."


def chart_words(nb: nbformat.NotebookNode) -> list[str]:
    """The alternative text of every PNG picture of ``nb``, in page order: its output's text
    (the lessons' charts describe themselves there), or a plain "A chart."."""
    words = []
    for cell in nb.cells:
        for out in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = out.get("data", {})
            if "image/png" in data:
                text = str(data.get("text/plain", "")).strip()
                words.append(text if text and not text.startswith("<") else "A chart.")
    return words


def readable(body: str, title: str, charts: Sequence[str] = ()) -> str:
    """The page as the course publishes it: titled, pictures described, offline."""
    soup = BeautifulSoup(body, features="html.parser")
    if soup.title is None and soup.head is not None:
        soup.head.append(soup.new_tag("title"))
    if soup.title is not None:
        soup.title.string = f"{title}: clash_widget course"
    told = iter(charts)
    for img in soup.select("img"):
        src = str(img.get("src", ""))
        if src.startswith(SVG_DATA):
            img["alt"] = picture_words(src)
        elif src.startswith("data:image/png"):
            img["alt"] = next(told, "A chart.")
    for script in soup.select("script[src]"):  # require.js, MathJax, mermaid from a CDN
        if re.match(r"^(https?:)?//", str(script["src"])):
            script.decompose()
    style = soup.new_tag("style")
    style.string = PAGE_STYLE
    if soup.head is not None:
        soup.head.append(style)
    return str(soup)


def lesson_title(nb: nbformat.NotebookNode, fallback: str) -> str:
    first = next((c for c in nb.cells if c.cell_type == "markdown"), None)
    line = first.source.strip().splitlines()[0] if first and first.source.strip() else ""
    return line.lstrip("# ").strip() or fallback


def build(paths: list[Path], out: Path) -> dict[str, float]:
    out.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter(template_name="lab")
    longest: dict[str, float] = {}
    links = []
    for path in paths:
        nb, longest[path.name] = execute(path)
        title = lesson_title(nb, path.stem)
        body, _ = exporter.from_notebook_node(
            read_only(nb), resources={"metadata": {"name": title}}
        )
        page = out / (path.stem + ".html")
        page.write_text(readable(body, title, chart_words(nb)), encoding="utf-8")
        links.append(f'<li><a href="{page.name}">{html.escape(title)}</a></li>')
        print(f"{path.name}: longest cell {longest[path.name]:.1f} s -> {page}", flush=True)
    (out / "index.html").write_text(
        "<!doctype html><html lang='en'><meta charset='utf-8'>"
        "<title>clash_widget: the course</title>"
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
