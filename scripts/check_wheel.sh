#!/usr/bin/env bash
# Release guard: the wheel must ship the committed JS bundle (an install from
# the wheel cannot build it), and building it must not need npm.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HATCH_JUPYTER_BUILDER_SKIP_NPM=1 "$PY" -m pip wheel --quiet --no-deps --wheel-dir "$tmp" . 2>&1 \
  | { grep -v "is ignored: it is neither a file nor a directory" || true; }
"$PY" - "$tmp"/*.whl <<'PY'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
need = [
    "clash_widget/static/widget.js", "clash_widget/static/widget.css", "clash_widget/widget/board.py",
    "clash_widget/static/secolo.js", "clash_widget/static/secolo.css",
    "clash_widget/widget/secolo_table.py", "clash_widget/secolo/data/cards.json",
    "clash_widget/static/persistence.js", "clash_widget/static/persistence.css",
    "clash_widget/widget/persistence_map.py", "clash_widget/persistence/data/map.json",
    "clash_widget/static/history.js", "clash_widget/static/history.css",
    "clash_widget/widget/history_table.py", "clash_widget/history/data/designs.json",
]
missing = [n for n in need if n not in names]
if missing:
    sys.exit(f"check-wheel: FAILED: {sys.argv[1]} lacks {missing}")
print(f"check-wheel: ok ({len(names)} files, bundle included)")
PY
