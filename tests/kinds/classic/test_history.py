"""History lines read as sentences: a roll and what it moves are one line
("Ann rolled 2 and 4 and moved to Kentucky Avenue."), passing GO and the way
into and out of jail included; what comes of the landing keeps lines of its own."""

from games.engines.classic import (
    Buy,
    Roll,
    decide,
    describe,
    evolve,
    scenario,
)
from games.kinds import get
from games.kinds.classic.history import join_line
from tests.engines.classic.support import Dice

NAMES = ["Ann", "Bea", "Cy"]


def history(state, *moves, dice=(), seat=None) -> list[str]:
    """The lines the moves add, joined as the site's history joins them."""
    rng = Dice(*dice)
    lines, run = [], []
    for move in moves:
        for event in decide(state, move, rng):
            state = evolve(state, event)
            joined = join_line(run, event, seat, NAMES)
            if joined:
                lines[-1] = joined
                run.append(event)
                continue
            line = describe(event, seat, NAMES)
            run = [event] if line else []
            if line:
                lines.append(line)
    assert not rng.faces, f"dice left unrolled: {rng.faces}"
    return lines


def test_a_roll_and_the_move_it_makes_are_one_sentence():
    s = scenario("seats: 3\n0 at: 15")
    assert history(s, Roll(seat=0), Buy(seat=0), dice=(2, 4)) == [
        "Ann rolled 2 and 4 and moved to Kentucky Avenue.",
        "Ann bought Kentucky Avenue for $220.",
    ]


def test_the_roller_reads_their_own_sentence_as_you():
    s = scenario("seats: 3\n0 at: 15")
    assert history(s, Roll(seat=0), dice=(2, 4), seat=0) == [
        "You rolled 2 and 4 and moved to Kentucky Avenue."
    ]


def test_passing_go_is_told_in_the_same_sentence():
    s = scenario("seats: 3\n0 at: 35")
    assert history(s, Roll(seat=0), dice=(5, 6)) == [
        "Ann rolled 5 and 6, moved to Oriental Avenue and collected $200 salary."
    ]


def test_doubles_say_so_and_the_next_roll_is_a_sentence_of_its_own():
    s = scenario("seats: 3\n0 at: 1\n1 owns: Vermont Avenue")
    lines = history(s, Roll(seat=0), dice=(3, 4))
    assert lines[0] == "Ann rolled 3 and 4 and moved to Vermont Avenue."
    assert lines[1].startswith("Ann paid Bea $")  # the rent: a line of its own
    s = scenario("seats: 3\n0 at: 11\n1 owns: Pennsylvania Railroad")
    moves = (Roll(seat=0), Roll(seat=0))
    assert history(s, *moves, dice=(2, 2, 1, 3))[::2] == [
        "Ann rolled 2 and 2 (doubles) and moved to Pennsylvania Railroad.",
        "Ann rolled 1 and 3 and moved to New York Avenue.",
    ]


def test_a_third_doubles_goes_to_jail_in_the_same_sentence():
    s = scenario("seats: 3\n0 at: 1\ndoubles: 2")
    assert history(s, Roll(seat=0), dice=(4, 4)) == [
        "Ann rolled 4 and 4 (doubles) and went to jail.",
        "Bea's turn.",
    ]


def test_landing_on_go_to_jail_is_one_sentence():
    s = scenario("seats: 3\n0 at: 23")
    assert history(s, Roll(seat=0), dice=(3, 4)) == [
        "Ann rolled 3 and 4, moved to Go To Jail and went to jail.",
        "Bea's turn.",
    ]


def test_jail_rolls_read_as_sentences():
    stays = scenario("seats: 3\nactive: 2\n2 jail: 0")
    assert history(stays, Roll(seat=2), dice=(1, 2)) == [
        "Cy rolled 1 and 2 and stayed in jail."
    ]
    leaves = scenario("seats: 3\nactive: 2\n2 jail: 1")
    assert history(leaves, Roll(seat=2), dice=(3, 3)) == [
        "Cy rolled 3 and 3 (doubles), left jail and moved to St. James Place."
    ]


def test_a_card_s_move_and_its_salary_are_one_sentence_after_the_card():
    s = scenario("seats: 3\n0 at: 4\nchance: ch_go")
    assert history(s, Roll(seat=0), dice=(1, 2)) == [
        "Ann rolled 1 and 2 and moved to Chance.",
        "Ann drew: Advance to GO. Collect $200.",
        "Ann moved to GO and collected $200 salary.",
    ]


def test_a_utility_s_rent_dice_are_not_joined_to_the_move_before():
    s = scenario("seats: 3\n0 at: 4\n1 owns: Electric Company\nchance: ch_utility")
    lines = history(s, Roll(seat=0), dice=(1, 2, 5, 6))
    assert lines[:4] == [
        "Ann rolled 1 and 2 and moved to Chance.",
        "Ann drew: Advance to the nearest Utility. If owned, roll the dice and pay "
        "the owner 10 times the amount thrown.",
        "Ann moved to Electric Company.",
        "Ann rolled 5 and 6.",
    ]


def test_monopoly_deal_keeps_a_line_per_event():
    assert get("deal").join_line is None
    assert get("classic").join_line is join_line
