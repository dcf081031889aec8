"""Dice, moving, landing, the cards, rent and jail (RULES-CLASSIC.md "A turn",
"Moving", "Landing", "The cards", "Rent", "Jail")."""

from ..errors import IllegalMove
from . import events as ev
from . import moves as mv
from .board import (
    BOARD,
    GO,
    GO_TO_JAIL,
    JAIL_FINE,
    JAIL_TRIES,
    RAILROADS,
    SALARY,
    SPACES_ON_BOARD,
    UTILITIES,
    UTILITY,
)
from .builder import Builder
from .cards import (
    ADVANCE_TO,
    BACK_3,
    BANK_PAYS,
    BIRTHDAY,
    BIRTHDAY_GIFT,
    CHAIRMAN,
    CHAIRMAN_PAYS,
    CHANCE,
    GO_TO_JAIL_CARDS,
    JAIL_FREE,
    NEXT_RAILROAD,
    NEXT_UTILITY,
    PAY_BANK,
    REPAIRS,
)
from .checks import your_turn
from .debts import charge, pay
from .figures import is_doubles, open_matters, rent_for
from .state import END, JAIL_START
from .turns import end_turn


def _roll(b: Builder) -> tuple[int, int]:
    return (b.rng.randint(1, 6), b.rng.randint(1, 6))


def _salary(b: Builder, seat: int, to: int) -> None:
    double = b.state.options.double_salary and to == GO
    b.emit(ev.SalaryCollected(seat=seat, amount=SALARY * (2 if double else 1)))


def move_by(b: Builder, seat: int, steps: int) -> None:
    """Move forward by the dice; passing or landing on GO pays $200 first."""
    start = b.state.players[seat].position
    to = (start + steps) % SPACES_ON_BOARD
    b.emit(ev.TokenMoved(seat=seat, to=to))
    if to < start:
        _salary(b, seat, to)
    _land(b, seat)


def _advance(b: Builder, seat: int, to: int, card: str) -> None:
    """ "Advance" always moves forward; passing GO on the way pays $200."""
    start = b.state.players[seat].position
    b.emit(ev.TokenMoved(seat=seat, to=to))
    if to < start or to == GO:
        _salary(b, seat, to)
    _land(b, seat, card)


def _to_jail(b: Builder, seat: int, reason: str) -> None:
    """Going to jail never passes GO and ends the turn at once."""
    b.emit(ev.SentToJail(seat=seat, reason=reason))
    if seat == b.state.active and not b.state.over:
        end_turn(b)


def _land(b: Builder, seat: int, card: str = "") -> None:
    """RULES-CLASSIC.md "Landing"."""
    s = b.state
    at = s.players[seat].position
    sp = BOARD[at]
    if sp.is_property:
        owner = s.owner[at]
        if owner is None:
            b.emit(ev.PurchaseOffered(seat=seat, space=at))
            return
        if owner == seat or s.mortgaged[at]:
            return
        total = sum(s.last_roll)
        if sp.kind == UTILITY and card:
            dice = _roll(b)
            b.emit(ev.DiceRolled(seat=seat, dice=dice, purpose="rent"))
            total = sum(dice)
        rent = rent_for(s, at, total, card)
        if s.options.rent_must_be_claimed:
            b.emit(ev.RentClaimable(seat=owner, payer=seat, space=at, amount=rent))
            return
        charge(b, seat, (owner,), rent, "rent", space=at)
    elif sp.kind == "tax":
        charge(b, seat, (), sp.tax, "tax", space=at)
    elif sp.kind in ("chance", "chest"):
        _draw(b, seat, sp.kind)
    elif at == GO_TO_JAIL:
        _to_jail(b, seat, "space")
    elif sp.kind == "free_parking" and s.options.free_parking_jackpot and s.pot:
        b.emit(ev.PotCollected(seat=seat, amount=s.pot))


def _ahead(position: int, targets: tuple[int, ...]) -> int:
    for t in targets:
        if t > position:
            return t
    return targets[0]


