"""decide, awaiting, legal_moves, default_move: the rules of RULES.md."""

import random
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter

from ..errors import IllegalMove
from ..plumbing import fold
from . import events as ev
from . import moves as mv
from .cards import (
    ALL_COLOURS,
    COLOUR_NAMES,
    DECK,
    NO_BUILDINGS,
    SET_SIZE,
    VALUE,
    Action,
    Colour,
    Kind,
)
from .evolve import EVOLVERS, evolve, lift, open_set
from .state import (
    DERIVED,
    DISCARD,
    HAND_LIMIT,
    OVER,
    PAY,
    RESPOND,
    SAID_NO,
    Options,
    Pending,
    Player,
    State,
    quick_init,
)

HAND_SIZE = 5
DRAW_PER_TURN = 2
DRAW_EMPTY_HAND = 5
DEBT = 5
BIRTHDAY = 2
MIN_SEATS, MAX_SEATS = 2, 5


@quick_init
@dataclass(frozen=True, slots=True)
class Awaiting:
    """A decision a seat owes now: play, discard, respond or pay."""

    seat: int
    kind: str
    amount: int | None = None
    to: int | None = None
    count: int | None = None
    detail: str = ""


class _Builder:
    """Emit events one by one, keeping the state they lead to."""

    __slots__ = ("events", "rng", "state")

    def __init__(self, state: State | None, rng: random.Random | None) -> None:
        self.state = state
        self.rng = rng
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        # evolve(self.state, event) with one call the fewer: a step emits several.
        self.state = EVOLVERS[type(event)](self.state, event)


# Setting up -----------------------------------------------------------------


def setup(seats: int, options: Options, rng: random.Random) -> list[ev.Event]:
    """RULES.md: "2 to 5 players. Shuffle, deal 5 cards to each, the rest is the draw
    pile, the discard pile starts empty. The first player is drawn at random."""
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise IllegalMove("A game needs 2 to 5 players.")
    order = list(range(len(DECK)))
    rng.shuffle(order)
    first = rng.randrange(seats)
    b = _Builder(None, rng)
    b.emit(
        ev.GameStarted(seats=seats, order=tuple(order), first=first, options=options)
    )
    for seat in range(seats):
        b.emit(ev.CardsDealt(seat=seat, cards=b.state.draw[:HAND_SIZE]))
    _start_turn(b, first)
    return b.events


def replay(events) -> State:
    """The state the events lead to: reduce(evolve, events, None)."""
    return fold(evolve, events)


def new_game(seats: int, seed: int, options: Options | None = None) -> State:
    """A new game, shuffled from `seed`."""
    return replay(setup(seats, options or Options(), random.Random(seed)))


def _draw(b: _Builder, seat: int, count: int) -> None:
    """RULES.md: "When the draw pile runs out, the discard pile is shuffled to form a
    new one; when both are empty, draw what there is."
    """
    state = b.state
    if len(state.draw) < count and state.discard:
        order = list(state.discard)
        b.rng.shuffle(order)
        b.emit(ev.DeckReshuffled(order=tuple(order)))
    cards = b.state.draw[:count]
    if cards:
        b.emit(ev.CardsDrawn(seat=seat, cards=cards))


def _start_turn(b: _Builder, seat: int) -> None:
    """A win is checked when a turn starts; then draw 2, or 5 from an empty hand.

    A rule the engine adds where RULES.md is silent: "When a whole round passes
    in which, at the start of every remaining player's turn, the draw pile, the
    discard pile and every hand were empty, the game ends with no winner (a
    draw)." A multicolour wild in a hand counts as nothing: it cannot be banked
    and can only join its holder's own sets, which they had a turn to do.
    """
    b.emit(_TURN_STARTED[seat])
    state = b.state
    player = state.players[seat]
    if player.has_won():
        b.emit(ev.GameWon(seat=seat))
        return
    if state.idle_turns and state.idle_turns > len(state.remaining()):
        b.emit(ev.GameDrawn())
        return
    _draw(b, seat, DRAW_PER_TURN if player.hand else DRAW_EMPTY_HAND)


def _end_turn(b: _Builder) -> None:
    seat = b.state.active
    b.emit(_TURN_ENDED[seat])
    _start_turn(b, b.state.next_seat(seat))


# The events that start and end each seat's turns, made once: events are
# frozen values, and a rollout starts and ends several turns.
_TURN_STARTED = tuple(ev.TurnStarted(seat=seat) for seat in range(MAX_SEATS))
_TURN_ENDED = tuple(ev.TurnEnded(seat=seat) for seat in range(MAX_SEATS))


# Checks ---------------------------------------------------------------------


def _colour(value) -> Colour:
    if type(value) is Colour:
        return value  # what the bots and legal_moves pass: no lookup
    try:
        return Colour(value)
    except (ValueError, TypeError):
        raise IllegalMove("There is no such colour.") from None


def _plays(n: int) -> str:
    return f"{n} play{'s' * (n != 1)}"


def _cname(colour: Colour) -> str:
    return COLOUR_NAMES[colour]


def _in_hand(player: Player, card: int) -> None:
    if card not in player.hand:
        raise IllegalMove("You do not hold that card.")


