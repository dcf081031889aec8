"""view(state, seat): what one seat may see; describe and redact for history."""

from collections.abc import Sequence
from typing import Any

from ..plumbing import in_words
from . import events as ev
from .board import BOARD, DEEDS, JAIL
from .cards import CARDS
from .debts import raise_plan
from .decisions import awaiting
from .figures import money, net_worth, rent_for
from .serial import to_json
from .state import State


def _offer_view(o) -> dict[str, Any]:
    d = to_json(o)
    del d["type"]
    return d


def view(state: State, seat: int | None) -> dict[str, Any]:
    """JSON-able, exactly what that seat may see (None: a spectator). Hidden: the
    order of both decks, others' sealed bids while the auction is open, trade
    offers between other players. When the game is over everything is shown."""
    return _view(state, seat, everything=state.over)


def open_view(state: State) -> dict[str, Any]:
    """The table with every player's secret open, at any point of a game, for
    replaying a finished one ("After the game ends everything may be
    revealed"): a spectator's view plus every sealed bid of the open auction
    ("bids") and every trade offer. The decks' order stays a count until the
    game is over, as Monopoly Deal's open view keeps its draw pile. Only for
    games that are over: during play it would show every bid."""
    return _view(state, None, everything=True)


def _view(state: State, seat: int | None, *, everything: bool) -> dict[str, Any]:
    s = state
    over = s.over
    a = s.auction
    auction = None
    if a is not None:
        auction = {
            "lots": list(a.lots),
            "waiting_on": list(a.bidders),
            "answered": [b.seat for b in a.bids],
            "your_bid": next((list(b.amounts) for b in a.bids if b.seat == seat), None),
        }
        if everything:
            auction["bids"] = {str(b.seat): list(b.amounts) for b in a.bids}
    return {
        "seat": seat,
        "active": s.active,
        "stage": s.stage,
        "turn": s.turn,
        "round": s.round,
        "doubles": s.doubles,
        "last_roll": list(s.last_roll),
        "awaiting": [
            {
                "seat": e.seat,
                "kind": e.kind,
                "detail": e.detail,
                "amount": e.amount,
                "to": list(e.to) if e.to is not None else None,
                "space": e.space,
                "offer": e.offer,
            }
            for e in awaiting(s)
            if e.kind != "answer"
            or everything
            or e.seat == seat
            or any(o.id == e.offer and o.seat == seat for o in s.offers)
        ],
        "players": [
            {
                "seat": i,
                "cash": p.cash,
                "position": p.position,
                "in_jail": p.in_jail,
                "jail_turns": p.jail_turns,
                "jail_cards": list(p.jail_cards),
                "out": p.out,
                "net_worth": net_worth(s, i),
                "deeds": list(s.deeds(i)),
            }
            for i, p in enumerate(s.players)
        ],
        "deeds": [
            {
                "space": i,
                "name": BOARD[i].name,
                "owner": s.owner[i],
                "mortgaged": s.mortgaged[i],
                "level": s.levels[i],
                "rent": rent_for(s, i, 7) if s.owner[i] is not None else None,
            }
            for i in DEEDS
        ],
        "houses": s.houses,
        "hotels": s.hotels,
        "pot": s.pot,
        "for_sale": s.for_sale,
        "auction": auction,
        "debts": [_offer_view(d) for d in s.debts],
        # What "Raise it and pay" would sell and mortgage, for the seat whose
        # debt is awaited: its own buildings and deeds, all public.
        "raise_plan": (
            [to_json(e) for e in raise_plan(s, seat)]
            if seat is not None and s.debts and s.debts[0].seat == seat
            else []
        ),
        "inheritance": _offer_view(s.inheritance) if s.inheritance else None,
        "offers": [
            _offer_view(o) for o in s.offers if everything or seat in (o.seat, o.to)
        ],
        "claims": [_offer_view(c) for c in s.claims],
        "chance_count": len(s.chance),
        "chest_count": len(s.chest),
        "chance": list(s.chance) if over else None,
        "chest": list(s.chest) if over else None,
        "winners": list(s.winners),
        "end_reason": s.end_reason,
        "options": s.options.to_json(),
    }


def _offer_party(event: ev.Event, seat: int | None) -> bool:
    """Whether `seat` is one of the two seats of the offer `event` is about
    ("An open trade offer is seen only by its two parties")."""
    if isinstance(event, ev.OfferMade):
        return seat in (event.offer.seat, event.offer.to)
    if event.between:
        return seat in event.between
    # Written before the event named both seats: only the seat it names (a
    # void offer names none, so nobody reads why).
    return seat is not None and seat == getattr(event, "seat", None)


