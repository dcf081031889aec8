"""The classic engine is pure Python: no Django, no I/O, no clock, no global
randomness (the pattern of tests/engine/test_purity.py)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "games" / "engines"
PROGRAMS = {"bench.py"}
ALLOWED = {
    "__future__",
    "collections",
    "dataclasses",
    "enum",
    "functools",
    "itertools",
    "math",
    "random",
    "re",
    "types",
    "typing",
}


def _modules():
    return sorted([*PACKAGE.glob("*.py"), *(PACKAGE / "classic").glob("*.py")])


def _imports(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, 0
        elif isinstance(node, ast.ImportFrom):
            yield node.module or "", node.level


def test_classic_engine_imports_only_pure_standard_library_modules():
    assert len(_modules()) > 10
    for path in _modules():
        for name, level in _imports(ast.parse(path.read_text())):
            top = name.split(".")[0]
            assert top != "django", f"{path.name} imports {name}"
            if path.name in PROGRAMS or level:
                continue
            ok = top in ALLOWED or name.startswith("games.engines")
            assert ok, f"{path.name} imports {name}: not pure"


def test_classic_engine_never_uses_the_global_random_generator():
    for path in _modules():
        if path.name in PROGRAMS:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                assert {a.name for a in node.names} <= {"Random"}, path.name
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path.name} uses random.{node.attr}"


def test_importing_the_classic_engine_loads_no_django_and_not_the_deal_engine():
    code = (
        "import sys; import games.engines.classic; import games.engines.classic.bots;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'socket', 'sqlite3', 'asyncio', 'subprocess')"
        " or m.startswith('games.engine.') or m == 'games.engine'];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
