"""The engines are pure Python: no Django, no I/O, no clock, no global
randomness. Every import is read, relative ones resolved: an engine module
imports the standard library's pure modules and `games.engines` only, and
neither engine imports the other."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "games" / "engines"
SHARED = {"protocol", "plumbing", "errors", "race"}
ALLOWED = {
    "__future__",
    "abc",
    "bisect",
    "collections",
    "dataclasses",
    "enum",
    "functools",
    "heapq",
    "itertools",
    "math",
    "operator",
    "random",
    "re",
    "statistics",
    "types",
    "typing",
}


def _modules() -> list[Path]:
    return sorted(ENGINES.rglob("*.py"))


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path):
    """The absolute name of every module `path` imports."""
    name = _name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                yield ".".join([*base, *([node.module] if node.module else [])])
            else:
                yield node.module or ""


def _engine_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["games", "engines"] else None


def test_both_engines_and_the_deal_bots_are_read():
    names = {_name(path) for path in _modules()}
    assert {"games.engines.deal.rules", "games.engines.classic.rules"} <= names
    assert "games.engines.deal.bots.expert" in names


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_an_engine_module_imports_only_pure_modules_and_the_engines(path):
    for name in _imports(path):
        inside = name == "games.engines" or name.startswith("games.engines.")
        assert inside or name.split(".")[0] in ALLOWED, f"{_name(path)} imports {name}"


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_an_engine_never_imports_the_other_engine(path):
    mine = _engine_of(_name(path))
    for name in _imports(path):
        theirs = _engine_of(name)
        if mine not in (None, *SHARED) and theirs not in (None, *SHARED):
            assert theirs == mine, f"{_name(path)} imports {name}"


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_an_engine_never_uses_the_global_random_generator(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            names = {a.name for a in node.names}
            assert names <= {"Random"}, f"{_name(path)} imports {names}"
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
        ):
            assert node.attr == "Random", f"{_name(path)} uses random.{node.attr}"


@pytest.mark.parametrize("engine,other", [("deal", "classic"), ("classic", "deal")])
def test_importing_an_engine_loads_no_django_nor_the_other_engine(engine, other):
    code = (
        f"import sys; import games.engines.{engine}; "
        f"import games.engines.{engine}.bots;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'socket', 'sqlite3', 'asyncio', 'subprocess')"
        f" or m.startswith('games.engines.{other}')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
