"""Bots: players that choose among the legal moves.

They play empty seats and timed-out seats on the site, and they drive the
self-play tests and the benchmark. A bot reads only what its seat may see (its
own hand and the table, never another hand or the draw pile) and always returns
a move the engine accepts.
"""

import random
from collections.abc import Callable
from operator import attrgetter

from ...errors import IllegalMove
from ..cards import (
    DECK,
    MULTICOLOUR,
    NO_BUILDINGS,
    RENT_BY_COUNT,
    SET_SIZE,
    VALUE,
    Action,
    Kind,
    rent_for,
)
from ..moves import (
    Accept,
    BankCard,
    Birthday,
    Build,
    ChargeRent,
    CollectDebt,
    DealBreaker,
    Discard,
    EndTurn,
    ForcedDeal,
    Move,
    MoveWild,
    PassGo,
    Pay,
    PlayProperty,
    Resign,
    SayNo,
    SlyDeal,
    from_key,
    made,
)
from ..moves import key as move_key
from ..rules import (
    awaiting,
    decide,
    legal_moves,
    play_keys,
)
from ..state import HAND_LIMIT, SETS_TO_WIN, Player, PropertySet, State

Bot = Callable[[State, int, random.Random], Move]

WIN = 10_000.0
NOTHING_TO_DECIDE = "That seat owes no decision now."


def _my_awaiting(state: State, seat: int):
    for entry in awaiting(state):
        if entry.seat == seat:
            return entry
    return None


def _accepted(state: State, move: Move) -> bool:
    """Whether the engine takes a move; `decide` never touches `state`."""
    try:
        decide(state, move, random.Random(0))
    except IllegalMove:
        return False
    return True


def _value(cards) -> int:
    return sum(map(VALUE.__getitem__, cards))


# The random bot ---------------------------------------------------------------


def random_bot(
    state: State, seat: int, rng: random.Random, *, resign_chance: float = 0.0
) -> Move:
    """Any legal move, uniformly; payments and discards of a random shape
    (overpaying, with buildings or properties, with everything).

    It resigns only as often as `resign_chance` says, so that games last.
    """
    if _my_awaiting(state, seat) is None:
        raise IllegalMove(NOTHING_TO_DECIDE)
    moves = legal_moves(state, seat)
    if resign_chance and rng.random() < resign_chance:
        return Resign(seat=seat)
    playable = [m for m in moves if not isinstance(m, Resign)] or moves
    move = rng.choice(playable)
    if isinstance(move, Pay):
        return _random_payment(state, seat, rng) or move
    if isinstance(move, Discard):
        hand = state.players[seat].hand
        choice = Discard(seat=seat, cards=tuple(rng.sample(hand, len(move.cards))))
        return choice if _accepted(state, choice) else move
    return move


def _random_payment(state: State, seat: int, rng: random.Random) -> Pay | None:
    entry = _my_awaiting(state, seat)
    if entry is None or entry.kind != "pay":
        return None
    payable = list(state.players[seat].payable())
    rng.shuffle(payable)
    if rng.random() < 0.1:
        choice = payable
    else:
        choice, total = [], 0
        for card_id in payable:
            if total >= entry.amount:
                break
            choice.append(card_id)
            total += DECK[card_id].value
        rest = payable[len(choice) :]
        if rest and rng.random() < 0.25:
            choice.append(rest[0])
    move = Pay(seat=seat, cards=tuple(choice))
    return move if _accepted(state, move) else None


# The sensible bot -------------------------------------------------------------