def _own_play(state: State, seat: int, plays: int = 1) -> Player:
    if seat != state.active:
        raise IllegalMove("It is not your turn.")
    if state.pending is not None:
        raise IllegalMove("Wait until everyone has answered the card in play.")
    if state.phase == DISCARD:
        raise IllegalMove(
            f"Choose cards to discard down to {HAND_LIMIT} to end your turn."
        )
    if state.plays_left < plays:
        if state.plays_left <= 0:
            raise IllegalMove("You have no plays left this turn.")
        raise IllegalMove(
            f"That needs {_plays(plays)} and you have only "
            f"{_plays(state.plays_left)} left."
        )
    return state.players[seat]


def _action_card(player: Player, card: int, action: Action) -> None:
    _in_hand(player, card)
    if DECK[card].action is not action:
        raise IllegalMove(f"That card is not {_ACTION_NAMES[action]}.")


_ACTION_NAMES = {
    Action.deal_breaker: "a Deal Breaker",
    Action.just_say_no: "a Just Say No",
    Action.sly_deal: "a Sly Deal",
    Action.forced_deal: "a Forced Deal",
    Action.debt_collector: "a Debt Collector",
    Action.birthday: "It's My Birthday",
    Action.pass_go: "a Pass Go",
    Action.house: "a House",
    Action.hotel: "a Hotel",
    Action.double_the_rent: "a Double the Rent",
}


def _opponent(state: State, seat: int, target) -> Player:
    if target is None:
        raise IllegalMove("Choose a player.")
    if target == seat:
        raise IllegalMove("You cannot play that against yourself.")
    if not isinstance(target, int) or not 0 <= target < len(state.players):
        raise IllegalMove("There is no such player.")
    player = state.players[target]
    if player.resigned:
        raise IllegalMove("That player has left the game.")
    return player


def _others(state: State, seat: int) -> tuple[int, ...]:
    players = state.players
    if True not in map(_RESIGNED, players):
        return _OTHERS[len(players)][seat]
    return tuple(i for i, p in enumerate(players) if i != seat and not p.resigned)


_RESIGNED = attrgetter("resigned")
# The other seats of each seat, by the number of seats, while nobody has resigned.
_OTHERS = tuple(
    tuple(tuple(i for i in range(n) if i != seat) for seat in range(n))
    for n in range(MAX_SEATS + 1)
)


# Deciding -------------------------------------------------------------------


def _bank_card(b: _Builder, m: mv.BankCard) -> None:
    """RULES.md: "Bank a money card or an action card ... Property cards, wild ones
    included, can never be banked."
    """
    player = _own_play(b.state, m.seat)
    _in_hand(player, m.card)
    if DECK[m.card].kind in (Kind.property, Kind.wild):
        raise IllegalMove("Properties cannot be banked.")
    b.emit(ev.CardBanked(seat=m.seat, card=m.card))


def _target_set(player: Player, colour: Colour, set_index, multicolour: bool) -> int:
    """Where a property laid in `colour` goes: the set named, else the first set
    of that colour that is not full, else a new set."""
    if set_index is None:
        i = open_set(player, colour)
        if i is not None:
            return i
        if multicolour:
            raise IllegalMove(
                "A multicolour wild must join a set that already holds another "
                "of your properties."
            )
        return len(player.sets)
    if not isinstance(set_index, int) or not 0 <= set_index < len(player.sets):
        raise IllegalMove("You have no such set.")
    s = player.sets[set_index]
    if s.colour != colour:
        raise IllegalMove(f"That set is not {_cname(colour)}.")
    if s.full:
        raise IllegalMove("That set is already full.")
    return set_index


def _play_property(b: _Builder, m: mv.PlayProperty) -> None:
    """RULES.md: "Lay a property in front of you, choosing its colour if it is a wild
    card." A multicolour wild "joins a set that already holds another property of
    yours"."""
    player = _own_play(b.state, m.seat)
    _in_hand(player, m.card)
    c = DECK[m.card]
    if c.kind not in (Kind.property, Kind.wild):
        raise IllegalMove("Only property cards can be laid as properties.")
    colour = _colour(m.colour)
    if colour not in c.colours:
        raise IllegalMove(f"{c.name} cannot be {_cname(colour)}.")
    i = _target_set(player, colour, m.set_index, c.multicolour)
    b.emit(ev.PropertyPlayed(seat=m.seat, card=m.card, colour=colour, set_index=i))


def _move_wild(b: _Builder, m: mv.MoveWild) -> None:
    """RULES.md: "Moving wild cards between your own sets is free and unlimited, on your
    own turn only (house rule: each move costs one of the 3 plays)."
    """
    state = b.state
    player = _own_play(state, m.seat, 1 if state.options.wild_move_costs_play else 0)
    src = player.find_property(m.card)
    if src is None and m.card not in player.loose:
        raise IllegalMove("You have no such wild card in front of you.")
    c = DECK[m.card]
    if c.kind is not Kind.wild:
        raise IllegalMove("You have no such wild card in front of you.")
    colour = _colour(m.colour)
    if colour not in c.colours:
        raise IllegalMove(f"{c.name} cannot be {_cname(colour)}.")
    if m.set_index is not None and m.set_index == src:
        raise IllegalMove("That card is already in that set.")
    if src is not None and player.sets[src].colour == colour:
        # "More cards of that colour start another set": another set of the
        # same colour is full, or there is none that is not.
        raise IllegalMove(f"That card is already {_cname(colour)}.")
    if m.set_index is None:
        dest = None
        i = open_set(player, colour)
        if i is not None:
            dest = player.sets[i]
        elif c.multicolour:
            raise IllegalMove(
                "A multicolour wild must join a set that already holds another "
                "of your properties."
            )
    else:
        dest = player.sets[_target_set(player, colour, m.set_index, c.multicolour)]
    # Lifting the card tidies only the sets of its old colour: `dest` survives.
    lifted = lift(player, m.card)
    i = len(lifted.sets)
    if dest is not None:
        i = next(j for j, s in enumerate(lifted.sets) if s is dest)
    b.emit(ev.WildMoved(seat=m.seat, card=m.card, colour=colour, set_index=i))


