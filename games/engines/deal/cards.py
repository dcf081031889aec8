"""The deck as data: 106 cards with stable ids (RULES.md, "The deck")."""

from dataclasses import dataclass
from enum import StrEnum


class Colour(StrEnum):
    brown = "brown"
    light_blue = "light_blue"
    pink = "pink"
    orange = "orange"
    red = "red"
    yellow = "yellow"
    green = "green"
    dark_blue = "dark_blue"
    railroad = "railroad"
    utility = "utility"


class Kind(StrEnum):
    property = "property"
    wild = "wild"
    money = "money"
    action = "action"
    rent = "rent"


class Action(StrEnum):
    deal_breaker = "deal_breaker"
    just_say_no = "just_say_no"
    sly_deal = "sly_deal"
    forced_deal = "forced_deal"
    debt_collector = "debt_collector"
    birthday = "birthday"
    pass_go = "pass_go"
    house = "house"
    hotel = "hotel"
    double_the_rent = "double_the_rent"


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    kind: Kind
    name: str
    value: int
    colours: tuple[Colour, ...] = ()
    action: Action | None = None

    @property
    def multicolour(self) -> bool:
        """A multicolour wild: no value, cannot pay, cannot stand alone."""
        return self.kind is Kind.wild and len(self.colours) > 2


C = Colour
ALL_COLOURS: tuple[Colour, ...] = tuple(Colour)

SET_SIZE: dict[Colour, int] = {
    C.brown: 2,
    C.light_blue: 3,
    C.pink: 3,
    C.orange: 3,
    C.red: 3,
    C.yellow: 3,
    C.green: 3,
    C.dark_blue: 2,
    C.railroad: 4,
    C.utility: 2,
}

RENT: dict[Colour, tuple[int, ...]] = {
    C.brown: (1, 2),
    C.light_blue: (1, 2, 3),
    C.pink: (1, 2, 4),
    C.orange: (1, 3, 5),
    C.red: (2, 3, 6),
    C.yellow: (2, 4, 6),
    C.green: (2, 4, 7),
    C.dark_blue: (3, 8),
    C.railroad: (1, 2, 3, 4),
    C.utility: (1, 2),
}

COLOUR_NAMES: dict[Colour, str] = {
    C.brown: "Brown",
    C.light_blue: "Light blue",
    C.pink: "Pink",
    C.orange: "Orange",
    C.red: "Red",
    C.yellow: "Yellow",
    C.green: "Green",
    C.dark_blue: "Dark blue",
    C.railroad: "Railroad",
    C.utility: "Utility",
}

# Colours that can never take a House or a Hotel.
NO_BUILDINGS: frozenset[Colour] = frozenset({C.railroad, C.utility})

HOUSE_RENT = 3
HOTEL_RENT = 4


def rent_for(colour: Colour, count: int) -> int:
    """Rent for `count` properties of a colour: the rent table, capped at full."""
    if count <= 0:
        return 0
    table = RENT[colour]
    return table[min(count, len(table)) - 1]


# rent_for as a table: RENT_BY_COUNT[colour][count], for counts from none to
# MAX_COUNT cards (more than any set holds).
MAX_COUNT = 12
RENT_BY_COUNT: dict[Colour, tuple[int, ...]] = {
    colour: tuple(rent_for(colour, n) for n in range(MAX_COUNT + 1)) for colour in RENT
}


_PROPERTIES: tuple[tuple[Colour, int, tuple[str, ...]], ...] = (
    (C.brown, 1, ("Mediterranean Avenue", "Baltic Avenue")),
    (C.light_blue, 1, ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")),
    (C.pink, 2, ("St. Charles Place", "States Avenue", "Virginia Avenue")),
    (C.orange, 2, ("St. James Place", "Tennessee Avenue", "New York Avenue")),
    (C.red, 3, ("Kentucky Avenue", "Indiana Avenue", "Illinois Avenue")),
    (C.yellow, 3, ("Atlantic Avenue", "Ventnor Avenue", "Marvin Gardens")),
    (C.green, 4, ("Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue")),
    (C.dark_blue, 4, ("Park Place", "Boardwalk")),
    (
        C.railroad,
        2,
        ("Reading Railroad", "Pennsylvania Railroad", "B. & O. Railroad", "Short Line"),
    ),
    (C.utility, 2, ("Electric Company", "Water Works")),
)

_WILDS: tuple[tuple[tuple[Colour, Colour], int, int], ...] = (
    ((C.dark_blue, C.green), 4, 1),
    ((C.green, C.railroad), 4, 1),
    ((C.light_blue, C.railroad), 4, 1),
    ((C.railroad, C.utility), 2, 1),
    ((C.light_blue, C.brown), 1, 1),
    ((C.pink, C.orange), 2, 2),
    ((C.red, C.yellow), 3, 2),
)

_RENTS: tuple[tuple[Colour, Colour], ...] = (
    (C.dark_blue, C.green),
    (C.red, C.yellow),
    (C.pink, C.orange),
    (C.light_blue, C.brown),
    (C.railroad, C.utility),
)

_ACTIONS: tuple[tuple[Action, str, int, int], ...] = (
    (Action.deal_breaker, "Deal Breaker", 5, 2),
    (Action.just_say_no, "Just Say No", 4, 3),
    (Action.sly_deal, "Sly Deal", 3, 3),
    (Action.forced_deal, "Forced Deal", 3, 3),
    (Action.debt_collector, "Debt Collector", 3, 3),
    (Action.birthday, "It's My Birthday", 2, 3),
    (Action.pass_go, "Pass Go", 1, 10),
    (Action.house, "House", 3, 3),
    (Action.hotel, "Hotel", 4, 2),
    (Action.double_the_rent, "Double the Rent", 1, 2),
)

_MONEY: tuple[tuple[int, int], ...] = ((1, 6), (2, 5), (3, 3), (4, 3), (5, 2), (10, 1))


def _title(colour: Colour) -> str:
    return COLOUR_NAMES[colour].title()


def _build_deck() -> tuple[Card, ...]:
    specs: list[tuple] = []
    for colour, value, names in _PROPERTIES:
        for name in names:
            specs.append((Kind.property, name, value, (colour,), None))
    for pair, value, count in _WILDS:
        name = f"{_title(pair[0])}/{_title(pair[1])} Wild"
        specs += [(Kind.wild, name, value, pair, None)] * count
    specs += [(Kind.wild, "Multicolour Wild", 0, ALL_COLOURS, None)] * 2
    for pair in _RENTS:
        name = f"{_title(pair[0])}/{_title(pair[1])} Rent"
        specs += [(Kind.rent, name, 1, pair, None)] * 2
    specs += [(Kind.rent, "Wild Rent", 3, ALL_COLOURS, None)] * 3
    for action, name, value, count in _ACTIONS:
        specs += [(Kind.action, name, value, (), action)] * count
    for value, count in _MONEY:
        specs += [(Kind.money, f"{value}M", value, (), None)] * count
    return tuple(Card(i, *spec) for i, spec in enumerate(specs))


DECK: tuple[Card, ...] = _build_deck()
DECK_SIZE = len(DECK)
assert DECK_SIZE == 106

# The deck again as plain tables by card id, for the hot paths that read one
# figure of many cards (bank totals, payments): a tuple index, no attribute.
VALUE: tuple[int, ...] = tuple(c.value for c in DECK)
MULTICOLOUR: tuple[bool, ...] = tuple(c.multicolour for c in DECK)


def card(card_id: int) -> Card:
    """The card with this stable id."""
    return DECK[card_id]
