"""awaiting, legal_moves, default_move: who owes what, and what they may do."""

from dataclasses import dataclass

from ..errors import IllegalMove
from ..plumbing import in_words
from . import moves as mv
from .board import BOARD, COLOUR_GROUPS, GROUPS, HOTEL, JAIL_FINE, STREET
from .buildings import mortgage_order, one_level_sale
from .figures import holds_group, may_manage, may_raise, money, open_matters
from .state import END, JAIL_START, ROLL, State


@dataclass(frozen=True, slots=True)
class Awaiting:
    """A decision a seat owes now."""

    seat: int
    kind: str  # jail, roll, end, buy, bid, pay, mortgages, answer
    detail: str = ""
    amount: int | None = None
    to: tuple[int, ...] | None = None
    space: int | None = None
    offer: int | None = None


def _whom(creditors: tuple[int, ...]) -> str:
    if not creditors:
        return "the bank"
    if len(creditors) == 1:
        return f"seat {creditors[0]}"
    return "the other players"


def _ways_out(state: State) -> str:
    """The ways out of jail open to the active player: the fine only with the
    cash for it, a card only when they hold one."""
    p = state.players[state.active]
    ways = ["roll for doubles"]
    if p.cash >= JAIL_FINE:
        ways.append(f"pay {money(JAIL_FINE)}")
    if p.jail_cards:
        ways.append("use a card")
    return in_words(ways, "or")


def awaiting(state: State) -> tuple[Awaiting, ...]:
    """Every seat that owes a decision now, with its kind and a sentence. One
    blocking decision at a time (received mortgages, then a debt, then the
    bidders of an auction, then the buyer, then the active player's roll or end),
    plus every receiver of an open trade offer."""
    if state.over:
        return ()
    out: list[Awaiting] = []
    a = state.auction
    if state.inheritance is not None:
        inh = state.inheritance
        names = ", ".join(BOARD[i].name for i in inh.spaces)
        out.append(
            Awaiting(
                inh.seat,
                "mortgages",
                f"You received mortgaged {names}: lift each now or keep it "
                "mortgaged paying 10%.",
            )
        )
    elif state.debts:
        d = state.debts[0]
        out.append(
            Awaiting(
                d.seat,
                "pay",
                f"You owe {money(d.amount)} to {_whom(d.creditors)}: sell "
                "buildings or mortgage to raise it.",
                amount=d.amount,
                to=d.creditors,
            )
        )
    elif a is not None:
        lots = ", ".join(BOARD[i].name for i in a.lots)
        for seat in a.bidders:
            out.append(Awaiting(seat, "bid", f"Auction of {lots}: bid or pass."))
    elif state.for_sale is not None:
        sp = BOARD[state.for_sale]
        out.append(
            Awaiting(
                state.active,
                "buy",
                f"Buy {sp.name} for {money(sp.price)}, or decline and it goes "
                "to auction.",
                amount=sp.price,
                space=sp.index,
            )
        )
    else:
        detail = {
            JAIL_START: f"You are in jail: {_ways_out(state)}.",
            ROLL: "Roll the dice.",
            END: "End your turn.",
        }[state.stage]
        out.append(Awaiting(state.active, state.stage, detail))
    for o in state.offers:
        out.append(
            Awaiting(o.to, "answer", "A trade offer awaits your answer.", offer=o.id)
        )
    return tuple(out)


def _managing_moves(state: State, seat: int) -> list[mv.Move]:
    moves: list[mv.Move] = []
    s = state
    cash = s.players[seat].cash
    manage = may_manage(s, seat)
    if manage:
        for i in s.deeds(seat):
            sp = BOARD[i]
            if sp.kind != STREET or not holds_group(s, seat, i):
                continue
            if any(s.mortgaged[j] for j in GROUPS[sp.group]) or cash < sp.house_cost:
                continue
            level = s.levels[i]
            sites = GROUPS[sp.group]
            if level == HOTEL:
                continue
            if level < 4:
                even = s.options.uneven_building or all(
                    s.levels[j] >= level for j in sites
                )
                if even and s.houses:
                    moves.append(mv.Build(seat=seat, space=i))
            elif s.hotels and (
                s.options.uneven_building or all(s.levels[j] >= 4 for j in sites)
            ):
                moves.append(mv.Build(seat=seat, space=i))
    if manage or may_raise(s, seat):
        for g in COLOUR_GROUPS:
            sites = GROUPS[g]
            if s.owner[sites[0]] == seat and any(s.levels[i] for i in sites):
                levels = one_level_sale(s, g)
                if levels is not None:
                    moves.append(mv.SellBuildings(seat=seat, group=g, levels=levels))
        for i in mortgage_order(s, seat):
            moves.append(mv.Mortgage(seat=seat, space=i))
    if manage:
        for i in s.deeds(seat):
            if s.mortgaged[i] and cash >= BOARD[i].unmortgage_cost:
                moves.append(mv.Unmortgage(seat=seat, space=i))
    return moves


