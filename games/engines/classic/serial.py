"""to_json / from_json for moves, events and State: an exact round trip."""

from typing import Any

from ..plumbing import Codec
from . import events as ev
from . import moves as mv
from .state import (
    Auction,
    Claim,
    Debt,
    Inheritance,
    Offer,
    Options,
    Player,
    Sale,
    SealedBid,
    State,
)

_CODEC = Codec(
    (
        *mv.MOVE_TYPES,
        *ev.EVENT_TYPES,
        State,
        Options,
        Player,
        Debt,
        SealedBid,
        Sale,
        Auction,
        Offer,
        Claim,
        Inheritance,
    ),
    ev.Event,
    ev.SCHEMA_VERSION,
)


def to_json(obj: Any) -> dict[str, Any]:
    """A JSON-able dict with a "type" key (events also "v", their schema)."""
    return _CODEC.to_json(obj)


def from_json(d: dict[str, Any]) -> Any:
    """The move, event or State that to_json(d) came from; anything else (not a
    dict, no or an unknown "type", a field missing or of the wrong type) raises
    ValueError."""
    return _CODEC.from_json(d)
