# clash_widget developer commands.
#
#   make lab         set up (only what changed) and open JupyterLab on the start notebook
#   make test        set up, install chromium if missing, run every check
#   make lite-serve  build the offline JupyterLite site (make lite) and serve it locally
#   make course-html run the course and write it as read-only HTML pages (build/course-html)
#
# Setup is incremental: the venv is created once, pip runs again only when
# pyproject.toml changes, npm ci only when package-lock.json changes, and the
# JS bundle is built only when it is missing (it is committed; `make bundle`
# rebuilds it on purpose).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
PY_STAMP := $(VENV)/.installed-stamp
NODE_STAMP := node_modules/.ci-stamp
BUNDLE := clash_widget/static/coc.js
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LAB_FLAGS ?= $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
HAVE_PACKAGE_JSON := $(wildcard package.json)
HAVE_LOCK := $(wildcard package-lock.json)

export PIP_DISABLE_PIP_VERSION_CHECK := 1
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: help setup lab test lint typecheck check-bundle check-wheel vitest pytest pytest-fast \
        chromium bundle strip screenshot clean lite lite-serve course-html

help:
	@echo "make lab          set up and open JupyterLab on notebooks/00_start_here.ipynb"
	@echo "make lite         build the course as a static JupyterLite site in build/lite (no server needed)"
	@echo "make lite-serve   build it and serve it on http://127.0.0.1:8000/ (LITE_PORT=...)"
	@echo "make course-html  run every lesson and write it as read-only HTML in build/course-html"
	@echo "make test         set up and run everything (ruff, tsc, bundle + wheel checks, vitest, pytest)"
	@echo "make pytest-fast  pytest without the browser tests"
	@echo "make bundle       rebuild clash_widget/static from js/"
	@echo "make strip        clear outputs from notebooks/*.ipynb"
	@echo "make screenshot   retake docs/screenshot.png (runs the browser tests) and docs/design/*.png"

# ---------------------------------------------------------------- setup ----

$(PY):
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "need Python >= 3.11, got " + sys.version'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Python deps: reinstall only when pyproject.toml changes. The npm build hook
# is skipped here because this Makefile builds the bundle itself.
$(PY_STAMP): pyproject.toml | $(PY)
	SKIP_JUPYTER_BUILDER=1 $(PY) -m pip install --quiet -e ".[notebooks,test,lite]" 2>&1 \
	  | { grep -v "is ignored: it is neither a file nor a directory" || true; }
	@touch $@

# The repo's package.json says "type": "module"; without this marker node would
# treat .js files inside the venv (JupyterLab's bundled yarn.js) as ES modules.
$(VENV)/package.json: | $(PY)
	@echo '{"type": "commonjs"}' > $@

ifneq ($(HAVE_LOCK),)
$(NODE_STAMP): package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@
else ifneq ($(HAVE_PACKAGE_JSON),)
$(NODE_STAMP): package.json
	npm install --no-audit --no-fund --loglevel=error
	@touch $@
else
$(NODE_STAMP):
	@echo "(no package.json yet: skipping npm)"
endif

# The bundle is committed; build it only when missing.
$(BUNDLE): | $(NODE_STAMP)
	@if [ -f package.json ]; then npm run --silent build; else echo "(no package.json: cannot build $(BUNDLE))"; fi

setup: $(PY_STAMP) $(VENV)/package.json $(NODE_STAMP) $(BUNDLE)

bundle: $(NODE_STAMP)
	npm run build

chromium:
	@if command -v chromium >/dev/null 2>&1; then \
	  echo "chromium: $$(command -v chromium)"; \
	else \
	  echo "installing chromium (apt)"; \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; \
	fi

# ------------------------------------------------------------------ run ----

lab: setup
	$(BIN)/jupyter lab $(LAB_FLAGS) notebooks/00_start_here.ipynb

# The offline site: the wheel, its pure dependencies, the lab extensions and Pyodide
# (npm package) in build/lite; downloads cached in build/lite-cache.
# LITE_COURSE=build/course-html (after make course-html) publishes the read-only pages in
# the site's course/, linked from its front page and JupyterLab's Help menu.
LITE_PORT ?= 8000
LITE_COURSE ?=
lite: setup
	$(PY) scripts/build_lite.py --out build/lite $(if $(LITE_COURSE),--course $(LITE_COURSE))

lite-serve: lite
	$(PY) scripts/serve_lite.py --dir build/lite --port $(LITE_PORT)

# The executed course as read-only pages (boards as still pictures, charts as images),
# for nbviewer-like reading and printing; tests/test_course_html.py builds a sample in CI.
course-html: setup
	$(PY) scripts/build_course_html.py --out build/course-html

# ----------------------------------------------------------------- test ----

lint: $(PY_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(PY) scripts/mypy_baseline.py
	$(BIN)/lint-imports

typecheck: setup
	@if [ -f tsconfig.json ]; then npx --no-install tsc --noEmit && echo "tsc: ok"; \
	 else echo "(no tsconfig.json yet: skipping tsc)"; fi

check-bundle: setup
	bash scripts/check_bundle.sh

check-wheel: $(PY_STAMP)
	PY=$(PY) bash scripts/check_wheel.sh

vitest: setup
	@if [ -f package.json ] && [ -x node_modules/.bin/vitest ]; then npx --no-install vitest run; \
	 else echo "(vitest not installed yet: skipping)"; fi

# CLASH_REQUIRE_BROWSER=1: a browser test that would skip (no chromium) fails instead.
pytest: setup chromium
	CLASH_REQUIRE_BROWSER=1 $(BIN)/pytest -ra

pytest-fast: setup
	$(BIN)/pytest -ra -m "not browser"

# -k: run every check even after one fails, so one run shows all failures.
CHECKS := lint typecheck check-bundle check-wheel vitest course-html pytest
test: setup chromium
	@if $(MAKE) --no-print-directory -k $(CHECKS); then \
	  echo "make test: all checks passed ($(CHECKS))"; \
	else \
	  echo "make test: FAILED (see above)"; exit 1; \
	fi

strip: $(PY_STAMP)
	$(PY) scripts/strip_notebooks.py notebooks

screenshot: setup chromium
	UPDATE_SCREENSHOTS=1 CLASH_REQUIRE_BROWSER=1 $(BIN)/pytest -ra -m browser
	PYTHONPATH=$(CURDIR) $(BIN)/python scripts/design_screens.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache
