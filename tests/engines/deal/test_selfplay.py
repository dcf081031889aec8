"""Self-play: thousands of bot games, with the engine's invariants checked after
every event and at every decision.

- every one of the 106 cards is in exactly one place;
- replaying the events (through JSON) reproduces the state after every event;
- to_json/from_json round-trips every state, move and event exactly;
- no view and no history line shows a card of another hand or of the draw pile;
- every listed legal move is accepted, and illegal moves are refused with a
  sentence and change nothing;
- every game ends.

MDEAL_SELFPLAY_GAMES=N plays N seeded games in the plain loop (default 300) and
scales the hypothesis examples with it.
"""

import json
import os
import pickle
import random
import re
from dataclasses import dataclass, field, fields, replace

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.engines.deal import (
    DECK,
    SET_SIZE,
    Accept,
    Action,
    BankCard,
    Birthday,
    Build,
    ChargeRent,
    CollectDebt,
    Colour,
    DealBreaker,
    Discard,
    EndTurn,
    ForcedDeal,
    GameDrawn,
    HandDiscarded,
    IllegalMove,
    Kind,
    MoveWild,
    Options,
    PassGo,
    Pay,
    PlayProperty,
    Resign,
    SayNo,
    SlyDeal,
    State,
    awaiting,
    decide,
    default_move,
    describe,
    evolve,
    from_json,
    legal_moves,
    new_game,
    setup,
    to_json,
    view,
)
from games.engines.deal.bots import random_bot, sensible_bot

GAMES = int(os.environ.get("MDEAL_SELFPLAY_GAMES", "300"))
HEAVY = GAMES > 300
MAX_DECISIONS = 5_000
NAMES = ("Ann", "Bea", "Cal", "Dee", "Eve")
ALL_CARDS = list(range(len(DECK)))
# What a hand-made request might hold where an integer belongs.
BADLY_TYPED = ("7", 2.5, True, None, [1])

# Keys of the view whose values are card ids; every other key holding an integer
# must be listed in NOT_CARD_KEYS, so that a new field is classified, not missed.
CARD_KEYS = frozenset(
    {"hand", "bank", "cards", "house", "hotel", "loose", "discard", "card"}
    | {"doubles", "take", "give", "hands"}
)
NOT_CARD_KEYS = frozenset(
    {"seat", "active", "plays_left", "hand_count", "bank_total", "size", "needed"}
    | {"rent", "full_sets", "draw_count", "winner", "turn", "amount", "base"}
    | {"set_index", "nos", "to", "count", "max_missed_deadlines", "actor"}
)
# Names that give a card away (money names read like amounts: "paid 10M").
UNIQUE_NAMES = {
    c.id: c.name
    for c in DECK
    if c.kind is not Kind.money and sum(d.name == c.name for d in DECK) == 1
}
NAME_IDS = {name: c for c, name in UNIQUE_NAMES.items()}
NAMED = re.compile("|".join(re.escape(n) for n in sorted(NAME_IDS, key=len)[::-1]))
INT_LIST = re.compile(r"\[(-?\d+(?:,\s*-?\d+)*)\]")


# Where the cards are ----------------------------------------------------------


def places(state: State) -> dict[int, str]:
    """Every card's one place; fails on a card in two places or in none."""
    where: dict[int, str] = {}

    def put(cards, place: str) -> None:
        for c in cards:
            assert c not in where, f"card {c} is in {where[c]} and in {place}"
            where[c] = place

    put(state.draw, "draw pile")
    put(state.discard, "discard pile")
    for i, p in enumerate(state.players):
        put(p.hand, f"hand {i}")
        put(p.bank, f"bank {i}")
        put(p.loose, f"loose {i}")
        for j, s in enumerate(p.sets):
            put(s.cards, f"set {i}.{j}")
            put([b for b in (s.house, s.hotel) if b is not None], f"building {i}.{j}")
    assert sorted(where) == ALL_CARDS, "cards missing: " + str(
        sorted(set(ALL_CARDS) - set(where))
    )
    return where


