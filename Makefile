# Klöver: `make run` serves the portal on the embedded default (SQLite, tasks in-process,
# demo data); `make test` runs the tests. Both set up the virtualenv on first use.
# `make run FEDERATION=ebu` serves the English Bridge Union's profile (its own database).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000
DEMO_MEMBERS ?= 25000
DEMO_TOURNAMENTS ?= 2000
FEDERATION ?= sbf
# axe-core, for the browser tests' accessibility checks (tests/browser/test_every_page.py).
AXE_CORE ?= 4.14.1
AXE := tests/browser/vendor/node_modules/axe-core/axe.min.js

.PHONY: install run test test-fast lint format ci messages worker bench clean

install: $(VENV)/.installed $(AXE)

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

# Without npm the portal still runs and the other tests pass; those checks skip
# (CI installs npm and fails them instead).
$(AXE):
	@if command -v npm >/dev/null 2>&1; then \
		npm install --prefix tests/browser/vendor --no-audit --no-fund --no-save axe-core@$(AXE_CORE); \
	else \
		echo "npm not found: the accessibility checks of tests/browser will skip"; \
	fi

run: install
	KLOVER_FEDERATION=$(FEDERATION) $(PY) manage.py migrate --noinput
	KLOVER_FEDERATION=$(FEDERATION) $(PY) manage.py seed_demo --if-empty --members $(DEMO_MEMBERS) --tournaments $(DEMO_TOURNAMENTS) --address http://$(HOST)/
	KLOVER_FEDERATION=$(FEDERATION) $(PY) manage.py runserver $(HOST)

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

test-fast: install
	$(PY) -m pytest -m "not browser and not worker" $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: install
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

messages: install
	$(PY) manage.py makemessages -l sv -l en --ignore=$(VENV) --no-obsolete
	$(PY) manage.py compilemessages --ignore=$(VENV)

worker: install
	$(VENV)/bin/celery -A config worker --loglevel=INFO

bench: install
	$(PY) manage.py bench_registry

ci:
	bash .ci/run

clean:
	rm -rf $(VENV) db.sqlite3 db-*.sqlite3 staticfiles .pytest_cache