def _charge_rent(b: _Builder, m: mv.ChargeRent) -> None:
    """RULES.md: "Rent (two colours): pick one of the two colours and one of your sets
    of that colour; every other player pays its rent. Wild rent: pick any colour you
    own and one player, who pays." "Double the Rent: played with a rent card, it
    costs a play of its own; two of them with one rent card quadruple it."
    """
    state = b.state
    player = _own_play(state, m.seat)
    _in_hand(player, m.card)
    c = DECK[m.card]
    if c.kind is not Kind.rent:
        raise IllegalMove("That card is not a rent card.")
    doubles = tuple(m.doubles)
    if len(set(doubles)) != len(doubles) or m.card in doubles:
        raise IllegalMove("Each Double the Rent card can be played only once.")
    for d in doubles:
        _action_card(player, d, Action.double_the_rent)
    if doubles and state.plays_left < 1 + len(doubles):
        raise IllegalMove(
            f"Double the Rent costs a play of its own: you have only "
            f"{_plays(state.plays_left)} left."
        )
    colour = _colour(m.colour)
    if colour not in c.colours:
        raise IllegalMove(f"{c.name} cannot charge for {_cname(colour)}.")
    candidates = [i for i, s in enumerate(player.sets) if s.colour == colour]
    if not candidates:
        raise IllegalMove(f"You have no {_cname(colour)} property to charge rent for.")
    if m.set_index is None:
        i = max(candidates, key=lambda j: player.sets[j].rent(state.options))
    elif m.set_index in candidates:
        i = m.set_index
    else:
        raise IllegalMove(f"That is not one of your {_cname(colour)} sets.")
    if len(c.colours) > 2:
        _opponent(state, m.seat, m.target)
        targets = (m.target,)
    elif m.target is not None:
        raise IllegalMove("A two-colour rent charges every other player.")
    else:
        targets = _others(state, m.seat)
    base = player.sets[i].rent(state.options)
    b.emit(
        ev.RentCharged(
            seat=m.seat,
            card=m.card,
            colour=colour,
            set_index=i,
            targets=targets,
            amount=base * 2 ** len(doubles),
            base=base,
            doubles=doubles,
        )
    )


def _collect_debt(b: _Builder, m: mv.CollectDebt) -> None:
    """RULES.md: "Debt Collector: one player pays you 5." """
    player = _own_play(b.state, m.seat)
    _action_card(player, m.card, Action.debt_collector)
    _opponent(b.state, m.seat, m.target)
    b.emit(ev.DebtCharged(seat=m.seat, card=m.card, target=m.target, amount=DEBT))


def _birthday(b: _Builder, m: mv.Birthday) -> None:
    """RULES.md: "It's My Birthday: every other player pays you 2." """
    player = _own_play(b.state, m.seat)
    _action_card(player, m.card, Action.birthday)
    targets = _others(b.state, m.seat)
    b.emit(
        ev.BirthdayCharged(seat=m.seat, card=m.card, targets=targets, amount=BIRTHDAY)
    )


def _pass_go(b: _Builder, m: mv.PassGo) -> None:
    """RULES.md: "Pass Go: draw 2 more cards." """
    player = _own_play(b.state, m.seat)
    _action_card(player, m.card, Action.pass_go)
    b.emit(ev.PassGoPlayed(seat=m.seat, card=m.card))
    _draw(b, m.seat, DRAW_PER_TURN)


def _takeable(victim: Player, card: int, what: str) -> None:
    i = victim.find_property(card)
    if i is None:
        raise IllegalMove("That player has no such property in a set.")
    if victim.sets[i].full:
        raise IllegalMove(f"{what} cannot take a card from a full set.")


def _sly_deal(b: _Builder, m: mv.SlyDeal) -> None:
    """RULES.md: "Sly Deal: take one property from another player's set that is not
    full."
    """
    player = _own_play(b.state, m.seat)
    _action_card(player, m.card, Action.sly_deal)
    victim = _opponent(b.state, m.seat, m.target)
    _takeable(victim, m.take, "Sly Deal")
    b.emit(ev.SlyDealPlayed(seat=m.seat, card=m.card, target=m.target, take=m.take))