def check_table(state: State) -> None:
    """The table obeys the rules of sets, banks and buildings."""
    places(state)
    for p in state.players:
        if p.resigned:
            assert p == replace(p, hand=(), bank=(), sets=(), loose=())
        for c in p.bank:
            assert DECK[c].kind not in (Kind.property, Kind.wild)
        for c in p.loose:
            assert DECK[c].kind is Kind.wild
        for s in p.sets:
            assert 1 <= len(s.cards) <= SET_SIZE[s.colour]
            assert any(not DECK[c].multicolour for c in s.cards)
            for c in s.cards:
                assert DECK[c].kind in (Kind.property, Kind.wild)
                assert s.colour in DECK[c].colours
            if s.house is not None:
                assert s.full and DECK[s.house].action is Action.house
                assert s.colour not in (Colour.railroad, Colour.utility)
            if s.hotel is not None:
                assert s.full and DECK[s.hotel].action is Action.hotel
                assert s.house is not None, "a Hotel stands only on a House"
    assert 0 <= state.plays <= 3


# Serialisation ------------------------------------------------------------------


def through_json(obj):
    """to_json, then real JSON text, then back."""
    return from_json(json.loads(json.dumps(to_json(obj))))


def assert_round_trip(obj) -> None:
    back = through_json(obj)
    assert back == obj, f"{type(obj).__name__} changed through JSON"
    assert type(back) is type(obj)


# What a seat sees ---------------------------------------------------------------


def forbidden_for(state: State, seat: int | None) -> set[int]:
    """Cards that seat may not see: other hands and the draw pile."""
    hidden = set(state.draw)
    for i, p in enumerate(state.players):
        if i != seat:
            hidden.update(p.hand)
    return hidden


def card_ids_in(tree) -> set[int]:
    """Card ids under card-bearing keys; fails on an unclassified integer key."""
    found: set[int] = set()
    stack = [(None, tree)]
    while stack:
        key, value = stack.pop()
        if type(value) is dict:
            stack.extend(value.items())
        elif type(value) is list:
            if key in CARD_KEYS and all(type(v) is int for v in value):
                found.update(value)
            else:
                stack.extend((key, v) for v in value)
        elif type(value) is int:
            if key in CARD_KEYS:
                found.add(value)
            else:
                assert key in NOT_CARD_KEYS, f"view key {key!r} holds an integer"
        else:
            assert value is None or type(value) in (str, bool, float), (
                f"view holds a {type(value).__name__}: not JSON"
            )
    return found


def assert_names_hidden(texts, hidden: set[int], where: str) -> None:
    for text in texts:
        named = {NAME_IDS[name] for name in NAMED.findall(text)}
        leaked = [DECK[c].name for c in named & hidden]
        assert not leaked, f"{where} names {leaked}: {text!r}"


def check_view(state: State, seat: int | None) -> None:
    seen = view(state, seat)
    text = json.dumps(seen)
    assert json.loads(text) == seen, "the view is not plain JSON"
    if state.over:
        return
    hidden = forbidden_for(state, seat)
    shown = card_ids_in(seen)
    assert not shown & hidden, f"seat {seat} sees hidden cards {shown & hidden}"
    # Bluntly: every list of integers in the view is a list of cards.
    for match in INT_LIST.finditer(text):
        ids = {int(x) for x in match[1].split(",")}
        assert not ids & hidden, f"seat {seat} sees hidden cards in {match[0]}"
    assert_names_hidden([text], hidden, f"view of seat {seat}")
    if seat is not None:
        assert seen["you"]["hand"] == list(state.players[seat].hand)
        assert seen["players"][seat]["hand_count"] == len(state.players[seat].hand)
    assert seen["draw_count"] == len(state.draw)


def check_history_line(event, after: State) -> None:
    if after.over:
        return
    for seat in [None, *range(len(after.players))]:
        line = describe(event, seat, NAMES[: len(after.players)])
        assert line is None or isinstance(line, str)
        if line:
            hidden = forbidden_for(after, seat)
            if isinstance(event, HandDiscarded) and event.seat == seat:
                # A player knows what they put under the draw pile.
                hidden -= set(event.cards)
            assert_names_hidden([line], hidden, f"history {seat}")


# Moves a player may try ---------------------------------------------------------


