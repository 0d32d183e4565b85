# The two commands the README leads with: `make run` and `make test`. Both set up everything on a
# fresh machine: the virtual environment, the package and its dependencies, and (as root) the
# Debian libraries Qt needs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
QT_DEBS := libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 \
           libxcb-keysyms1 libfontconfig1 libdbus-1-3 fonts-dejavu-core

.PHONY: run test setup system-deps bench screenshots lint clean

run: setup
	$(PY) -m recount_desktop

test: setup
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

setup: system-deps $(STAMP)

# Installs the Qt libraries only when some are missing and we are root; quiet when all are present.
system-deps:
	@missing=""; for p in $(QT_DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian packages Qt needs:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "warning: Qt needs these Debian packages, install them as root:$$missing" >&2; \
	  fi; \
	fi

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,dev,columnar]'
	touch $(STAMP)

bench: setup
	$(PY) bench/run_all.py

screenshots: setup
	QT_QPA_PLATFORM=offscreen $(PY) -m recount_desktop.ui.screenshots docs/screenshots

# The one-folder bundle for this platform (docs/install.md): PyInstaller builds it from
# packaging/recount-desktop.spec into dist/recount-desktop, then its SHA-256 list is written and the
# smoke test runs from it (tests/packaging). Several minutes on two cores.
.PHONY: dist
DIST_STAMP := $(VENV)/.dist-installed
dist: setup $(DIST_STAMP)
	nice $(PY) -m PyInstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
	  packaging/recount-desktop.spec
	$(PY) packaging/checksums.py write dist/recount-desktop
	RECOUNT_DESKTOP_BUNDLE_REQUIRED=1 QT_QPA_PLATFORM=offscreen $(PY) -m pytest tests/packaging

$(DIST_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e '.[dist]'
	touch $@

# ruff, mypy --strict on the core packages, and the import contracts in pyproject.toml.
lint: setup
	$(VENV)/bin/ruff check recount_desktop tests bench sample_data packaging
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
