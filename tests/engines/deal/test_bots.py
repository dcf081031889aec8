import random

import pytest

from bench.engine import bot_lineup, play
from games.engines.deal import (
    DECK,
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
    IllegalMove,
    MoveWild,
    PassGo,
    Pay,
    PlayProperty,
    SayNo,
    SlyDeal,
    awaiting,
    decide,
    evolve,
    legal_moves,
    scenario,
)
from games.engines.deal.bots import BOTS, bot_move, random_bot, sensible_bot
from games.engines.deal.bots.sensible import cheapest_payment


def apply(state, *moves):
    rng = random.Random(0)
    for move in moves:
        for event in decide(state, move, rng):
            state = evolve(state, event)
    return state


def in_hand(state, seat, name):
    return next(c for c in state.players[seat].hand if DECK[c].name == name)


def on_table(state, seat, name):
    return next(c for c in state.players[seat].table_cards() if DECK[c].name == name)


def checked(bot):
    """The bot, asserting that each move it makes is listed or a free choice
    of cards the engine accepts."""

    def play_checked(state, seat, rng):
        move = bot(state, seat, rng)
        listed = legal_moves(state, seat)
        if move not in listed:
            assert isinstance(move, Pay | Discard), move
            decide(state, move, random.Random(0))
        return move

    return play_checked


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_always_make_legal_moves(name):
    for seed in range(24):
        seats = 2 + seed % 4
        rng = random.Random(seed)
        lineup = [checked(BOTS[name])] + [
            checked(BOTS[rng.choice(sorted(BOTS))]) for _ in range(seats - 1)
        ]
        game = play(lineup, seed)
        assert not game.capped
        assert game.state.over


def test_sensible_bot_beats_the_random_bot_most_games():
    wins = 0
    for seed in range(60):
        names = ["sensible", "random"] if seed % 2 == 0 else ["random", "sensible"]
        game = play(bot_lineup(names), 10_000 + seed)
        wins += game.winner is not None and names[game.winner] == "sensible"
    assert wins >= 48, f"the sensible bot won only {wins} of 60"


def test_sensible_bot_is_deterministic_given_the_rng():
    first = play(bot_lineup(["sensible", "sensible", "sensible"]), 3)
    again = play(bot_lineup(["sensible", "sensible", "sensible"]), 3)
    assert first.events == again.events


def test_bot_move_plays_the_named_bot():
    state = scenario("0 hand: 3M, Boardwalk")
    assert bot_move(state, 0, "sensible", random.Random(1)) == sensible_bot(
        state, 0, random.Random(1)
    )
    assert bot_move(state, 0, "random", random.Random(1)) == random_bot(
        state, 0, random.Random(1)
    )
    assert bot_move(state, 0) in legal_moves(state, 0)


# Playing its turn ---------------------------------------------------------------


def test_sensible_bot_completes_a_set_first():
    state = scenario("""
        0 hand: 1M, Boardwalk, Debt Collector
        0 sets: dark blue[Park Place]
        1 bank: 1M
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert move == PlayProperty(
        seat=0,
        card=in_hand(state, 0, "Boardwalk"),
        colour=Colour.dark_blue,
        set_index=0,
    )


def test_sensible_bot_wins_with_a_third_set_when_it_can():
    state = scenario("""
        0 hand: 10M, Boardwalk, Sly Deal
        0 sets: dark blue[Park Place] brown[Baltic Avenue, Mediterranean Avenue]
        0 sets: utility[Electric Company, Water Works]
    """)
    state = apply(state, sensible_bot(state, 0, random.Random(0)))
    assert state.over and state.winner == 0


def test_sensible_bot_takes_a_full_set_with_deal_breaker():
    state = scenario("""
        0 hand: Deal Breaker, 1M
        1 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue]
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert isinstance(move, DealBreaker) and move.target == 1


def test_sensible_bot_charges_its_best_rent():
    state = scenario("""
        0 hand: Red/Yellow Rent, Light Blue/Brown Rent
        0 sets: red[Kentucky Avenue, Indiana Avenue] brown[Baltic Avenue]
        1 bank: 5M, 5M
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert isinstance(move, ChargeRent) and move.colour == Colour.red


def test_sensible_bot_doubles_a_big_rent_when_it_has_the_plays():
    state = scenario("""
        0 hand: Green/Dark Blue Rent, Double the Rent
        0 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue]
        1 bank: 10M, 5M
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert isinstance(move, ChargeRent)
    assert [DECK[c].action for c in move.doubles] == [Action.double_the_rent]