def _draw(b: Builder, seat: int, deck: str) -> None:
    """Draw the top card and carry it out (RULES-CLASSIC.md "The cards")."""
    s = b.state
    card = (s.chance if deck == CHANCE else s.chest)[0]
    b.emit(ev.CardDrawn(seat=seat, card=card))
    at = s.players[seat].position
    if card in JAIL_FREE:
        return
    if card in ADVANCE_TO:
        _advance(b, seat, ADVANCE_TO[card], card)
    elif card in NEXT_RAILROAD:
        _advance(b, seat, _ahead(at, RAILROADS), card)
    elif card == NEXT_UTILITY:
        _advance(b, seat, _ahead(at, UTILITIES), card)
    elif card in BANK_PAYS:
        b.emit(ev.MoneyPaid(seat=None, to=seat, amount=BANK_PAYS[card], reason="card"))
    elif card in PAY_BANK:
        charge(b, seat, (), PAY_BANK[card], "card", card=card)
    elif card in REPAIRS:
        per_house, per_hotel = REPAIRS[card]
        houses, hotels = s.buildings(seat)
        amount = houses * per_house + hotels * per_hotel
        if amount:
            charge(b, seat, (), amount, "card", card=card)
    elif card in GO_TO_JAIL_CARDS:
        _to_jail(b, seat, "card")
    elif card == BACK_3:
        b.emit(ev.TokenMoved(seat=seat, to=at - 3, backward=True))
        _land(b, seat)
    elif card == CHAIRMAN:
        others = tuple(x for x in s.remaining() if x != seat)
        if others:
            charge(b, seat, others, CHAIRMAN_PAYS * len(others), "card", card=card)
    elif card == BIRTHDAY:
        other = s.next_seat(seat)
        while other != seat:
            if not b.state.players[other].out:
                charge(b, other, (seat,), BIRTHDAY_GIFT, "gift", card=card)
            other = (other + 1) % len(s.players)


def _on_roll(b: Builder, m: mv.Roll) -> None:
    """Roll and move; doubles roll again, a third doubles goes to jail. In jail:
    doubles leave and move (no further roll); on the third failed try pay $50 and
    move by that roll."""
    s = b.state
    your_turn(s, m.seat)
    if s.stage == END:
        raise IllegalMove("You cannot roll again this turn.")
    dice = _roll(b)
    if s.stage == JAIL_START:
        b.emit(ev.DiceRolled(seat=m.seat, dice=dice, purpose="jail"))
        if is_doubles(dice):
            b.emit(ev.LeftJail(seat=m.seat, how="doubles"))
            move_by(b, m.seat, sum(dice))
        elif s.players[m.seat].jail_turns + 1 >= JAIL_TRIES:
            b.emit(ev.LeftJail(seat=m.seat, how="third try"))
            if charge(b, m.seat, (), JAIL_FINE, "fine", then_move=sum(dice)):
                move_by(b, m.seat, sum(dice))
        else:
            b.emit(ev.StayedInJail(seat=m.seat))
        return
    b.emit(ev.DiceRolled(seat=m.seat, dice=dice, purpose="move"))
    if is_doubles(dice) and b.state.doubles >= 3:
        _to_jail(b, m.seat, "doubles")
        return
    move_by(b, m.seat, sum(dice))


def _on_pay_jail_fine(b: Builder, m: mv.PayJailFine) -> None:
    s = b.state
    if not s.players[m.seat].in_jail:
        raise IllegalMove("You are not in jail.")
    your_turn(s, m.seat, JAIL_START)
    if s.players[m.seat].cash < JAIL_FINE:
        raise IllegalMove("You need $50 in cash to pay the fine; raise cash first.")
    pay(b, m.seat, (), JAIL_FINE, "fine")
    b.emit(ev.LeftJail(seat=m.seat, how="fine"))


def _on_use_jail_card(b: Builder, m: mv.UseJailCard) -> None:
    s = b.state
    if not s.players[m.seat].in_jail:
        raise IllegalMove("You are not in jail.")
    your_turn(s, m.seat, JAIL_START)
    cards = s.players[m.seat].jail_cards
    if not cards:
        raise IllegalMove("You have no Get Out of Jail Free card.")
    b.emit(ev.LeftJail(seat=m.seat, how="card"))
    b.emit(ev.JailCardReturned(seat=m.seat, card=cards[0]))


def _on_end_turn(b: Builder, m: mv.EndTurn) -> None:
    s = b.state
    your_turn(s, m.seat)
    if s.stage != END:
        raise IllegalMove("Roll the dice first.")
    end_turn(b)


def _on_claim_rent(b: Builder, m: mv.ClaimRent) -> None:
    """House rule: "the owner gets rent only by claiming it before the next
    player rolls"; a reading: while no debt, auction or decision is open."""
    s = b.state
    claim = next(
        (c for c in s.claims if c.owner == m.seat and c.space == m.space), None
    )
    if claim is None:
        raise IllegalMove("There is no rent for you to claim there.")
    if open_matters(s):
        raise IllegalMove("Claim the rent once the open decision is settled.")
    b.emit(ev.RentClaimed(seat=m.seat, space=m.space))
    charge(b, claim.payer, (m.seat,), claim.amount, "rent", space=m.space)


HANDLERS = {
    mv.Roll: _on_roll,
    mv.PayJailFine: _on_pay_jail_fine,
    mv.UseJailCard: _on_use_jail_card,
    mv.EndTurn: _on_end_turn,
    mv.ClaimRent: _on_claim_rent,
}