def _forced_deal(b: _Builder, m: mv.ForcedDeal) -> None:
    """RULES.md: "Forced Deal: swap one of your properties for one of another player's;
    the card you take may not be part of a full set (the card you give may)."
    """
    player = _own_play(b.state, m.seat)
    _action_card(player, m.card, Action.forced_deal)
    victim = _opponent(b.state, m.seat, m.target)
    _takeable(victim, m.take, "Forced Deal")
    if player.find_property(m.give) is None:
        raise IllegalMove("You have no such property in a set to give.")
    b.emit(
        ev.ForcedDealPlayed(
            seat=m.seat, card=m.card, target=m.target, take=m.take, give=m.give
        )
    )


def _deal_breaker(b: _Builder, m: mv.DealBreaker) -> None:
    """RULES.md: "Deal Breaker: take another player's full set, with its House and
    Hotel."
    """
    player = _own_play(b.state, m.seat)
    _action_card(player, m.card, Action.deal_breaker)
    victim = _opponent(b.state, m.seat, m.target)
    if not isinstance(m.set_index, int) or not 0 <= m.set_index < len(victim.sets):
        raise IllegalMove("That player has no such set.")
    if not victim.sets[m.set_index].full:
        raise IllegalMove("Deal Breaker can take only a full set.")
    b.emit(
        ev.DealBreakerPlayed(
            seat=m.seat,
            card=m.card,
            target=m.target,
            set_index=m.set_index,
            colour=victim.sets[m.set_index].colour,
        )
    )


def _build(b: _Builder, m: mv.Build) -> None:
    """RULES.md: "House: on a full set you own, not railroads or utilities, one per set.
    Hotel: on a full set that has a House, one per set. Each costs a play."
    """
    player = _own_play(b.state, m.seat)
    _in_hand(player, m.card)
    action = DECK[m.card].action
    if action not in (Action.house, Action.hotel):
        raise IllegalMove("That card is not a House or a Hotel.")
    if not isinstance(m.set_index, int) or not 0 <= m.set_index < len(player.sets):
        raise IllegalMove("You have no such set.")
    s = player.sets[m.set_index]
    name = "A House" if action is Action.house else "A Hotel"
    if s.colour in NO_BUILDINGS:
        raise IllegalMove(f"{name} cannot go on railroads or utilities.")
    if not s.full:
        raise IllegalMove(f"{name} can go only on a full set.")
    if action is Action.house and s.house is not None:
        raise IllegalMove("That set already has a House.")
    if action is Action.hotel:
        if s.house is None:
            raise IllegalMove("A Hotel needs a House on the set first.")
        if s.hotel is not None:
            raise IllegalMove("That set already has a Hotel.")
    b.emit(ev.BuildingPlayed(seat=m.seat, card=m.card, set_index=m.set_index))


def _end_turn_move(b: _Builder, m: mv.EndTurn) -> None:
    """RULES.md: "End the turn. With more than 7 cards in hand, choose cards to discard
    down to 7."
    """
    state = b.state
    player = _own_play(state, m.seat, 0)
    extra = len(player.hand) - HAND_LIMIT
    if extra > 0:
        b.emit(ev.HandLimitReached(seat=m.seat, count=extra))
    else:
        _end_turn(b)


def _discard(b: _Builder, m: mv.Discard) -> None:
    """RULES.md: "With more than 7 cards in hand, choose cards to discard down to 7;
    they go to the bottom of the draw pile (house rule: the discard pile)."
    """
    state = b.state
    if m.seat != state.active:
        raise IllegalMove("It is not your turn.")
    if state.pending is not None:
        raise IllegalMove("Wait until everyone has answered the card in play.")
    player = state.players[m.seat]
    extra = len(player.hand) - HAND_LIMIT
    if extra <= 0:
        raise IllegalMove(
            f"You have {HAND_LIMIT} cards or fewer: there is nothing to discard."
        )
    cards = tuple(m.cards)
    if len(set(cards)) != len(cards):
        raise IllegalMove("You named a card twice.")
    for c in cards:
        _in_hand(player, c)
    if len(cards) != extra:
        raise IllegalMove(f"Discard exactly {extra} card{'s' * (extra != 1)}.")
    b.emit(
        ev.HandDiscarded(
            seat=m.seat,
            cards=cards,
            to_draw_pile=not state.options.discard_to_discard_pile,
        )
    )
    _end_turn(b)


def _answering(state: State, seat: int, target) -> int:
    """Which target's Just Say No chain this seat answers now."""
    pending = state.pending
    if pending is None:
        raise IllegalMove("There is nothing to answer now.")
    if seat == pending.actor:
        if target is None:
            target = next(
                (t.seat for t in pending.targets if t.status == SAID_NO), None
            )
        t = pending.target(target) if target is not None else None
        if t is None or t.status != SAID_NO:
            raise IllegalMove("That player has not said no to you.")
        return t.seat
    t = pending.target(seat)
    if t is None or t.status != RESPOND:
        raise IllegalMove("You have nothing to answer now.")
    return seat


def _say_no(b: _Builder, m: mv.SayNo) -> None:
    """RULES.md: "Just Say No: when a card is played against you, you may cancel what it
    does to you. The player you refused may answer with their own Just Say No, which
    cancels yours, and so on." It costs no play (house rule: on your own turn it
    does)."""
    state = b.state
    target = _answering(state, m.seat, m.target)
    _action_card(state.players[m.seat], m.card, Action.just_say_no)
    costs = state.options.just_say_no_costs_play and m.seat == state.active
    if costs and state.plays_left <= 0:
        raise IllegalMove("You have no plays left this turn.")
    b.emit(
        ev.JustSayNoPlayed(seat=m.seat, card=m.card, target=target, costs_play=costs)
    )


