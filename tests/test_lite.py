"""The offline JupyterLite site's pieces that need no browser.

- JavaScript ``null`` from the Pyodide kernel (``pyodide.ffi.jsnull``) becomes None
  before any trait sees it (the bot-seat selector sent "unknown bot jsnull").
- The lessons' charts fall back to SVG (and say why in one line) where matplotlib cannot
  be imported (the lessons' pictures are SVG everywhere), and the course notebooks that
  draw charts run top to bottom that way.
- The site builder's pure helpers, its pins, the site's config, and the play screen.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from urllib.parse import urljoin

import nbformat
import pytest

from clash_widget.lessons import charts, pictures
from clash_widget.lessons.charts import Panel, Series
from clash_widget.widget import ClashBoard, SecoloTable, browser
from clash_widget.widget.browser import from_browser
from clash_widget.widget.play import PlayScreen, start_game

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
import build_lite  # noqa: E402

# Libraries the offline site cannot have (compiled for Pyodide, not on PyPI). numpy
# stays importable here: the local kernel's own display code needs it; no lesson does.
COMPILED = ("matplotlib", "PIL", "ipycanvas")


class JsNull:
    """Stands for ``pyodide.ffi.jsnull`` outside Pyodide."""

    def __repr__(self) -> str:
        return "jsnull"


NULL = JsNull()


# ------------------------------------------------------------------ jsnull ---


def test_from_browser_turns_every_null_into_none() -> None:
    raw = {"bots": [NULL, "heuristic"], "seat": NULL, "intent": {"seq": 1, "key": NULL}}
    assert from_browser(raw, NULL) == {
        "bots": [None, "heuristic"],
        "seat": None,
        "intent": {"seq": 1, "key": None},
    }
    assert from_browser(raw) is raw  # outside Pyodide nothing changes


@pytest.mark.parametrize("kind", [ClashBoard, SecoloTable])
def test_null_from_the_browser_is_a_person_and_the_teachers_view(kind, monkeypatch) -> None:
    monkeypatch.setattr(browser, "_browser_null", lambda: NULL)
    w = kind(players=2, seed=3, seat=0, bots=["random", "heuristic"])
    w.set_state({"bots": [NULL, "heuristic"]})
    assert w.bots == [None, "heuristic"]
    assert "jsnull" not in w.feedback.get("message", "")
    assert w.session.bots == [None, "heuristic"]
    w.set_state({"seat": NULL})
    assert w.seat is None and w.view["seat"] is None
    w.set_state({"position": 0})
    w.set_state({"position": NULL})
    assert w.position is None
    w.close()


# -------------------------------------------------------- charts, pictures ---


PANELS = [
    Panel(
        "open field",
        "attacking armies",
        "attacker wins (%)",
        [
            Series("1 defending", [1, 2, 3], [50.0, 75.5, 90.25]),
            Series("engine: 2 vs 1", [2], [77.3], "black", "points"),
        ],
        xticks=[1, 2, 3],
    )
]


def test_charts_without_matplotlib_are_svg_with_the_numbers_and_one_line_why() -> None:
    html = charts.charts_html(PANELS)
    assert html.count("<svg") == 1 and "<polyline" in html and html.count("<circle") >= 4
    assert charts.NO_PLOTTING in html and "matplotlib is not available" in charts.NO_PLOTTING
    for number in ("75.5", "90.25", "77.3"):
        assert f"<td>{number}</td>" in html
    assert "<th>attacking armies</th>" in html


def test_show_charts_picks_the_drawing(monkeypatch) -> None:
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    charts.show_charts(PANELS, plotting=False)
    assert len(shown) == 1 and "<svg" in shown[0].data
    charts.show_table(["variant", "seat 0 wins"], [["standard", 0.5512]], "win rates")
    assert charts.NO_PLOTTING_TABLE in shown[1].data and "<td>0.551</td>" in shown[1].data
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert charts.plotting_available() is False


def test_bar_charts_without_matplotlib_are_svg_with_the_numbers(monkeypatch) -> None:
    bars = [
        charts.Bar("4 status phases", -11.5, -13.0, -10.0, "±1.5"),
        charts.Bar("no events", 0.25, -1.5, 2.0, "±1.8", color="#999999"),
    ]
    html = charts.bars_html(bars, title="winner's VP", xlabel="difference", ref=0)
    assert html.count("<svg") == 1 and html.count("<rect") == 3  # two bars and the frame
    assert charts.NO_PLOTTING in html and "stroke-dasharray" in html  # the reference line
    assert "<td>-11.5</td>" in html and "<td>-13 to -10</td>" in html and "<td>±1.8</td>" in html
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj: shown.append(obj))
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    charts.show_bars(bars, title="winner's VP", xlabel="difference", ref=0)
    assert len(shown) == 1 and "<svg" in shown[0].data


def test_pictures_without_ipycanvas_are_svg(monkeypatch) -> None:
    from clash_widget.coc.scenario import Scenario

    monkeypatch.setitem(sys.modules, "ipycanvas", None)
    state = Scenario(players=2, seed=3).match().state
    pic = pictures.region_orientations(state, 1)
    assert isinstance(pic, pictures.SvgCanvas)
    out = pic._repr_svg_()
    assert out.count("<polygon") >= 8 and "orientation 1" in out
    tree = pictures.advance_tree(["farming"])._repr_svg_()
    assert "Farming" in tree and "#0072B2" in tree


def drawing_notebooks() -> list:
    """Course notebooks that draw with a library the offline site lacks (the lessons' pictures
    are SVG everywhere, so only charts qualify)."""
    out = []
    for p in sorted((REPO / "notebooks").glob("*.ipynb")):
        text = p.read_text(encoding="utf-8")
        if not any(s in text for s in ("matplotlib", "charts")):
            continue
        out.append(pytest.param(p, id=p.name))
    return out


@pytest.mark.parametrize("path", drawing_notebooks())
def test_drawing_notebooks_run_without_compiled_libraries(path, monkeypatch) -> None:
    """As on the offline site: matplotlib, numpy, pillow and ipycanvas cannot be imported."""
    from nbclient import NotebookClient

    monkeypatch.delenv("ANYWIDGET_HMR", raising=False)
    nb = nbformat.read(path, as_version=4)
    hide = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in COMPILED)
    nb.cells.insert(0, nbformat.v4.new_code_cell(hide))
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    text = json.dumps([c.get("outputs", []) for c in nb.cells])
    assert "is not available in this offline site" in text
    assert '"output_type": "error"' not in text


# ----------------------------------------------------------- the site build ---


def test_remote_images_become_links() -> None:
    badge = "[![Binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/x/y/main)"
    assert build_lite.offline_markdown(badge) == "[Binder](https://mybinder.org/v2/gh/x/y/main)"
    assert build_lite.offline_markdown("![a map](//cdn.example/a.png) ![ok](img.png)") == (
        "a map ![ok](img.png)"
    )
    for p in sorted((REPO / "notebooks").glob("*.ipynb")):
        text = build_lite.offline_markdown(p.read_text(encoding="utf-8"))
        assert not build_lite.BARE_REMOTE_IMAGE.search(text), p.name


def test_the_site_leaves_out_the_notebooks_that_start_the_classroom_server(tmp_path) -> None:
    """A browser's Python starts no process and opens no socket: notebook 23 stays out."""
    names = build_lite.notebooks(tmp_path / "files")
    course = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    left_out = [n for n in course if n not in names]
    assert left_out == ["23_play_together.ipynb"]
    assert sorted(p.name for p in (tmp_path / "files").iterdir()) == names
    assert build_lite.needs_server(REPO / "notebooks" / "23_play_together.ipynb")
    assert not build_lite.needs_server(REPO / "notebooks" / "00_start_here.ipynb")


