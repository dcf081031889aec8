"""History lines read as sentences: a whole game's lines, and the lines that
tell what a closed auction's sealed bids were, what a trade moved, how a
player left jail, and a visit to the jail."""

import random

import pytest

from games.engines.classic import (
    AcceptOffer,
    Bid,
    DeclineBuy,
    LiftMortgages,
    OfferTrade,
    Options,
    PassBid,
    PayJailFine,
    Roll,
    UseJailCard,
    awaiting,
    decide,
    describe,
    evolve,
    replay,
    scenario,
    setup,
)
from games.engines.classic.bots import sensible_bot

from .support import Dice

NAMES = ["Ann", "Bea", "Cy"]


def lines_of(state, *moves, dice=(), seat=None):
    rng = Dice(*dice)
    lines = []
    for move in moves:
        for event in decide(state, move, rng):
            state = evolve(state, event)
            line = describe(event, seat, NAMES)
            if line:
                lines.append(line)
    return state, lines


def test_every_line_of_a_game_is_a_sentence():
    rng = random.Random(5)
    state = replay(setup(3, Options(), rng))
    seen = 0
    for _ in range(400):
        owed = awaiting(state)
        if not owed:
            break
        entry = rng.choice(owed)
        for event in decide(state, sensible_bot(state, entry.seat, rng), rng):
            state = evolve(state, event)
            for seat in (None, 0):
                line = describe(event, seat, NAMES)
                if line:
                    seen += 1
                    assert line[0].isupper() and line.endswith((".", "!")), line
                    assert "  " not in line and "()" not in line, line
    assert seen > 300


def test_a_closed_auction_shows_every_sealed_bid():
    s = scenario("seats: 3\n0 at: 15")
    s, _ = lines_of(s, Roll(seat=0), DeclineBuy(seat=0), dice=(2, 4))
    s, lines = lines_of(
        s, Bid(seat=0, amounts=(137,)), Bid(seat=1, amounts=(251,)), PassBid(seat=2)
    )
    assert lines[-1] == (
        "The auction closed: Kentucky Avenue to Bea for $251. Bids: Ann $137; Bea $251."
    )
    assert lines[0] == "Ann placed a sealed bid."  # until it closes


def test_a_completed_trade_says_what_changed_hands():
    s = scenario("0 owns: Water Works\n1 cards: cc_jail_free")
    offer = OfferTrade(
        seat=1, to=0, give_cash=200, give_cards=("cc_jail_free",), get_deeds=(28,)
    )
    _, lines = lines_of(s, offer, AcceptOffer(seat=0, offer=1), seat=0)
    assert lines == [
        "Bea offered you a trade.",
        "Bea and you traded: Bea gave $200 and a Get Out of Jail Free card; "
        "you gave Water Works.",
    ]


def test_leaving_jail_says_how_and_a_visit_says_just_visiting():
    s = scenario("0 jail: 0\n0 cards: ch_jail_free\n1 jail: 0\n")
    _, lines = lines_of(s, UseJailCard(seat=0))
    assert lines == ["Ann used a Get Out of Jail Free card and left jail."]
    _, lines = lines_of(scenario("0 jail: 1"), PayJailFine(seat=0))
    assert "Ann paid the fine and left jail." in lines
    _, lines = lines_of(scenario("0 at: 3"), Roll(seat=0), dice=(3, 4))
    assert "Ann moved to Jail (just visiting)." in lines


@pytest.mark.parametrize(
    ("position", "dice", "seat", "line"),
    [
        ("0 at: 1\n1 owns: Vermont Avenue", (3, 4), None, "Ann paid Bea $6 rent."),
        ("0 at: 1", (1, 2), None, "Ann paid the bank $200 tax."),
        (
            "0 at: 1\noptions: free_parking_jackpot",
            (1, 2),
            None,
            "Ann put $200 tax into the Free Parking pot.",
        ),
        (
            "0 at: 31\nchest: cc_birthday",
            (1, 1),
            None,
            "Bea paid Ann $10 as a birthday gift.",
        ),
        ("0 at: 4\nchance: ch_dividend", (1, 2), 0, "The bank paid you $50."),
    ],
)
def test_a_payment_says_what_it_was_for_in_words(position, dice, seat, line):
    state = scenario("seats: 3\n" + position)
    _, lines = lines_of(state, Roll(seat=0), dice=dice, seat=seat)
    assert line in lines


def test_bankruptcy_to_a_player_says_what_passed_to_whom():
    s = scenario(
        "seats: 3\n0 cash: 10\n0 owns: Baltic Avenue (mortgaged), Reading Railroad"
        "\n0 cards: ch_jail_free\n1 owns: Boardwalk +1, Park Place +1\n0 at: 36"
    )
    _, lines = lines_of(s, Roll(seat=0), dice=(1, 2))
    assert (
        "Ann went bankrupt to Bea: $10, 2 properties and a Get Out of Jail Free "
        "card passed." in lines
    )
    _, mine = lines_of(s, Roll(seat=0), dice=(1, 2), seat=1)
    assert any(line.startswith("Ann went bankrupt to you: $10,") for line in mine)


def test_bankruptcy_to_the_bank_and_to_several_creditors_says_where_things_went():
    to_bank = scenario(
        "seats: 3\n0 cash: 0\n0 owns: Baltic Avenue (mortgaged), "
        "Reading Railroad (mortgaged)\n0 at: 1"
    )
    _, lines = lines_of(to_bank, Roll(seat=0), dice=(1, 2))
    assert "Ann went bankrupt to the bank: 2 properties went to the bank." in lines
    chairman = scenario(
        "seats: 3\n0 cash: 50\n0 owns: Baltic Avenue\n0 at: 4\nchance: ch_chairman"
    )
    _, lines = lines_of(chairman, Roll(seat=0), dice=(1, 2))  # owes $100
    assert (
        "Ann went bankrupt to Bea and Cy: $50 shared and 1 property to the bank."
        in lines
    )


def test_lifting_and_keeping_received_mortgages_tell_the_amounts():
    s = scenario(
        "seats: 3\n0 cash: 10\n0 owns: Baltic Avenue (mortgaged), "
        "Reading Railroad (mortgaged)\n1 owns: Boardwalk +1\n0 at: 36"
    )
    s, _ = lines_of(s, Roll(seat=0), dice=(1, 2))
    _, lines = lines_of(s, LiftMortgages(seat=1, spaces=(5,)), seat=1)
    assert "You lifted the mortgage on Reading Railroad for $110." in lines
    assert (
        "You kept Baltic Avenue mortgaged, paying 10% of the mortgage value now."
        in lines
    )
    assert "You paid the bank $3 interest." in lines
