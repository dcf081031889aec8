"""The locked dependency set (requirements.lock) matches pyproject.toml.

The README's commands and CI install only from the lock, so a dependency added
to pyproject.toml but not locked would be missing everywhere.
"""

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?==([^\s;\\]+)", re.MULTILINE)


def locked() -> dict[str, str]:
    text = (ROOT / "requirements.lock").read_text()
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project.get("optional-dependencies", {})
    return [
        Requirement(line) for line in [*project["dependencies"], *extras.get("dev", [])]
    ]


def test_every_declared_dependency_is_locked_within_its_range():
    pins = locked()
    for requirement in declared():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is not in requirements.lock"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"requirements.lock pins {name}=={pins[name]}, outside {requirement}"
        )


def test_every_locked_package_carries_hashes():
    text = (ROOT / "requirements.lock").read_text()
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
    pinned = [block for block in blocks if "==" in block.split("\n", 1)[0]]
    assert len(pinned) >= len(locked()) > 50
    for block in pinned:
        assert "--hash=sha256:" in block, block.split("\n", 1)[0]


def test_celery_is_held_below_the_release_that_dies_without_redis():
    assert locked()["celery"].startswith("5.6.")