class Table:
    """The position as one seat sees it, with the figures the bot keeps using."""

    __slots__ = (
        "_colours",
        "_gains",
        "_in_full_sets",
        "_losses",
        "_open",
        "_opponents",
        "_payable",
        "me",
        "plays_left",
        "seat",
        "state",
    )

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.me = state.players[seat]
        self.plays_left = state.plays_left
        self._opponents: list[int] | None = None
        self._payable: list[int] | None = None
        self._in_full_sets: frozenset[int] | None = None
        self._colours: frozenset | None = None
        self._open: dict | None = None
        self._gains: dict[int, float] = {}
        self._losses: dict[tuple[int, int], float] = {}

    @property
    def full_colours(self) -> frozenset:
        """The colours of my full sets (worked out when first asked)."""
        return self.me.full_colours()

    @property
    def opponents(self) -> list[int]:
        """The seats still playing but mine (worked out when first asked)."""
        if self._opponents is None:
            self._opponents = [
                i
                for i, p in enumerate(self.state.players)
                if i != self.seat and not p.resigned
            ]
        return self._opponents

    @property
    def payable(self) -> list[int]:
        """What each other seat could pay, in M, by seat; 0 for mine, which
        never pays me (worked out when first asked)."""
        if self._payable is None:
            seat = self.seat
            self._payable = [
                0 if i == seat else p.payable_value()
                for i, p in enumerate(self.state.players)
            ]
        return self._payable

    @property
    def in_full_sets(self) -> frozenset[int]:
        """My properties that stand in full sets (worked out when first asked)."""
        if self._in_full_sets is None:
            self._in_full_sets = frozenset(
                c for s in self.me.sets if s.full for c in s.cards
            )
        return self._in_full_sets

    @property
    def colours(self) -> frozenset:
        """The colours of my sets (worked out when first asked)."""
        if self._colours is None:
            self._colours = frozenset(map(_COLOUR, self.me.sets))
        return self._colours

    def rent(self, prop_set: PropertySet) -> int:
        return prop_set.rent(self.state.options)

    def best_open_set(self, colour) -> PropertySet | None:
        """My set of that colour nearest to full, among those that are not full
        (the first of them on a tie)."""
        if self._open is None:
            best: dict = {}
            for s in self.me.sets:
                have = len(s.cards)
                if have < SET_SIZE[s.colour]:
                    known = best.get(s.colour)
                    if known is None or have > len(known.cards):
                        best[s.colour] = s
            self._open = best
        return self._open.get(colour)


_COLOUR = attrgetter("colour")


def _set_holding(player: Player, card_id: int) -> PropertySet | None:
    i = player.find_property(card_id)
    return None if i is None else player.sets[i]


def _set_worth(t: Table, s: PropertySet) -> float:
    """What a set means to its owner, in rough millions."""
    have = len(s.cards)
    if have >= SET_SIZE[s.colour]:
        return 14.0 + t.rent(s)
    return PARTIAL_WORTH[s.colour][have]


def _partial_worth(colour, have: int) -> float:
    """What a set of `have` cards of `colour`, short of full, means to its owner."""
    size = SET_SIZE[colour]
    progress = have / size
    worth = 10 * progress**2 + progress * rent_for(colour, size) / 4
    return worth + 2.0 if size - have == 1 else worth


PARTIAL_WORTH = {
    colour: tuple(_partial_worth(colour, have) for have in range(size))
    for colour, size in SET_SIZE.items()
}


# The rent of a full set of each colour.
_FULL_RENT = {colour: rent_for(colour, size) for colour, size in SET_SIZE.items()}


def _completes(t: Table, colour) -> float:
    """The worth of completing a set of `colour` now."""
    if colour in t.full_colours:
        return 320.0
    if len(t.full_colours) + 1 >= SETS_TO_WIN:
        return WIN
    return 700.0 + _FULL_RENT[colour]


def _gain_of_card(t: Table, card_id: int) -> float:
    """What one more property would do for me, laid in its best colour."""
    gain = t._gains.get(card_id)
    if gain is None:
        gain = t._gains[card_id] = _gain_of_card_now(t, card_id)
    return gain


def _gain_of_card_now(t: Table, card_id: int) -> float:
    card = DECK[card_id]
    best = 1.0 + card.value / 2
    for colour in card.colours:
        open_set = t.best_open_set(colour)
        if open_set is not None:
            have = len(open_set.cards)
        elif MULTICOLOUR[card_id]:
            continue
        else:
            have = 0
        if have + 1 == SET_SIZE[colour]:
            gain = _completes(t, colour)
        else:
            gain = _JOIN_GAIN[colour][have]
        if gain > best:
            best = gain
    return best


