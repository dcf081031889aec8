"""Buying and sealed-bid auctions (RULES-CLASSIC.md "Buying and auctions")."""

from ..errors import IllegalMove
from . import events as ev
from . import moves as mv
from .board import BOARD
from .builder import Builder
from .figures import money
from .state import Sale, State


def _for_sale(s: State, seat: int) -> int:
    if s.for_sale is None or seat != s.active:
        raise IllegalMove("There is nothing for you to buy now.")
    return s.for_sale


def _on_buy(b: Builder, m: mv.Buy) -> None:
    """ "Buying costs the printed price, paid to the bank. A player who is short
    may raise cash first; otherwise they must decline.\""""
    space = _for_sale(b.state, m.seat)
    price = BOARD[space].price
    if b.state.players[m.seat].cash < price:
        raise IllegalMove(
            f"{BOARD[space].name} costs {money(price)}; raise cash first or decline."
        )
    b.emit(ev.PropertyBought(seat=m.seat, space=space, price=price))


def _on_decline_buy(b: Builder, m: mv.DeclineBuy) -> None:
    """ "A declined property is auctioned by sealed bids at once. Bidders: every
    player still in the game, the one who declined included.\""""
    space = _for_sale(b.state, m.seat)
    b.emit(ev.PurchaseDeclined(seat=m.seat, space=space))
    s = b.state
    if not s.options.no_auctions:
        b.emit(ev.AuctionOpened(lots=(space,), bidders=s.remaining(), first=m.seat))


def _bidder(s: State, seat: int) -> None:
    if s.auction is None:
        raise IllegalMove("No auction is open.")
    if s.inheritance is not None or s.debts:
        raise IllegalMove("Wait until the debt is settled.")
    if seat not in s.auction.bidders:
        raise IllegalMove("You have already bid in this auction.")


def _on_bid(b: Builder, m: mv.Bid) -> None:
    """ "One secret bid (whole dollars, at least $1, at most their cash when they
    bid) or passes. A bid cannot be changed or withdrawn.\""""
    s = b.state
    _bidder(s, m.seat)
    if len(m.amounts) != len(s.auction.lots):
        raise IllegalMove("Bid one amount for each lot (0 for none).")
    cash = s.players[m.seat].cash
    if any(a < 0 for a in m.amounts) or not any(m.amounts):
        raise IllegalMove("A bid is at least $1; pass to bid nothing.")
    if any(a > cash for a in m.amounts):
        raise IllegalMove(f"A bid cannot be more than your cash ({money(cash)}).")
    b.emit(ev.BidPlaced(seat=m.seat, amounts=tuple(m.amounts)))


def _on_pass_bid(b: Builder, m: mv.PassBid) -> None:
    _bidder(b.state, m.seat)
    b.emit(ev.BidPassed(seat=m.seat))


def close_auction(b: Builder) -> None:
    """ "The highest bid wins ... A tie goes to the tied bidder who comes first in
    seat order starting from [the first seat]. A bid above its bidder's cash at
    closing is void and the next bid counts." Lots are settled in board order."""
    s = b.state
    a = s.auction
    n = len(s.players)
    cash = {bid.seat: s.players[bid.seat].cash for bid in a.bids}
    sales = []
    for k, lot in enumerate(a.lots):
        best = None
        for bid in a.bids:
            amount = bid.amounts[k]
            if 0 < amount <= cash[bid.seat]:
                key = (amount, -((bid.seat - a.first) % n))
                if best is None or key > best[0]:
                    best = (key, bid.seat, amount)
        if best is not None:
            _, seat, amount = best
            cash[seat] -= amount
            sales.append(Sale(space=lot, seat=seat, price=amount))
    b.emit(ev.AuctionClosed(bids=a.bids, sales=tuple(sales)))


HANDLERS = {
    mv.Buy: _on_buy,
    mv.DeclineBuy: _on_decline_buy,
    mv.Bid: _on_bid,
    mv.PassBid: _on_pass_bid,
}
