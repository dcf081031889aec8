# Sourced by scripts/run and scripts/test: find Python 3.12+, make .venv, install.
# shellcheck shell=bash
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${MDEAL_VENV:-$ROOT/.venv}"

python_ok() {
    "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' \
        >/dev/null 2>&1
}

find_python() {
    local want candidate
    want="$(tr -d '[:space:]' < .python-version 2>/dev/null || echo 3.12)"
    for candidate in "python$want" python3.12 python3.13 python3.14; do
        if command -v "$candidate" >/dev/null 2>&1 && python_ok "$candidate"; then
            command -v "$candidate"
            return
        fi
    done
    if command -v pyenv >/dev/null 2>&1; then
        candidate="$(pyenv which python 2>/dev/null || true)"
        if [ -n "$candidate" ] && python_ok "$candidate"; then
            echo "$candidate"
            return
        fi
    fi
    if command -v python3 >/dev/null 2>&1 && python_ok python3; then
        command -v python3
        return
    fi
    echo "mdeal needs Python 3.12 or newer: install it (python3.12 on PATH," \
        "or pyenv with .python-version) and run this again." >&2
    exit 1
}

if [ ! -x "$VENV/bin/python" ]; then
    PYTHON="$(find_python)"
    echo "==> Creating $VENV with $PYTHON"
    "$PYTHON" -m venv "$VENV"
fi

# Install the locked dependency set (requirements.lock, every package pinned
# with its hashes), again only when the lock changed since the last install.
# Refresh the lock after editing pyproject.toml: see README, "Dependencies".
STAMP="$VENV/.mdeal-installed"
WANT="$(cksum < requirements.lock)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
    echo "==> Installing the locked dependencies into $VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet --require-hashes -r requirements.lock
    echo "$WANT" > "$STAMP"
fi

export PATH="$VENV/bin:$PATH"
export VIRTUAL_ENV="$VENV"
