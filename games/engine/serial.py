"""to_json / from_json for moves, events and State: an exact round-trip."""

import types
import typing
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any

from . import events as ev
from . import moves as mv
from .state import Options, Pending, Player, PropertySet, State, Target

_CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        *mv.MOVE_TYPES,
        *ev.EVENT_TYPES,
        State,
        Options,
        Player,
        PropertySet,
        Pending,
        Target,
    )
}


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if is_dataclass(value):
        return to_json(value)
    return value


def to_json(obj: Any) -> dict[str, Any]:
    """A JSON-able dict with a "type" key (events also "v", their schema)."""
    d: dict[str, Any] = {"type": type(obj).__name__}
    if isinstance(obj, ev.Event):
        d["v"] = ev.SCHEMA_VERSION
    for f in fields(obj):
        d[f.name] = _encode(getattr(obj, f.name))
    return d


def _exactly(tp: type):
    """A decoder that lets through only values of type `tp` (no bool for int)."""

    def check(v):
        if type(v) is not tp:
            raise ValueError(f"expected {tp.__name__}, got {v!r}")
        return v

    return check


def _decoder(tp: Any):
    """A function turning JSON back into a value of type `tp`."""
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        inner = [a for a in typing.get_args(tp) if a is not type(None)]
        dec = _decoder(inner[0])
        return lambda v: None if v is None else dec(v)
    if origin is tuple:
        dec = _decoder(typing.get_args(tp)[0])

        def items(v):
            if type(v) not in (list, tuple):
                raise ValueError(f"expected a list, got {v!r}")
            return tuple(dec(x) for x in v)

        return items
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    if isinstance(tp, type) and is_dataclass(tp):
        return _load
    if tp in (int, bool, str):
        return _exactly(tp)
    return lambda v: v


@cache
def _field_decoders(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _decoder(hints[f.name])) for f in fields(cls))


def _load(d: dict[str, Any]) -> Any:
    cls = _CLASSES[d["type"]]
    if cls is Options:
        return Options.from_json({k: v for k, v in d.items() if k != "type"})
    kwargs = {name: dec(d[name]) for name, dec in _field_decoders(cls) if name in d}
    return cls(**kwargs)


def from_json(d: dict[str, Any]) -> Any:
    """The move, event or State that to_json(d) came from.

    Data that is not one (not a dict, no or an unknown "type", a field missing
    or of the wrong type: a number that is not an int, a list that is null)
    raises ValueError, whatever is wrong with it.
    """
    try:
        return _load(d)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ValueError(f"Not a move, event or state: {error}") from error
