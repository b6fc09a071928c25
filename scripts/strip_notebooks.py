"""Clear outputs, execution counts and saved widget state from notebooks.

Usage: python scripts/strip_notebooks.py [--check] [PATH ...]   (default: notebooks/)
With --check nothing is written; the exit status is 1 if any notebook would change.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

VOLATILE_METADATA = ("widgets", "execution")


def strip(nb: nbformat.NotebookNode) -> bool:
    """Strip ``nb`` in place; return True if anything changed."""
    changed = False
    for key in VOLATILE_METADATA:
        if key in nb.metadata:
            del nb.metadata[key]
            changed = True
    for cell in nb.cells:
        if cell.cell_type != "code":
            if "attachments" in cell and not cell.attachments:
                del cell["attachments"]
                changed = True
            continue
        if cell.get("outputs"):
            cell.outputs = []
            changed = True
        if cell.get("execution_count") is not None:
            cell.execution_count = None
            changed = True
        for key in ("execution", "collapsed", "scrolled"):
            if key in cell.metadata:
                del cell.metadata[key]
                changed = True
    return changed


def notebooks(paths: list[str]) -> list[Path]:
    found: list[Path] = []
    for p in map(Path, paths or ["notebooks"]):
        if p.is_dir():
            found += sorted(q for q in p.rglob("*.ipynb") if ".ipynb_checkpoints" not in q.parts)
        else:
            found.append(p)
    return found


def main(argv: list[str]) -> int:
    check = "--check" in argv
    dirty = 0
    for path in notebooks([a for a in argv if a != "--check"]):
        nb = nbformat.read(path, as_version=4)
        if strip(nb):
            dirty += 1
            if check:
                print(f"not stripped: {path}")
            else:
                nbformat.write(nb, path)
                print(f"stripped: {path}")
    return 1 if (check and dirty) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