def _accept(b: _Builder, m: mv.Accept) -> None:
    """Let the card in play happen to you, or let a player's Just Say No stand."""
    state = b.state
    target = _answering(state, m.seat, m.target)
    pending = state.pending
    b.emit(_ACCEPTED[m.seat][target])
    t = b.state.pending.target(target) if b.state.pending else None
    if t is not None and t.status == PAY:
        if not b.state.players[target].can_pay():
            b.emit(ev.PaymentMade(seat=target, to=pending.actor, cards=()))
        return
    if m.seat != target:
        return
    if pending.kind == "sly_deal":
        b.emit(ev.PropertyTaken(seat=pending.actor, target=target, card=pending.take))
    elif pending.kind == "forced_deal":
        b.emit(
            ev.PropertiesSwapped(
                seat=pending.actor, target=target, take=pending.take, give=pending.give
            )
        )
    elif pending.kind == "deal_breaker":
        b.emit(
            ev.SetTaken(seat=pending.actor, target=target, set_index=pending.set_index)
        )


# Each seat's acceptance of each target's card or no, made once (see
# _TURN_STARTED): most cards played are accepted.
_ACCEPTED = tuple(
    tuple(ev.Accepted(seat=seat, target=target) for target in range(MAX_SEATS))
    for seat in range(MAX_SEATS)
)


def _pay(b: _Builder, m: mv.Pay) -> None:
    """RULES.md: "The payer chooses what to pay with, from the cards in front of them
    ... What they choose must be worth at least what they owe, unless it is every
    payable card they have. No change is given."
    """
    state = b.state
    pending = state.pending
    t = pending.target(m.seat) if pending is not None else None
    if t is None or t.status != PAY:
        raise IllegalMove("You owe no payment now.")
    cards = tuple(m.cards)
    refusal = payment_refusal(state.players[m.seat], t.amount, cards)
    if refusal is not None:
        raise IllegalMove(refusal)
    b.emit(ev.PaymentMade(seat=m.seat, to=pending.actor, cards=cards))


def payment_refusal(player: Player, amount: int, cards: tuple[int, ...]) -> str | None:
    """Why paying `amount` with `cards` is refused, or None when it may be paid."""
    if len(set(cards)) != len(cards):
        return "You named a card twice."
    payable = player.payable()
    allowed = set(payable)
    for c in cards:
        if c in allowed:
            continue
        if c in player.hand:
            return "You cannot pay from your hand."
        if c in player.loose or player.find_property(c) is not None:
            return "A multicolour wild has no value and cannot pay."
        return "That card is not in front of you."
    total = sum(map(VALUE.__getitem__, cards))
    if total < amount and len(cards) != len(payable):
        return (
            f"That payment is {amount - total}M short: pay at least "
            f"{amount}M, or everything you can."
        )
    return None


def _resign(b: _Builder, m: mv.Resign) -> None:
    """RULES.md: "A player may resign at any time. Their hand and the cards in front of
    them go to the discard pile. The game goes on while two or more remain; the last
    one left wins."
    """
    b.emit(ev.PlayerResigned(seat=m.seat))
    left = b.state.remaining()
    if len(left) == 1:
        b.emit(ev.GameWon(seat=left[0]))
    elif m.seat == b.state.active:
        _end_turn(b)


_DECIDERS: dict[type, Callable[[_Builder, mv.Move], None]] = {
    mv.BankCard: _bank_card,
    mv.PlayProperty: _play_property,
    mv.MoveWild: _move_wild,
    mv.ChargeRent: _charge_rent,
    mv.CollectDebt: _collect_debt,
    mv.Birthday: _birthday,
    mv.PassGo: _pass_go,
    mv.SlyDeal: _sly_deal,
    mv.ForcedDeal: _forced_deal,
    mv.DealBreaker: _deal_breaker,
    mv.Build: _build,
    mv.EndTurn: _end_turn_move,
    mv.Discard: _discard,
    mv.SayNo: _say_no,
    mv.Accept: _accept,
    mv.Pay: _pay,
    mv.Resign: _resign,
}


def decide(state: State, move: mv.Move, rng: random.Random) -> list[ev.Event]:
    """What the move makes happen, or IllegalMove with a sentence for the player
    (a move whose fields have the wrong types: "That move is not well formed.").

    "A player wins with 3 full sets of different colours. It is checked after
    everything that happens on their own turn and when their turn starts."
    """
    return _decided(state, move, rng).events


def step(
    state: State, move: mv.Move, rng: random.Random
) -> tuple[list[ev.Event], State]:
    """decide, and the state its events lead to (which deciding has built
    already): the same as folding evolve over the events, done once."""
    b = _decided(state, move, rng)
    return b.events, b.state


def _decided(state: State, move: mv.Move, rng: random.Random) -> _Builder:
    handler = _DECIDERS.get(type(move))
    if handler is None:
        raise IllegalMove("That is not a move in this game.")
    mv.check_formed(move)
    if state.phase == OVER:
        raise IllegalMove("The game is over.")
    seat = move.seat  # an int: check_formed has looked
    if not 0 <= seat < len(state.players):
        raise IllegalMove("There is no such seat.")
    if state.players[seat].resigned:
        raise IllegalMove("You have left this game.")
    b = _Builder(state, rng)
    handler(b, move)
    after = b.state
    if after.phase != OVER and after.players[after.active].has_won():
        b.emit(ev.GameWon(seat=after.active))
    return b


