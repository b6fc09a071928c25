"""Every notebook in notebooks/ runs headless top to bottom, and is committed stripped."""

from __future__ import annotations

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
def test_notebook_runs_headless(path, tmp_path, monkeypatch):
    from nbclient import NotebookClient

    monkeypatch.delenv("ANYWIDGET_HMR", raising=False)
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    errors = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors
