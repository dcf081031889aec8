"""A form posted from the classic table, turned into engine moves.

Every form on templates/games/classic/table.html posts `action` and the fields
that action needs (beside the site's `version` and CSRF token):

    roll, pay_fine, use_card, buy, decline_buy, pass_bid, raise_and_pay,
    end_turn, resign                        nothing more
    bid         bid-<space>: dollars for each lot of the open auction (blank 0)
    build, mortgage, unmortgage, claim      space
    sell        group, levels ("2,2,1": the group's new levels in board order)
    lift        lift: the received mortgaged deeds to lift now (several)
    accept, decline, withdraw               offer
    offer       to, give_cash, get_cash, give_deeds, get_deeds, give_cards,
                get_cards, lift (deeds and cards several times each)
    counter     offer, and the fields of `offer`: declines that offer and
                makes the new one

Only the form's shape is judged here, against the seat's view (a space on the
board, a whole number of dollars, an offer the seat can see); the engine judges
the rest. Anything malformed or forged raises IllegalMove with a sentence.
"""

from collections.abc import Mapping
from typing import Any

from games.engines.classic import (
    BOARD,
    DEEDS,
    GROUPS,
    AcceptOffer,
    Bid,
    Build,
    Buy,
    ClaimRent,
    DeclineBuy,
    DeclineOffer,
    EndTurn,
    IllegalMove,
    LiftMortgages,
    Mortgage,
    Move,
    OfferTrade,
    PassBid,
    PayJailFine,
    RaiseAndPay,
    Resign,
    Roll,
    SellBuildings,
    Unmortgage,
    UseJailCard,
    WithdrawOffer,
)
from games.engines.classic.board import COLOUR_GROUPS
from games.engines.classic.cards import JAIL_FREE

NOT_UNDERSTOOD = "That move is not understood."
# A form field longer than this is not a number, a group or a card id.
FIELD_MAX_CHARS = 40
# No list in a form is longer than the board's deeds.
LIST_MAX = len(DEEDS)
# More dollars than any game holds: a typo, not a bid.
CASH_MAX = 10_000_000

_PLAIN = {
    "roll": Roll,
    "pay_fine": PayJailFine,
    "use_card": UseJailCard,
    "buy": Buy,
    "decline_buy": DeclineBuy,
    "pass_bid": PassBid,
    "raise_and_pay": RaiseAndPay,
    "end_turn": EndTurn,
    "resign": Resign,
}
_ON_SPACE = {
    "build": Build,
    "mortgage": Mortgage,
    "unmortgage": Unmortgage,
    "claim": ClaimRent,
}
_ON_OFFER = {"accept": AcceptOffer, "decline": DeclineOffer, "withdraw": WithdrawOffer}


def _values(data: Mapping[str, Any], key: str) -> list[str]:
    """Every value posted under `key` (a QueryDict's list, or a plain dict's)."""
    if hasattr(data, "getlist"):
        values = data.getlist(key)
    else:
        value = data.get(key)
        values = [] if value is None else value if isinstance(value, list) else [value]
    if len(values) > LIST_MAX or not all(isinstance(v, str) for v in values):
        raise IllegalMove(NOT_UNDERSTOOD)
    if any(len(v) > FIELD_MAX_CHARS for v in values):
        raise IllegalMove(NOT_UNDERSTOOD)
    return values


def _value(data: Mapping[str, Any], key: str) -> str:
    values = _values(data, key)
    if len(values) > 1:
        raise IllegalMove(NOT_UNDERSTOOD)
    return values[0].strip() if values else ""


def _whole(text: str, what: str) -> int:
    text = text.strip()
    if not text.isascii() or not text.lstrip("-").isdigit():
        raise IllegalMove(f"{what} must be a whole number.")
    return int(text)


def _dollars(data: Mapping[str, Any], key: str, what: str) -> int:
    """A cash field: blank is $0; a whole, non-negative number of dollars."""
    text = _value(data, key)
    if not text:
        return 0
    n = _whole(text.removeprefix("$").replace(",", ""), what)
    if n < 0:
        raise IllegalMove(f"{what} cannot be negative.")
    if n > CASH_MAX:
        raise IllegalMove(f"{what} is more than anyone holds.")
    return n


def _deed(text: str) -> int:
    try:
        n = _whole(text, "A property")
    except IllegalMove:
        raise IllegalMove("There is no such property.") from None
    if n not in DEEDS:
        raise IllegalMove("There is no such property.")
    return n


