"""to_json / from_json for moves, events and State: an exact round-trip."""

from typing import Any

from ..plumbing import Codec
from . import events as ev
from . import moves as mv
from .state import Options, Pending, Player, PropertySet, State, Target

_CODEC = Codec(
    (
        *mv.MOVE_TYPES,
        *ev.EVENT_TYPES,
        State,
        Options,
        Player,
        PropertySet,
        Pending,
        Target,
    ),
    ev.Event,
    ev.SCHEMA_VERSION,
)


def to_json(obj: Any) -> dict[str, Any]:
    """A JSON-able dict with a "type" key (events also "v", their schema)."""
    return _CODEC.to_json(obj)


def from_json(d: dict[str, Any]) -> Any:
    """The move, event or State that to_json(d) came from.

    Data that is not one (not a dict, no or an unknown "type", a field missing
    or of the wrong type: a number that is not an int, a list that is null)
    raises ValueError, whatever is wrong with it.
    """
    return _CODEC.from_json(d)