def test_binder_installs_every_extra_the_course_uses() -> None:
    """Binder runs the whole course, notebook 23 (the classroom server) included."""
    lines = (REPO / "binder" / "requirements.txt").read_text().splitlines()
    install = [line for line in lines if line.strip() and not line.startswith("#")]
    assert len(install) == 1 and install[0].startswith(".[")
    extras = set(install[0][2:].rstrip("]").split(","))
    assert {"notebooks", "server"} <= extras
    assert any(build_lite.needs_server(p) for p in (REPO / "notebooks").glob("*.ipynb"))


def test_the_read_only_course_is_published_in_the_site_and_linked(tmp_path) -> None:
    """make course-html's pages go to the site's course/, linked from the front page and from
    JupyterLab's Help menu by a URL relative to lab/index.html (any hosting path works)."""
    pages = tmp_path / "course-html"
    pages.mkdir()
    (pages / "index.html").write_text("<a href='00_start_here.html'>Start here</a>")
    (pages / "00_start_here.html").write_text("<img src='data:image/svg+xml;base64,PHN2Zy8+'>")
    site = tmp_path / "site"
    (site / "lab").mkdir(parents=True)
    (site / "lab" / "favicon.ico").write_bytes(b"")

    assert build_lite.add_course(site, pages) == ["00_start_here.html", "index.html"]
    assert (site / "course" / "00_start_here.html").read_text() == (
        pages / "00_start_here.html"
    ).read_text()
    build_lite.open_start_notebook(site, course=True)
    front = (site / "index.html").read_text()
    assert "href='./course/index.html'>The course, read-only</a>" in front
    assert "location.replace('./lab/index.html?path=00_start_here.ipynb')" in front

    base = json.loads((REPO / "lite" / "overrides.json").read_text())
    settings = build_lite.with_course_link(base)
    assert {k: settings[k] for k in base} == base  # the site's other settings kept
    (menu,) = settings["@jupyterlab/mainmenu-extension:plugin"]["menus"]
    (item,) = menu["items"]
    assert menu["id"] == "jp-mainmenu-help" and item["command"] == "help:open"
    assert item["args"]["text"] == "The course, read-only" and item["args"]["newBrowserTab"]
    lab = "https://example.github.io/clash_widget/lab/index.html"
    assert urljoin(lab, item["args"]["url"]) == (
        "https://example.github.io/clash_widget/course/index.html"
    )


