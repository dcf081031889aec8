"""scenario(text): a position from a few readable lines, for tests and reports.

    seats: 3                 # 2 to 8 (default 2)
    active: 0                # whose turn (default 0); stage: roll | end | jail
    0 cash: 500              # default $1500 (or the starting-cash option)
    0 at: Chance 7           # a space by number or deed name ("Boardwalk", "7")
    0 owns: Boardwalk +hotel, Park Place +3, Reading Railroad (mortgaged)
    0 jail: 1                # in jail after 1 failed try
    0 cards: ch_jail_free    # Get Out of Jail Free cards held
    2 out                    # out of the game
    chance: ch_go, ch_dividend   # the top of the deck; the rest follow
    chest: cc_birthday
    options: free_parking_jackpot, turn_limit=10
    houses: 5                # the bank's stock (default: 32 less what stands)
    hotels: 2
    pot: 100
    doubles: 1               # doubles rolled so far this turn
    last roll: 3 4
    round: 3

Text after "#" is a comment. Each deck keeps its cards in table order after
those named at its top, less any Get Out of Jail Free card someone holds.
"""

import re
from dataclasses import fields, replace

from ..plumbing import scenario_lines, scenario_options
from .board import BOARD, HOTEL, HOTELS, HOUSES, index_named
from .cards import CARDS, CHANCE, CHANCE_CARDS, CHEST_CARDS
from .evolve import stock_of
from .state import END, JAIL_START, ROLL, Options, Player, State

_PLAYER_LINE = re.compile(r"^(\d+)\s+([a-z ]+?)\s*(?::\s*(.*))?$")
_OPTION_NAMES = tuple(f.name for f in fields(Options))


def _owns(text: str):
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        mortgaged = "(mortgaged)" in item
        item = item.replace("(mortgaged)", "").strip()
        name, _, building = item.partition("+")
        building = building.strip().lower()
        level = HOTEL if building == "hotel" else int(building or 0)
        yield index_named(name), level, mortgaged


def scenario(text: str) -> State:
    """A position from a few readable lines (see the module docstring)."""
    lines = [line for line, _ in scenario_lines(text)]
    seats = 2
    options = Options()
    for line in lines:
        key, _, value = line.partition(":")
        if key.strip() == "seats":
            seats = int(value)
        elif key.strip() == "options":
            options = scenario_options(value, Options, _OPTION_NAMES)
    players = [Player(cash=options.starting_cash) for _ in range(seats)]
    owner = list(State.__dataclass_fields__["owner"].default)
    levels = [0] * len(BOARD)
    mortgaged = [False] * len(BOARD)
    tops = {"chance": [], "chest": []}
    extra: dict = {}
    stage = None
    for line in lines:
        m = _PLAYER_LINE.match(line)
        if m:
            seat, key, value = int(m[1]), m[2].strip(), (m[3] or "").strip()
            p = players[seat]
            if key == "cash":
                p = replace(p, cash=int(value))
            elif key == "at":
                p = replace(p, position=index_named(value.split()[-1]))
            elif key == "owns":
                for i, level, mort in _owns(value):
                    owner[i], levels[i], mortgaged[i] = seat, level, mort
            elif key == "jail":
                p = replace(p, in_jail=True, position=10, jail_turns=int(value or 0))
            elif key == "cards":
                held = tuple(c.strip() for c in value.split(",") if c.strip())
                for c in held:
                    if c not in CARDS:
                        raise ValueError(f"No card is named {c!r}.")
                p = replace(p, jail_cards=held)
            elif key == "out":
                p = replace(p, out=True)
            else:
                raise ValueError(f"Unknown player line {line!r}.")
            players[seat] = p
            continue
        key, _, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if key in ("seats", "options"):
            continue
        if key in ("chance", "chest"):
            tops[key] = [c.strip() for c in value.split(",") if c.strip()]
        elif key in ("active", "houses", "hotels", "pot", "doubles", "round", "first"):
            extra[key] = int(value)
        elif key == "stage":
            stage = value
        elif key == "last roll":
            extra["last_roll"] = tuple(int(x) for x in value.split())
        else:
            raise ValueError(f"Unknown line {line!r}.")
    held = {c for p in players for c in p.jail_cards}
    decks = {}
    for name, cards in (("chance", CHANCE_CARDS), ("chest", CHEST_CARDS)):
        top = tops[name]
        for c in top:
            if c not in CARDS or (CARDS[c].deck == CHANCE) != (name == "chance"):
                raise ValueError(f"{c!r} is not a {name} card.")
        rest = [c.id for c in cards if c.id not in top and c.id not in held]
        decks[name] = tuple(top + rest)
    houses, hotels = stock_of(levels)
    active = extra.pop("active", 0)
    if stage is None:
        stage = JAIL_START if players[active].in_jail else ROLL
    if stage not in (JAIL_START, ROLL, END):
        raise ValueError(f"No stage is named {stage!r}.")
    return State(
        options=options,
        players=tuple(players),
        chance=decks["chance"],
        chest=decks["chest"],
        owner=tuple(owner),
        mortgaged=tuple(mortgaged),
        levels=tuple(levels),
        houses=extra.pop("houses", HOUSES - houses),
        hotels=extra.pop("hotels", HOTELS - hotels),
        active=active,
        stage=stage,
        turn=1,
        round=extra.pop("round", 1),
        **extra,
    )