# Who acts -------------------------------------------------------------------


def _hit(pending: Pending, amount: int) -> str:
    """What the card in play does to a target, as a sentence for them."""
    kind = pending.kind
    if kind == "rent":
        return f"You are charged {amount}M rent for {_cname(pending.colour)}."
    if kind == "debt":
        return f"A Debt Collector asks you for {amount}M."
    if kind == "birthday":
        return f"It's a birthday: you are asked for {amount}M."
    if kind == "sly_deal":
        return f"A Sly Deal takes your {DECK[pending.take].name}."
    if kind == "forced_deal":
        return (
            f"A Forced Deal takes your {DECK[pending.take].name} for "
            f"{DECK[pending.give].name}."
        )
    return f"A Deal Breaker takes your {_cname(pending.colour)} set."


def awaiting(state: State) -> tuple[Awaiting, ...]:
    """Every seat that owes a decision now. RULES.md: "Until every payer has paid
    or said no, the player who asked waits."
    """
    known = state._derived  # DERIVED
    if known is None:
        known = state.__dict__[DERIVED] = _awaiting(state)
    return known


# What a seat owes on its turn with nothing in play, made once: Awaiting is a
# frozen value.
_PLAYING = tuple(
    (Awaiting(seat=seat, kind="play", detail="Your turn: play up to 3 cards."),)
    for seat in range(MAX_SEATS)
)


def _awaiting(state: State) -> tuple[Awaiting, ...]:
    if state.phase == OVER:
        return ()
    pending = state.pending
    if pending is None:
        seat = state.active
        if state.phase == DISCARD:
            count = len(state.players[seat].hand) - HAND_LIMIT
            return (
                Awaiting(
                    seat=seat,
                    kind="discard",
                    count=count,
                    detail=f"Discard {count} card{'s' * (count != 1)} "
                    "to end your turn.",
                ),
            )
        return _PLAYING[seat]
    out = []
    actor = pending.actor
    played = DECK[pending.card].name
    for t in pending.targets:
        amount = t.amount or None
        if t.status == RESPOND:
            hit = _hit(pending, t.amount)
            if t.nos:
                detail = (
                    f"Your Just Say No was answered with another. {hit} "
                    "Say no again or accept."
                )
            else:
                detail = f"{hit} Say no or accept."
            out.append(Awaiting(t.seat, "respond", amount, actor, None, detail))
        elif t.status == PAY:
            detail = (
                f"Pay {t.amount}M from your bank and properties (no change is given)."
            )
            out.append(Awaiting(t.seat, "pay", t.amount, actor, None, detail))
        elif t.status == SAID_NO:
            detail = (
                f"Your {played} was refused with a Just Say No. Say no back or accept."
            )
            out.append(Awaiting(actor, "respond", amount, t.seat, None, detail))
    return tuple(out)


# Legal and default moves ----------------------------------------------------


def default_payment(player: Player, amount: int) -> tuple[int, ...]:
    """RULES.md: "A player asked to pay pays with the smallest amount that covers the
    debt, from the bank first": as little from properties and buildings as can be,
    then the smallest total, then as few full sets broken as can be."""
    payable = player.payable()
    if sum(map(VALUE.__getitem__, payable)) <= amount:
        return payable
    bank = set(player.bank)
    in_full = {c for s in player.sets if s.full for c in s.cards}
    # A payment reaching amount + the largest card has a card to spare.
    cap = amount + max(DECK[c].value for c in payable)
    # For each reachable total, the subset paying least from the table.
    best: dict[int, tuple[tuple[int, int], tuple[int, ...]]] = {0: ((0, 0), ())}
    for c in payable:
        v = DECK[c].value
        cost = (0 if c in bank else v, 1 if c in in_full else 0)
        for total, (key, chosen) in list(best.items()):
            t = total + v
            if t >= cap:
                continue
            new_key = (key[0] + cost[0], key[1] + cost[1])
            old = best.get(t)
            if old is None or new_key < old[0]:
                best[t] = (new_key, (*chosen, c))
    total = min(
        (t for t in best if t >= amount),
        key=lambda t: (best[t][0][0], t, best[t][0][1]),
    )
    return best[total][1]


def default_discard(player: Player) -> tuple[int, ...]:
    """Over 7 at the deadline: discard the lowest-value cards."""
    extra = len(player.hand) - HAND_LIMIT
    if extra <= 0:
        return ()
    return tuple(sorted(player.hand, key=_DISCARD_ORDER.__getitem__)[:extra])


# The order default_discard takes cards in, by id: the lowest value first.
_DISCARD_ORDER: tuple[tuple[int, int], ...] = tuple((c.value, c.id) for c in DECK)


