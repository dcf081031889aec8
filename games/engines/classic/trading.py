"""Trade offers: made, accepted, declined, withdrawn (RULES-CLASSIC.md
"Trading")."""

from ..errors import IllegalMove
from . import events as ev
from . import moves as mv
from .board import BOARD, SPACES_ON_BOARD
from .builder import Builder
from .cards import JAIL_FREE
from .figures import group_built
from .state import State


def _offer_problem(s: State, o, cash: bool = True) -> str | None:
    """Why this trade cannot be carried out now, or None. An offer is checked
    when made for holdings and buildings; cash only when accepted."""
    a, b = s.players[o.seat], s.players[o.to]
    for side, deeds in ((o.seat, o.give_deeds), (o.to, o.get_deeds)):
        for i in deeds:
            if not 0 <= i < SPACES_ON_BOARD or s.owner[i] != side:
                return "A deed in the offer is no longer held by its giver."
            if group_built(s, i):
                return f"The {BOARD[i].group} group has buildings; sell them first."
    for player, cards in ((a, o.give_cards), (b, o.get_cards)):
        for c in set(cards):
            if player.jail_cards.count(c) < cards.count(c):
                return "A card in the offer is no longer held by its giver."
    if not cash:
        return None
    for seat, cash, received in (
        (o.seat, o.give_cash, o.get_deeds),
        (o.to, o.get_cash, o.give_deeds),
    ):
        cost = cash + _receiving_cost(s, received, o.lift)
        if s.players[seat].cash < cost:
            return "One side cannot pay its cash and mortgage costs."
    return None


def _receiving_cost(s: State, deeds, lift) -> int:
    total = 0
    for i in deeds:
        if s.mortgaged[i]:
            sp = BOARD[i]
            total += (
                sp.unmortgage_cost
                if i in lift
                else sp.unmortgage_cost - sp.mortgage_value
            )
    return total


def _on_offer_trade(b: Builder, m: mv.OfferTrade) -> None:
    """ "Any player may offer a trade to one other player at any time ... A player
    has at most one open offer to each other player.\""""
    s = b.state
    if not 0 <= m.to < len(s.players) or m.to == m.seat or s.players[m.to].out:
        raise IllegalMove("Offer a trade to another player still in the game.")
    if s.in_debt(m.seat):
        raise IllegalMove("You cannot trade while you owe a debt.")
    if any(o.seat == m.seat and o.to == m.to for o in s.offers):
        raise IllegalMove("You already have an open offer to that player.")
    if m.give_cash < 0 or m.get_cash < 0:
        raise IllegalMove("Cash in an offer cannot be negative.")
    deeds = (*m.give_deeds, *m.get_deeds)
    if len(set(deeds)) != len(deeds):
        raise IllegalMove("A deed appears twice in the offer.")
    if not (m.give_cash or m.get_cash or deeds or m.give_cards or m.get_cards):
        raise IllegalMove("An offer must give or ask for something.")
    if any(c not in JAIL_FREE for c in (*m.give_cards, *m.get_cards)):
        raise IllegalMove("Only Get Out of Jail Free cards can be traded.")
    mortgaged = {i for i in deeds if 0 <= i < SPACES_ON_BOARD and s.mortgaged[i]}
    if any(i not in mortgaged for i in m.lift):
        raise IllegalMove("Only mortgaged deeds in the offer can be lifted.")
    offer = ev.Offer(
        id=s.next_offer,
        seat=m.seat,
        to=m.to,
        give_cash=m.give_cash,
        give_deeds=tuple(m.give_deeds),
        give_cards=tuple(m.give_cards),
        get_cash=m.get_cash,
        get_deeds=tuple(m.get_deeds),
        get_cards=tuple(m.get_cards),
        lift=tuple(m.lift),
    )
    why = _offer_problem(s, offer, cash=False)
    if why:
        raise IllegalMove(why)
    b.emit(ev.OfferMade(offer=offer))


def _find_offer(s: State, offer_id: int):
    for o in s.offers:
        if o.id == offer_id:
            return o
    raise IllegalMove("There is no such open offer.")


def _on_accept_offer(b: Builder, m: mv.AcceptOffer) -> None:
    """ "An accepted trade is carried out at once, after a check ... If the check
    fails the offer is void. No trade involves a player who owes an unpaid debt;
    such an acceptance is refused and the offer stays open.\""""
    s = b.state
    o = _find_offer(s, m.offer)
    if o.to != m.seat:
        raise IllegalMove("That offer is not addressed to you.")
    if s.in_debt(o.seat) or s.in_debt(o.to):
        raise IllegalMove(
            "No trade while either side owes a debt; the offer stays open."
        )
    why = _offer_problem(s, o)
    if why:
        b.emit(ev.OfferVoided(offer=o.id, reason=why, between=(o.seat, o.to)))
        return
    b.emit(ev.TradeCompleted(offer=o))
    for receiver, deeds in ((o.to, o.give_deeds), (o.seat, o.get_deeds)):
        for i in deeds:
            if not s.mortgaged[i]:
                continue
            sp = BOARD[i]
            if i in o.lift:
                b.emit(
                    ev.MortgageLifted(seat=receiver, space=i, cost=sp.unmortgage_cost)
                )
            else:
                due = sp.unmortgage_cost - sp.mortgage_value
                b.emit(
                    ev.MoneyPaid(seat=receiver, to=None, amount=due, reason="interest")
                )


def _on_decline_offer(b: Builder, m: mv.DeclineOffer) -> None:
    o = _find_offer(b.state, m.offer)
    if o.to != m.seat:
        raise IllegalMove("That offer is not addressed to you.")
    b.emit(ev.OfferDeclined(seat=m.seat, offer=o.id, between=(o.seat, o.to)))


def _on_withdraw_offer(b: Builder, m: mv.WithdrawOffer) -> None:
    o = _find_offer(b.state, m.offer)
    if o.seat != m.seat:
        raise IllegalMove("That offer is not yours to withdraw.")
    b.emit(ev.OfferWithdrawn(seat=m.seat, offer=o.id, between=(o.seat, o.to)))


HANDLERS = {
    mv.OfferTrade: _on_offer_trade,
    mv.AcceptOffer: _on_accept_offer,
    mv.DeclineOffer: _on_decline_offer,
    mv.WithdrawOffer: _on_withdraw_offer,
}