# What a property gains me when it joins a set of `have` cards of its colour
# short of full but for more than this one card (or starts one), by colour.
_JOIN_GAIN = {
    colour: tuple(
        3.0 + 8 * (have + 1) / size + RENT_BY_COUNT[colour][have + 1]
        for have in range(size)
    )
    for colour, size in SET_SIZE.items()
}


def _loss_of_card(t: Table, seat: int, card_id: int) -> float:
    """What losing a property costs its owner."""
    key = (seat, card_id)
    loss = t._losses.get(key)
    if loss is None:
        loss = t._losses[key] = _loss_of_card_now(t, seat, card_id)
    return loss


def _loss_of_card_now(t: Table, seat: int, card_id: int) -> float:
    player = t.state.players[seat]
    s = _set_holding(player, card_id)
    value = DECK[card_id].value
    if s is None:
        return 1.0 + value
    return value + _set_worth(t, s)


# The scorers read a move as its `moves.key` tuple: (class, seat, *fields).


def _score_property(t: Table, key: tuple) -> float:
    _, _, card_id, colour, set_index = key
    sets = t.me.sets
    target = None
    if set_index is not None and set_index < len(sets):
        target = sets[set_index]
    have = len(target.cards) if target is not None else 0
    if have + 1 == SET_SIZE[colour]:
        return _completes(t, colour)
    if target is None and MULTICOLOUR[card_id]:
        return -1.0
    # A fresh set beside an open one of the same colour helps nobody.
    if target is None and t.best_open_set(colour) is not None:
        return 200.0
    return _LAY_SCORE[colour][have]


# What laying a property scores when it joins a set of `have` cards of its
# colour short of full but for more than this one card (or starts one), by colour.
_LAY_SCORE = {
    colour: tuple(
        300.0 + 40 * (have + 1) / size + RENT_BY_COUNT[colour][have + 1]
        for have in range(size)
    )
    for colour, size in SET_SIZE.items()
}


def _score_move_wild(t: Table, key: tuple) -> float:
    _, _, card_id, colour, set_index = key
    me = t.me
    if card_id in me.loose:
        # A loose wild, back into a set.
        if set_index is None:
            return 290.0
        dest = me.sets[set_index]
        if len(dest.cards) + 1 == dest.size:
            return _completes(t, colour)
        return 290.0
    # A wild from one of my sets: worth moving only to finish another set.
    if set_index is None:
        return -1.0
    dest = me.sets[set_index]
    if len(dest.cards) + 1 < dest.size or colour in t.full_colours:
        return -1.0
    if me.sets[me.find_property(card_id)].full:
        return -1.0
    # Taking the wild away must leave the source still worth less than the gain.
    return _completes(t, colour) - 50.0


def _collected(t: Table, amount: int, target: int | None) -> int:
    """What asking `target` (None: every opponent) for `amount` collects."""
    payable = t.payable
    if target is not None:
        return min(amount, payable[target])
    total = 0
    for p in t.opponents:
        total += min(amount, payable[p])
    return total


def _score_rent(t: Table, key: tuple) -> float:
    _, _, card_id, _, set_index, target, doubles = key
    base = t.me.sets[set_index].rent(t.state.options)
    collected = _collected(t, base * 2 ** len(doubles), target)
    if collected < _RENT_FLOOR[card_id] and len(t.me.hand) <= HAND_LIMIT:
        return -1.0
    if doubles:
        plain = _collected(t, base, target)
        if collected - plain < 3 * len(doubles):
            return -1.0
    aim = 0.0
    if target is not None:
        aim = 3.0 * len(t.state.players[target].full_colours())
    # Lay properties first: they raise the rent this card charges.
    return 150.0 + 20 * collected - 40 * len(doubles) + aim


