"""What an opponent's public moves say its hand lacks (the expert's `infer`).

The expert guesses the hidden cards before it plays a position forward
(`guesses.guess`); dealt uniformly, a guess ignores what the opponents have
shown by what they did and did not do. Read as the sensible bot would have
played them (the model the expert's rollouts already use for every seat), two
kinds of public move say what a hand did not hold at that moment, for certain:

- An opponent that let a Deal Breaker through, or let a Sly Deal or a payment
  through that cost it at least `bots.SAYS_NO_AT` by the sensible bot's own
  reckoning (`sensible._threat`), held no Just Say No: the sensible bot says no
  whenever it holds one and the threat is that high (`sensible._sensible_answer`).
  The same for an actor that let a refusal of its Deal Breaker stand.
- The sensible bot plays the move of its turn it scores highest
  (`sensible._sensible_play`), and some scores do not depend on the table: a
  bank of money or of most action cards, the end of its turn (nought), and
  at least 200 for laying a property, at least the bank's least score for
  any other card but Just Say No, a Deal Breaker and a multicolour wild. So
  an opponent that banked such a card, or ended its turn with plays left,
  held no card that any move would have scored higher: after a bank of 1M,
  no property, no bigger note, no Pass Go with two plays left; after an
  early end of its turn, nothing but those three.

Such a fact is about one moment; the hand changes after it, and only through
draws (cards leave a hand publicly, and arrive only from the draw pile). So a
`Lack` keeps the cards the hand lacked and the count of cards its holder has
drawn since (public): of the hand now, at most that many can be among them.
`slots` turns a seat's lacks into what each card of its hand may be, oldest
first (a card that was in the hand at a lack's moment is one of the hand's
oldest); `guesses.guess` deals each such slot a card at random from the unseen
cards it may be, and any card when none is left (the evidence cannot be met:
an opponent that is not the sensible bot). This is the loosest reading of the
evidence (it assumes the cards drawn since were all kept) and uniform within
it: no guess is ruled out that the evidence allows.

The history read is the seat's own: each event as `view.redact(event, seat)`
gives it, dicts in order. Only what every seat sees is read (who moved, what
was played and paid, how many cards were drawn), never a card drawn, so the
inference cannot peek even when handed more than the seat may know.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..cards import DECK, MULTICOLOUR, RENT_BY_COUNT, VALUE, Action, Kind
from ..state import PLAYS_PER_TURN, Options
from .sensible import BANK_SCORE, PARTIAL_WORTH, SAYS_NO_AT, bank_score, pass_go_score

JUST_SAY_NO = frozenset(c.id for c in DECK if c.action is Action.just_say_no)
# A property or wild (but multicolour) can always be laid, for at least this.
LAY_SCORE = 200.0


def _least_bank(card: int) -> float | None:
    """The least the sensible bot scores banking `card`, whatever the table
    (`sensible._score_bank`); None when it may not want to bank it at all."""
    if BANK_SCORE[card] is not None:
        return BANK_SCORE[card]
    c = DECK[card]
    if c.kind is Kind.rent:
        # Its keep worth: 1 more than its value, or 8 and a colour's rent.
        keeps = [1.0 + c.value, *(8.0 + RENT_BY_COUNT[k][1] for k in c.colours)]
    elif c.action in (Action.house, Action.hotel):
        keeps = [15.0, 2.0 * c.value]
    else:
        return None
    scores = [bank_score(card, keep) for keep in keeps]
    return None if None in scores else min(scores)


def _least_play(card: int, plays_left: int) -> float | None:
    """The least the best move `card` offers scores with `plays_left` plays
    left, whatever the table; None when it may offer none worth a play."""
    c = DECK[card]
    if c.kind in (Kind.property, Kind.wild):
        return None if MULTICOLOUR[card] else LAY_SCORE
    least = _least_bank(card)
    if c.action is Action.pass_go:
        least = max(least, pass_go_score(plays_left))
    return least


@cache
def outranked(score: float, plays_left: int) -> frozenset[int]:
    """The cards that offer a move the sensible bot scores above `score`
    whatever the table: none was in a hand whose best move scored `score`."""
    out = []
    for c in range(len(DECK)):
        least = _least_play(c, plays_left)
        if least is not None and least > score:
            out.append(c)
    return frozenset(out)


# Moves of a turn that cost a play, by event type: the count they cost.
_PLAYS = {
    "PropertyPlayed": 1,
    "BuildingPlayed": 1,
    "DebtCharged": 1,
    "BirthdayCharged": 1,
    "PassGoPlayed": 1,
    "SlyDealPlayed": 1,
    "ForcedDealPlayed": 1,
    "DealBreakerPlayed": 1,
}


@dataclass(frozen=True, slots=True)
class Lack:
    """`seat`'s hand held none of `cards` when it had drawn `drawn` cards."""

    seat: int
    cards: frozenset[int]
    drawn: int