def redact(event: ev.Event, seat: int | None) -> dict[str, Any]:
    """to_json(event) as that seat may read it: the decks' order, a sealed bid of
    another seat, a trade offer between others and why such an offer was void
    are None, with "redacted"."""
    d = to_json(event)
    if isinstance(event, ev.GameStarted):
        d["chance"] = d["chest"] = None
        d["redacted"] = True
    elif isinstance(event, ev.BidPlaced) and event.seat != seat:
        d["amounts"] = None
        d["redacted"] = True
    elif isinstance(event, ev.OfferMade) and not _offer_party(event, seat):
        d["offer"] = None
        d["redacted"] = True
    elif isinstance(event, ev.OfferVoided) and not _offer_party(event, seat):
        d["reason"] = None
        d["redacted"] = True
    return d


_LEFT_JAIL = {
    "card": "used a Get Out of Jail Free card and left jail",
    "fine": "paid the fine and left jail",
    "doubles": "rolled doubles and left jail",
    "third try": "left jail after a third try, paying the fine",
}


# What a payment was for, after its amount ("Ann paid Bea $26 rent."); a card's
# payment follows the card's own line and needs no word.
_PAID_FOR = {
    "rent": " rent",
    "tax": " tax",
    "fine": " fine",
    "interest": " interest",
    "gift": " as a birthday gift",
}


def _goods(cash: int, deeds, cards) -> str:
    """ "$200, Water Works and a Get Out of Jail Free card"."""
    items = [money(cash)] if cash else []
    items += [BOARD[i].name for i in deeds]
    items += ["a Get Out of Jail Free card"] * len(cards)
    return in_words(items)


def _bid_words(amounts) -> str:
    """A sealed bid once its auction has closed: "$120", or one amount per lot
    in board order ("$50 / none")."""
    return " / ".join(money(a) if a else "none" for a in amounts)


def _bankrupt_words(e: ev.PlayerBankrupt, who, whom) -> str:
    """ "Ann went bankrupt to Bea: $120, 3 properties and a Get Out of Jail
    Free card passed." To several creditors the cash is shared and the deeds
    go to the bank; to the bank everything does."""
    verb = "resigned and went bankrupt" if e.resigned else "went bankrupt"
    to = in_words([whom(c) for c in e.creditors]) or "the bank"
    line = f"{who(e.seat)} {verb} to {to}"
    deeds = f"{len(e.deeds)} propert{'y' if len(e.deeds) == 1 else 'ies'}"
    cards = "a Get Out of Jail Free card" if e.cards == 1 else f"{e.cards} cards"
    if len(e.creditors) == 1:
        held = [money(e.cash)] if e.cash else []
        held += [deeds] if e.deeds else []
        held += [cards] if e.cards else []
        if held:
            return f"{line}: {in_words(held)} passed."
    elif len(e.creditors) > 1 and (e.cash or e.deeds):
        shared = [f"{money(e.cash)} shared"] if e.cash else []
        shared += [f"{deeds} to the bank"] if e.deeds else []
        return f"{line}: {in_words(shared)}."
    elif e.deeds:
        return f"{line}: {deeds} went to the bank."
    return f"{line}."


def action(event: ev.Event) -> str | None:
    """What a seat did on the board, as the words after its name ("rolled 4
    and 4 (doubles)", "moved to Boardwalk", "collected $200 salary"); None for
    an event that is not a roll, a move or a step into or out of jail."""
    e = event
    match e:
        case ev.DiceRolled():
            dbl = " (doubles)" if e.dice[0] == e.dice[1] and e.purpose != "rent" else ""
            return f"rolled {e.dice[0]} and {e.dice[1]}{dbl}"
        case ev.TokenMoved():
            verb = "went back" if e.backward else "moved"
            visiting = " (just visiting)" if e.to == JAIL else ""
            return f"{verb} to {BOARD[e.to].name}{visiting}"
        case ev.SalaryCollected():
            return f"collected {money(e.amount)} salary"
        case ev.SentToJail():
            return "went to jail"
        case ev.LeftJail():
            return _LEFT_JAIL.get(e.how, "left jail")
        case ev.StayedInJail():
            return "stayed in jail"
    return None