# The least a rent card should collect, by id: a wild rent (one target) is
# worth holding back for a bigger rent.
_RENT_FLOOR: tuple[int, ...] = tuple(4 if len(c.colours) > 2 else 2 for c in DECK)


def _score_debt(t: Table, key: tuple) -> float:
    target = key[3]
    collected = min(5, t.payable[target])
    if collected < 3:
        return -1.0
    aim = 3.0 * len(t.state.players[target].full_colours())
    return 150.0 + 20 * collected + aim


def _score_birthday(t: Table, key: tuple) -> float:
    collected = _collected(t, 2, None)
    return 150.0 + 20 * collected if collected >= 2 else -1.0


def pass_go_score(plays_left: int) -> float:
    """What playing Pass Go is worth with `plays_left` plays in the turn."""
    return 950.0 if plays_left >= 2 else 90.0


def _score_pass_go(t: Table, key: tuple) -> float:
    return pass_go_score(t.plays_left)


def _score_sly(t: Table, key: tuple) -> float:
    _, _, _, target, take = key
    gain = _gain_of_card(t, take)
    if gain >= 300:
        return gain + 10
    denial = _loss_of_card(t, target, take)
    if gain + denial < 15 and len(t.me.hand) <= 6:
        # Keep it for a card that finishes a set.
        return -1.0
    return 200.0 + 3 * gain + 4 * denial


def _score_forced(t: Table, key: tuple) -> float:
    _, _, _, target, take, give = key
    if give in t.in_full_sets:
        return -1.0
    gain = _gain_of_card(t, take)
    loss = _loss_of_card(t, t.seat, give)
    if gain >= 300:
        return gain - 5 * loss
    net = gain - loss + _loss_of_card(t, target, take) / 2
    return 200.0 + 3 * net if net >= 5 else -1.0


def _score_deal_breaker(t: Table, key: tuple) -> float:
    _, _, _, target, set_index = key
    s = t.state.players[target].sets[set_index]
    if s.colour in t.full_colours:
        return 500.0 + t.rent(s)
    if len(t.full_colours) + 1 >= SETS_TO_WIN:
        return WIN
    return 900.0 + t.rent(s) + 10 * len(t.state.players[target].full_colours())


def _score_build(t: Table, key: tuple) -> float:
    return 450.0


def _score_end_turn(t: Table, key: tuple) -> float:
    return 0.0


def keep_worth(t: Table, card_id: int) -> float:
    """How much a card in hand is worth keeping, for discards and for the bank."""
    worth = _KEEP_WORTH[card_id]
    if worth is not None:
        return worth
    card = DECK[card_id]
    if card_id in _RENT_CARDS:
        owned = t.colours.intersection(card.colours)
        if not owned:
            return 1.0 + card.value
        return 8.0 + max([RENT_BY_COUNT[c][1] for c in owned])
    # A House or a Hotel.
    buildable = t.full_colours - NO_BUILDINGS
    return 15.0 if buildable else 2.0 * card.value


def _keep_worth_of(card) -> float | None:
    """A card's keep worth when the table does not change it, else None."""
    if card.kind in (Kind.property, Kind.wild):
        return 60.0 + card.value
    if card.kind is Kind.money:
        return 2.0 * card.value
    if card.kind is Kind.rent:
        return None
    action = card.action
    if action is Action.just_say_no:
        return 50.0
    if action is Action.deal_breaker:
        return 45.0
    if action in (Action.sly_deal, Action.forced_deal):
        return 20.0
    if action is Action.double_the_rent:
        return 12.0
    if action in (Action.house, Action.hotel):
        return None
    if action is Action.debt_collector:
        return 10.0
    if action is Action.birthday:
        return 6.0
    return 5.0


_KEEP_WORTH: tuple[float | None, ...] = tuple(_keep_worth_of(c) for c in DECK)
_RENT_CARDS = frozenset(c.id for c in DECK if c.kind is Kind.rent)


