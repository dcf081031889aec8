"""Setting up, the order of turns and the end by net worth (RULES-CLASSIC.md
"Equipment and setting up", "A turn", "Winning")."""

import random

from ..errors import IllegalMove
from ..plumbing import fold
from . import events as ev
from .builder import Builder
from .cards import CHANCE_CARDS, CHEST_CARDS
from .evolve import evolve
from .figures import net_worth
from .state import Options, State

MIN_SEATS, MAX_SEATS = 2, 8


def setup(seats: int, options: Options, rng: random.Random) -> list[ev.Event]:
    """RULES-CLASSIC.md: "2 to 8 players. Each starts with $1500 cash ... The
    Chance and Community Chest decks are shuffled once at the start ... the first
    player is drawn at random"."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise IllegalMove("A game needs 2 to 8 players.")
    chance = [c.id for c in CHANCE_CARDS]
    chest = [c.id for c in CHEST_CARDS]
    rng.shuffle(chance)
    rng.shuffle(chest)
    first = rng.randrange(seats)
    b = Builder(None, rng)
    b.emit(
        ev.GameStarted(
            seats=seats,
            first=first,
            chance=tuple(chance),
            chest=tuple(chest),
            options=options,
        )
    )
    start_turn(b, first)
    return b.events


def replay(events) -> State:
    """The state the events lead to: reduce(evolve, events, None)."""
    return fold(evolve, events)


def new_game(seats: int, seed: int, options: Options | None = None) -> State:
    """A new game, shuffled and drawn from `seed`."""
    return replay(setup(seats, options or Options(), random.Random(seed)))


def _starts_round(state: State, seat: int) -> bool:
    n = len(state.players)
    return (
        state.turn == 0 or (seat - state.first) % n <= (state.active - state.first) % n
    )


def start_turn(b: Builder, seat: int) -> None:
    """With the turn limit on, the game ends after the set number of rounds."""
    s = b.state
    limit = s.options.turn_limit
    if limit and _starts_round(s, seat) and s.round >= limit:
        finish_by_worth(b, "turn limit")
        return
    b.emit(ev.TurnStarted(seat=seat))


def finish_by_worth(b: Builder, reason: str) -> None:
    """The highest net worth wins; a tie goes to more cash; still tied, shared."""
    s = b.state
    key = {seat: (net_worth(s, seat), s.players[seat].cash) for seat in s.remaining()}
    best = max(key.values())
    b.emit(ev.GameWon(seats=tuple(x for x in key if key[x] == best), reason=reason))


def end_turn(b: Builder) -> None:
    seat = b.state.active
    b.emit(ev.TurnEnded(seat=seat))
    start_turn(b, b.state.next_seat(seat))