def default_move(state: State, seat: int) -> mv.Move | None:
    """What a deadline does for a silent seat: "the active player ends the turn
    (discarding their lowest-value cards if over 7); a player asked to pay pays
    with the smallest amount that covers the debt, from the bank first; a player
    who may say no does not."
    """
    for a in awaiting(state):
        if a.seat != seat:
            continue
        if a.kind == "play":
            if len(state.players[seat].hand) > HAND_LIMIT:
                return mv.Discard(seat=seat, cards=default_discard(state.players[seat]))
            return mv.EndTurn(seat=seat)
        if a.kind == "discard":
            return mv.Discard(seat=seat, cards=default_discard(state.players[seat]))
        if a.kind == "pay":
            return mv.Pay(
                seat=seat, cards=default_payment(state.players[seat], a.amount)
            )
        if seat == state.pending.actor:
            return mv.Accept(seat=seat, target=a.to)
        return mv.Accept(seat=seat)
    return None


def _distinct(cards: tuple[int, ...]) -> tuple[int, ...] | list[int]:
    """One card of each name: identical cards in a hand are interchangeable."""
    if len(set(map(_NAME_OF.__getitem__, cards))) == len(cards):
        return cards
    seen: set[int] = set()
    out = []
    for c in cards:
        name = _NAME_OF[c]
        if name not in seen:
            seen.add(name)
            out.append(c)
    return out


# Each card's name as the id of the first card that bears it.
_NAME_OF: tuple[int, ...] = tuple(
    next(d.id for d in DECK if d.name == c.name) for c in DECK
)

# What a card in hand can do on a turn, by id (play_keys' branches).
(
    _LAY,
    _BANK_ONLY,
    _RENT,
    _PASS_GO,
    _BIRTHDAY,
    _DEBT,
    _DEAL_BREAKER,
    _SLY_DEAL,
    _FORCED_DEAL,
    _HOUSE,
    _HOTEL,
) = range(11)
_USE_OF_ACTION = {
    Action.pass_go: _PASS_GO,
    Action.birthday: _BIRTHDAY,
    Action.debt_collector: _DEBT,
    Action.deal_breaker: _DEAL_BREAKER,
    Action.sly_deal: _SLY_DEAL,
    Action.forced_deal: _FORCED_DEAL,
    Action.house: _HOUSE,
    Action.hotel: _HOTEL,
}


def _use(card) -> int:
    if card.kind is Kind.property or card.kind is Kind.wild:
        return _LAY
    if card.kind is Kind.rent:
        return _RENT
    return _USE_OF_ACTION.get(card.action, _BANK_ONLY)


_USE: tuple[int, ...] = tuple(_use(c) for c in DECK)
_COLOURS: tuple[tuple[Colour, ...], ...] = tuple(c.colours for c in DECK)


def play_keys(state: State, seat: int) -> list[tuple]:
    """The moves of the active seat's turn, as `mv.key` tuples in legal_moves'
    order (Discard and Resign aside): a bot that scores them makes only the
    one it plays. A Discard, listed only over 7 cards, is left to the caller:
    its default choice is a sort that a bot choosing its own never needs."""
    player = state.players[seat]
    plays_left = state.plays_left
    out: list[tuple] = []
    append = out.append
    sets = player.sets
    opens = _open_sets(player)
    if plays_left > 0:
        opponents = None
        rents = None
        for c in _distinct(player.hand):
            use = _USE[c]
            if use == _LAY:
                multicolour = _MULTICOLOUR[c]
                for colour in _COLOURS[c]:
                    joinable = opens.get(colour)
                    if joinable:
                        for i in joinable:
                            append((mv.PlayProperty, seat, c, colour, i))
                    elif not multicolour:
                        append((mv.PlayProperty, seat, c, colour, None))
                continue
            append((mv.BankCard, seat, c))
            if use == _BANK_ONLY:
                continue
            if opponents is None:
                opponents = _others(state, seat)
            if use == _RENT:
                if rents is None:
                    rents = _rent_choices(player, plays_left)
                _rent_keys(out, seat, c, opponents, *rents)
            elif use == _PASS_GO:
                append((mv.PassGo, seat, c))
            elif use == _BIRTHDAY:
                append((mv.Birthday, seat, c))
            elif use == _DEBT:
                out.extend([(mv.CollectDebt, seat, c, t) for t in opponents])
            elif use == _DEAL_BREAKER:
                for t in opponents:
                    for i, s in enumerate(state.players[t].sets):
                        if s.full:
                            append((mv.DealBreaker, seat, c, t, i))
            elif use in (_SLY_DEAL, _FORCED_DEAL):
                gives = [g for s in sets for g in s.cards]
                if use == _FORCED_DEAL and not gives:
                    continue
                for t in opponents:
                    for s in state.players[t].sets:
                        if len(s.cards) >= SET_SIZE[s.colour]:
                            continue
                        for take in s.cards:
                            if use == _SLY_DEAL:
                                append((mv.SlyDeal, seat, c, t, take))
                                continue
                            for g in gives:
                                append((mv.ForcedDeal, seat, c, t, take, g))
            elif use == _HOUSE:
                out.extend(
                    [
                        (mv.Build, seat, c, i)
                        for i, s in enumerate(sets)
                        if s.can_take_house()
                    ]
                )
            else:
                out.extend(
                    [
                        (mv.Build, seat, c, i)
                        for i, s in enumerate(sets)
                        if s.can_take_hotel()
                    ]
                )
    if plays_left > 0 or not state.options.wild_move_costs_play:
        _wild_keys(out, player, seat, opens)
    append((mv.EndTurn, seat))
    return out


