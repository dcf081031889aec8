"""Monopoly Deal's standing answers (games.services.standing): accept a charge
without waiting, pay with the engine's suggested cards."""

from games.engines import deal as engine
from games.engines.deal.rules import default_payment
from games.models import Seat
from games.services.standing import is_charge, standing


def standing_move(state, awaited, seat: Seat):
    """The move `seat`'s standing answers make for `awaited`, or None."""
    if seat.status != Seat.Status.PLAYING:
        return None
    accept, pay = standing(seat)
    if accept and is_charge(state, awaited):
        return engine.Accept(seat=awaited.seat)
    if pay and awaited.kind == "pay":
        player = state.players[awaited.seat]
        return engine.Pay(
            seat=awaited.seat, cards=default_payment(player, awaited.amount)
        )
    return None
