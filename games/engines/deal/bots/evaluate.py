"""How good a position is for a seat: the expert's fitted score.

A win or a loss if the game is over, else the seat's chance of winning from
there, as a conditional logit over each seat's full sets, sets under way,
bank, buildings, cards in hand and what they can do to the table (the rent it
can charge, a full set for its Deal Breaker, a card for its Sly Deal that
finishes a set), fitted to who won thousands of games of sensible bots
(`score_fit`). A hand-made score that weighed the bank far more than winners
do lost more games (docs/engine-benchmark.md, "The fitted score").
"""

import math

from ..cards import (
    DECK,
    HOTEL_RENT,
    HOUSE_RENT,
    SET_SIZE,
    VALUE,
    Action,
    Kind,
    rent_for,
)
from ..state import OVER, Player, State


def _hand_slot(card) -> int:
    """Which of a player's FEATURES a card in hand counts towards."""
    if card.kind in (Kind.property, Kind.wild):
        return 14
    if card.kind is Kind.money:
        return 13
    if card.kind is Kind.rent:
        return 12
    return {
        Action.just_say_no: 9,
        Action.deal_breaker: 10,
        Action.sly_deal: 11,
        Action.forced_deal: 11,
    }.get(card.action, 15)


HAND_SLOT: tuple[int, ...] = tuple(_hand_slot(c) for c in DECK)
MONEY_SLOT = 13

FEATURES = (
    "one full set",
    "two full sets",
    "progress of the sets short of full (cards / size, summed)",
    "colours one card short of a full set",
    "colours one card short, with two full sets",
    "bank (M, up to 20)",
    "bank (M, up to 5)",
    "highest rent of a set",
    "houses and hotels",
    "Just Say No in hand",
    "Deal Breaker in hand",
    "Sly Deal and Forced Deal in hand",
    "rent cards in hand",
    "money in hand (M)",
    "properties in hand",
    "other actions in hand",
    "its turn starts now",
    "best rent a rent card in hand charges (M)",
    "Double the Rent in hand, and a rent to charge",
    "Deal Breaker in hand, and a full set to take",
    "Sly Deal or Forced Deal in hand, and a card to take that finishes a set",
)


def features(
    player: Player, to_move: bool, others: tuple[Player, ...] = ()
) -> list[float]:
    """What the score reads of a player, one figure per FEATURES entry;
    `others`, the other players still in the game, say what its hand can
    take from them."""
    x = [0.0] * len(FEATURES)
    full = set()
    short = set()
    progress = 0.0
    top = 0
    buildings = 0
    rents: dict = {}
    for s in player.sets:
        size = SET_SIZE[s.colour]
        have = len(s.cards)
        rent = rent_for(s.colour, have)
        if s.house is not None:
            buildings += 1
            rent += HOUSE_RENT
        if s.hotel is not None:
            buildings += 1
            rent += HOTEL_RENT
        top = max(top, rent)
        if rent > rents.get(s.colour, 0):
            rents[s.colour] = rent
        if have >= size:
            full.add(s.colour)
        else:
            progress += have / size
            if size - have == 1:
                short.add(s.colour)
    short1 = len(short - full)
    if len(full) == 1:
        x[0] = 1.0
    elif len(full) >= 2:
        x[1] = 1.0
        x[4] = short1
    x[2] = progress
    x[3] = short1
    bank = 0
    for c in player.bank:
        bank += VALUE[c]
    x[5] = min(bank, 20)
    x[6] = min(bank, 5)
    x[7] = top
    x[8] = buildings
    charge = 0
    doubles = breaker = thief = False
    for c in player.hand:
        slot = HAND_SLOT[c]
        x[slot] += VALUE[c] if slot == MONEY_SLOT else 1.0
        card = DECK[c]
        if slot == 12:
            for colour in card.colours:
                charge = max(charge, rents.get(colour, 0))
        elif card.action is Action.double_the_rent:
            doubles = True
        elif slot == 10:
            breaker = True
        elif slot == 11:
            thief = True
    x[16] = 1.0 if to_move else 0.0
    x[17] = charge
    x[18] = 1.0 if doubles and charge else 0.0
    if breaker:
        x[19] = 1.0 if any(s.full for p in others for s in p.sets) else 0.0
    if thief and short1:
        targets = short - full
        finish = any(s.colour in targets and not s.full for p in others for s in p.sets)
        x[20] = 1.0 if finish else 0.0
    return x


