#!/usr/bin/env bash
# Fail if the committed bundles (clash_widget/static/widget.js + .css for the board,
# secolo.js + .css for the Secolo card table) are not what `npm run build` makes
# from js/src. Needs node_modules (npm ci).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# `npm run build` runs build:widget and build:secolo; run the same two commands
# with the output elsewhere (esbuild keeps the last --outfile).
npm run build:widget --silent -- --outfile="$tmp/widget.js" --log-level=warning
npm run build:secolo --silent -- --outfile="$tmp/secolo.js" --log-level=warning
status=0
for f in widget.js widget.css secolo.js secolo.css; do
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
