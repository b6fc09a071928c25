#!/usr/bin/env bash
# Fail if the committed bundles (clash_widget/static/widget.js + .css for the board,
# secolo.js + .css for the Secolo card table, persistence.js + .css for the world map,
# history.js + .css for the History CCG card table)
# are not what `npm run build` makes from js/src. Needs node_modules (npm ci).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# `npm run build` runs build:widget, build:secolo, build:persistence and build:history; run the
# same commands with the output elsewhere (esbuild keeps the last --outfile).
npm run build:widget --silent -- --outfile="$tmp/widget.js" --log-level=warning
npm run build:secolo --silent -- --outfile="$tmp/secolo.js" --log-level=warning
npm run build:persistence --silent -- --outfile="$tmp/persistence.js" --log-level=warning
npm run build:history --silent -- --outfile="$tmp/history.js" --log-level=warning
npm run build:play --silent -- --outfile="$tmp/play.js" --log-level=warning
status=0
for f in widget.js widget.css secolo.js secolo.css persistence.js persistence.css history.js history.css play.js; do
  if [ ! -f "clash_widget/static/$f" ]; then
    echo "check-bundle: clash_widget/static/$f is missing: run npm run build" >&2
    status=1
  elif ! cmp -s "$tmp/$f" "clash_widget/static/$f"; then
    echo "check-bundle: clash_widget/static/$f is stale: run npm run build and commit it" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "check-bundle: committed bundle is up to date"
exit "$status"