def _paid_threat(cards: Iterable[int]) -> int:
    """The least a payment of these cards costs its payer by the sensible
    bot's reckoning (`bots.payment_costs`): its value, and 2 more for each
    property, which comes off the table."""
    total = 0
    for c in cards:
        total += VALUE[c]
        if DECK[c].kind in (Kind.property, Kind.wild):
            total += 2
    return total


@cache
def _taken_threat(card: int) -> float:
    """The least losing this property to a Sly Deal costs its owner by the
    sensible bot's reckoning (`sensible._loss_of_card`): its value and the worth
    of the smallest set it can stand in (a loose one: 1)."""
    if MULTICOLOUR[card]:
        return 1.0 + VALUE[card]
    return VALUE[card] + min(PARTIAL_WORTH[c][1] for c in DECK[card].colours)


def lacks(
    history: Sequence[Mapping[str, Any]], seat: int, options: Options
) -> list[Lack]:
    """What the public `history` (as `seat` reads it) says the other hands
    lacked, read as the sensible bot would have played it."""
    drawn: dict[int, int] = {}
    out: list[Lack] = []
    active = None
    plays = 0
    discarded = False
    pending = None

    def lacked(who: int, cards: frozenset[int]) -> None:
        if who != seat:
            out.append(Lack(who, cards, drawn.get(who, 0)))

    for e in history:
        kind = e["type"]
        if kind == "CardsDrawn":
            count = e["count"] if e.get("redacted") else len(e["cards"])
            drawn[e["seat"]] = drawn.get(e["seat"], 0) + count
        elif kind == "TurnStarted":
            active, plays, discarded, pending = e["seat"], 0, False, None
        elif kind == "CardBanked":
            # The bank's score, when the table does not change it, was the best.
            banked = BANK_SCORE[e["card"]]
            if e["seat"] == active and banked is not None:
                lacked(active, outranked(banked, PLAYS_PER_TURN - plays))
            plays += 1
        elif kind in _PLAYS:
            plays += 1
            pending = kind
        elif kind == "RentCharged":
            plays += 1 + len(e["doubles"])
            pending = kind
        elif kind == "WildMoved":
            plays += 1 if options.wild_move_costs_play else 0
        elif kind == "JustSayNoPlayed":
            plays += 1 if e["costs_play"] else 0
        elif kind == "HandDiscarded":
            discarded = discarded or e["seat"] == active
        elif kind == "TurnEnded":
            if e["seat"] == active and plays < PLAYS_PER_TURN and not discarded:
                lacked(active, outranked(0.0, PLAYS_PER_TURN - plays))
        elif kind == "SetTaken":
            lacked(e["target"], JUST_SAY_NO)
        elif kind == "PropertyTaken":
            if _taken_threat(e["card"]) >= SAYS_NO_AT:
                lacked(e["target"], JUST_SAY_NO)
        elif kind == "PaymentMade":
            if _paid_threat(e["cards"]) >= SAYS_NO_AT:
                lacked(e["seat"], JUST_SAY_NO)
        elif kind == "Accepted" and e["seat"] != e["target"]:
            # The actor lets a refusal stand: of a Deal Breaker, it would not.
            free = not options.just_say_no_costs_play or plays < PLAYS_PER_TURN
            if pending == "DealBreakerPlayed" and free:
                lacked(e["seat"], JUST_SAY_NO)
    # Each lack counted the cards drawn before it: now, those drawn since.
    return [Lack(x.seat, x.cards, drawn.get(x.seat, 0) - x.drawn) for x in out]


def slots(
    found: Sequence[Lack], counts: Sequence[int], seat: int
) -> tuple[tuple[frozenset[int], ...] | None, ...]:
    """For each seat, the cards each card of its hand (of `counts[seat]`) may
    not be, oldest first; None for a seat nothing is known of (and for
    `seat`). `found` gives, as `drawn`, the cards drawn since each lack."""
    out: list[tuple[frozenset[int], ...] | None] = []
    for other, count in enumerate(counts):
        mine = [x for x in found if x.seat == other]
        if other == seat or not mine or not count:
            out.append(None)
            continue
        # Slot i (0 the newest) held at a lack's moment unless it is among
        # the `drawn` newest cards.
        per_slot = []
        for i in reversed(range(count)):
            barred: frozenset[int] = frozenset()
            for x in mine:
                if x.drawn <= i:
                    barred |= x.cards
            per_slot.append(barred)
        out.append(tuple(per_slot) if any(per_slot) else None)
    return tuple(out)