# A seat's strength is the sum of its features times these weights, and its
# chance to win its share of exp(strength) over the seats still playing: a
# conditional logit fitted to who won games of sensible bots, from the
# positions at the start of a turn, where the rollouts stop
# (`python -m bench.score_fit --seats 2|3 --games 3000`, docs/engine-benchmark.md).
# Three-seat weights serve four and five seats too.
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (
        1.0455, 2.5615, 0.5724, 0.1187, -0.0247, 0.0058, 0.0471, -0.0162, 0.1645,
        0.4795, 1.2626, 0.1592, -0.1000, -0.0266, 0.0118, -0.0146, 0.3406,
        0.0787, 0.0621, 0.3796, 0.5058,
    ),
    3: (
        0.8516, 2.0830, 0.6533, 0.0404, 0.1473, 0.0038, 0.0554, 0.0179, 0.0588,
        0.4456, 0.9682, 0.1133, 0.1235, -0.0199, 0.0224, 0.0186, 0.3163,
        0.0522, 0.0157, 0.3727, 0.2637,
    ),
}  # fmt: skip
# The fit of 2026-11-23, which read the hand's cards but not what they can do
# to the table (the last four features, weighed nought here).
SETS_FIT: dict[int, tuple[float, ...]] = {
    2: (
        1.0409, 2.7067, 0.6429, 0.0671, -0.0565, 0.0022, 0.0476, -0.0030, 0.1519,
        0.3821, 1.3613, 0.1860, -0.0375, -0.0225, 0.0225, -0.0015, 0.3472,
        0.0, 0.0, 0.0, 0.0,
    ),
    3: (
        0.8505, 2.0536, 0.6575, 0.0373, 0.1611, 0.0061, 0.0433, 0.0187, 0.0440,
        0.4239, 1.0928, 0.1469, 0.1697, -0.0206, 0.0293, 0.0043, 0.3366,
        0.0, 0.0, 0.0, 0.0,
    ),
}  # fmt: skip


# The fits by name, for an A/B run of one against another (`--ab fit=sets`).
FITS: dict[str, dict[int, tuple[float, ...]]] = {"hand": WEIGHTS, "sets": SETS_FIT}


def strength(
    player: Player,
    to_move: bool,
    others: tuple[Player, ...],
    weights: tuple[float, ...],
) -> float:
    """A player's standing in the fitted score: see WEIGHTS."""
    total = 0.0
    for w, x in zip(weights, features(player, to_move, others), strict=True):
        total += w * x
    return total


WIN_SCORE = 60.0


def score(
    state: State, seat: int, fit: dict[int, tuple[float, ...]] = WEIGHTS
) -> float:
    """A win WIN_SCORE, a loss minus that, a draw nothing; otherwise the
    seat's fitted chance p of winning from here, as WIN_SCORE * (2p - 1): the
    same scale, so that a rollout that ends the game and one that stops
    before the end are worth what they are likely to bring."""
    if state.phase == OVER:
        if state.winner is None:
            return 0.0
        return WIN_SCORE if state.winner == seat else -WIN_SCORE
    if state.players[seat].resigned:
        return -WIN_SCORE
    weights = fit[min(len(state.players), 3)]
    mine = 0.0
    total = 0.0
    playing = [p for p in state.players if not p.resigned]
    for i, p in enumerate(state.players):
        if p.resigned:
            continue
        others = tuple(o for o in playing if o is not p)
        odds = math.exp(strength(p, i == state.active, others, weights))
        total += odds
        if i == seat:
            mine = odds
    return WIN_SCORE * (2 * mine / total - 1)


def chances(
    state: State, fit: dict[int, tuple[float, ...]] = WEIGHTS
) -> tuple[float, ...]:
    """Each seat's fitted chance of winning from here, as `score` reads it:
    its share of exp(strength) over the seats still playing (the shares sum
    to 1), nought for a seat that resigned; a game that is over, 1 for its
    winner and nought for the others (a draw: nought for all)."""
    if state.phase == OVER:
        return tuple(
            1.0 if i == state.winner else 0.0 for i in range(len(state.players))
        )
    weights = fit[min(len(state.players), 3)]
    playing = [p for p in state.players if not p.resigned]
    odds = [
        0.0
        if p.resigned
        else math.exp(
            strength(
                p, i == state.active, tuple(o for o in playing if o is not p), weights
            )
        )
        for i, p in enumerate(state.players)
    ]
    total = sum(odds)
    return tuple(o / total for o in odds)