def _deeds(data: Mapping[str, Any], key: str) -> tuple[int, ...]:
    return tuple(_deed(v) for v in _values(data, key))


def _cards(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    cards = tuple(_values(data, key))
    if any(c not in JAIL_FREE for c in cards):
        raise IllegalMove("Only Get Out of Jail Free cards can be traded.")
    return cards


def _offer_id(data: Mapping[str, Any], view: dict[str, Any]) -> int:
    text = _value(data, "offer")
    try:
        n = _whole(text, "An offer")
    except IllegalMove:
        raise IllegalMove("There is no such open offer.") from None
    if not any(o["id"] == n for o in view["offers"]):
        raise IllegalMove("There is no such open offer.")
    return n


def _bid(data: Mapping[str, Any], view: dict[str, Any], seat: int) -> Move:
    auction = view["auction"]
    if auction is None:
        raise IllegalMove("No auction is open.")
    amounts = tuple(
        _dollars(data, f"bid-{lot}", f"Your bid on {BOARD[lot].name}")
        for lot in auction["lots"]
    )
    return Bid(seat=seat, amounts=amounts)


def _sell(data: Mapping[str, Any], seat: int) -> Move:
    group = _value(data, "group")
    if group not in COLOUR_GROUPS:
        raise IllegalMove("There is no such colour group.")
    parts = _value(data, "levels").split(",")
    levels = tuple(_whole(p, "A building level") for p in parts)
    if len(levels) != len(GROUPS[group]):
        raise IllegalMove("Name a level for each site of the group.")
    return SellBuildings(seat=seat, group=group, levels=levels)


def _trade(data: Mapping[str, Any], view: dict[str, Any], seat: int) -> Move:
    players = view["players"]
    to = _value(data, "to")
    to_seat = int(to) if to.isascii() and to.isdigit() else -1
    if not 0 <= to_seat < len(players) or to_seat == seat or players[to_seat]["out"]:
        raise IllegalMove("Offer a trade to another player still in the game.")
    give_deeds, get_deeds = _deeds(data, "give_deeds"), _deeds(data, "get_deeds")
    lift = _deeds(data, "lift")
    # A "lift" box beside a deed left out of the offer means nothing.
    lift = tuple(i for i in lift if i in give_deeds or i in get_deeds)
    return OfferTrade(
        seat=seat,
        to=to_seat,
        give_cash=_dollars(data, "give_cash", "The cash you give"),
        give_deeds=give_deeds,
        give_cards=_cards(data, "give_cards"),
        get_cash=_dollars(data, "get_cash", "The cash you ask for"),
        get_deeds=get_deeds,
        get_cards=_cards(data, "get_cards"),
        lift=lift,
    )


def moves_from_post(
    data: Mapping[str, Any], view: dict[str, Any], seat: int
) -> list[Move]:
    """The moves a posted form asks for, in order: one, or two for a counter
    offer (decline the offer, then make the new one: apply both or neither)."""
    action = _value(data, "action")
    if action in _PLAIN:
        return [_PLAIN[action](seat=seat)]
    if action in _ON_SPACE:
        return [_ON_SPACE[action](seat=seat, space=_deed(_value(data, "space")))]
    if action in _ON_OFFER:
        return [_ON_OFFER[action](seat=seat, offer=_offer_id(data, view))]
    match action:
        case "bid":
            return [_bid(data, view, seat)]
        case "sell":
            return [_sell(data, seat)]
        case "lift":
            return [LiftMortgages(seat=seat, spaces=_deeds(data, "lift"))]
        case "offer":
            return [_trade(data, view, seat)]
        case "counter":
            declined = DeclineOffer(seat=seat, offer=_offer_id(data, view))
            return [declined, _trade(data, view, seat)]
    raise IllegalMove(NOT_UNDERSTOOD)


def move_from_post(data: Mapping[str, Any], view: dict[str, Any], seat: int) -> Move:
    """The one move a posted form asks for. A counter offer is two moves: the
    site calls `moves_from_post` for it (this refuses it with a sentence)."""
    moves = moves_from_post(data, view, seat)
    if len(moves) != 1:
        raise IllegalMove("Decline the offer first, then make your own.")
    return moves[0]


__all__ = ["move_from_post", "moves_from_post"]