def _rent_keys(
    out: list[tuple],
    seat: int,
    c: int,
    opponents: tuple[int, ...],
    mine: dict[Colour, list[int]],
    double_choices: list[tuple[int, ...]],
) -> None:
    """The rents card `c` can charge: for each of my sets (`mine`, by colour)
    of a colour it names, each target (every other player for a two-colour
    rent), with each choice of Double the Rent cards."""
    colours = _COLOURS[c]
    targets = (None,) if len(colours) <= 2 else opponents
    append = out.append
    for colour in filter(mine.__contains__, colours):
        for i in mine[colour]:
            for target in targets:
                for doubles in double_choices:
                    append((mv.ChargeRent, seat, c, colour, i, target, doubles))


def _rent_choices(
    player: Player, plays_left: int
) -> tuple[dict[Colour, list[int]], list[tuple[int, ...]]]:
    """What every rent card of the hand can charge for: the player's sets by
    colour, and the Double the Rent cards it can add (none, one, two) as the
    plays left allow."""
    mine: dict[Colour, list[int]] = {}
    for i, s in enumerate(player.sets):
        if s.colour in mine:
            mine[s.colour].append(i)
        else:
            mine[s.colour] = [i]
    double_choices: list[tuple[int, ...]] = [()]
    if plays_left >= 2 and not _DOUBLES.isdisjoint(player.hand):
        doubles = [d for d in player.hand if d in _DOUBLES]
        for k in (1, 2):
            if len(doubles) >= k and plays_left >= 1 + k:
                double_choices.append(tuple(doubles[:k]))
    return mine, double_choices


_WILDS = frozenset(c.id for c in DECK if c.kind is Kind.wild)
_DOUBLES = frozenset(c.id for c in DECK if c.action is Action.double_the_rent)
_JUST_SAY_NOS = frozenset(c.id for c in DECK if c.action is Action.just_say_no)
# Card tables by id, for the loops that visit every card in a hand.
_MULTICOLOUR: tuple[bool, ...] = tuple(c.multicolour for c in DECK)


def _open_sets(player: Player) -> dict[Colour, list[int]]:
    """Indexes of the sets that are not full, by colour."""
    opens: dict[Colour, list[int]] = {}
    for i, s in enumerate(player.sets):
        colour = s.colour
        if len(s.cards) < SET_SIZE[colour]:
            if colour in opens:
                opens[colour].append(i)
            else:
                opens[colour] = [i]
    return opens


def _wild_keys(
    out: list[tuple], player: Player, seat: int, opens: dict[Colour, list[int]]
) -> None:
    """The moves of the wild cards in front of the player to another colour."""
    located = [
        (c, s.colour)
        for s in player.sets
        if not _WILDS.isdisjoint(s.cards)
        for c in s.cards
        if c in _WILDS
    ]
    if player.loose:
        located += [(c, None) for c in player.loose]
    append = out.append
    open_colours = None
    for c, src_colour in located:
        multicolour = _MULTICOLOUR[c]
        colours = _COLOURS[c]
        if multicolour:
            # It can be any colour: only those with an open set count.
            if open_colours is None:
                open_colours = list(filter(opens.__contains__, ALL_COLOURS))
            colours = open_colours
        for colour in colours:
            if colour is src_colour:
                continue
            dests = opens.get(colour)
            if dests:
                for i in dests:
                    append((mv.MoveWild, seat, c, colour, i))
            elif not multicolour:
                append((mv.MoveWild, seat, c, colour, None))


def legal_moves(state: State, seat: int) -> list[mv.Move]:
    """Every legal move of that seat now; Pay and Discard, whose cards are a free
    choice, are listed once each with the choice default_move makes. Identical
    cards in a hand are listed once. Resign, always legal, comes last."""
    if state.phase == OVER or not 0 <= seat < len(state.players):
        return []
    player = state.players[seat]
    if player.resigned:
        return []
    out: list[mv.Move] = []
    pending = state.pending
    jsn = None
    if not _JUST_SAY_NOS.isdisjoint(player.hand):
        jsn = next(c for c in player.hand if c in _JUST_SAY_NOS)
    if pending is not None:
        if seat == pending.actor:
            can_no = jsn is not None and (
                not state.options.just_say_no_costs_play or state.plays_left > 0
            )
            for t in pending.targets:
                if t.status == SAID_NO:
                    if can_no:
                        out.append(mv.made(mv.SayNo, seat, jsn, t.seat))
                    out.append(mv.made(mv.Accept, seat, t.seat))
        else:
            t = pending.target(seat)
            if t is not None and t.status == RESPOND:
                if jsn is not None:
                    out.append(mv.made(mv.SayNo, seat, jsn))
                out.append(mv.made(mv.Accept, seat))
            elif t is not None and t.status == PAY:
                out.append(mv.Pay(seat=seat, cards=default_payment(player, t.amount)))
    elif seat == state.active:
        if state.phase == DISCARD:
            out.append(mv.Discard(seat=seat, cards=default_discard(player)))
        else:
            out.extend(map(mv.from_key, play_keys(state, seat)))
            if len(player.hand) > HAND_LIMIT:
                out.append(mv.Discard(seat=seat, cards=default_discard(player)))
    out.append(mv.made(mv.Resign, seat))
    return out