def test_without_course_pages_the_site_has_no_course_link(tmp_path) -> None:
    site = tmp_path / "site"
    (site / "lab").mkdir(parents=True)
    (site / "lab" / "favicon.ico").write_bytes(b"")
    build_lite.open_start_notebook(site)
    assert "course/" not in (site / "index.html").read_text()
    with pytest.raises(build_lite.BuildError, match="make course-html"):
        build_lite.check_course(tmp_path / "no-pages")


def test_lock_helpers() -> None:
    assert build_lite.norm("Pygments") == "pygments"
    assert build_lite.norm("prompt_toolkit") == "prompt-toolkit"
    deps = build_lite.runtime_deps(
        [
            "ipywidgets>=7.6",
            "psygnal>=0.8.1",
            "watchfiles; extra == 'dev'",
            "pywin32; sys_platform == 'win32'",
            "typing-extensions>=4.2.0",
        ]
    )
    assert deps == ["ipywidgets", "psygnal", "typing-extensions"]
    packages = {"a": {"depends": ["B_c"]}, "b-c": {"depends": []}, "z": {"depends": []}}
    assert build_lite.closure(packages, ("a",)) == ["a", "b-c"]


def test_pins_agree() -> None:
    """package.json pins the npm pyodide the kernel expects; the lite extra pins the kernel."""
    kernel = pytest.importorskip("jupyterlite_pyodide_kernel.constants")
    pkg = json.loads((REPO / "package.json").read_text())
    assert pkg["devDependencies"]["pyodide"] == kernel.PYODIDE_VERSION
    extras = (REPO / "pyproject.toml").read_text()
    assert "jupyterlite-core==" in extras and "jupyterlite-pyodide-kernel==" in extras


