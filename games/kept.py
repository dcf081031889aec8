"""A bounded, thread-safe store of the last values made, by key (LRU).

A process keeps renders in it that are costly to make and cheap to keep:
each socket's pushed table (games.pushed), and the fragments of a table that
rarely change between versions (games.templatetags.fragments). The threads
of one process share it; nothing is shared between processes.
"""

import threading
from collections import OrderedDict
from typing import Any


class Kept:
    """The last `size` values put, by key; the least lately used go first."""

    def __init__(self, size: int):
        self.size = size
        self.lock = threading.Lock()
        self.kept: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key) -> Any | None:
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
            return found

    def put(self, key, value) -> None:
        with self.lock:
            self.kept[key] = value
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.kept.clear()

    def __len__(self) -> int:
        return len(self.kept)
