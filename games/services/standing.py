"""Standing answers: decisions a player makes in advance, on their profile.

"Accept charges against me without waiting" accepts rent, a debt or a
birthday charged to them; it never plays a Just Say No, and it applies
whatever the hand holds, so it tells the other players nothing about it.
"Pay with the suggested cards" pays what they owe with the engine's default
payment (the least, from the bank first). With both on, a charge resolves at
once for that player. Each can be set for one game (`Seat.accept_charges`,
`Seat.pay_suggested`; None follows the profile).

They are applied on the one write path (`games.services.table.Table.save`),
in the same transaction as the move that made the decision due, with the same
moves and events as if the player had clicked: the cause is "player", since
the player decided, only earlier.
"""

from typing import TYPE_CHECKING

from games.models import Seat

if TYPE_CHECKING:
    from games.services.table import Table

# More than any charge can ask of one table (five payers, accept then pay).
MOST_ANSWERS = 20


def is_charge(state, awaited) -> bool:
    """A charge against `awaited.seat`: money asked of a target who may answer."""
    pending = getattr(state, "pending", None)  # Monopoly Deal's action
    return (
        awaited.kind == "respond"
        and pending is not None
        and awaited.seat != pending.actor
        and bool(awaited.amount)
    )


def standing(seat: Seat) -> tuple[bool, bool]:
    """(accept charges, pay the suggested cards) for `seat`: this game's
    choice where the player made one, else their profile's."""
    user = seat.user if seat.user_id and not seat.bot else None
    if user is None:
        return False, False
    accept = seat.accept_charges
    pay = seat.pay_suggested
    return (
        bool(user.accept_charges if accept is None else accept),
        bool(user.pay_suggested if pay is None else pay),
    )


def standing_answers_apply(table: "Table") -> None:
    """Make every move the awaited seats' standing answers make, one at a time."""
    answer = table.kind.standing_move
    if answer is None:
        return  # The game has no standing answers.
    for _ in range(MOST_ANSWERS):
        if table.state is None or table.state.over:
            return
        move = next(
            (
                m
                for a in table.engine.awaiting(table.state)
                if (m := answer(table.state, a, table.seats[a.seat]))
            ),
            None,
        )
        if move is None:
            return
        table.play(move)
