"""evolve(state, event): apply one fact, with no checks, never mutating input."""

from collections.abc import Callable
from itertools import filterfalse

from . import events as ev
from .cards import DECK, SET_SIZE, Action, Colour
from .state import (
    DISCARD,
    DONE,
    GONE,
    OPEN_STATUSES,
    OVER,
    PAID,
    PAY,
    PLAY,
    REFUSED,
    RESPOND,
    SAID_NO,
    Options,
    Pending,
    Player,
    PropertySet,
    State,
    Target,
    make,
    replace,
    with_hand,
)


def _without(items: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = items.index(card)
    return items[:i] + items[i + 1 :]


def _without_all(items: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    if len(cards) == 1:
        return _without(items, cards[0])  # an action card played alone
    return tuple(filterfalse(set(cards).__contains__, items))


def _has_anchor(cards: tuple[int, ...]) -> bool:
    """A set needs a property that is not a multicolour wild."""
    return not _MULTICOLOUR.issuperset(cards)


def lift(player: Player, card: int) -> Player:
    """Take a card from in front of a player, tidying the set it leaves.

    "A set holds cards of one colour, at most its full size; more cards of that
    colour start another set": a set that loses a card is filled again from the
    player's other sets of its colour that are not full. "When a set loses a card
    and is no longer full, its House and Hotel move to its owner's bank as
    money." A multicolour wild left alone keeps no colour.
    """
    if card in player.bank:
        return replace(player, bank=_without(player.bank, card))
    if card in player.loose:
        return replace(player, loose=_without(player.loose, card))
    sets = player.sets
    for i, s in enumerate(sets):
        if card == s.house:
            # A Hotel stands only on a House: without one it goes to the bank.
            bank = player.bank if s.hotel is None else (*player.bank, s.hotel)
            s = replace(s, house=None, hotel=None)
            return replace(player, sets=_put(sets, i, s), bank=bank)
        if card == s.hotel:
            return replace(player, sets=_put(sets, i, replace(s, hotel=None)))
        if card in s.cards:
            return _refill(player, i, _without(s.cards, card))
    raise ValueError(f"card {card} is not in front of this player")


def _refill(player: Player, i: int, cards: tuple[int, ...]) -> Player:
    """Set `i` is left with `cards`: top it up from the player's other sets of
    its colour that are not full (the last of them first), then tidy it."""
    sets = player.sets
    s = sets[i]
    colour = s.colour
    size = SET_SIZE[colour]
    bank, loose = player.bank, player.loose
    others: list[PropertySet | None] | None = None
    if len(cards) < size:
        for j in range(len(sets) - 1, -1, -1):
            d = sets[j]
            if j == i or d.colour is not colour or len(d.cards) >= size:
                continue
            give, keep = _pour(d.cards, size - len(cards), _has_anchor(cards))
            cards += give
            if keep and not _has_anchor(keep):
                loose += keep
                keep = ()
            if others is None:
                others = list(sets)
            others[j] = replace(d, cards=keep) if keep else None
            if len(cards) >= size:
                break
    buildings = tuple([b for b in (s.house, s.hotel) if b is not None])
    if not _has_anchor(cards):
        loose += cards
        bank += buildings
        new = None
    elif buildings and len(cards) < size:
        bank += buildings
        new = make(PropertySet, colour=colour, cards=cards)
    else:
        new = replace(s, cards=cards)
    if others is None:
        new_sets = sets[:i] + sets[i + 1 :] if new is None else _put(sets, i, new)
    else:
        others[i] = new
        new_sets = tuple([x for x in others if x is not None])
    return replace(player, sets=new_sets, bank=bank, loose=loose)


def _pour(
    cards: tuple[int, ...], need: int, anchored: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Split a set's cards into (up to `need` to give, the rest to keep): its
    multicolour wilds first, so that what is kept still has an anchor; but a
    property that is not one first when the set receiving them has none."""
    multi = [c for c in cards if DECK[c].multicolour]
    plain = [c for c in reversed(cards) if not DECK[c].multicolour]
    order = multi + plain if anchored else plain[:1] + multi + plain[1:]
    give = tuple(order[:need])
    return give, tuple(c for c in cards if c not in give)


def _put(items: tuple, i: int, item) -> tuple:
    """The tuple with item `i` replaced (through a list: quicker than slices)."""
    out = list(items)
    out[i] = item
    return tuple(out)


def insert(
    player: Player, card: int, colour: Colour, set_index: int, **changes
) -> Player:
    """Lay a property into set `set_index`, or a new set when it is len(sets);
    `changes` to the player's other fields go into the same copy."""
    sets = player.sets
    if set_index >= len(sets):
        new = make(PropertySet, colour=colour, cards=(card,))
        return replace(player, sets=(*sets, new), **changes)
    s = sets[set_index]
    new = replace(s, cards=(*s.cards, card))
    return replace(player, sets=_put(sets, set_index, new), **changes)


def open_set(player: Player, colour: Colour) -> int | None:
    """The first set of that colour that is not full."""
    for i, s in enumerate(player.sets):
        if s.colour is colour and not s.full:
            return i
    return None


def receive_property(player: Player, card: int, colour: Colour | None) -> Player:
    """A property received keeps its colour: it joins the first set of that
    colour that is not full, else starts one; a multicolour wild with no set
    to join is left alone, with no colour."""
    c = DECK[card]
    if colour is None:
        colour = c.colours[0]
    i = open_set(player, colour)
    if i is None:
        if c.multicolour:
            return replace(player, loose=(*player.loose, card))
        i = len(player.sets)
    return insert(player, card, colour, i)


def colour_of(player: Player, card: int) -> Colour | None:
    for s in player.sets:
        if card in s.cards:
            return s.colour
    return None


def receive_building(player: Player, card: int, options: Options) -> Player:
    """Buildings paid go to the bank (house rule: onto a full set that fits)."""
    if options.buildings_to_full_set:
        is_house = DECK[card].action is Action.house
        for i, s in enumerate(player.sets):
            if is_house and s.can_take_house():
                return replace(
                    player, sets=_put(player.sets, i, replace(s, house=card))
                )
            if not is_house and s.can_take_hotel():
                return replace(
                    player, sets=_put(player.sets, i, replace(s, hotel=card))
                )
    return replace(player, bank=(*player.bank, card))


def _set_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    return _put(state.players, seat, player)


def _set_players(state: State, changes: dict[int, Player]) -> tuple[Player, ...]:
    players = list(state.players)
    for seat, player in changes.items():
        players[seat] = player
    return tuple(players)


def _with_target(pending: Pending, seat: int, **changes) -> Pending | None:
    """Update one target; the action is over once no target owes anything."""
    targets = pending.targets
    for i, t in enumerate(targets):
        if t.seat == seat:
            targets = _put(targets, i, replace(t, **changes))
            break
    for t in targets:
        if t.status in OPEN_STATUSES:
            return replace(pending, targets=targets)
    return None


def _game_started(state: State | None, e: ev.GameStarted) -> State:
    return State(
        options=e.options,
        players=tuple(Player() for _ in range(e.seats)),
        draw=tuple(e.order),
        active=e.first,
    )


def _cards_dealt(state: State, e: ev.CardsDealt) -> State:
    p = state.players[e.seat]
    n = len(e.cards)
    return replace(
        state,
        draw=state.draw[n:],
        players=_set_player(state, e.seat, with_hand(p, p.hand + e.cards)),
    )


_MULTICOLOUR = frozenset(c.id for c in DECK if c.multicolour)


def nothing_to_draw_or_play(state: State) -> bool:
    """The draw pile, the discard pile and every hand are empty, but for
    multicolour wilds (never banked, only ever joining their holder's sets)."""
    if state.draw or state.discard:
        return False
    return all(c in _MULTICOLOUR for p in state.players for c in p.hand)


def _turn_started(state: State, e: ev.TurnStarted) -> State:
    idle = state.idle_turns + 1 if nothing_to_draw_or_play(state) else 0
    return replace(
        state,
        active=e.seat,
        plays=0,
        phase=PLAY,
        pending=None,
        turn=state.turn + 1,
        idle_turns=idle,
    )


def _cards_drawn(state: State, e: ev.CardsDrawn) -> State:
    p = state.players[e.seat]
    return replace(
        state,
        draw=state.draw[len(e.cards) :],
        players=_set_player(state, e.seat, with_hand(p, p.hand + e.cards)),
    )


def _deck_reshuffled(state: State, e: ev.DeckReshuffled) -> State:
    return replace(state, draw=state.draw + e.order, discard=())


def _card_banked(state: State, e: ev.CardBanked) -> State:
    p = state.players[e.seat]
    p = replace(p, hand=_without(p.hand, e.card), bank=(*p.bank, e.card))
    return replace(state, plays=state.plays + 1, players=_set_player(state, e.seat, p))


def _property_played(state: State, e: ev.PropertyPlayed) -> State:
    p = state.players[e.seat]
    p = insert(p, e.card, e.colour, e.set_index, hand=_without(p.hand, e.card))
    return replace(state, plays=state.plays + 1, players=_set_player(state, e.seat, p))


def _wild_moved(state: State, e: ev.WildMoved) -> State:
    p = insert(lift(state.players[e.seat], e.card), e.card, e.colour, e.set_index)
    plays = state.plays + (1 if state.options.wild_move_costs_play else 0)
    return replace(state, plays=plays, players=_set_player(state, e.seat, p))


def _play_action(
    state: State, seat: int, cards: tuple[int, ...], pending: Pending | None = None
) -> State:
    """Action cards go from the hand to the discard pile, a play each; the
    `pending` action they start goes into the same copy of the state."""
    p = state.players[seat]
    p = with_hand(p, _without_all(p.hand, cards))
    return replace(
        state,
        plays=state.plays + len(cards),
        discard=state.discard + cards,
        players=_set_player(state, seat, p),
        pending=pending,
    )


def _rent_charged(state: State, e: ev.RentCharged) -> State:
    pending = make(
        Pending,
        kind="rent",
        actor=e.seat,
        card=e.card,
        targets=tuple([make(Target, seat=t, amount=e.amount) for t in e.targets]),
        amount=e.amount,
        base=e.base,
        doubles=e.doubles,
        colour=e.colour,
        set_index=e.set_index,
    )
    return _play_action(state, e.seat, (e.card, *e.doubles), pending)


def _debt_charged(state: State, e: ev.DebtCharged) -> State:
    pending = make(
        Pending,
        kind="debt",
        actor=e.seat,
        card=e.card,
        targets=(make(Target, seat=e.target, amount=e.amount),),
        amount=e.amount,
        base=e.amount,
    )
    return _play_action(state, e.seat, (e.card,), pending)


def _birthday_charged(state: State, e: ev.BirthdayCharged) -> State:
    pending = make(
        Pending,
        kind="birthday",
        actor=e.seat,
        card=e.card,
        targets=tuple([make(Target, seat=t, amount=e.amount) for t in e.targets]),
        amount=e.amount,
        base=e.amount,
    )
    return _play_action(state, e.seat, (e.card,), pending)


def _pass_go_played(state: State, e: ev.PassGoPlayed) -> State:
    return _play_action(state, e.seat, (e.card,))


def _sly_deal_played(state: State, e: ev.SlyDealPlayed) -> State:
    pending = make(
        Pending,
        kind="sly_deal",
        actor=e.seat,
        card=e.card,
        targets=(make(Target, seat=e.target),),
        take=e.take,
    )
    return _play_action(state, e.seat, (e.card,), pending)


def _forced_deal_played(state: State, e: ev.ForcedDealPlayed) -> State:
    pending = make(
        Pending,
        kind="forced_deal",
        actor=e.seat,
        card=e.card,
        targets=(make(Target, seat=e.target),),
        take=e.take,
        give=e.give,
    )
    return _play_action(state, e.seat, (e.card,), pending)


def _deal_breaker_played(state: State, e: ev.DealBreakerPlayed) -> State:
    pending = make(
        Pending,
        kind="deal_breaker",
        actor=e.seat,
        card=e.card,
        targets=(make(Target, seat=e.target),),
        set_index=e.set_index,
        colour=state.players[e.target].sets[e.set_index].colour,
    )
    return _play_action(state, e.seat, (e.card,), pending)


def _building_played(state: State, e: ev.BuildingPlayed) -> State:
    p = state.players[e.seat]
    s = p.sets[e.set_index]
    s = (
        replace(s, house=e.card)
        if DECK[e.card].action is Action.house
        else replace(s, hotel=e.card)
    )
    p = replace(p, hand=_without(p.hand, e.card), sets=_put(p.sets, e.set_index, s))
    return replace(state, plays=state.plays + 1, players=_set_player(state, e.seat, p))


def _just_say_no_played(state: State, e: ev.JustSayNoPlayed) -> State:
    p = state.players[e.seat]
    players = _set_player(state, e.seat, with_hand(p, _without(p.hand, e.card)))
    pending = state.pending
    t = pending.target(e.target)
    status = SAID_NO if e.seat == e.target else RESPOND
    pending = _with_target(pending, e.target, status=status, nos=t.nos + 1)
    return replace(
        state,
        players=players,
        discard=(*state.discard, e.card),
        plays=state.plays + (1 if e.costs_play else 0),
        pending=pending,
    )


def _accepted(state: State, e: ev.Accepted) -> State:
    pending = state.pending
    t = pending.target(e.target)
    if t.status == SAID_NO:
        # The actor lets the no stand.
        doubled_only = (
            state.options.just_say_no_cancels_double_only
            and pending.kind == "rent"
            and pending.doubles
        )
        if doubled_only:
            pending = _with_target(pending, e.target, status=PAY, amount=pending.base)
        else:
            pending = _with_target(pending, e.target, status=REFUSED)
    elif pending.kind in ("rent", "debt", "birthday"):
        pending = _with_target(pending, e.target, status=PAY)
    else:
        pending = _with_target(pending, e.target, status=DONE)
    return replace(state, pending=pending)


def _payment_made(state: State, e: ev.PaymentMade) -> State:
    payer = state.players[e.seat]
    receiver = state.players[e.to]
    options = state.options
    colours = {c: colour_of(payer, c) for c in e.cards}
    houses = {s.house for s in payer.sets}
    hotels = {s.hotel for s in payer.sets}
    # Receive properties before buildings so a House can land on a set the
    # same payment completes, and a Hotel on a House it brings.
    for c in e.cards:
        payer = lift(payer, c)
    for c in e.cards:
        if colours[c] is not None:
            receiver = receive_property(receiver, c, colours[c])
    for c in e.cards:
        if c in houses:
            receiver = receive_building(receiver, c, options)
    for c in e.cards:
        if c in hotels:
            receiver = receive_building(receiver, c, options)
        elif colours[c] is None and c not in houses:
            receiver = replace(receiver, bank=(*receiver.bank, c))
    pending = state.pending
    if pending is not None and pending.target(e.seat) is not None:
        pending = _with_target(pending, e.seat, status=PAID)
    return replace(
        state,
        players=_set_players(state, {e.seat: payer, e.to: receiver}),
        pending=pending,
    )


def _property_taken(state: State, e: ev.PropertyTaken) -> State:
    victim = state.players[e.target]
    colour = colour_of(victim, e.card)
    victim = lift(victim, e.card)
    taker = receive_property(state.players[e.seat], e.card, colour)
    return replace(
        state, players=_set_players(state, {e.seat: taker, e.target: victim})
    )


def _properties_swapped(state: State, e: ev.PropertiesSwapped) -> State:
    victim = state.players[e.target]
    taker = state.players[e.seat]
    take_colour = colour_of(victim, e.take)
    give_colour = colour_of(taker, e.give)
    victim = lift(victim, e.take)
    taker = lift(taker, e.give)
    taker = receive_property(taker, e.take, take_colour)
    victim = receive_property(victim, e.give, give_colour)
    return replace(
        state, players=_set_players(state, {e.seat: taker, e.target: victim})
    )


def _set_taken(state: State, e: ev.SetTaken) -> State:
    victim = state.players[e.target]
    s = victim.sets[e.set_index]
    victim = replace(
        victim, sets=victim.sets[: e.set_index] + victim.sets[e.set_index + 1 :]
    )
    taker = state.players[e.seat]
    taker = replace(taker, sets=(*taker.sets, s))
    return replace(
        state, players=_set_players(state, {e.seat: taker, e.target: victim})
    )


def _hand_limit_reached(state: State, e: ev.HandLimitReached) -> State:
    return replace(state, phase=DISCARD)


def _hand_discarded(state: State, e: ev.HandDiscarded) -> State:
    p = state.players[e.seat]
    players = _set_player(state, e.seat, with_hand(p, _without_all(p.hand, e.cards)))
    if e.to_draw_pile:
        return replace(state, players=players, draw=state.draw + e.cards)
    return replace(state, players=players, discard=state.discard + e.cards)


def _turn_ended(state: State, e: ev.TurnEnded) -> State:
    return replace(state, pending=None, phase=PLAY)


def _player_resigned(state: State, e: ev.PlayerResigned) -> State:
    p = state.players[e.seat]
    gone = p.hand + p.table_cards()
    players = _set_player(state, e.seat, Player(resigned=True))
    pending = state.pending
    if pending is not None:
        if pending.actor == e.seat:
            pending = None
        elif pending.target(e.seat) is not None:
            pending = _with_target(pending, e.seat, status=GONE)
    return replace(
        state, players=players, discard=state.discard + gone, pending=pending
    )


def _game_won(state: State, e: ev.GameWon) -> State:
    return replace(state, winner=e.seat, phase=OVER, pending=None)


def _game_drawn(state: State, e: ev.GameDrawn) -> State:
    return replace(state, winner=None, phase=OVER, pending=None)


# What applies each type of event (rules' builder calls them without evolve).
EVOLVERS: dict[type, Callable] = {
    ev.GameStarted: _game_started,
    ev.CardsDealt: _cards_dealt,
    ev.TurnStarted: _turn_started,
    ev.CardsDrawn: _cards_drawn,
    ev.DeckReshuffled: _deck_reshuffled,
    ev.CardBanked: _card_banked,
    ev.PropertyPlayed: _property_played,
    ev.WildMoved: _wild_moved,
    ev.RentCharged: _rent_charged,
    ev.DebtCharged: _debt_charged,
    ev.BirthdayCharged: _birthday_charged,
    ev.PassGoPlayed: _pass_go_played,
    ev.SlyDealPlayed: _sly_deal_played,
    ev.ForcedDealPlayed: _forced_deal_played,
    ev.DealBreakerPlayed: _deal_breaker_played,
    ev.BuildingPlayed: _building_played,
    ev.JustSayNoPlayed: _just_say_no_played,
    ev.Accepted: _accepted,
    ev.PaymentMade: _payment_made,
    ev.PropertyTaken: _property_taken,
    ev.PropertiesSwapped: _properties_swapped,
    ev.SetTaken: _set_taken,
    ev.HandLimitReached: _hand_limit_reached,
    ev.HandDiscarded: _hand_discarded,
    ev.TurnEnded: _turn_ended,
    ev.PlayerResigned: _player_resigned,
    ev.GameWon: _game_won,
    ev.GameDrawn: _game_drawn,
}


def evolve(state: State | None, event: ev.Event) -> State:
    """Apply one event to the state, with no checks; the input is not changed."""
    return EVOLVERS[type(event)](state, event)
