# Two commands on a fresh machine: `make demo` and `make test`.
# The environment lives in .venv/ and is created from plain python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
RESULTS ?= results
DOCS_TIMEOUT ?= 1200

.PHONY: setup compile demo test test-unit test-notebooks typecheck lint docs docs-serve test-site bench clean

# pip compiles every installed module on one core (half of the install's CPU); compileall does it
# on every core instead, skipping the packages' own test suites, which nothing here imports. The
# .pyc files matter: with PYTHONDONTWRITEBYTECODE set, a module without one is compiled again by
# every process that imports it.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q --no-compile -e '.[dev]'
	$(BIN)/python -m compileall -q -j 0 -x '/tests?/' $(VENV)/lib
	touch $(STAMP)

setup: $(STAMP)

# The package itself is installed editable (its source is imported), so compileall above does
# not reach it; with PYTHONDONTWRITEBYTECODE set, every process (each CLI call, notebook kernel,
# test worker, fresh-process benchmark) would compile the modules it imports again: about
# 50 ms of a CLI call. Up-to-date files are skipped, so this is cheap to run before each target.
compile: $(STAMP)
	$(BIN)/python -m compileall -q -j 0 dreidelpoker

demo: compile
	$(BIN)/python -m dreidelpoker.demo --out $(RESULTS)

# After the unit tests (on every core), mypy (one core) runs beside the notebooks, the docs build
# and the site crawl instead of before them; --output-sync keeps each target's output together.
test: $(STAMP) lint test-unit
	$(MAKE) --no-print-directory -j 2 --output-sync=target typecheck test-site
	@echo "make test: all checks passed"

# On every core (pytest-xdist; TEST_WORKERS=0 runs serially). Not --dist loadgroup: with
# pytest 9.2, xdist 3.8 no longer adds the group to the test id, so groups are ignored.
TEST_WORKERS ?= auto
test-unit: compile
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist load tests dreidelpoker

# Execute every notebooks/*.ipynb once (fails on any cell error) and keep the executed
# copies in build/notebooks/, which the docs build renders without executing again.
test-notebooks: compile
	timeout $(DOCS_TIMEOUT) $(BIN)/python tests/execute_notebooks.py

lint: $(STAMP)
	$(BIN)/ruff check --select F,E9 dreidelpoker tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict dreidelpoker tests/typing

# `make test` runs test-notebooks once for both targets (make never runs a target twice).
docs: $(STAMP) test-notebooks
	NO_MKDOCS_2_WARNING=1 timeout $(DOCS_TIMEOUT) $(BIN)/mkdocs build --strict --site-dir site

# Every nav page of the built site in chromium at 1280 and 390 px (console errors, failed
# requests, raw TeX, unscrolled wide tables, empty explorer cells); screenshots kept.
test-site: $(STAMP) docs
	DREIDELPOKER_SITE_DIR=site DREIDELPOKER_SCREENSHOTS=build/screenshots \
		$(BIN)/python -m pytest -p no:cacheprovider -o addopts="" -q -rs tests/docsite
	@echo "site screenshots (1280 and 390 px): build/screenshots/"

docs-serve: $(STAMP)
	$(BIN)/mkdocs serve

bench: compile
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) site $(RESULTS) .pytest_cache .mypy_cache