def test_site_config_preloads_the_package_offline() -> None:
    cfg = json.loads((REPO / "lite" / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = cfg["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["clash-widget"]


# ------------------------------------------------------------ play screen ---


def test_play_screen_form_then_the_board_alone() -> None:
    screen = PlayScreen()
    assert screen.seats == [None, "heuristic"]
    screen.players.value = 3
    assert screen.seats == [None, "heuristic", "heuristic"]
    screen.game.value = "secolo"
    assert list(screen.players.options)[0] == 2 and len(screen.seats) == 3
    screen.game.value = "coc"
    screen.players.value = 2
    screen.start.click()
    w = screen.widget
    assert isinstance(w, ClashBoard)
    assert screen.box.children == (screen.new_game, w)  # the board alone, under "New game"
    assert (w.seat, w.hotseat, w.autoplay, w.bots) == (0, False, True, [None, "heuristic"])
    assert w.match.names == ["Blue", "Orange"]
    # "New game" on a game still running asks first (issue #37): keep playing, or leave.
    screen.new_game.click()
    assert screen.box.children == (screen.ask, w) and screen.widget is w
    screen.stay.click()
    assert screen.box.children == (screen.new_game, w)
    screen.new_game.click()
    screen.leave.click()  # back to the form, the game's bots stopped
    assert screen.box.children == (screen.form,) and screen.widget is None


def test_play_screen_name_boxes_have_labels() -> None:
    """A name box is labelled (its placeholder vanishes as one types; issue #37)."""
    screen = PlayScreen(players=2)
    boxes = [row.children[1] for row in screen.seat_box.children]
    assert [b.description for b in boxes] == ["Blue's name", "Orange's name"]


def test_play_screen_seats_show_a_person_and_take_names() -> None:
    screen = PlayScreen(players=2)
    menus = [row.children[0] for row in screen.seat_box.children]
    # The default person seat shows "person", not a blank menu (its value was None)
    assert menus[0].value == "person" and menus[0].label == "person"
    assert [m.description for m in menus] == ["Blue", "Orange"]  # seats by their names
    screen.seat_box.children[0].children[1].value = "Ada"
    assert screen.names == ["Ada", "Orange"]
    w = screen.begin()
    assert w.match.names == ["Ada", "Orange"] and w.view["players"][0]["name"] == "Ada"
    w.stop_bots()
    w.close()
    screen.back_to_form()
    screen.seat_box.children[1].children[1].value = "ada"
    assert screen.begin() is None and "same name" in screen.problem.value


def test_start_game_views() -> None:
    two = start_game("coc", [None, None], 4)
    assert two.hotseat and not two.autoplay
    bots = start_game("secolo", ["random", "random"], 4)
    assert isinstance(bots, SecoloTable) and bots.seat is None and bots.autoplay
    for w in (two, bots):
        w.stop_bots()
        w.close()


def test_a_matplotlib_chart_carries_its_words(monkeypatch) -> None:
    """With matplotlib the chart is a PNG whose text says what it shows (the read-only course
    makes that text the picture's alternative text), not "<Figure size ...>"."""
    if not charts.plotting_available():
        pytest.fail("matplotlib is one of the [notebooks] extra's packages")
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda obj, **kw: shown.append((obj, kw)))
    charts.show_charts(PANELS, plotting=True)
    ((bundle, kw),) = shown
    assert kw == {"raw": True} and bundle["image/png"]
    assert bundle["text/plain"].startswith("A chart") and PANELS[0].title in bundle["text/plain"]
    shown.clear()
    charts.show_bars([charts.Bar("no events", 0.25)], title="winner's VP", xlabel="difference",
                     plotting=True)  # fmt: skip
    assert shown[0][0]["text/plain"] == "A bar chart. winner's VP (difference): no events: 0.25."