def test_sensible_bot_does_not_double_a_rent_nobody_can_pay():
    state = scenario("""
        0 hand: Green/Dark Blue Rent, Double the Rent
        0 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue]
        1 bank: 5M
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert isinstance(move, ChargeRent) and move.doubles == ()


def test_sensible_bot_builds_a_house_on_a_full_set():
    state = scenario("""
        turn: 0 plays: 2
        0 hand: House, 1M
        0 sets: orange[St. James Place, Tennessee Avenue, New York Avenue]
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert move == Build(seat=0, card=in_hand(state, 0, "House"), set_index=0)


def test_sensible_bot_keeps_just_say_no_and_deal_breaker_out_of_the_bank():
    state = scenario("""
        0 hand: Just Say No, Deal Breaker, 2M
    """)
    rng = random.Random(0)
    for _ in range(3):
        if state.over or state.active != 0:
            break
        move = sensible_bot(state, 0, rng)
        assert not (
            isinstance(move, BankCard)
            and DECK[move.card].action in (Action.just_say_no, Action.deal_breaker)
        )
        state = apply(state, move)
    assert in_hand(state, 0, "Just Say No") is not None


def test_sensible_bot_banks_money_and_then_ends_its_turn():
    state = scenario("""
        0 hand: 2M, 5M
    """)
    first = sensible_bot(state, 0, random.Random(0))
    assert first == BankCard(seat=0, card=in_hand(state, 0, "5M"))
    state = apply(state, first, BankCard(seat=0, card=in_hand(state, 0, "2M")))
    assert sensible_bot(state, 0, random.Random(0)) == EndTurn(seat=0)


def test_sensible_bot_does_not_waste_a_debt_collector_on_an_empty_table():
    state = scenario("""
        0 hand: Debt Collector
    """)
    assert not isinstance(sensible_bot(state, 0, random.Random(0)), CollectDebt)


def test_sensible_bot_discards_its_least_useful_cards():
    state = scenario("""
        turn: 0 plays: 3
        0 hand: Just Say No, Deal Breaker, Boardwalk, Park Place, Sly Deal, 5M, 1M
        0 hand: Pass Go, It's My Birthday
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert isinstance(move, Discard)
    assert sorted(DECK[c].name for c in move.cards) == ["1M", "Pass Go"]


# Answering and paying -----------------------------------------------------------


def test_sensible_bot_says_no_to_a_deal_breaker_when_it_holds_just_say_no():
    state = scenario("""
        0 hand: Deal Breaker
        1 hand: Just Say No
        1 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue]
    """)
    state = apply(
        state,
        DealBreaker(
            seat=0, card=in_hand(state, 0, "Deal Breaker"), target=1, set_index=0
        ),
    )
    assert sensible_bot(state, 1, random.Random(0)) == SayNo(
        seat=1, card=in_hand(state, 1, "Just Say No")
    )


def test_sensible_bot_answers_a_no_to_its_deal_breaker_with_its_own():
    state = scenario("""
        0 hand: Deal Breaker, Just Say No
        1 hand: Just Say No
        1 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue]
    """)
    state = apply(
        state,
        DealBreaker(
            seat=0, card=in_hand(state, 0, "Deal Breaker"), target=1, set_index=0
        ),
        SayNo(seat=1, card=in_hand(state, 1, "Just Say No")),
    )
    move = sensible_bot(state, 0, random.Random(0))
    assert isinstance(move, SayNo) and move.target == 1


def test_sensible_bot_keeps_just_say_no_for_something_bigger_than_a_birthday():
    state = scenario("""
        0 hand: It's My Birthday
        1 hand: Just Say No
        1 bank: 2M, 3M
    """)
    state = apply(state, Birthday(seat=0, card=in_hand(state, 0, "It's My Birthday")))
    assert sensible_bot(state, 1, random.Random(0)) == Accept(seat=1)


def test_sensible_bot_says_no_to_a_big_rent():
    state = scenario("""
        0 hand: Green/Dark Blue Rent
        0 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue]
        1 hand: Just Say No
        1 bank: 1M
        1 sets: dark blue[Park Place, Boardwalk]
    """)
    rent = ChargeRent(
        seat=0,
        card=in_hand(state, 0, "Dark Blue/Green Rent"),
        colour=Colour.green,
        set_index=0,
    )
    state = apply(state, rent)
    assert isinstance(sensible_bot(state, 1, random.Random(0)), SayNo)


def test_sensible_bot_pays_from_the_bank_before_properties():
    state = scenario("""
        0 hand: Debt Collector
        1 bank: 2M, 3M
        1 sets: green[Pacific Avenue, North Carolina Avenue]
    """)
    state = apply(
        state, CollectDebt(seat=0, card=in_hand(state, 0, "Debt Collector"), target=1)
    )
    state = apply(state, Accept(seat=1))
    move = sensible_bot(state, 1, random.Random(0))
    assert isinstance(move, Pay)
    assert sorted(move.cards) == sorted(state.players[1].bank)


def test_sensible_bot_pays_the_smallest_cover_and_keeps_near_complete_sets():
    state = scenario("""
        0 hand: It's My Birthday
        1 bank: 1M, 1M, 5M
        1 sets: dark blue[Park Place] railroad[Reading Railroad]
    """)
    state = apply(state, Birthday(seat=0, card=in_hand(state, 0, "It's My Birthday")))
    state = apply(state, Accept(seat=1))
    move = sensible_bot(state, 1, random.Random(0))
    assert sorted(DECK[c].name for c in move.cards) == ["1M", "1M"]


def test_sensible_bot_gives_a_lone_property_before_breaking_a_full_set():
    state = scenario("""
        0 hand: Debt Collector
        1 bank: 1M
        1 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue +House]
        1 sets: railroad[Reading Railroad, Short Line]
    """)
    state = apply(
        state, CollectDebt(seat=0, card=in_hand(state, 0, "Debt Collector"), target=1)
    )
    state = apply(state, Accept(seat=1))
    move = sensible_bot(state, 1, random.Random(0))
    names = sorted(DECK[c].name for c in move.cards)
    assert not {"Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"} & set(names)
    decide(state, move, random.Random(0))


def test_cheapest_payment_covers_the_debt_at_the_least_cost():
    one_a, one_b = [c.id for c in DECK if c.name == "1M"][:2]
    two = next(c.id for c in DECK if c.name == "2M")
    ten = next(c.id for c in DECK if c.name == "10M")
    costs = {c: float(DECK[c].value) for c in (one_a, one_b, two, ten)}
    paid = cheapest_payment([ten, one_a, one_b, two], costs, 3)
    assert sorted(DECK[c].value for c in paid) == [1, 2]
    assert cheapest_payment([one_a, one_b], costs, 5) == (one_a, one_b)


def test_random_bot_pays_in_many_shapes():
    state = scenario("""
        0 hand: Debt Collector
        1 bank: 1M, 2M, 3M, 4M
        1 sets: orange[St. James Place, Tennessee Avenue, New York Avenue +House]
    """)
    state = apply(
        state, CollectDebt(seat=0, card=in_hand(state, 0, "Debt Collector"), target=1)
    )
    state = apply(state, Accept(seat=1))
    assert awaiting(state)[0].kind == "pay"
    rng = random.Random(0)
    shapes = set()
    for _ in range(300):
        move = random_bot(state, 1, rng)
        decide(state, move, random.Random(0))
        shapes.add(tuple(sorted(move.cards)))
    payable = state.players[1].payable()
    values = [sum(DECK[c].value for c in shape) for shape in shapes]
    assert len(shapes) > 20
    assert tuple(sorted(payable)) in shapes
    assert any(v > 5 for v in values)
    assert any(on_table(state, 1, "House") in shape for shape in shapes)
    assert any(on_table(state, 1, "New York Avenue") in shape for shape in shapes)


def test_bots_never_resign_for_a_seat_that_owes_nothing():
    state = scenario("0 hand: 1M")
    for bot in BOTS.values():
        with pytest.raises(IllegalMove):
            bot(state, 1, random.Random(0))


def test_sensible_bot_sly_deals_the_card_that_finishes_a_set():
    state = scenario("""
        0 hand: Sly Deal, 1M
        0 sets: red[Kentucky Avenue, Indiana Avenue]
        1 sets: red[Illinois Avenue] green[Pacific Avenue]
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert move == SlyDeal(
        seat=0,
        card=in_hand(state, 0, "Sly Deal"),
        target=1,
        take=on_table(state, 1, "Illinois Avenue"),
    )