def legal_moves(state: State, seat: int) -> list[mv.Move]:
    """Every legal move of that seat now, except that moves with a free choice
    (a bid's amounts, which mortgages to lift, a trade offer) are listed once with
    a canonical choice, and trade offers are not listed. Resign comes last."""
    s = state
    if s.over or not 0 <= seat < len(s.players) or s.players[seat].out:
        return []
    p = s.players[seat]
    moves: list[mv.Move] = []
    for entry in awaiting(s):
        if entry.seat != seat:
            continue
        match entry.kind:
            case "mortgages":
                moves.append(mv.LiftMortgages(seat=seat, spaces=()))
            case "pay":
                moves.append(mv.RaiseAndPay(seat=seat))
            case "bid":
                lots = s.auction.lots
                amounts = tuple(min(p.cash, BOARD[i].price // 2) for i in lots)
                if any(amounts) and all(a > 0 for a in amounts):
                    moves.append(mv.Bid(seat=seat, amounts=amounts))
                moves.append(mv.PassBid(seat=seat))
            case "buy":
                if p.cash >= entry.amount:
                    moves.append(mv.Buy(seat=seat))
                moves.append(mv.DeclineBuy(seat=seat))
            case "jail":
                moves.append(mv.Roll(seat=seat))
                if p.cash >= JAIL_FINE:
                    moves.append(mv.PayJailFine(seat=seat))
                if p.jail_cards:
                    moves.append(mv.UseJailCard(seat=seat))
            case "roll":
                moves.append(mv.Roll(seat=seat))
            case "end":
                moves.append(mv.EndTurn(seat=seat))
            case "answer":
                mine = s.in_debt(seat) or any(
                    o.id == entry.offer and s.in_debt(o.seat) for o in s.offers
                )
                if not mine:
                    moves.append(mv.AcceptOffer(seat=seat, offer=entry.offer))
                moves.append(mv.DeclineOffer(seat=seat, offer=entry.offer))
    if s.in_debt(seat) and mv.RaiseAndPay(seat=seat) not in moves:
        # A debtor after the first may raise money before their debt's turn.
        moves.append(mv.RaiseAndPay(seat=seat))
    moves.extend(_managing_moves(s, seat))
    moves.extend(
        mv.WithdrawOffer(seat=seat, offer=o.id) for o in s.offers if o.seat == seat
    )
    if not open_matters(s):
        moves.extend(
            mv.ClaimRent(seat=seat, space=c.space) for c in s.claims if c.owner == seat
        )
    moves.append(mv.Resign(seat=seat))
    return moves


def default_move(state: State, seat: int) -> mv.Move | None:
    """What a deadline does for a silent seat (RULES-CLASSIC.md "Waiting for
    players who do not answer"): roll; in jail roll for doubles; decline to buy;
    pass in an auction; raise money in the default order and pay; decline a
    trade; keep received mortgages; end the turn. None if the seat owes nothing."""
    for entry in awaiting(state):
        if entry.seat != seat:
            continue
        match entry.kind:
            case "mortgages":
                return mv.LiftMortgages(seat=seat, spaces=())
            case "pay":
                return mv.RaiseAndPay(seat=seat)
            case "bid":
                return mv.PassBid(seat=seat)
            case "buy":
                return mv.DeclineBuy(seat=seat)
            case "jail" | "roll":
                return mv.Roll(seat=seat)
            case "end":
                return mv.EndTurn(seat=seat)
            case "answer":
                return mv.DeclineOffer(seat=seat, offer=entry.offer)
    return None


__all__ = ["Awaiting", "IllegalMove", "awaiting", "default_move", "legal_moves"]