def describe(event: ev.Event, seat: int | None, names: Sequence[str]) -> str | None:
    """The history line for `event` as `seat` may read it ("Bea placed a sealed
    bid." to others, "You bid $120 on Boardwalk." to Bea); None for no line."""

    def who(s: int | None) -> str:
        if s is None:
            return "The bank"
        return "You" if s == seat else names[s]

    def whom(s: int | None) -> str:
        if s is None:
            return "the bank"
        return "you" if s == seat else names[s]

    def at(i: int) -> str:
        return BOARD[i].name

    e = event
    match e:
        case ev.GameStarted():
            return (
                f"The game started with {e.seats} players; {names[e.first]} goes first."
            )
        case ev.TurnStarted():
            return "Your turn." if e.seat == seat else f"{names[e.seat]}'s turn."
        case (
            ev.DiceRolled()
            | ev.TokenMoved()
            | ev.SalaryCollected()
            | ev.SentToJail()
            | ev.LeftJail()
            | ev.StayedInJail()
        ):
            return f"{who(e.seat)} {action(e)}."
        case ev.PurchaseOffered():
            return None
        case ev.PropertyBought():
            return f"{who(e.seat)} bought {at(e.space)} for {money(e.price)}."
        case ev.PurchaseDeclined():
            return f"{who(e.seat)} declined to buy {at(e.space)}."
        case ev.AuctionOpened():
            return f"Auction of {', '.join(at(i) for i in e.lots)}: sealed bids."
        case ev.BidPlaced():
            if e.seat == seat:
                return f"You bid {', '.join(money(a) for a in e.amounts)}."
            return f"{who(e.seat)} placed a sealed bid."
        case ev.BidPassed():
            return f"{who(e.seat)} passed."
        case ev.AuctionClosed():
            # "All bids are then shown to everyone."
            sold = "; ".join(
                f"{at(x.space)} to {whom(x.seat)} for {money(x.price)}" for x in e.sales
            )
            closed = (
                f"The auction closed: {sold}."
                if sold
                else "The auction closed with no sale."
            )
            if not e.bids:
                return closed
            bids = "; ".join(f"{whom(b.seat)} {_bid_words(b.amounts)}" for b in e.bids)
            return f"{closed} Bids: {bids}."
        case ev.MoneyPaid():
            paid = f"{money(e.amount)}{_PAID_FOR.get(e.reason, '')}"
            if e.pot:
                return f"{who(e.seat)} put {paid} into the Free Parking pot."
            return f"{who(e.seat)} paid {whom(e.to)} {paid}."
        case ev.PotCollected():
            return f"{who(e.seat)} took the Free Parking pot of {money(e.amount)}."
        case ev.RentClaimable():
            return f"{who(e.seat)} may claim {money(e.amount)} rent."
        case ev.RentClaimed():
            return f"{who(e.seat)} claimed rent on {at(e.space)}."
        case ev.CardDrawn():
            return f"{who(e.seat)} drew: {CARDS[e.card].text}"
        case ev.JailCardReturned():
            return None
        case ev.BuildingBuilt():
            return f"{who(e.seat)} built on {at(e.space)}."
        case ev.BuildingsSold():
            return (
                f"{who(e.seat)} sold buildings in the {e.group} group for "
                f"{money(e.refund)}."
            )
        case ev.BuildingsReturned():
            return f"{who(e.seat)}'s buildings went back to the bank."
        case ev.PropertyMortgaged():
            return f"{who(e.seat)} mortgaged {at(e.space)} for {money(e.amount)}."
        case ev.MortgageLifted():
            return (
                f"{who(e.seat)} lifted the mortgage on {at(e.space)} for "
                f"{money(e.cost)}."
            )
        case ev.MortgagesKept():
            if not e.spaces:
                return None
            kept = in_words([at(i) for i in e.spaces])
            return (
                f"{who(e.seat)} kept {kept} mortgaged, paying 10% of the "
                "mortgage value now."
            )
        case ev.DebtOpened():
            return f"{who(e.debt.seat)} must raise {money(e.debt.amount)}."
        case ev.DebtSettled():
            return None
        case ev.PlayerBankrupt():
            return _bankrupt_words(e, who, whom)
        case ev.MortgagesReceived():
            return None
        case (
            ev.OfferMade() | ev.OfferDeclined() | ev.OfferWithdrawn() | ev.OfferVoided()
        ) if not _offer_party(e, seat):
            # An offer, and how it ended, is told to its two seats only.
            return None
        case ev.OfferMade():
            o = e.offer
            return f"{who(o.seat)} offered {whom(o.to)} a trade."
        case ev.OfferDeclined():
            return f"{who(e.seat)} declined a trade."
        case ev.OfferWithdrawn():
            return f"{who(e.seat)} withdrew a trade offer."
        case ev.OfferVoided():
            return f"A trade offer was void: {e.reason}"
        case ev.TradeCompleted():
            o = e.offer
            gave = (
                (o.seat, o.give_cash, o.give_deeds, o.give_cards),
                (o.to, o.get_cash, o.get_deeds, o.get_cards),
            )
            parts = "; ".join(
                f"{whom(side)} gave {_goods(cash, deeds, cards)}"
                for side, cash, deeds, cards in gave
                if cash or deeds or cards
            )
            return f"{who(o.seat)} and {whom(o.to)} traded: {parts}."
        case ev.TurnEnded():
            return None
        case ev.GameWon():
            winners = " and ".join(who(s) for s in e.seats)
            return f"{winners} won ({e.reason})."
    return None
