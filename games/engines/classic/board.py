"""The board as data: 40 spaces clockwise from GO (RULES-CLASSIC.md, "The board")."""

from dataclasses import dataclass

GO, JAIL, FREE_PARKING, GO_TO_JAIL = 0, 10, 20, 30
SPACES_ON_BOARD = 40
SALARY = 200
START_CASH = 1500
HOUSES, HOTELS = 32, 12
HOTEL = 5  # the building level of a hotel; 1 to 4 are houses
JAIL_FINE = 50
JAIL_TRIES = 3
RAILROAD_RENT = (0, 25, 50, 100, 200)
UTILITY_TIMES = (0, 4, 10)

STREET, RAILROAD, UTILITY = "street", "railroad", "utility"
PROPERTY_KINDS = frozenset({STREET, RAILROAD, UTILITY})


@dataclass(frozen=True, slots=True)
class Space:
    """One square of the board; price, rents and house cost only for deeds."""

    index: int
    name: str
    kind: str  # go, street, chest, tax, railroad, chance, jail, utility, ...
    group: str | None = None
    price: int = 0
    rents: tuple[int, ...] = ()  # site, 1, 2, 3, 4 houses, hotel
    house_cost: int = 0
    tax: int = 0

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS

    @property
    def mortgage_value(self) -> int:
        return self.price // 2

    @property
    def unmortgage_cost(self) -> int:
        """Mortgage value plus 10%, rounded up to a whole dollar."""
        return self.mortgage_value + interest(self.mortgage_value)


def interest(mortgage_value: int) -> int:
    """10% of a mortgage value, rounded up."""
    return -(-mortgage_value // 10)


def _street(i, name, group, price, rents, house):
    return Space(i, name, STREET, group, price, rents, house)


def _railroad(i, name):
    return Space(i, name, RAILROAD, RAILROAD, 200)


def _utility(i, name):
    return Space(i, name, UTILITY, UTILITY, 150)


BOARD: tuple[Space, ...] = (
    Space(0, "GO", "go"),
    _street(1, "Mediterranean Avenue", "brown", 60, (2, 10, 30, 90, 160, 250), 50),
    Space(2, "Community Chest", "chest"),
    _street(3, "Baltic Avenue", "brown", 60, (4, 20, 60, 180, 320, 450), 50),
    Space(4, "Income Tax", "tax", tax=200),
    _railroad(5, "Reading Railroad"),
    _street(6, "Oriental Avenue", "light blue", 100, (6, 30, 90, 270, 400, 550), 50),
    Space(7, "Chance", "chance"),
    _street(8, "Vermont Avenue", "light blue", 100, (6, 30, 90, 270, 400, 550), 50),
    _street(
        9, "Connecticut Avenue", "light blue", 120, (8, 40, 100, 300, 450, 600), 50
    ),
    Space(10, "Jail", "jail"),
    _street(11, "St. Charles Place", "pink", 140, (10, 50, 150, 450, 625, 750), 100),
    _utility(12, "Electric Company"),
    _street(13, "States Avenue", "pink", 140, (10, 50, 150, 450, 625, 750), 100),
    _street(14, "Virginia Avenue", "pink", 160, (12, 60, 180, 500, 700, 900), 100),
    _railroad(15, "Pennsylvania Railroad"),
    _street(16, "St. James Place", "orange", 180, (14, 70, 200, 550, 750, 950), 100),
    Space(17, "Community Chest", "chest"),
    _street(18, "Tennessee Avenue", "orange", 180, (14, 70, 200, 550, 750, 950), 100),
    _street(19, "New York Avenue", "orange", 200, (16, 80, 220, 600, 800, 1000), 100),
    Space(20, "Free Parking", "free_parking"),
    _street(21, "Kentucky Avenue", "red", 220, (18, 90, 250, 700, 875, 1050), 150),
    Space(22, "Chance", "chance"),
    _street(23, "Indiana Avenue", "red", 220, (18, 90, 250, 700, 875, 1050), 150),
    _street(24, "Illinois Avenue", "red", 240, (20, 100, 300, 750, 925, 1100), 150),
    _railroad(25, "B. & O. Railroad"),
    _street(26, "Atlantic Avenue", "yellow", 260, (22, 110, 330, 800, 975, 1150), 150),
    _street(27, "Ventnor Avenue", "yellow", 260, (22, 110, 330, 800, 975, 1150), 150),
    _utility(28, "Water Works"),
    _street(29, "Marvin Gardens", "yellow", 280, (24, 120, 360, 850, 1025, 1200), 150),
    Space(30, "Go To Jail", "go_to_jail"),
    _street(31, "Pacific Avenue", "green", 300, (26, 130, 390, 900, 1100, 1275), 200),
    _street(
        32, "North Carolina Avenue", "green", 300, (26, 130, 390, 900, 1100, 1275), 200
    ),
    Space(33, "Community Chest", "chest"),
    _street(
        34, "Pennsylvania Avenue", "green", 320, (28, 150, 450, 1000, 1200, 1400), 200
    ),
    _railroad(35, "Short Line"),
    Space(36, "Chance", "chance"),
    _street(37, "Park Place", "dark blue", 350, (35, 175, 500, 1100, 1300, 1500), 200),
    Space(38, "Luxury Tax", "tax", tax=100),
    _street(39, "Boardwalk", "dark blue", 400, (50, 200, 600, 1400, 1700, 2000), 200),
)

DEEDS: tuple[int, ...] = tuple(s.index for s in BOARD if s.is_property)
RAILROADS: tuple[int, ...] = tuple(s.index for s in BOARD if s.kind == RAILROAD)
UTILITIES: tuple[int, ...] = tuple(s.index for s in BOARD if s.kind == UTILITY)

GROUPS: dict[str, tuple[int, ...]] = {}
for _s in BOARD:
    if _s.group is not None:
        GROUPS.setdefault(_s.group, ())
        GROUPS[_s.group] += (_s.index,)
COLOUR_GROUPS: tuple[str, ...] = tuple(
    g for g in GROUPS if g not in (RAILROAD, UTILITY)
)


def space(index: int) -> Space:
    return BOARD[index]


def group_of(index: int) -> tuple[int, ...]:
    """Every space of the deed's group (its colour, or all railroads, utilities)."""
    return GROUPS[BOARD[index].group]


_BY_NAME = {s.name.lower(): s.index for s in BOARD if s.is_property}
_BY_NAME.update({"jail": JAIL, "go": GO, "free parking": FREE_PARKING})


def index_named(name: str) -> int:
    """The index of a space by its name ("Boardwalk") or its number ("39")."""
    text = name.strip()
    if text.isdigit() and 0 <= int(text) < SPACES_ON_BOARD:
        return int(text)
    try:
        return _BY_NAME[text.lower()]
    except KeyError:
        raise ValueError(f"No space is named {name!r}.") from None
