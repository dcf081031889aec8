"""What a seat owes at a classic table, in sentences with the players' names
(the status line, emails and Web Push): every decision kind, from the seat's
own view, never another seat's sealed bid."""

from dataclasses import replace

import pytest

from games.engines.classic import Roll, scenario, view
from games.kinds import get
from games.kinds.classic.entry import status_line
from games.kinds.classic.owed import owed_line
from tests.engines.classic.support import apply

from . import positions
from .positions import NAMES


def owed(state, seat: int) -> str:
    return owed_line(view(state, seat), seat, NAMES)


def test_a_turn_asks_to_roll_then_to_end():
    assert owed(positions.roll(), 0) == "Your turn: roll the dice."
    assert owed(positions.end(), 0) == (
        "Your turn: build, mortgage or trade if you like, then end it."
    )


def test_jail_names_the_ways_out():
    assert owed(positions.jail_with_card(), 2) == (
        "You are in jail: roll for doubles, pay $50 or use a card."
    )
    # Cy has $45 and no card.
    assert owed(positions.jail(), 2) == "You are in jail: roll for doubles."


def test_buying_says_the_price_the_cash_and_what_declining_does():
    assert owed(positions.buy(), 0) == (
        "Buy Kentucky Avenue for $220? You have $1,230. If you decline, it goes "
        "to auction by sealed bids."
    )


def test_a_sealed_bid_says_the_lots_and_the_bidder_s_cash_never_another_bid():
    state = positions.auction([positions.bid_of(1, 251)])
    assert owed(state, 2) == (
        "Auction of Kentucky Avenue: place a sealed bid or pass. You have $300; "
        "nobody sees your bid until the auction closes."
    )
    assert owed(state, 1) == ""  # Bea has bid: nothing more is asked of her
    lots = owed(positions.auction_of_lots(), 1)
    assert lots.startswith("Auction of Baltic Avenue and Reading Railroad:")


def test_a_debt_names_the_creditor_not_a_seat_number_and_what_it_is_for():
    assert owed(positions.pay(), 0) == (
        "You owe $800 to Bea: rent on New York Avenue with 4 houses. You have "
        "$300: sell buildings or mortgage to raise it."
    )


@pytest.mark.parametrize(
    ("text", "dice", "why"),
    [
        (
            "1 owns: Park Place +1, Boardwalk +1\n0 at: 34",
            (2, 1),
            "rent on Park Place with 1 house",
        ),
        ("1 owns: Reading Railroad\n0 at: 2", (1, 2), "rent on Reading Railroad"),
        ("0 at: 35", (1, 2), "Luxury Tax"),
        (
            "0 at: 4\nchance: ch_repairs\n0 owns: Boardwalk +hotel, Park Place +hotel",
            (1, 2),
            "the Chance card “Make general repairs: $25 per house, $100 per hotel.”",
        ),
    ],
)
def test_each_kind_of_debt_says_what_it_is_for(text, dice, why):
    owns = "" if "0 owns" in text else "0 owns: Short Line, Pennsylvania Railroad\n"
    state = apply(scenario("0 cash: 10\n" + owns + text), Roll(seat=0), dice=dice)
    assert f": {why}. You have $10" in owed(state, 0)


def test_a_debt_stored_before_debts_named_their_square_says_no_reason():
    state = positions.pay()
    debt = replace(state.debts[0], space=None)
    assert owed(replace(state, debts=(debt,)), 0).startswith("You owe $800 to Bea. ")


def test_a_trade_offer_names_who_offered_it_after_the_turn():
    assert owed(positions.offer(), 0) == (
        "Your turn: roll the dice. Bea offered you a trade: accept, decline or "
        "counter it."
    )


def test_nothing_owed_is_an_empty_line():
    assert owed(positions.roll(), 1) == ""
    assert owed(positions.over(), 1) == ""


def test_without_auctions_a_declined_deed_stays_with_the_bank():
    state = apply(scenario("options: no_auctions\n0 at: 15"), Roll(seat=0), dice=(2, 4))
    assert owed(state, 0).endswith("If you decline, it stays with the bank.")


def test_the_classic_kind_says_what_is_owed_so():
    assert get("classic").owed is owed_line


def test_the_table_s_status_line_says_it_short_never_repeating_the_prompt():
    for name, make in positions.POSITIONS.items():
        state = make()
        for seat in range(len(state.players)):
            seen = view(state, seat)
            line = status_line(seen, NAMES, seat)
            prompt = positions.render(state, seat)
            prompt = prompt[prompt.index('id="prompt"') : prompt.index("</section>")]
            assert line not in prompt, (name, seat, line)
    assert status_line(view(positions.pay(), 0), NAMES, 0) == ("A debt of $800 to Bea.")
    assert status_line(view(positions.offer(), 0), NAMES, 0) == (
        "Your turn. Bea offered you a trade."
    )
