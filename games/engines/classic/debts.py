"""Payments, debts, raising money and bankruptcy (RULES-CLASSIC.md "Debts and
raising money", "Bankruptcy", and received mortgages under "Mortgages")."""

from ..errors import IllegalMove
from . import events as ev
from . import moves as mv
from .board import BOARD, COLOUR_GROUPS, GROUPS
from .builder import Builder
from .buildings import mortgage_order, one_level_sale
from .figures import money, raisable
from .state import Debt, State
from .turns import finish_by_worth

# Payments to the bank that feed the Free Parking pot (house rule).
POT_REASONS = frozenset({"tax", "card", "fine"})


def pay(b: Builder, seat: int, creditors: tuple[int, ...], amount: int, reason):
    """Pay now: to the bank (or the pot), or shared equally among the creditors."""
    if not creditors:
        pot = reason in POT_REASONS and b.state.options.free_parking_jackpot
        b.emit(ev.MoneyPaid(seat=seat, to=None, amount=amount, reason=reason, pot=pot))
        return
    share = amount // len(creditors)
    for to in creditors:
        b.emit(ev.MoneyPaid(seat=seat, to=to, amount=share, reason=reason))


def charge(
    b: Builder,
    seat: int,
    creditors: tuple[int, ...],
    amount: int,
    reason: str,
    then_move: int = 0,
    *,
    space: int | None = None,
    card: str = "",
) -> bool:
    """ "Every payment is made at once when the payer's cash covers it. Otherwise
    the payer owes a debt ... If their cash plus everything they could raise is
    less than the debt, they are bankrupt at once." True when paid at once."""
    s = b.state
    cash = s.players[seat].cash
    if cash >= amount:
        pay(b, seat, creditors, amount, reason)
        return True
    if cash + raisable(s, seat) >= amount:
        pot = not creditors and reason in POT_REASONS and s.options.free_parking_jackpot
        debt = Debt(
            seat=seat,
            creditors=creditors,
            amount=amount,
            reason=reason,
            pot=pot,
            then_move=then_move,
            space=space,
            card=card,
        )
        b.emit(ev.DebtOpened(debt=debt))
    else:
        bankrupt(b, seat, creditors)
    return False


def bankrupt(
    b: Builder, seat: int, creditors: tuple[int, ...], resigned: bool = False
) -> None:
    """RULES-CLASSIC.md "Bankruptcy"."""
    s = b.state
    built = [g for g in COLOUR_GROUPS if any(s.levels[i] for i in GROUPS[g])]
    built = [g for g in built if s.owner[GROUPS[g][0]] == seat]
    if creditors:
        for g in built:
            sites = GROUPS[g]
            levels = sum(s.levels[i] for i in sites)
            refund = levels * BOARD[sites[0]].house_cost // 2
            b.emit(
                ev.BuildingsSold(
                    seat=seat, group=g, levels=(0,) * len(sites), refund=refund
                )
            )
    elif built:
        b.emit(ev.BuildingsReturned(seat=seat))
    deeds = b.state.deeds(seat)
    received = tuple(i for i in deeds if b.state.mortgaged[i])
    held = b.state.players[seat]
    b.emit(
        ev.PlayerBankrupt(
            seat=seat,
            creditors=creditors,
            resigned=resigned,
            cash=held.cash,
            deeds=deeds,
            cards=len(held.jail_cards),
        )
    )
    s = b.state
    if s.options.short_game:
        finish_by_worth(b, "short game")
        return
    if len(s.remaining()) <= 1:
        return
    if len(creditors) == 1:
        if received:
            b.emit(ev.MortgagesReceived(seat=creditors[0], spaces=received))
    elif deeds and not s.options.no_auctions and s.auction is None:
        b.emit(
            ev.AuctionOpened(lots=deeds, bidders=s.remaining(), first=s.next_seat(seat))
        )


def raise_cash(b: Builder, seat: int, target: int) -> None:
    """RULES-CLASSIC.md "Raising money by default", stopping as soon as cash
    covers `target`."""

    def short() -> bool:
        return b.state.players[seat].cash < target

    for i in mortgage_order(b.state, seat):
        if not short():
            return
        b.emit(ev.PropertyMortgaged(seat=seat, space=i, amount=BOARD[i].mortgage_value))
    while short():
        s = b.state
        built = [
            g
            for g in COLOUR_GROUPS
            if s.owner[GROUPS[g][0]] == seat and any(s.levels[i] for i in GROUPS[g])
        ]
        if not built:
            break
        g = min(built, key=lambda g: (BOARD[GROUPS[g][0]].house_cost, GROUPS[g][0]))
        levels = one_level_sale(s, g)
        removed = sum(s.levels[i] for i in GROUPS[g]) - sum(levels)
        refund = removed * BOARD[GROUPS[g][0]].house_cost // 2
        b.emit(ev.BuildingsSold(seat=seat, group=g, levels=levels, refund=refund))
    for i in mortgage_order(b.state, seat):
        if not short():
            return
        b.emit(ev.PropertyMortgaged(seat=seat, space=i, amount=BOARD[i].mortgage_value))


def raise_plan(state: State, seat: int) -> list[ev.Event]:
    """What "Raise it and pay" would sell and mortgage now, in its order: the
    events `raise_cash` emits for `seat`'s debt, on a copy ([] for no debt)."""
    debt = next((d for d in state.debts if d.seat == seat), None)
    if debt is None:
        return []
    b = Builder(state, None)
    raise_cash(b, seat, debt.amount)
    return b.events


def _on_raise_and_pay(b: Builder, m: mv.RaiseAndPay) -> None:
    s = b.state
    debt = next((d for d in s.debts if d.seat == m.seat), None)
    if debt is None:
        raise IllegalMove("You owe nothing.")
    raise_cash(b, m.seat, debt.amount)


def _on_lift_mortgages(b: Builder, m: mv.LiftMortgages) -> None:
    """ "For each mortgaged property the creditor lifts it at once or keeps it
    paying 10% now; interest they cannot pay is a debt to the bank.\""""
    s = b.state
    inh = s.inheritance
    if inh is None or inh.seat != m.seat:
        raise IllegalMove("You have no received mortgages to decide.")
    lift = tuple(dict.fromkeys(m.spaces))
    if any(i not in inh.spaces for i in lift):
        raise IllegalMove("Choose among the mortgaged deeds you received.")
    cost = sum(BOARD[i].unmortgage_cost for i in lift)
    if cost > s.players[m.seat].cash:
        raise IllegalMove(f"Lifting those costs {money(cost)}, more than your cash.")
    for i in lift:
        b.emit(ev.MortgageLifted(seat=m.seat, space=i, cost=BOARD[i].unmortgage_cost))
    kept = tuple(i for i in inh.spaces if i not in lift)
    b.emit(ev.MortgagesKept(seat=m.seat, spaces=kept))
    due = sum(BOARD[i].unmortgage_cost - BOARD[i].mortgage_value for i in kept)
    if due:
        charge(b, m.seat, (), due, "interest")


def _on_resign(b: Builder, m: mv.Resign) -> None:
    """ "A player may resign at any time; it counts as bankruptcy to the player
    they owe if they are in debt to one, otherwise to the bank.\""""
    s = b.state
    debt = next((d for d in s.debts if d.seat == m.seat), None)
    bankrupt(b, m.seat, debt.creditors if debt else (), resigned=True)


HANDLERS = {
    mv.RaiseAndPay: _on_raise_and_pay,
    mv.LiftMortgages: _on_lift_mortgages,
    mv.Resign: _on_resign,
}
