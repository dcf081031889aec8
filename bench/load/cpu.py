"""The CPU the site's processes spent, read from /proc (Linux), for the
harness's "CPU per move": every request and push a move causes, counted as
the web processes' CPU over a window divided by the moves played in it.

`tree(pid)` is a process and its descendants (uvicorn's master and its
workers); `seconds(pids)` their user and system CPU so far. Processes that
end between two readings drop out of the later one, so read a tree that
lives through the window (the harness's does).
"""

import os
from pathlib import Path

PROC = Path("/proc")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int) -> list[str] | None:
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:  # gone, or not Linux
        return None
    # The command name, in brackets, may hold spaces: split after it.
    return text[text.rindex(")") + 2 :].split()


def children(pid: int) -> list[int]:
    """The direct children of `pid`, by their parent field."""
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def tree(pid: int) -> list[int]:
    """`pid` and every process below it."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children(current))
    return found


def seconds(pids: list[int]) -> float:
    """User and system CPU seconds spent so far by the live ones of `pids`."""
    return sum(user_and_system(pids))


def user_and_system(pids: list[int]) -> tuple[float, float]:
    """User and system CPU seconds, apart, spent so far by the live ones of
    `pids` (the system's share is the kernel's work for them: sockets, polls,
    threads woken)."""
    user = system = 0
    for pid in pids:
        fields = _stat(pid)
        if fields is not None:
            # Fields 14 and 15 of stat (utime, stime); [0] here is field 3.
            user += int(fields[11])
            system += int(fields[12])
    return user / TICKS, system / TICKS


class Meter:
    """CPU seconds of named process trees between `start()` and `stop()`."""

    def __init__(self, roots: dict[str, int]):
        self.roots = roots
        self.before: dict[str, tuple[float, float]] = {}
        self.spent: dict[str, float] = {}
        self.system: dict[str, float] = {}

    def read(self) -> dict[str, tuple[float, float]]:
        return {name: user_and_system(tree(pid)) for name, pid in self.roots.items()}

    def start(self) -> None:
        self.before = self.read()

    def stop(self) -> dict[str, float]:
        after = self.read()
        for name, (user, system) in after.items():
            user_before, system_before = self.before.get(name, (0.0, 0.0))
            self.system[name] = system - system_before
            self.spent[name] = user - user_before + self.system[name]
        return self.spent

    def lines(self, moves: int) -> list[str]:
        """The report's lines: each tree's CPU, and per move."""
        lines = []
        for name, spent in self.spent.items():
            per_move = spent * 1000 / moves if moves else 0.0
            lines.append(
                f"CPU of the {name}: {spent:.2f} s, {per_move:.1f} ms a move"
                f" ({moves} moves; the kernel's share {self._share(name):.0%})"
            )
        return lines

    def _share(self, name: str) -> float:
        spent = self.spent.get(name, 0.0)
        return self.system.get(name, 0.0) / spent if spent else 0.0


def roots_from_environment() -> dict[str, int]:
    """MDEAL_LOAD_CPU="web=123,worker=456" (the harness sets it): name -> pid."""
    spec = os.environ.get("MDEAL_LOAD_CPU", "")
    roots = {}
    for part in filter(None, spec.split(",")):
        name, _, pid = part.partition("=")
        roots[name] = int(pid)
    return roots
