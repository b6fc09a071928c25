#!/usr/bin/env bash
# Fail if the committed bundles (clash_widget/static/<name>.js + .css, one per `build:<name>`
# script of package.json: one per game, as its GameSpec says, checked by
# tests/test_game_specs.py) are not what `npm run build` makes from js/src.
# Needs node_modules (npm ci).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
names=$(node -e 'const s = require("./package.json").scripts;
  console.log(Object.keys(s).filter(k => k.startsWith("build:")).map(k => k.slice(6)).join(" "))')
status=0
for name in $names; do
  # the same command with the output elsewhere (esbuild keeps the last --outfile)
  npm run "build:$name" --silent -- --outfile="$tmp/$name.js" --log-level=warning
  for f in "$name.js" "$name.css"; do
    if [ "$f" = "$name.css" ] && [ ! -f "$tmp/$f" ] && [ ! -f "clash_widget/static/$f" ]; then
      continue  # a bundle without a style sheet (the play page's)
    elif [ ! -f "clash_widget/static/$f" ]; then
      echo "check-bundle: clash_widget/static/$f is missing: run npm run build" >&2
      status=1
    elif ! cmp -s "$tmp/$f" "clash_widget/static/$f"; then
      echo "check-bundle: clash_widget/static/$f is stale: run npm run build and commit it" >&2
      status=1
    fi
  done
done
[ "$status" -eq 0 ] && echo "check-bundle: committed bundles are up to date ($names)"
exit "$status"
