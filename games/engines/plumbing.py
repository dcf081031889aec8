"""What both engines really share: the replay fold and a dataclass JSON codec."""

import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import reduce
from typing import Any


def fold(evolve: Callable[[Any, Any], Any], events: Iterable, initial=None) -> Any:
    """Replay: reduce(evolve, events, initial)."""
    return reduce(evolve, events, initial)


def _exactly(tp: type):
    def check(v):
        if type(v) is not tp:
            raise ValueError(f"expected {tp.__name__}, got {v!r}")
        return v

    return check


class Codec:
    """to_json / from_json for a family of frozen dataclasses: an exact round
    trip, with a "type" key (and "v", the schema version, on events)."""

    def __init__(self, classes: Iterable[type], event_base: type, version: int) -> None:
        self.classes = {cls.__name__: cls for cls in classes}
        self.event_base = event_base
        self.version = version
        self._decoders: dict[type, tuple] = {}

    def _encode(self, value: Any) -> Any:
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, tuple | list):
            return [self._encode(v) for v in value]
        if is_dataclass(value):
            return self.to_json(value)
        return value

    def to_json(self, obj: Any) -> dict[str, Any]:
        d: dict[str, Any] = {"type": type(obj).__name__}
        if isinstance(obj, self.event_base):
            d["v"] = self.version
        for f in fields(obj):
            d[f.name] = self._encode(getattr(obj, f.name))
        return d

    def _decoder(self, tp: Any):
        origin = typing.get_origin(tp)
        if origin in (types.UnionType, typing.Union):
            inner = [a for a in typing.get_args(tp) if a is not type(None)]
            dec = self._decoder(inner[0])
            return lambda v: None if v is None else dec(v)
        if origin is tuple:
            dec = self._decoder(typing.get_args(tp)[0])

            def items(v):
                if type(v) not in (list, tuple):
                    raise ValueError(f"expected a list, got {v!r}")
                return tuple(dec(x) for x in v)

            return items
        if isinstance(tp, type) and issubclass(tp, Enum):
            return tp
        if isinstance(tp, type) and is_dataclass(tp):
            return self._load
        if tp in (int, bool, str):
            return _exactly(tp)
        return lambda v: v

    def _field_decoders(self, cls: type) -> tuple:
        found = self._decoders.get(cls)
        if found is None:
            hints = typing.get_type_hints(cls)
            found = tuple((f.name, self._decoder(hints[f.name])) for f in fields(cls))
            self._decoders[cls] = found
        return found

    def _load(self, d: dict[str, Any]) -> Any:
        cls = self.classes[d["type"]]
        kwargs = {
            name: dec(d[name]) for name, dec in self._field_decoders(cls) if name in d
        }
        return cls(**kwargs)

    def from_json(self, d: dict[str, Any]) -> Any:
        """The object to_json(d) came from; anything else raises ValueError."""
        try:
            return self._load(d)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"Not a move, event or state: {error}") from error
