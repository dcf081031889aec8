"""The engines' shared JSON codec (games.engines.plumbing.Codec): the same JSON
as the dataclasses' fields say, each class's fields read once."""

from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum

from games.engines import plumbing


class Colour(StrEnum):
    RED = "red"


class Size(IntEnum):
    BIG = 2


class Suit(Enum):
    HEARTS = "hearts"


@dataclass(frozen=True, kw_only=True)
class Event:
    pass


@dataclass(frozen=True, kw_only=True)
class Card:
    colour: Colour
    size: Size
    suit: Suit


@dataclass(frozen=True, kw_only=True)
class Dealt(Event):
    seat: int
    cards: tuple[Card, ...]
    note: str | None = None
    share: float = 0.5
    open: bool = True


CODEC = plumbing.Codec([Card, Dealt], Event, 3)


def test_a_dataclass_is_written_field_by_field_enums_as_their_values():
    dealt = Dealt(
        seat=1, cards=(Card(colour=Colour.RED, size=Size.BIG, suit=Suit.HEARTS),)
    )

    assert CODEC.to_json(dealt) == {
        "type": "Dealt",
        "v": 3,
        "seat": 1,
        "cards": [{"type": "Card", "colour": "red", "size": 2, "suit": "hearts"}],
        "note": None,
        "share": 0.5,
        "open": True,
    }
    assert type(CODEC.to_json(dealt)["cards"][0]["colour"]) is str
    assert CODEC.from_json(CODEC.to_json(dealt)) == dealt


def test_each_class_has_its_fields_read_once(monkeypatch):
    read = []
    real = plumbing.fields
    monkeypatch.setattr(plumbing, "fields", lambda cls: read.append(cls) or real(cls))
    codec = plumbing.Codec([Card, Dealt], Event, 3)
    card = Card(colour=Colour.RED, size=Size.BIG, suit=Suit.HEARTS)

    for seat in range(20):
        codec.to_json(Dealt(seat=seat, cards=(card, card)))

    assert sorted(c.__name__ for c in read) == ["Card", "Dealt"]
