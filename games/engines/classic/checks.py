"""Checks shared by the moves: each raises IllegalMove with a sentence a player
can read unless the move may go on."""

import typing
from dataclasses import fields
from functools import cache

from ..errors import IllegalMove
from . import moves as mv
from .board import BOARD, SPACES_ON_BOARD
from .figures import may_raise
from .state import END, JAIL_START, ROLL, State


@cache
def _hints(cls: type) -> tuple[tuple[str, typing.Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in fields(cls))


def well_formed(move) -> None:
    if not isinstance(move, mv.Move):
        raise IllegalMove("That move is not well formed.")
    for name, tp in _hints(type(move)):
        value = getattr(move, name)
        if typing.get_origin(tp) is tuple:
            (inner, _) = typing.get_args(tp)
            ok = isinstance(value, tuple | list) and all(
                type(v) is inner for v in value
            )
        else:
            ok = type(value) is tp
        if not ok:
            raise IllegalMove("That move is not well formed.")


def your_turn(s: State, seat: int, stage: str | None = None) -> None:
    if seat != s.active:
        raise IllegalMove("It is not your turn.")
    if s.inheritance is not None:
        raise IllegalMove("Wait until the received mortgages are decided.")
    if s.debts:
        raise IllegalMove("Wait until the debt is settled.")
    if s.auction is not None:
        raise IllegalMove("Wait until the auction closes.")
    if s.for_sale is not None:
        raise IllegalMove(f"First buy or decline {BOARD[s.for_sale].name}.")
    if stage is not None and s.stage != stage:
        raise IllegalMove(
            {
                JAIL_START: "You are in jail: roll for doubles, pay $50 or use a card.",
                ROLL: "Roll the dice first.",
                END: "You cannot roll again this turn.",
            }[s.stage]
        )


def _space(value: int) -> int:
    if not 0 <= value < SPACES_ON_BOARD:
        raise IllegalMove("There is no such space.")
    return value


def own_deed(s: State, seat: int, space: int) -> None:
    _space(space)
    if not BOARD[space].is_property:
        raise IllegalMove(f"{BOARD[space].name} is not a property.")
    if s.owner[space] != seat:
        raise IllegalMove(f"You do not own {BOARD[space].name}.")


def raising(s: State, seat: int) -> None:
    if not may_raise(s, seat):
        raise IllegalMove("You cannot sell or mortgage now.")
