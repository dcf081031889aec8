"""The engine is pure Python: no Django, no I/O, no clock, no global randomness."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"
# Programs that sit beside the engine and print figures; the engine never
# imports them, so only Django is kept out of them.
PROGRAMS = {"bench.py", "infer_check.py", "score_fit.py", "strength.py"}
ALLOWED = {
    "__future__",
    "abc",
    "collections",
    "dataclasses",
    "enum",
    "functools",
    "itertools",
    "math",
    "operator",
    "random",
    "re",
    "types",
    "typing",
    "heapq",
    "bisect",
    "statistics",
}


def _imports(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module or ""


def _modules():
    return sorted(ENGINE.glob("*.py"))


def test_engine_imports_only_pure_standard_library_modules():
    assert _modules(), "no engine modules found"
    for path in _modules():
        tree = ast.parse(path.read_text(), filename=str(path))
        for name in _imports(tree):
            top = name.split(".")[0]
            assert top != "django", f"{path.name} imports {name}"
            if path.name in PROGRAMS:
                continue
            ok = top in ALLOWED or name.startswith("games.engine")
            assert ok, f"{path.name} imports {name}: not pure"


def test_engine_never_uses_the_global_random_generator():
    for path in _modules():
        if path.name in PROGRAMS:
            continue
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                names = {a.name for a in node.names}
                assert names <= {"Random"}, f"{path.name} imports {names}"
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path.name} uses random.{node.attr}"


def test_importing_the_engine_loads_no_django():
    code = (
        "import sys; import games.engine; import games.engine.bots;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('django', 'socket', 'sqlite3', 'asyncio', 'subprocess')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    root = ENGINE.parents[1]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
