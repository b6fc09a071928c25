#!/usr/bin/env bash
# Fail when the committed JS bundle (clash_widget/static/) differs from a fresh
# build of js/. Uses the front end's own `npm run check-bundle` when it exists;
# otherwise rebuilds in place, compares with a saved copy and restores it.
set -euo pipefail
cd "$(dirname "$0")/.."
STATIC=clash_widget/static

if [ ! -f package.json ]; then
  echo "check-bundle: no package.json yet, skipped"; exit 0
fi
if node -e 'process.exit(require("./package.json").scripts?.["check-bundle"] ? 0 : 1)'; then
  npm run --silent check-bundle
  echo "check-bundle: ok (npm run check-bundle)"
  exit 0
fi

saved=$(mktemp -d)
trap 'rm -rf "$saved"' EXIT
cp -a "$STATIC/." "$saved/"
npm run --silent build >/dev/null
if diff -r -q "$saved" "$STATIC" >/dev/null; then
  echo "check-bundle: ok ($STATIC matches a fresh build)"
else
  diff -r -q "$saved" "$STATIC" || true
  # put the committed files back so the check leaves the tree as it found it
  rm -rf "${STATIC:?}"/* && cp -a "$saved/." "$STATIC/"
  echo "check-bundle: FAILED: $STATIC is stale; run 'make bundle' and commit the result" >&2
  exit 1
fi