def refuse(state: State, move, *, must: bool) -> bool:
    """Try a move that is not listed: it is refused with a sentence, or (when
    not `must`) accepted. Returns whether it was accepted. (The caller checks
    that trying moves changed nothing.)"""
    try:
        decide(state, move, random.Random(1))
    except IllegalMove as err:
        assert isinstance(err.message, str) and err.message.strip(), move
        return False
    assert not must, f"the engine accepted an illegal move: {move}"
    return True


def garbage_moves(state: State, seat: int, rng: random.Random) -> list:
    """Moves with random fields, most of them nonsense, some legal."""
    n = len(state.players)
    held = state.players[seat].hand

    def card():
        roll = rng.random()
        if roll < 0.4 and held:
            return rng.choice(held)
        if roll < 0.95:
            return rng.randrange(len(DECK))
        return rng.choice([-1, len(DECK), 10**6, *BADLY_TYPED])

    def target():
        return rng.choice([*range(n), -1, n, None, *BADLY_TYPED])

    def index():
        return rng.choice([None, 0, 1, 2, 3, -1, 9, *BADLY_TYPED])

    def colour():
        if rng.random() < 0.05:
            return rng.choice(["purple", None, 3])
        return rng.choice(list(Colour))

    def cards():
        pool = [*held, *state.players[seat].payable(), *range(len(DECK))]
        return tuple(rng.sample(pool, min(len(pool), rng.randrange(0, 5))))

    s = rng.choice([seat, seat, seat, *range(n)])
    return [
        BankCard(seat=s, card=card()),
        PlayProperty(seat=s, card=card(), colour=colour(), set_index=index()),
        MoveWild(seat=s, card=card(), colour=colour(), set_index=index()),
        ChargeRent(
            seat=s,
            card=card(),
            colour=colour(),
            set_index=index(),
            target=target(),
            doubles=rng.choice([(), (card(),), (card(), card())]),
        ),
        CollectDebt(seat=s, card=card(), target=target()),
        Birthday(seat=s, card=card()),
        PassGo(seat=s, card=card()),
        SlyDeal(seat=s, card=card(), target=target(), take=card()),
        ForcedDeal(seat=s, card=card(), target=target(), take=card(), give=card()),
        DealBreaker(seat=s, card=card(), target=target(), set_index=index()),
        Build(seat=s, card=card(), set_index=index()),
        EndTurn(seat=s),
        Discard(seat=s, cards=cards()),
        SayNo(seat=s, card=card(), target=target()),
        Accept(seat=s, target=target()),
        Pay(seat=s, cards=cards()),
        Resign(seat=rng.choice([-1, n])),
    ]


def surely_illegal(state: State, seat: int, rng: random.Random) -> list:
    """Moves the rules refuse whatever the position, built from this one."""
    out = []
    n = len(state.players)
    me = state.players[seat]
    owing = {a.seat for a in awaiting(state)}
    idle = [i for i in range(n) if i not in owing and not state.players[i].resigned]
    for move in legal_moves(state, seat):
        if isinstance(move, Resign):
            continue
        for other in idle:
            # Out of turn: a seat that owes nothing makes someone else's move.
            out.append(replace(move, seat=other))
    not_held = [c for c in range(len(DECK)) if c not in me.hand]
    out.append(BankCard(seat=seat, card=rng.choice(not_held)))
    out.append(PlayProperty(seat=seat, card=rng.choice(not_held), colour=Colour.red))
    props = [c for c in me.hand if DECK[c].kind in (Kind.property, Kind.wild)]
    if props:
        out.append(BankCard(seat=seat, card=rng.choice(props)))
    out.append(Discard(seat=seat, cards=tuple(me.hand[:1]) if len(me.hand) > 8 else ()))
    if not any(DECK[c].action is Action.just_say_no for c in me.hand):
        out.append(SayNo(seat=seat, card=rng.choice(not_held)))
    for a in awaiting(state):
        if a.seat == seat and a.kind == "pay":
            payable = list(me.payable())
            rng.shuffle(payable)
            short, total = [], 0
            for c in payable:
                if total + DECK[c].value < a.amount:
                    short.append(c)
                    total += DECK[c].value
            if len(short) < len(payable):
                out.append(Pay(seat=seat, cards=tuple(short)))
            if me.hand:
                out.append(Pay(seat=seat, cards=(*payable, me.hand[0])))
        if a.seat == seat and a.kind == "discard":
            out.append(Discard(seat=seat, cards=tuple(me.hand[: a.count + 1])))
    for i, p in enumerate(state.players):
        for j, s in enumerate(p.sets):
            if i != seat and not s.full:
                deal_breakers = [
                    c for c in me.hand if DECK[c].action is Action.deal_breaker
                ]
                if deal_breakers:
                    out.append(
                        DealBreaker(
                            seat=seat, card=deal_breakers[0], target=i, set_index=j
                        )
                    )
            if i != seat and s.full:
                slys = [c for c in me.hand if DECK[c].action is Action.sly_deal]
                if slys:
                    out.append(
                        SlyDeal(seat=seat, card=slys[0], target=i, take=s.cards[0])
                    )
    return out


