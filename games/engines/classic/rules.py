"""decide: a move checked against RULES-CLASSIC.md and the events it causes.

Each part of the rules has its module: `moving` (dice, moving, landing, the
cards, rent, jail), `buying` (buying and auctions), `buildings` (buildings and
mortgages), `trading`, `debts` (payments, debts, bankruptcy), `turns` (setting
up, turn order, the end by net worth); `figures` and `checks` are what they
share. This module dispatches a move to its handler, then settles what the
move left open."""

import random

from ..errors import IllegalMove
from . import buildings, buying, debts, moving, trading
from . import events as ev
from . import moves as mv
from .builder import Builder
from .buying import close_auction
from .checks import well_formed
from .debts import pay
from .figures import open_matters
from .moving import move_by
from .state import State
from .turns import start_turn


def _pay_debts(b: Builder) -> bool:
    """Pay the first debt once its payer's cash covers it. True if one was paid."""
    s = b.state
    if not s.debts:
        return False
    debt = s.debts[0]
    if s.players[debt.seat].cash < debt.amount:
        return False
    pay(b, debt.seat, debt.creditors, debt.amount, debt.reason)
    b.emit(ev.DebtSettled(seat=debt.seat))
    if debt.then_move:
        move_by(b, debt.seat, debt.then_move)
    return True


def _settle(b: Builder) -> None:
    """Pay what can be paid, close a finished auction, pass the turn of a player
    who went out, and name the winner when one player is left."""
    while True:
        s = b.state
        if s.over:
            return
        if len(s.remaining()) <= 1:
            b.emit(ev.GameWon(seats=s.remaining(), reason="last player"))
            return
        if _pay_debts(b):
            continue
        if s.auction is not None and not s.auction.bidders:
            close_auction(b)
            continue
        if open_matters(s):
            return
        if s.players[s.active].out:
            start_turn(b, s.next_seat(s.active))
            continue
        return


_HANDLERS = {
    **moving.HANDLERS,
    **buying.HANDLERS,
    **buildings.HANDLERS,
    **debts.HANDLERS,
    **trading.HANDLERS,
}


def decide(state: State, move: mv.Move, rng: random.Random) -> list[ev.Event]:
    """The events `move` causes, or IllegalMove with a sentence a player can
    read. Never mutates `state`; dice and draws come only from `rng`."""
    return step(state, move, rng)[0]


def step(
    state: State, move: mv.Move, rng: random.Random
) -> tuple[list[ev.Event], State]:
    """`decide`, with the state the events lead to (the bots' look-ahead,
    which would otherwise evolve every event twice)."""
    well_formed(move)
    if state.over:
        raise IllegalMove("The game is over.")
    if not 0 <= move.seat < len(state.players):
        raise IllegalMove("There is no such player.")
    if state.players[move.seat].out:
        raise IllegalMove("You are out of the game.")
    b = Builder(state, rng)
    _HANDLERS[type(move)](b, move)
    _settle(b)
    return b.events, b.state
