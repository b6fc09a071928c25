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
# (run from the repository root, so the specs read are this checkout's)
"$PY" - "$tmp"/*.whl <<'PY'
import sys, zipfile
from pathlib import Path
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
# Every game's bundle, widget module and data, as its spec declares it (GameSpec).
from clash_widget.engine import GAMES
need = []
for spec in GAMES.values():
    need += spec.bundle_files
    if spec.widget:
        need.append(spec.widget.partition(":")[0].replace(".", "/") + ".py")
    folder = spec.package.replace(".", "/")
    need += [f"{folder}/spec.py"] + [str(p) for p in sorted(Path(folder).glob("data/*.json"))]
# ... and the bundles no game owns (the classroom's play page and teacher's console).
from clash_widget.engine.spec import OTHER_BUNDLES
need += [f for b in OTHER_BUNDLES for f in b.files]
missing = [n for n in need if n not in names]
if missing:
    sys.exit(f"check-wheel: FAILED: {sys.argv[1]} lacks {missing}")
print(f"check-wheel: ok ({len(names)} files, bundle included)")
PY
