# Two commands do all set-up on a fresh machine: `make build` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: build test lint eval bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,datasette]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/hoyle build

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .

eval: $(STAMP)
	$(BIN)/hoyle eval

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf build