def test_sensible_bot_forced_deals_for_a_set_and_gives_what_it_needs_least():
    state = scenario("""
        0 hand: Forced Deal
        0 sets: orange[St. James Place, Tennessee Avenue] brown[Baltic Avenue]
        0 sets: light blue[Oriental Avenue, Vermont Avenue]
        1 sets: orange[New York Avenue]
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert isinstance(move, ForcedDeal)
    assert move.take == on_table(state, 1, "New York Avenue")
    assert move.give == on_table(state, 0, "Baltic Avenue")


def test_sensible_bot_lays_a_wild_where_it_finishes_a_set():
    state = scenario("""
        0 hand: Pink/Orange Wild
        0 sets: pink[St. Charles Place] orange[St. James Place, Tennessee Avenue]
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert isinstance(move, PlayProperty) and move.colour == Colour.orange


def test_sensible_bot_moves_a_wild_to_finish_a_set():
    state = scenario("""
        turn: 0 plays: 3
        0 sets: pink[St. Charles Place, Pink/Orange Wild]
        0 sets: orange[St. James Place, Tennessee Avenue]
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert move == MoveWild(
        seat=0,
        card=on_table(state, 0, "Pink/Orange Wild"),
        colour=Colour.orange,
        set_index=1,
    )
    state = apply(state, move)
    assert sensible_bot(state, 0, random.Random(0)) == EndTurn(seat=0)


def test_sensible_bot_plays_pass_go_before_anything_else():
    state = scenario("""
        0 hand: Pass Go, 5M, Boardwalk
    """)
    move = sensible_bot(state, 0, random.Random(0))
    assert move == PassGo(seat=0, card=in_hand(state, 0, "Pass Go"))


def test_sensible_bot_pays_everything_it_has_when_that_is_not_enough():
    state = scenario("""
        0 hand: Debt Collector
        1 bank: 1M
        1 sets: brown[Baltic Avenue, Multicolour Wild]
    """)
    state = apply(
        state, CollectDebt(seat=0, card=in_hand(state, 0, "Debt Collector"), target=1)
    )
    state = apply(state, Accept(seat=1))
    move = sensible_bot(state, 1, random.Random(0))
    assert sorted(move.cards) == sorted(state.players[1].payable())
