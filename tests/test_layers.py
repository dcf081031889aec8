"""The site's layers import downward only, as lichess's build file declares
what each module may use and refuses cycles:

    engines < models < ratings, replay, rematch, selectors, chat, notifications,
            social (but its services)
            < services < views, tasks, consumers, the kinds' entries

Every import is read (module level and inside functions, relative ones
resolved), except imports under `TYPE_CHECKING` and the usual deferred import
of a Celery `tasks` module inside a function. App code never imports the
development tools in `bench/`, and no module imports another's underscore name.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APPS = ("games", "accounts", "mdeal_site")

ENGINES, MODELS, DOMAIN, SERVICES, DOORS, SITE = range(6)
LAYER_NAMES = ["engines", "models", "domain", "services", "doors", "site"]

# The doors: what requests, sockets, workers and commands come in by.
DOOR_MODULES = {"views", "urls", "tasks", "consumers", "routing", "admin", "apps"}
# mdeal_site's plumbing (settings read, cache, database, mail, ASGI handler)
# imports nothing of the apps; its entry points import everything.
SITE_ENTRIES = {"mdeal_site.asgi", "mdeal_site.urls", "mdeal_site.wsgi"}


def layer(name: str) -> int:
    """The layer of module `name` (first rule that fits)."""
    parts = name.split(".")
    if name in SITE_ENTRIES:
        return SITE
    if parts[0] == "mdeal_site" or name.startswith("games.engines"):
        return ENGINES
    if parts[-1] in DOOR_MODULES or parts[1:2] in (["management"], ["templatetags"]):
        return DOORS
    if name.startswith("games.kinds.") or name in (
        "accounts.forms",
        "accounts.adapter",
    ):
        return DOORS  # the kinds' entries and presenters are plugged in by ready()
    if parts[-1] in ("models", "errors") or name in ("games.kinds", "games.errors"):
        return MODELS
    if name.startswith("games.services") or name in (
        "games.rematch.services",
        "games.reviews.services",
        "games.tournaments.services",
        "games.social.services",
        "accounts.services",
    ):
        return SERVICES
    return DOMAIN


def modules() -> dict[str, Path]:
    found = {}
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path):
    """(imported module, line, names) for each import of module `name`."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def visit(node, in_function: bool):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            inside = in_function or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef
            )
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, child.lineno, (), inside
            elif isinstance(child, ast.ImportFrom):
                module = child.module or ""
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - (child.level - 1)]
                    module = ".".join([*base, *([module] if module else [])])
                names = tuple(alias.name for alias in child.names)
                yield module, child.lineno, names, inside
            yield from visit(child, inside)

    yield from visit(ast.parse(path.read_text(), filename=str(path)), False)


def known(target: str, names: tuple, found: dict) -> list[str]:
    """The project modules an import reaches: `from a import b` may name module
    a.b or a name in a."""
    out = []
    for name in names or (None,):
        full = f"{target}.{name}" if name else target
        while full and full not in found:
            full = full.rpartition(".")[0]
        if full:
            out.append(full)
    return out


MODULES = modules()


def test_every_app_module_has_a_layer():
    assert {layer(m) for m in MODULES} == set(range(6))
    assert layer("games.engines.deal.bots.expert") == ENGINES
    assert layer("games.models") < layer("games.ratings.rate") < layer("games.services")
    assert (
        layer("games.services.table") < layer("games.views") < layer("mdeal_site.urls")
    )
    assert layer("games.kinds") == MODELS < layer("games.kinds.deal.entry")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_module_imports_only_its_layer_and_below(name):
    mine = layer(name)
    for target, line, names, in_function in imports(name, MODULES[name]):
        for reached in known(target, names, MODULES):
            if reached == name or name.startswith(reached + "."):
                continue  # itself, or its own package
            if in_function and reached.rpartition(".")[2] == "tasks":
                continue  # a Celery task queued from a function
            theirs = layer(reached)
            assert theirs <= mine, (
                f"{name} ({LAYER_NAMES[mine]}) imports {reached} "
                f"({LAYER_NAMES[theirs]}) at line {line}"
            )


@pytest.mark.parametrize("name", sorted(MODULES))
def test_app_code_never_imports_the_development_tools(name):
    for target, line, _, _ in imports(name, MODULES[name]):
        top = target.split(".")[0]
        assert top not in ("bench", "research"), f"{name} imports {target} ({line})"


def _everything() -> dict[str, Path]:
    found = dict(MODULES)
    for folder in ("bench", "research", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts)] = path
    return found


def test_no_module_imports_another_modules_underscore_name():
    found = []
    for name, path in _everything().items():
        for target, line, names, _ in imports(name, path):
            private = [n for n in names if n.startswith("_") and not n.startswith("__")]
            if private:
                found.append(f"{name}:{line} imports {private} from {target}")
    assert not found, "\n".join(found)
