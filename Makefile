# Two commands do all set-up on a fresh machine: `make build` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# sources are read side by side, one process per core (the output is the same for any number)
JOBS   ?= $(shell nproc 2>/dev/null || echo 1)

.PHONY: build test test-fast chromium lint eval eval-gate eval-baseline eval-loso train bench bench-suite clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,datasette]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/hoyle build --jobs $(JOBS)

# The whole suite, browser tests included, on both cores (pytest-xdist; the embedded corpus, each
# unseen set and the site are built once per run and shared by the workers).
test: $(STAMP) chromium
	$(BIN)/ruff check .
	HOYLE_REQUIRE_BROWSER=1 $(BIN)/python -m pytest -q -n 2

# The edit loop: the tests that build no whole corpus, site or package (under a minute).
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 -m "not slow"

# Browser tests drive Debian's chromium (never a downloaded browser): installed here when this
# user can (root with apt-get), else one line says how.
chromium:
	@command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi ipagothic || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-ipafont-gothic; \
	  else \
	    echo "make test: the browser tests need Debian's chromium; install it: sudo apt-get install chromium fonts-ipafont-gothic" >&2; \
	    exit 1; \
	  fi; }

lint: $(STAMP)
	$(BIN)/ruff check .

eval: $(STAMP)
	$(BIN)/hoyle eval

# The evaluation gate: every unseen set against eval/baseline.json (figures pinned with a digest
# of the texts); `make eval-baseline` re-measures and never lowers a floor without a reason.
eval-gate: $(STAMP)
	$(BIN)/python eval/gate.py

eval-baseline: $(STAMP)
	$(BIN)/python eval/gate.py --update

# The hand-read texts the gate scores (tests/unseen/*, shared/external-dev when beside us).
UNSEEN := $(patsubst %/expected.json,%,$(wildcard tests/unseen/*/expected.json ../shared/external-dev/expected.json))

# Game identification with each text's site left out of the fitted heading scorer.
eval-loso: $(STAMP)
	$(BIN)/hoyle eval --loso $(addprefix --unseen ,$(UNSEEN))

# Refit the heading scorer (pipeline/identify/heading_scorer.json) on those texts and the gold.
train: $(STAMP)
	$(BIN)/hoyle train $(UNSEEN)

bench: $(STAMP)
	$(BIN)/python bench/run.py

# The suite's wall time and its slowest tests, recorded in bench/suite.json.
bench-suite: $(STAMP) chromium
	$(BIN)/python bench/suite.py

clean:
	rm -rf build