def _score_bank(t: Table, key: tuple) -> float:
    card_id = key[2]
    score = BANK_SCORE[card_id]
    if score is None:
        score = bank_score(card_id, keep_worth(t, card_id))
        if score is None:
            # Worth keeping: banked only to get down to 7 cards.
            return 10.0 if len(t.me.hand) > HAND_LIMIT else -1.0
    return score


def bank_score(card_id: int, keep: float | None) -> float | None:
    """What banking a card other than money with this keep worth scores;
    None when the keep worth is not known (the table decides it) or too high
    to bank for its own sake."""
    if keep is None or keep >= 40:
        return None
    return 60.0 + 10 * VALUE[card_id] - 3 * keep


# What banking each card scores whatever the table, or None. Big notes first:
# a bank is what keeps a rent off the properties.
BANK_SCORE: tuple[float | None, ...] = tuple(
    100.0 + 10 * c.value
    if c.kind is Kind.money
    else bank_score(c.id, _KEEP_WORTH[c.id])
    for c in DECK
)


def score_play(t: Table, move: Move) -> float:
    """How much the sensible bot likes a move of its turn (above 0: worth a play)."""
    return _score_key(t, move_key(move))


def _score_key(t: Table, key: tuple) -> float:
    scorer = _SCORERS.get(key[0])
    return -1.0 if scorer is None else scorer(t, key)


_SCORERS: dict[type, Callable[[Table, tuple], float]] = {
    PlayProperty: _score_property,
    MoveWild: _score_move_wild,
    ChargeRent: _score_rent,
    CollectDebt: _score_debt,
    Birthday: _score_birthday,
    PassGo: _score_pass_go,
    SlyDeal: _score_sly,
    ForcedDeal: _score_forced,
    DealBreaker: _score_deal_breaker,
    Build: _score_build,
    BankCard: _score_bank,
    EndTurn: _score_end_turn,
}


def payment_costs(t: Table, to: int | None) -> dict[int, float]:
    """What paying with each card I could pay with costs me and gives the
    receiver, in millions: its value from the bank; a building's value and 2;
    a property's value, 2 and what its set is worth to me (and what it does
    for the receiver)."""
    me = t.me
    costs = {c: float(VALUE[c]) for c in me.bank}
    gains = _receiver_gains(t.state.players[to]) if to is not None else None
    for s in me.sets:
        worth = None
        for c in s.cards:
            if not VALUE[c]:
                continue  # a multicolour wild cannot pay
            if worth is None:
                worth = _set_worth(t, s)
            cost = VALUE[c] + 2.0 + worth
            if gains:
                cost += max(map(gains.get, _PAID_COLOURS[c], _NOTHING))
            costs[c] = cost
        if s.house is not None:
            costs[s.house] = VALUE[s.house] + 2.0
        if s.hotel is not None:
            costs[s.hotel] = VALUE[s.hotel] + 2.0
    return costs


# The colours a property paid can take (a two-colour wild's two), by id, and
# what a colour gives a receiver with no set of it.
_PAID_COLOURS: tuple[tuple, ...] = tuple(c.colours[:2] for c in DECK)
_NOTHING = (0.0, 0.0)


def _receiver_gains(receiver: Player) -> dict:
    """What a property of each colour does for the receiver of a payment: 10
    when it finishes one of their sets, 2 when it joins one, else nothing."""
    gains: dict = {}
    for s in receiver.sets:
        short = SET_SIZE[s.colour] - len(s.cards)
        if short > 0:
            gain = 10.0 if short == 1 else 2.0
            if gain > gains.get(s.colour, 0.0):
                gains[s.colour] = gain
    return gains


def cheapest_payment(cards, costs: dict[int, float], amount: int) -> tuple[int, ...]:
    """The cards worth at least `amount` that cost least: a knapsack on sums
    capped at `amount` (everything, when everything is not enough)."""
    if _value(cards) <= amount:
        return tuple(cards)
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for card_id in cards:
        value = VALUE[card_id]
        card_cost = costs[card_id]
        for reached, (cost, chosen) in list(best.items()):
            key = reached + value
            if key > amount:
                key = amount
            new_cost = cost + card_cost
            old = best.get(key)
            if old is None or new_cost < old[0]:
                best[key] = (new_cost, (*chosen, card_id))
    return best[amount][1]


