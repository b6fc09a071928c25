"""Every notebook in notebooks/ runs headless top to bottom, and is committed stripped."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(
    p for p in (REPO / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts
)
IDS = [str(p.relative_to(REPO / "notebooks")) for p in NOTEBOOKS]

sys.path.insert(0, str(REPO / "scripts"))
from build_course_html import execute_timed  # noqa: E402
from strip_notebooks import strip  # noqa: E402


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ is empty"
    assert (REPO / "notebooks" / "00_start_here.ipynb") in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_is_stripped(path):
    nb = nbformat.read(path, as_version=4)
    assert not strip(nb), f"{path.name} has outputs or execution counts: run `make strip`"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_metadata(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3", (
        "set the python3 kernelspec so Lab never asks for a kernel"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs_headless(path, tmp_path, monkeypatch, capsys):
    """Runs every cell (this checkout's clash_widget) and prints the longest cell's time.

    The time is printed, not asserted (a rules lesson aims at under 5 s a cell; the
    machine decides the figure); `pytest -s` or the run's summary shows it."""
    monkeypatch.delenv("ANYWIDGET_HMR", raising=False)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    nb = nbformat.read(path, as_version=4)
    nb, longest = execute_timed(nb, path.parent)  # raises CellExecutionError on a failing cell
    with capsys.disabled():
        print(f"\n{path.name}: longest cell {longest:.1f} s")
    errors = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors
