"""The state of a game: frozen records of tuples, cheap to copy in part."""

from dataclasses import MISSING, dataclass, fields

from ..plumbing import JsonOptions
from .cards import (
    HOTEL_RENT,
    HOUSE_RENT,
    NO_BUILDINGS,
    RENT_BY_COUNT,
    SET_SIZE,
    VALUE,
    Colour,
)

_new = object.__new__
_VALUE_OF = VALUE.__getitem__


def replace(obj, **changes):
    """dataclasses.replace for these frozen records, without its checks: evolve
    copies a few fields of a record on every event, so this is its hot path.

    The records keep a __dict__ (no slots), always a combined table (see
    _combined), which the copy clones whole and sets through its class's
    descriptor. What was worked out from the old record is not true of the
    new one: DERIVED is set to None rather than deleted, since a deleted key
    leaves a hole that stops the next copy from cloning the table."""
    cls = type(obj)
    new = _new(cls)
    attributes = obj.__dict__ | changes
    attributes[DERIVED] = None
    _SET_DICT[cls](new, attributes)
    return new


def with_hand(player: "Player", hand: tuple[int, ...]) -> "Player":
    """replace(player, hand=hand), keeping what was worked out from the player
    (DERIVED), which reads only the cards in front of them, never the hand: a
    draw or an action card played leaves the table as it was."""
    new = _new(Player)
    _SET_DICT[Player](new, player.__dict__ | {"hand": hand})
    return new


def make(cls, **fields):
    """cls(**fields) for these frozen records (every field without a default
    given), without the frozen dataclass's __init__, which sets each field
    through object.__setattr__: evolve makes a Pending and its Targets for
    every action card played. The defaults go in first, out of the fields'
    order, which turns `new.__dict__` into a combined table (see replace)."""
    new = _new(cls)
    attributes = new.__dict__
    attributes |= _DEFAULTS[cls]
    attributes |= fields
    return new


def quick_init(cls):
    """Give a frozen dataclass with slots an __init__ that sets each slot
    through its descriptor rather than object.__setattr__ (a third to a half
    of the cost): the rules make an event record, and `awaiting` an Awaiting,
    for nearly every step, and a bot a Pay or a Discard for many. The same
    signature, defaults and record; a class decorator, applied above
    @dataclass."""
    params, keywords, body = [], [], []
    scope = {}
    for f in fields(cls):
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: no default factories")
        param = f.name
        if f.default is not MISSING:
            scope[f"_default_{f.name}"] = f.default
            param += f"=_default_{f.name}"
        (keywords if f.kw_only else params).append(param)
        scope[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        body.append(f"    _set_{f.name}(self, {f.name})")
    if keywords:
        params += ["*", *keywords]
    source = f"def __init__(self, {', '.join(params)}):\n"
    source += "\n".join(body) if body else "    pass"
    exec(source, scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__wrapped__ = cls.__init__  # the dataclass's own, which tests compare
    cls.__init__ = init
    return cls


def defaults_off_the_class(cls):
    """Take away the class attributes @dataclass leaves for its fields'
    defaults (its __init__, fields() and make() keep the defaults): CPython
    3.12 does not specialise reading an instance attribute that a class
    attribute of the same name shadows, so every `state.phase` or
    `player.hand` took the interpreter's generic path, three to four times
    the instructions. A class decorator, applied above @dataclass."""
    for f in fields(cls):
        if f.name in cls.__dict__:
            delattr(cls, f.name)
    return cls


# The attribute under which a State or a Player keeps what was worked out from
# it (not a field: equality, serialising and replay never see it): a State's
# rules.awaiting, a Player's full colours, payable value and payable cards (a
# list of the three, each None until asked). Every record has it (the others'
# stays None), None until something is worked out (__post_init__, replace, make
# and unpickling set None; with_hand keeps a Player's), so that
# `record._derived` is a plain attribute read, which the interpreter
# specialises.
DERIVED = "_derived"


def _combined(record, attributes: dict | None = None) -> None:
    """The __post_init__ and __setstate__ of the records: their __dict__ as a
    combined table, with nothing worked out (DERIVED None). __init__ and
    unpickling leave a split table, whose every attribute read CPython 3.12
    sends back to its generic path (about three times the instructions of
    the specialised read), and which every copy would keep."""
    if attributes is None:
        attributes = record.__dict__
    _SET_DICT[type(record)](record, {**attributes, DERIVED: None})


# Where a Player's DERIVED list keeps each.
_FULL_COLOURS, _PAYABLE_VALUE, _PAYABLE = range(3)


@dataclass(frozen=True, slots=True)
class Options(JsonOptions):
    """The house rules of RULES.md; all off is official play."""

    wild_move_costs_play: bool = False
    discard_to_discard_pile: bool = False
    hotel_replaces_house: bool = False
    just_say_no_costs_play: bool = False
    just_say_no_cancels_double_only: bool = False
    buildings_to_full_set: bool = False
    bot_replaces_leaver: bool = False
    max_missed_deadlines: int = 3


# House rules that are numbers (games.engines.plumbing.NumberRule): none offered.
OPTION_NUMBERS: dict = {}
OPTION_LABELS: dict[str, str] = {
    "wild_move_costs_play": "Moving a wild card between your sets costs one of "
    "your 3 plays.",
    "discard_to_discard_pile": "Cards discarded down to 7 go to the discard pile, "
    "not the bottom of the draw pile.",
    "hotel_replaces_house": "A Hotel replaces the House: +4M rent in all, not +7M.",
    "just_say_no_costs_play": "A Just Say No played on your own turn costs one of "
    "your 3 plays.",
    "just_say_no_cancels_double_only": "A Just Say No against a doubled rent "
    "cancels only the Double the Rent; the base rent is still owed.",
    "buildings_to_full_set": "A House or Hotel received as payment goes onto one "
    "of your full sets that can take it (otherwise to your bank).",
    "bot_replaces_leaver": "A player who misses too many deadlines is replaced by "
    "a bot instead of leaving the game.",
}


@defaults_off_the_class
@dataclass(frozen=True)
class PropertySet:
    """Cards of one colour, at most the full-set size, with its buildings."""

    colour: Colour
    cards: tuple[int, ...]
    house: int | None = None
    hotel: int | None = None

    def __post_init__(self) -> None:
        _combined(self)

    @property
    def size(self) -> int:
        return SET_SIZE[self.colour]

    @property
    def full(self) -> bool:
        return len(self.cards) >= SET_SIZE[self.colour]

    def rent(self, options: "Options") -> int:
        """Rent table for the cards + 3 for a House + 4 for a Hotel."""
        amount = RENT_BY_COUNT[self.colour][len(self.cards)]
        if self.hotel is not None:
            amount += HOTEL_RENT
            if self.house is not None and not options.hotel_replaces_house:
                amount += HOUSE_RENT
        elif self.house is not None:
            amount += HOUSE_RENT
        return amount

    def can_take_house(self) -> bool:
        return self.full and self.house is None and self.colour not in NO_BUILDINGS

    def can_take_hotel(self) -> bool:
        return self.full and self.house is not None and self.hotel is None


@defaults_off_the_class
@dataclass(frozen=True)
class Player:
    hand: tuple[int, ...] = ()
    bank: tuple[int, ...] = ()
    sets: tuple[PropertySet, ...] = ()
    loose: tuple[int, ...] = ()
    resigned: bool = False

    def __post_init__(self) -> None:
        _combined(self)

    def _kept(self, i: int, work):
        """Item `i` of what this record has worked out (its DERIVED list),
        worked out by `work(self)` when first asked."""
        known = self._derived
        if known is None:
            known = self.__dict__[DERIVED] = [None, None, None]
        value = known[i]
        if value is None:
            value = known[i] = work(self)
        return value

    def full_colours(self) -> frozenset[Colour]:
        """The colours of this player's full sets (worked out once a record;
        the hottest of the three, so without _kept's call)."""
        known = self._derived
        if known is None:
            known = self.__dict__[DERIVED] = [None, None, None]
        full = known[_FULL_COLOURS]
        if full is None:
            full = known[_FULL_COLOURS] = frozenset(
                [s.colour for s in self.sets if len(s.cards) >= SET_SIZE[s.colour]]
            )
        return full

    def has_won(self) -> bool:
        """3 full sets of different colours."""
        return len(self.sets) >= SETS_TO_WIN and len(self.full_colours()) >= SETS_TO_WIN

    def payable(self) -> tuple[int, ...]:
        """Cards that can pay a debt: bank, properties (not multicolour),
        buildings (worked out once a record: the payer's bot and the rules ask)."""
        return self._kept(_PAYABLE, Player._payable)

    def _payable(self) -> tuple[int, ...]:
        out = list(self.bank)
        for s in self.sets:
            out += filter(_VALUE_OF, s.cards)  # a multicolour wild is worth 0
            if s.house is not None:
                out.append(s.house)
            if s.hotel is not None:
                out.append(s.hotel)
        return tuple(out)

    def can_pay(self) -> bool:
        """Whether anything in front of this player can pay a debt: payable()
        is not empty."""
        if self.bank:
            return True
        for s in self.sets:
            if s.house is not None or s.hotel is not None:
                return True
            for c in s.cards:
                if VALUE[c]:
                    return True
        return False

    def payable_value(self) -> int:
        """What everything that can pay a debt is worth, in M (worked out once
        a record: a bot asks it of every opponent at most decisions)."""
        return self._kept(_PAYABLE_VALUE, Player._payable_value)

    def _payable_value(self) -> int:
        total = sum(map(_VALUE_OF, self.bank))
        for s in self.sets:
            total += sum(map(_VALUE_OF, s.cards))
            if s.house is not None:
                total += VALUE[s.house]
            if s.hotel is not None:
                total += VALUE[s.hotel]
        return total

    def table_cards(self) -> tuple[int, ...]:
        """Every card in front of this player."""
        out = list(self.bank)
        for s in self.sets:
            out.extend(s.cards)
            if s.house is not None:
                out.append(s.house)
            if s.hotel is not None:
                out.append(s.hotel)
        out.extend(self.loose)
        return tuple(out)

    def find_property(self, card_id: int) -> int | None:
        """Index of the set holding this card, or None."""
        for i, s in enumerate(self.sets):
            if card_id in s.cards:
                return i
        return None


# Status of one target of a pending action.
RESPOND = "respond"  # the target may say no or accept
SAID_NO = "said_no"  # the actor may answer the target's Just Say No
PAY = "pay"  # the target owes a payment
PAID = "paid"
REFUSED = "refused"  # the target's Just Say No stood
DONE = "done"  # a deal went through
GONE = "gone"  # the target resigned

OPEN_STATUSES = frozenset({RESPOND, SAID_NO, PAY})


@defaults_off_the_class
@dataclass(frozen=True)
class Target:
    seat: int
    status: str = RESPOND
    amount: int = 0
    nos: int = 0  # Just Say No cards played in this target's chain

    def __post_init__(self) -> None:
        _combined(self)


@defaults_off_the_class
@dataclass(frozen=True)
class Pending:
    """An action card being resolved, with one entry per player it hits."""

    kind: str  # rent, debt, birthday, sly_deal, forced_deal, deal_breaker
    actor: int
    card: int
    targets: tuple[Target, ...]
    amount: int = 0
    base: int = 0  # the rent before any Double the Rent
    doubles: tuple[int, ...] = ()
    colour: Colour | None = None
    set_index: int | None = None
    take: int | None = None
    give: int | None = None

    def __post_init__(self) -> None:
        _combined(self)

    def target(self, seat: int) -> Target | None:
        for t in self.targets:
            if t.seat == seat:
                return t
        return None

    @property
    def settled(self) -> bool:
        return all(t.status not in OPEN_STATUSES for t in self.targets)


PLAY = "play"
DISCARD = "discard"
OVER = "over"
PLAYS_PER_TURN = 3
HAND_LIMIT = 7
# Full sets of different colours that win the game.
SETS_TO_WIN = 3


@defaults_off_the_class
@dataclass(frozen=True)
class State:
    options: Options
    players: tuple[Player, ...]
    draw: tuple[int, ...]  # top of the draw pile first
    discard: tuple[int, ...] = ()  # top of the discard pile last
    active: int = 0
    plays: int = 0  # plays used this turn
    phase: str = PLAY
    pending: Pending | None = None
    winner: int | None = None
    turn: int = 0  # turns started so far
    # Turns in a row that started with the draw pile, the discard pile and every
    # hand empty (multicolour wilds aside): see rules.IDLE_ROUND_DRAWS.
    idle_turns: int = 0

    def __post_init__(self) -> None:
        _combined(self)

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def plays_left(self) -> int:
        return PLAYS_PER_TURN - self.plays

    def remaining(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(i for i, p in enumerate(self.players) if not p.resigned)

    def next_seat(self, seat: int) -> int:
        n = len(self.players)
        for step in range(1, n + 1):
            s = (seat + step) % n
            if not self.players[s].resigned:
                return s
        return seat


def _fields_only(record) -> dict:
    """What pickling keeps of a record: its fields, not what was worked out
    from them (DERIVED is None), so that a record pickles the same whether or
    not something has asked it a question."""
    return {**record.__dict__, DERIVED: None}


_RECORDS = (PropertySet, Player, Target, Pending, State)
# (Their __post_init__, which @dataclass must find in the class body, is
# _combined too.)
for _record in _RECORDS:
    _record.__getstate__ = _fields_only  # type: ignore[method-assign]
    _record.__setstate__ = _combined  # type: ignore[attr-defined]

# What make() starts each record from: its fields' defaults and nothing worked
# out.
_DEFAULTS: dict[type, dict] = {
    cls: {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    | {DERIVED: None}
    for cls in _RECORDS
}

# Each record's __dict__ setter: its class's descriptor, quicker than
# object.__setattr__, which looks the descriptor up.
_SET_DICT = {cls: cls.__dict__["__dict__"].__set__ for cls in _RECORDS}