def _sensible_payment(t: Table, amount: int, to: int | None) -> Pay:
    costs = payment_costs(t, to)
    return Pay(seat=t.seat, cards=cheapest_payment(t.me.payable(), costs, amount))


def _sensible_discard(t: Table, count: int) -> Discard:
    ranked = sorted(t.me.hand, key=lambda c: (keep_worth(t, c), c))
    return Discard(seat=t.seat, cards=tuple(ranked[:count]))


def _threat(t: Table, amount: int | None) -> float:
    """What the card in play costs me if it goes through, or, when I played it,
    what I lose if its refusal stands."""
    pending = t.state.pending
    kind = pending.kind
    if pending.actor == t.seat:
        if kind == "deal_breaker":
            return 50.0
        if kind in ("sly_deal", "forced_deal"):
            return min(_gain_of_card(t, pending.take), 50.0)
        return float(amount or 0)
    if kind == "deal_breaker":
        return 50.0
    if kind in ("sly_deal", "forced_deal"):
        loss = _loss_of_card(t, t.seat, pending.take)
        if kind == "forced_deal":
            loss -= _gain_of_card(t, pending.give)
        return loss
    if not amount:
        return 0.0
    costs = payment_costs(t, pending.actor)
    return sum(costs[c] for c in cheapest_payment(t.me.payable(), costs, amount))


# The threat (`_threat`) at which the sensible bot plays a Just Say No it
# holds; the expert's `infer` reads a card let through above it as none held.
SAYS_NO_AT = 7


def _sensible_answer(state: State, seat: int, entry) -> Move:
    moves = legal_moves(state, seat)
    refusals = [m for m in moves if isinstance(m, SayNo)]
    accepts = [m for m in moves if isinstance(m, Accept)]
    if refusals and _threat(Table(state, seat), entry.amount) >= SAYS_NO_AT:
        return refusals[0]
    return accepts[0]


def sensible_bot(state: State, seat: int, rng: random.Random) -> Move:
    """A decent player: sets first, then thefts and rent, then the bank.

    It pays with what it values least, keeps Just Say No for what hurts,
    builds on full sets and discards what it needs least. Deterministic
    given `rng`, which only breaks ties.
    """
    entry = _my_awaiting(state, seat)
    if entry is None:
        raise IllegalMove(NOTHING_TO_DECIDE)
    kind = entry.kind
    if kind == "respond":
        # The table is weighed only when a Just Say No could be played.
        return _sensible_answer(state, seat, entry)
    t = Table(state, seat)
    if kind == "play":
        return _sensible_play(t, rng)
    if kind == "pay":
        # Payable cards worth the amount, or all of them: the engine takes it.
        return _sensible_payment(t, entry.amount, entry.to)
    # Any `count` cards of the hand may go: no need to ask the engine.
    return _sensible_discard(t, entry.count)


def _sensible_play(t: Table, rng: random.Random) -> Move:
    """The move of its turn the bot scores highest (ties broken by `rng` in
    legal_moves' order), or the end of its turn when none is worth a play."""
    # One pass: the top score so far and the moves that reach it, in order.
    top = 0.0
    best: list[tuple] = []
    scorers = _SCORERS  # a scorer for every kind of move play_keys lists
    for key in play_keys(t.state, t.seat):
        score = scorers[key[0]](t, key)
        if score < top:
            continue
        if score > top:
            top = score
            best = [key]
        else:
            best.append(key)
    if top <= 0:
        return end_turn(t)
    return from_key(best[0] if len(best) == 1 else rng.choice(best))


def end_turn(t: Table) -> Move:
    extra = len(t.me.hand) - HAND_LIMIT
    if extra > 0:
        # Any `extra` cards of the hand may go: no need to ask the engine.
        return _sensible_discard(t, extra)
    return made(EndTurn, t.seat)
