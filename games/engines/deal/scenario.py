"""scenario(text): a position from a few readable lines, for tests and bug reports."""

import re

from ..plumbing import scenario_lines, scenario_options
from .cards import DECK, NO_BUILDINGS, Colour, Kind
from .state import OPTION_LABELS, Options, Player, PropertySet, State


def _norm(name: str) -> str:
    name = name.lower().replace("colour", "color").replace("_", " ")
    name = re.sub(r"[^a-z0-9/&' ]+", " ", name)
    return " ".join(name.replace("/", " / ").split()).replace(" / ", "/")


def _aliases(name: str) -> list[str]:
    n = _norm(name)
    out = [n]
    m = re.fullmatch(r"(.+)/(.+) (wild|rent)", n)
    if m:
        out.append(f"{m[2]}/{m[1]} {m[3]}")
    if n == "it's my birthday":
        out += ["birthday", "its my birthday"]
    return out


_BY_NAME: dict[str, list[int]] = {}
for _c in DECK:
    for _a in _aliases(_c.name):
        _BY_NAME.setdefault(_a, []).append(_c.id)

_COLOURS: dict[str, Colour] = {}
for _col in Colour:
    _COLOURS[_col.value] = _col
    _COLOURS[_col.value.replace("_", " ")] = _col
_COLOURS["railroads"] = Colour.railroad
_COLOURS["utilities"] = Colour.utility


class _Cards:
    """Hands out card ids by name, the next unused copy each time."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        name = name.strip()
        if name.startswith("#"):
            ids = [int(name[1:])]
        else:
            ids = _BY_NAME.get(_norm(name))
            if not ids:
                raise ValueError(f"No card is named {name!r}.")
        for i in ids:
            if i not in self.used:
                self.used.add(i)
                return i
        raise ValueError(f"Every copy of {name!r} is already placed.")

    def many(self, text: str) -> tuple[int, ...]:
        return tuple(self.take(n) for n in text.split(",") if n.strip())


_SET = re.compile(r"([A-Za-z_ ]+?)\s*\[([^\]]*)\]")


def _sets(text: str, cards: _Cards) -> tuple[PropertySet, ...]:
    out = []
    for colour_name, body in _SET.findall(text):
        colour = _COLOURS.get(" ".join(colour_name.lower().replace("_", " ").split()))
        if colour is None:
            raise ValueError(f"No colour is named {colour_name!r}.")
        ids: list[int] = []
        house = hotel = None
        for item in body.split(","):
            name, *buildings = item.split("+")
            if name.strip():
                c = cards.take(name)
                if colour not in DECK[c].colours:
                    raise ValueError(f"{DECK[c].name} cannot be {colour.value}.")
                ids.append(c)
            for b in buildings:
                c = cards.take(b)
                if b.strip().lower() == "house":
                    house = c
                else:
                    hotel = c
        s = PropertySet(colour, tuple(ids), house, hotel)
        if len(ids) > s.size:
            raise ValueError(f"A {colour.value} set holds at most {s.size} cards.")
        if all(DECK[c].multicolour for c in ids):
            raise ValueError("A set needs a property that is not a multicolour wild.")
        if house is not None and not (s.full and colour not in NO_BUILDINGS):
            raise ValueError(
                "A House goes only on a full set, not railroads or utilities."
            )
        if hotel is not None and house is None:
            raise ValueError("A Hotel needs a House on the set.")
        out.append(s)
    return tuple(out)


def scenario(text: str) -> State:
    """Build a position from lines like these (blank lines and # comments skipped):

        seats: 3                      (default: the highest seat named, at least 2)
        turn: 0  plays: 1             (whose turn it is, plays used so far)
        options: hotel_replaces_house, just_say_no_costs_play
        0 hand: Deal Breaker, Just Say No
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue +House]
        0 loose: Multicolour Wild
        1 bank: 5M, 2M
        2 resigned
        draw: Boardwalk, 1M           (top first)
        discard: Pass Go              (top last)
        rest: discard                 (or draw, the default, or "2 hand")

    A seat's lines may repeat; they add up. Card names are the deck's names,
    any case; two-colour wilds and rents in either colour order ("Yellow/Red
    Wild"); "#17" names card 17. A name shared by several copies takes the next
    unused one. Every card not named goes to the draw pile, in id order, under
    the cards listed for it ("rest:" puts them on top of the discard pile or in
    a seat's hand instead). The turn is in its play phase, with the draw
    already made. A position the rules could not reach raises ValueError.
    """
    cards = _Cards()
    per_seat: dict[int, dict[str, object]] = {}
    header: dict[str, str] = {}
    draw: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    for line, raw in scenario_lines(text):
        m = re.fullmatch(r"(\d+)\s+(hand|bank|sets|loose|resigned)\s*:?\s*(.*)", line)
        if m:
            seat, key, rest = int(m[1]), m[2], m[3]
            entry = per_seat.setdefault(seat, {})
            if key == "resigned":
                entry[key] = True
            else:
                found = _sets(rest, cards) if key == "sets" else cards.many(rest)
                entry[key] = entry.get(key, ()) + found
            continue
        key, _, rest = line.partition(":")
        key = key.strip().lower()
        if key == "draw":
            draw = cards.many(rest)
        elif key == "discard":
            discard = cards.many(rest)
        elif key == "rest":
            header["rest"] = rest.strip().lower()
        elif key == "options":
            header["options"] = rest
        elif key in ("turn", "seats", "plays"):
            for k, v in re.findall(r"(\w+)\s*:\s*(\d+)", line):
                header[k.lower()] = v
        else:
            raise ValueError(f"Cannot read the line {raw.strip()!r}.")
    seats = int(header.get("seats", max([1, *per_seat]) + 1))
    if not 2 <= seats <= 5:
        raise ValueError("A game has 2 to 5 players.")
    options = scenario_options(header.get("options", ""), Options, OPTION_LABELS)
    players = []
    for seat in range(seats):
        e = per_seat.get(seat, {})
        if any(DECK[c].kind in (Kind.property, Kind.wild) for c in e.get("bank", ())):
            raise ValueError("Properties cannot be banked.")
        open_colours = [s.colour for s in e.get("sets", ()) if not s.full]
        if len(open_colours) != len(set(open_colours)):
            raise ValueError(
                "Two sets of one colour cannot both be short of full: more cards "
                "of a colour start another set only once the first is full."
            )
        if not all(DECK[c].multicolour for c in e.get("loose", ())):
            raise ValueError("Only a multicolour wild can be left with no set.")
        players.append(
            Player(
                hand=e.get("hand", ()),
                bank=e.get("bank", ()),
                sets=e.get("sets", ()),
                loose=e.get("loose", ()),
                resigned=bool(e.get("resigned", False)),
            )
        )
    rest = tuple(c.id for c in DECK if c.id not in cards.used)
    where = header.get("rest", "draw")
    if where == "draw":
        draw += rest
    elif where == "discard":
        discard += rest
    else:
        m = re.fullmatch(r"(\d+) hand", where)
        if m is None or int(m[1]) >= seats:
            raise ValueError(f"Cannot put the other cards in {where!r}.")
        p = players[int(m[1])]
        players[int(m[1])] = Player(p.hand + rest, p.bank, p.sets, p.loose, p.resigned)
    active = int(header.get("turn", 0))
    if active >= seats or players[active].resigned:
        raise ValueError(f"Seat {active} cannot have the turn.")
    return State(
        options=options,
        players=tuple(players),
        draw=draw,
        discard=discard,
        active=active,
        plays=int(header.get("plays", 0)),
        turn=1,
    )
