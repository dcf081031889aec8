"""RULES.md: "A set holds cards of one colour, at most its full size; more cards
of that colour start another set." So a player never has two sets of one colour
that are both short of full: a set that loses a card is filled again from the
other one, whichever way the card leaves (a wild moved, a payment, a Forced
Deal), and a card received joins the set that is not full."""

import random

from games.engines.deal import (
    Accept,
    ChargeRent,
    CollectDebt,
    EndTurn,
    ForcedDeal,
    GameWon,
    MoveWild,
    Pay,
    PlayProperty,
    Resign,
    SlyDeal,
    State,
    awaiting,
    decide,
    evolve,
    legal_moves,
    new_game,
    scenario,
)

from .support import apply, events_of, held, on_table, refused, set_names

FULL_RED_AND_ONE_MORE = (
    "0 sets: red[Kentucky Avenue, Indiana Avenue, Red/Yellow Wild] red[Illinois Avenue]"
)


def open_colours_twice(state: State) -> list[tuple[int, str]]:
    """(seat, colour) for every player with two sets of a colour not full."""
    out = []
    for seat, p in enumerate(state.players):
        colours = [s.colour for s in p.sets if not s.full]
        out += [(seat, c.value) for c in set(colours) if colours.count(c) > 1]
    return out


def test_a_wild_moved_out_of_a_full_set_is_replaced_from_the_other_set():
    s = scenario(FULL_RED_AND_ONE_MORE)
    wild = on_table(s, 0, "Red/Yellow Wild")
    s = apply(s, MoveWild(seat=0, card=wild, colour="yellow"))
    assert set_names(s, 0) == [
        ("red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"]),
        ("yellow", ["Red/Yellow Wild"]),
    ]
    assert s.players[0].sets[0].full


def test_a_set_filled_again_charges_full_rent_and_is_safe_from_sly_deal():
    s = scenario(FULL_RED_AND_ONE_MORE + "\n0 hand: Red/Yellow Rent\n1 hand: Sly Deal")
    wild = on_table(s, 0, "Red/Yellow Wild")
    s = apply(s, MoveWild(seat=0, card=wild, colour="yellow"))
    rent = ChargeRent(seat=0, card=held(s, 0, "Red/Yellow Rent"), colour="red")
    assert events_of(s, rent)[0].amount == 6
    s = apply(s, EndTurn(seat=0))
    sly = SlyDeal(
        seat=1,
        card=held(s, 1, "Sly Deal"),
        target=0,
        take=on_table(s, 0, "Illinois Avenue"),
    )
    refused(s, sly, "Sly Deal cannot take a card from a full set.")


def test_paying_with_a_card_of_a_full_set_keeps_the_set_full_and_its_house():
    s = scenario(
        """
        turn: 1
        0 sets: red[Kentucky Avenue, Indiana Avenue, Red/Yellow Wild +House]
        0 sets: red[Illinois Avenue]
        0 bank: 2M
        1 hand: Debt Collector
        """
    )
    kentucky = on_table(s, 0, "Kentucky Avenue")
    s = apply(
        s,
        CollectDebt(seat=1, card=held(s, 1, "Debt Collector"), target=0),
        Accept(seat=0),
        Pay(seat=0, cards=(kentucky, on_table(s, 0, "2M"))),
    )
    assert set_names(s, 0) == [
        ("red", ["Indiana Avenue", "Red/Yellow Wild", "Illinois Avenue"])
    ]
    red = s.players[0].sets[0]
    assert red.full and red.house == on_table(s, 0, "House")
    assert s.players[0].bank == ()


def test_a_forced_deal_giving_from_a_full_set_can_still_complete_a_third_set():
    s = scenario(
        """
        0 hand: Forced Deal
        0 sets: red[Kentucky Avenue, Indiana Avenue, Red/Yellow Wild]
        0 sets: red[Illinois Avenue], dark_blue[Park Place, Boardwalk]
        0 sets: green[Pacific Avenue, North Carolina Avenue]
        1 sets: green[Pennsylvania Avenue]
        """
    )
    move = ForcedDeal(
        seat=0,
        card=held(s, 0, "Forced Deal"),
        target=1,
        take=on_table(s, 1, "Pennsylvania Avenue"),
        give=on_table(s, 0, "Kentucky Avenue"),
    )
    s = apply(s, move)
    events = events_of(s, Accept(seat=1))
    assert GameWon(seat=0) in events
    s = apply(s, Accept(seat=1))
    assert s.winner == 0
    assert set_names(s, 0)[0] == (
        "red",
        ["Indiana Avenue", "Red/Yellow Wild", "Illinois Avenue"],
    )


def test_a_wild_cannot_move_between_two_sets_of_its_colour():
    s = scenario(FULL_RED_AND_ONE_MORE)
    wild = on_table(s, 0, "Red/Yellow Wild")
    refused(s, MoveWild(seat=0, card=wild, colour="red", set_index=1), "already Red")
    refused(s, MoveWild(seat=0, card=wild, colour="red"), "already Red")
    assert not [
        m
        for m in legal_moves(s, 0)
        if isinstance(m, MoveWild) and m.card == wild and m.colour == "red"
    ]


def test_a_property_received_joins_the_set_of_its_colour_that_is_not_full():
    s = scenario(
        """
        turn: 1
        0 sets: red[Kentucky Avenue]
        1 sets: red[Indiana Avenue, Illinois Avenue, Red/Yellow Wild]
        1 hand: Forced Deal
        """
    )
    s = apply(
        s,
        ForcedDeal(
            seat=1,
            card=held(s, 1, "Forced Deal"),
            target=0,
            take=on_table(s, 0, "Kentucky Avenue"),
            give=on_table(s, 1, "Indiana Avenue"),
        ),
        Accept(seat=0),
    )
    assert set_names(s, 1) == [
        ("red", ["Illinois Avenue", "Red/Yellow Wild", "Kentucky Avenue"])
    ]
    assert set_names(s, 0) == [("red", ["Indiana Avenue"])]


def test_a_scenario_refuses_two_sets_of_one_colour_short_of_full():
    try:
        scenario("0 sets: red[Kentucky Avenue] red[Indiana Avenue]")
    except ValueError as err:
        assert "short of full" in str(err)
    else:
        raise AssertionError("accepted two red sets short of full")


# Random play ------------------------------------------------------------------


def random_game(seed: int, max_decisions: int = 1_500):
    """A uniform random move of a seat that owes one, until the game ends;
    yields the state after every event."""
    rng = random.Random(seed)
    state = new_game(2 + seed % 4, seed=seed)
    yield state
    for _ in range(max_decisions):
        if state.over:
            return
        seat = rng.choice(awaiting(state)).seat
        moves = [m for m in legal_moves(state, seat) if not isinstance(m, Resign)]
        # Play properties often, so that sets fill and overflow.
        laid = [m for m in moves if isinstance(m, PlayProperty | MoveWild)]
        move = rng.choice(laid if laid and rng.random() < 0.5 else moves)
        for event in decide(state, move, rng):
            state = evolve(state, event)
            yield state


def test_no_player_ever_has_two_sets_of_one_colour_short_of_full():
    for seed in range(300):
        for state in random_game(seed):
            assert not open_colours_twice(state), f"seed {seed}"
