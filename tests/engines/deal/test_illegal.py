"""Every legal move is accepted; every illegal one is refused with a sentence
and no change."""

import random

from games.engines.deal import (
    Accept,
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
    IllegalMove,
    MoveWild,
    PassGo,
    Pay,
    PlayProperty,
    Resign,
    SayNo,
    SlyDeal,
    awaiting,
    decide,
    default_move,
    evolve,
    legal_moves,
    new_game,
    scenario,
    to_json,
)

from .support import apply, held, on_table, refused


def _random_moves(rng, seat, seats):
    card = rng.randrange(106)
    other = rng.randrange(106)
    target = rng.randrange(seats + 1)
    colour = rng.choice(list(Colour))
    index = rng.randrange(-1, 4)
    return [
        BankCard(seat=seat, card=card),
        PlayProperty(seat=seat, card=card, colour=colour, set_index=index),
        MoveWild(seat=seat, card=card, colour=colour),
        ChargeRent(
            seat=seat, card=card, colour=colour, target=target, doubles=(other,)
        ),
        CollectDebt(seat=seat, card=card, target=target),
        Birthday(seat=seat, card=card),
        PassGo(seat=seat, card=card),
        SlyDeal(seat=seat, card=card, target=target, take=other),
        ForcedDeal(seat=seat, card=card, target=target, take=other, give=card),
        DealBreaker(seat=seat, card=card, target=target, set_index=index),
        Build(seat=seat, card=card, set_index=index),
        Discard(seat=seat, cards=(card, other)),
        SayNo(seat=seat, card=card),
        Accept(seat=seat, target=target),
        Pay(seat=seat, cards=(card,)),
        EndTurn(seat=seat),
    ]


def test_every_legal_move_is_accepted_and_every_illegal_one_refused_unchanged():
    refusals = 0
    for seed in range(8):
        rng = random.Random(seed)
        seats = 2 + seed % 4
        s = new_game(seats, seed=seed)
        for _ in range(400):
            if s.over:
                break
            snapshot = to_json(s)
            for seat in range(seats):
                legal = legal_moves(s, seat)
                for move in legal:
                    decide(s, move, random.Random(0))
                for move in _random_moves(rng, seat, seats):
                    try:
                        decide(s, move, random.Random(0))
                    except IllegalMove as err:
                        refusals += 1
                        assert err.message[0].isupper()
                        assert err.message.endswith((".", "!"))
                        assert move not in legal
            assert to_json(s) == snapshot
            seat = rng.choice(awaiting(s)).seat
            moves = [m for m in legal_moves(s, seat) if not isinstance(m, Resign)]
            move = rng.choice(moves) if rng.random() < 0.8 else default_move(s, seat)
            for e in decide(s, move, rng):
                s = evolve(s, e)
    assert refusals > 1000


def test_default_move_is_always_legal_and_listed():
    for seed in range(6):
        rng = random.Random(seed)
        s = new_game(3, seed=seed)
        for _ in range(300):
            if s.over:
                break
            for a in awaiting(s):
                move = default_move(s, a.seat)
                assert move in legal_moves(s, a.seat)
            seat = rng.choice(awaiting(s)).seat
            move = rng.choice(
                [m for m in legal_moves(s, seat) if not isinstance(m, Resign)]
            )
            for e in decide(s, move, rng):
                s = evolve(s, e)


def test_a_seat_that_owes_nothing_has_no_default_move():
    s = new_game(3, seed=1)
    idle = [seat for seat in range(3) if seat != s.active]
    assert all(default_move(s, seat) is None for seat in idle)


def test_a_game_of_deadlines_alone_ends_every_turn_quietly():
    s = new_game(2, seed=4)
    for _ in range(20):
        (a,) = awaiting(s)
        for e in decide(s, default_move(s, a.seat), random.Random(0)):
            s = evolve(s, e)
    assert s.turn == 21


def test_malformed_moves_are_refused_with_a_sentence():
    s = new_game(3, seed=2)
    seat = s.active
    for move in (
        BankCard(seat=seat, card=999),
        BankCard(seat=seat, card="5M"),
        PlayProperty(seat=seat, card=-1, colour="purple"),
        MoveWild(seat=seat, card=999, colour="red"),
        MoveWild(seat=seat, card="x", colour="red"),
        ChargeRent(seat=seat, card=999, colour="red", doubles=(1000,)),
        CollectDebt(seat=seat, card=None, target="Bea"),
        SlyDeal(seat=seat, card=999, target=7, take=999),
        DealBreaker(seat=seat, card=999, target=1, set_index="0"),
        Build(seat=seat, card=999, set_index=None),
        Discard(seat=seat, cards=(999,)),
        Pay(seat=seat, cards=(999,)),
        SayNo(seat=seat, card=999, target=42),
        Accept(seat=seat, target=42),
        EndTurn(seat=7),
        EndTurn(seat=-1),
    ):
        before = to_json(s)
        try:
            decide(s, move, random.Random(0))
        except IllegalMove as err:
            assert err.message.endswith(".")
        else:
            raise AssertionError(f"accepted {move}")
        assert to_json(s) == before


def test_badly_typed_moves_are_refused_as_not_well_formed():
    s = scenario(
        """
        0 hand: Red/Yellow Rent, Double the Rent
        0 sets: red[Kentucky Avenue]
        1 bank: 5M
        """
    )
    rent = held(s, 0, "Red/Yellow Rent")
    for move in (
        ChargeRent(seat=0, card=rent, colour="red", doubles=None),
        ChargeRent(seat=0, card=rent, colour="red", doubles=[[1]]),
        ChargeRent(seat=0, card=rent, colour="red", doubles=(True,)),
        ChargeRent(seat=0, card=rent, colour="red", set_index="0"),
        BankCard(seat=0, card=str(rent)),
        EndTurn(seat="0"),
        EndTurn(seat=None),
        CollectDebt(seat=0, card=None, target="Bea"),
    ):
        refused(s, move, "That move is not well formed.")
    s = scenario("turn: 1\n0 bank: 5M\n1 hand: Debt Collector")
    s = apply(
        s,
        CollectDebt(seat=1, card=held(s, 1, "Debt Collector"), target=0),
        Accept(seat=0),
    )
    for cards in (None, [[1]], 5, "5M", (1.0,)):
        refused(s, Pay(seat=0, cards=cards), "That move is not well formed.")
    s = scenario("0 hand: 1M, 1M, 1M, 1M, 1M, 1M, 2M, 2M, 2M")
    s = apply(s, EndTurn(seat=0))
    assert awaiting(s)[0].kind == "discard"
    for cards in (None, [[1]], 7):
        refused(s, Discard(seat=0, cards=cards), "That move is not well formed.")


def test_cards_named_in_a_list_are_still_accepted():
    s = scenario("turn: 1\n0 bank: 5M\n1 hand: Debt Collector")
    s = apply(
        s,
        CollectDebt(seat=1, card=held(s, 1, "Debt Collector"), target=0),
        Accept(seat=0),
        Pay(seat=0, cards=[on_table(s, 0, "5M")]),
    )
    assert s.pending is None
