"""What both engines really share: the replay fold, a dataclass JSON codec, the
house rules' JSON form, the line reading and option parsing of scenarios, and
the list in words of their history lines."""

import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import reduce
from typing import Any, NamedTuple


def fold(evolve: Callable[[Any, Any], Any], events: Iterable, initial=None) -> Any:
    """Replay: reduce(evolve, events, initial)."""
    return reduce(evolve, events, initial)


class NumberRule(NamedTuple):
    """A house rule that is a number: the create form's label (blank keeps the
    official figure), the table's sentence for a value (`{n}` in it), and the
    least and most the form takes."""

    label: str
    sentence: str
    least: int
    most: int


def in_words(items: Sequence[str], last: str = "and") -> str:
    """ "A", "A and B", "A, B and C" (or "A, B or C" with `last` "or")."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


class JsonOptions:
    """A mixin for an engine's frozen `Options` dataclass: its JSON form.

    from_json ignores names it does not know, so a game stored before an option
    was retired still loads.
    """

    __slots__ = ()

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Any:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in known})


def _exactly(tp: type):
    def check(v):
        if type(v) is not tp:
            raise ValueError(f"expected {tp.__name__}, got {v!r}")
        return v

    return check


# Values that are their own JSON (exactly these types: an Enum built on int or
# str is not one of them).
_PLAIN = frozenset({int, str, bool, float, type(None)})


class Codec:
    """to_json / from_json for a family of frozen dataclasses: an exact round
    trip, with a "type" key (and "v", the schema version, on events)."""

    def __init__(self, classes: Iterable[type], event_base: type, version: int) -> None:
        self.classes = {cls.__name__: cls for cls in classes}
        self.event_base = event_base
        self.version = version
        self._decoders: dict[type, tuple] = {}
        self._names: dict[type, tuple[str, ...]] = {}

    def _encode(self, value: Any) -> Any:
        if type(value) in _PLAIN:  # most values: ask nothing more of them
            return value
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, tuple | list):
            return [self._encode(v) for v in value]
        if is_dataclass(value):
            return self.to_json(value)
        return value

    def to_json(self, obj: Any) -> dict[str, Any]:
        cls = type(obj)
        names = self._names.get(cls)
        if names is None:  # `fields` builds its tuple anew on every call
            names = self._names[cls] = tuple(f.name for f in fields(cls))
        d: dict[str, Any] = {"type": cls.__name__}
        if isinstance(obj, self.event_base):
            d["v"] = self.version
        for name in names:
            d[name] = self._encode(getattr(obj, name))
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
        if issubclass(cls, JsonOptions):
            return cls.from_json({k: v for k, v in d.items() if k != "type"})
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


# A "#" starts a comment unless a digit follows it ("#17" names a Deal card).
_COMMENT = re.compile(r"(^|\s)#(?!\d).*$")


def scenario_lines(text: str) -> Iterator[tuple[str, str]]:
    """A scenario's lines as (line, raw): comments cut, blank lines skipped."""
    for raw in text.splitlines():
        line = _COMMENT.sub("", raw).strip()
        if line:
            yield line, raw


def scenario_options(text: str, options: type, known: Iterable[str]) -> Any:
    """The `options:` line of a scenario: names of house rules (on), or
    `name=number`; a name not in `known` raises ValueError."""
    kwargs: dict[str, Any] = {}
    for item in text.split(","):
        name, _, value = item.partition("=")
        name = "_".join(name.split())
        if name:
            kwargs[name] = int(value) if value.strip() else True
    unknown = set(kwargs) - set(known)
    if unknown:
        raise ValueError(f"No house rule is named {', '.join(sorted(unknown))}.")
    return options(**kwargs)