# The game loop ------------------------------------------------------------------


@dataclass
class Checks:
    """How thoroughly to look at each game."""

    every_legal_move: bool = True
    illegal_moves: int = 12
    views: bool = True
    json_every_event: bool = True


@dataclass
class Played:
    events: list = field(default_factory=list)
    states: list = field(default_factory=list)
    decisions: int = 0
    final: State | None = None


def chaos_bot(state: State, seat: int, rng: random.Random):
    """The random bot, but now and then a move that is legal without being
    listed (another copy of a card, a set left to the engine to choose), and
    very rarely a resignation."""
    if rng.random() < 0.15:
        for move in garbage_moves(state, seat, rng):
            if isinstance(move, Resign):
                continue
            if refuse(state, move, must=False):
                return move
    return random_bot(state, seat, rng, resign_chance=0.002)


BOT_KINDS = {"random": random_bot, "sensible": sensible_bot, "chaos": chaos_bot}


def play_checked(
    seed: int, lineup: list[str], options: Options, checks: Checks
) -> Played:
    rng = random.Random(seed)
    bot_rngs = [random.Random(f"{seed}:{i}") for i in range(len(lineup))]
    probe_rng = random.Random(f"{seed}:probe")
    played = Played()
    state = None

    def apply(move, events) -> None:
        nonlocal state
        for event in events:
            after = evolve(state, event)
            if checks.json_every_event:
                assert_round_trip(event)
                assert_round_trip(after)
            check_table(after)
            if checks.views:
                for seat in [None, *range(len(lineup))]:
                    check_view(after, seat)
                check_history_line(event, after)
            played.events.append(event)
            played.states.append(after)
            state = after

    apply(None, setup(len(lineup), options, rng))
    while not state.over:
        assert played.decisions < MAX_DECISIONS, f"seed {seed}: game never ends"
        owing = awaiting(state)
        assert owing, "nobody owes a decision in a game that is not over"
        assert not state.players[state.active].resigned
        assert all(not state.players[a.seat].resigned for a in owing)
        probing = checks.every_legal_move or checks.illegal_moves
        snapshot = pickle.dumps(state) if probing else None
        for a in owing:
            assert a.kind in ("play", "discard", "respond", "pay"), a
            assert a.detail.strip(), a
            if a.kind == "pay":
                assert a.amount > 0 and a.to is not None and a.to != a.seat, a
            if a.kind == "discard":
                assert a.count == len(state.players[a.seat].hand) - 7, a
        for i, p in enumerate(state.players):
            listed = legal_moves(state, i)
            if p.resigned:
                assert listed == []
            elif all(a.seat != i for a in owing):
                assert listed == [Resign(seat=i)], f"seat {i} owes nothing"
                assert default_move(state, i) is None
            else:
                assert listed[-1] == Resign(seat=i) and len(listed) > 1
                # What a deadline plays must be legal: the site relies on it.
                timeout = default_move(state, i)
                assert timeout is not None and not isinstance(timeout, Resign)
                decide(state, timeout, random.Random(3))
                if checks.every_legal_move:
                    for move in listed:
                        assert_round_trip(move)
                        decide(state, move, random.Random(2))
        if checks.illegal_moves:
            seat = probe_rng.choice(owing).seat
            for move in surely_illegal(state, seat, probe_rng):
                refuse(state, move, must=True)
            garbage = garbage_moves(state, seat, probe_rng)
            for move in probe_rng.sample(
                garbage, min(len(garbage), checks.illegal_moves)
            ):
                listed = legal_moves(state, move.seat)
                if move not in listed and refuse(state, move, must=False):
                    # Legal but not listed: another copy of a listed card, a
                    # set left to the engine, a free choice of cards.
                    assert any(type(m) is type(move) for m in listed), move
        if probing:
            assert pickle.dumps(state) == snapshot, "trying moves changed the state"
        entry = owing[0] if len(owing) == 1 else rng.choice(owing)
        move = BOT_KINDS[lineup[entry.seat]](state, entry.seat, bot_rngs[entry.seat])
        if "chaos" in lineup and rng.random() < 0.002:
            # Resign out of turn, whatever is pending.
            quitter = rng.choice(
                [i for i, name in enumerate(lineup) if name == "chaos"]
            )
            if not state.players[quitter].resigned:
                move = Resign(seat=quitter)
        assert_round_trip(move)
        events = decide(state, move, rng)
        assert events, f"{move} made nothing happen"
        apply(move, events)
        played.decisions += 1
    played.final = state
    check_game_over(played)
    return played


def check_game_over(played: Played) -> None:
    state = played.final
    assert state.over
    if state.winner is None:
        # A draw: nothing left to draw, to discard from or to play from a hand.
        assert isinstance(played.events[-1], GameDrawn)
        assert view(state, None)["drawn"] is True
        assert state.draw == () and state.discard == ()
        for p in state.players:
            assert all(DECK[c].multicolour for c in p.hand)
            assert not p.has_won()
    else:
        winner = state.players[state.winner]
        assert not winner.resigned
        assert winner.has_won() or len(state.remaining()) == 1
    assert awaiting(state) == ()
    assert all(legal_moves(state, i) == [] for i in range(len(state.players)))
    # Replay from the stored (JSON) events reproduces the state after every event.
    stored = [json.loads(json.dumps(to_json(e))) for e in played.events]
    replayed = None
    for n, (d, expected) in enumerate(zip(stored, played.states, strict=True)):
        replayed = evolve(replayed, from_json(d))
        assert replayed == expected, f"replay differs after event {n}"


# The tests ----------------------------------------------------------------------

bool_options = [f.name for f in fields(Options) if f.type in (bool, "bool")]
options_strategy = st.fixed_dictionaries(
    {name: st.booleans() for name in bool_options}
).map(lambda d: Options(**d))
lineup_strategy = st.integers(2, 5).flatmap(
    lambda n: st.lists(st.sampled_from(sorted(BOT_KINDS)), min_size=n, max_size=n)
)


@settings(
    max_examples=max(40, GAMES // 8),
    derandomize=True,
    deadline=None,
    # A seed does not shrink into a simpler game: report the failing one as is.
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), lineup=lineup_strategy, options=options_strategy)
def test_self_play_keeps_every_invariant_at_every_step(seed, lineup, options):
    play_checked(seed, lineup, options, Checks())


@pytest.mark.parametrize("block", range(4))
def test_many_seeded_games_end_with_cards_conserved_and_replayable(block):
    kinds = sorted(BOT_KINDS)
    for seed in range(block, GAMES, 4):
        rng = random.Random(seed)
        lineup = [rng.choice(kinds) for _ in range(2 + seed // 4 % 4)]
        options = Options(**{name: rng.random() < 0.3 for name in bool_options})
        # The hypothesis test checks everything; here every tenth game does.
        thorough = HEAVY or seed % 40 < 4
        checks = Checks(
            every_legal_move=thorough,
            illegal_moves=5 if thorough else 0,
            views=thorough,
            json_every_event=thorough,
        )
        play_checked(seed, lineup, options, checks)


def test_decide_is_deterministic_given_the_rng():
    state = play_checked(5, ["random", "random", "random"], Options(), Checks()).states
    for s in state[::7]:
        if s.over:
            continue
        owing = awaiting(s)[0].seat
        for move in legal_moves(s, owing):
            first = decide(s, move, random.Random(9))
            assert first == decide(s, move, random.Random(9))


def test_move_wild_refuses_a_card_not_in_the_deck():
    state = new_game(2, seed=0)
    move = MoveWild(seat=state.active, card=len(DECK), colour=Colour.red)
    with pytest.raises(IllegalMove):
        decide(state, move, random.Random(0))
