from dataclasses import replace

from games.engines.deal import (
    Accept,
    BankCard,
    ChargeRent,
    Colour,
    Pay,
    RentCharged,
    SayNo,
    awaiting,
    legal_moves,
    scenario,
)

from .support import apply, bank_total, events_of, held, refused

RED = Colour.red


def test_two_colour_rent_charges_every_other_player():
    s = scenario(
        """
        seats: 4
        0 hand: Red/Yellow Rent
        0 sets: red[Kentucky Avenue, Indiana Avenue]
        """
    )
    rent = held(s, 0, "Red/Yellow Rent")
    (e,) = events_of(s, ChargeRent(seat=0, card=rent, colour=RED, set_index=0))
    assert isinstance(e, RentCharged)
    assert e.targets == (1, 2, 3)
    assert e.amount == 3
    s = apply(s, ChargeRent(seat=0, card=rent, colour=RED, set_index=0))
    assert [(a.seat, a.kind, a.amount, a.to) for a in awaiting(s)] == [
        (1, "respond", 3, 0),
        (2, "respond", 3, 0),
        (3, "respond", 3, 0),
    ]
    assert s.plays == 1


def test_two_colour_rent_names_no_single_target():
    s = scenario("0 hand: Red/Yellow Rent\n0 sets: red[Kentucky Avenue]")
    rent = held(s, 0, "Red/Yellow Rent")
    refused(
        s,
        ChargeRent(seat=0, card=rent, colour=RED, set_index=0, target=1),
        "charges every other player",
    )


def test_wild_rent_charges_one_chosen_player():
    s = scenario(
        """
        seats: 3
        0 hand: Wild Rent
        0 sets: dark blue[Park Place, Boardwalk]
        """
    )
    rent = held(s, 0, "Wild Rent")
    refused(s, ChargeRent(seat=0, card=rent, colour="dark_blue"), "Choose a player.")
    refused(
        s,
        ChargeRent(seat=0, card=rent, colour="dark_blue", target=0),
        "against yourself",
    )
    s = apply(s, ChargeRent(seat=0, card=rent, colour="dark_blue", target=2))
    assert [(a.seat, a.amount) for a in awaiting(s)] == [(2, 8)]


def test_rent_needs_a_property_of_that_colour():
    s = scenario("0 hand: Red/Yellow Rent, Wild Rent\n0 sets: green[Pacific Avenue]")
    refused(
        s,
        ChargeRent(seat=0, card=held(s, 0, "Red/Yellow Rent"), colour=RED),
        "You have no Red property",
    )
    refused(
        s,
        ChargeRent(seat=0, card=held(s, 0, "Red/Yellow Rent"), colour="green"),
        "cannot charge for Green",
    )
    refused(
        s,
        ChargeRent(seat=0, card=held(s, 0, "Wild Rent"), colour="red", target=1),
        "You have no Red property",
    )


def test_rent_counts_the_chosen_set_only():
    s = scenario(
        """
        0 hand: Red/Yellow Rent
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        0 sets: red[Red/Yellow Wild]
        """
    )
    rent = held(s, 0, "Red/Yellow Rent")
    (e,) = events_of(s, ChargeRent(seat=0, card=rent, colour=RED, set_index=1))
    assert e.amount == 2
    (e,) = events_of(s, ChargeRent(seat=0, card=rent, colour=RED, set_index=0))
    assert e.amount == 6
    (e,) = events_of(s, ChargeRent(seat=0, card=rent, colour=RED))
    assert e.amount == 6  # no set named: the best one
    choices = {m.set_index for m in legal_moves(s, 0) if isinstance(m, ChargeRent)}
    assert choices == {0, 1}


def test_rent_adds_three_for_a_house_and_four_for_a_hotel():
    s = scenario(
        """
        0 hand: Pink/Orange Rent
        0 sets: orange[St. James Place, Tennessee Avenue, New York Avenue +House +Hotel]
        """
    )
    rent = held(s, 0, "Pink/Orange Rent")
    (e,) = events_of(s, ChargeRent(seat=0, card=rent, colour="orange"))
    assert e.amount == 5 + 3 + 4


def test_house_rule_hotel_replaces_the_house():
    s = scenario(
        """
        options: hotel_replaces_house
        0 hand: Pink/Orange Rent
        0 sets: orange[St. James Place, Tennessee Avenue, New York Avenue +House +Hotel]
        """
    )
    rent = held(s, 0, "Pink/Orange Rent")
    (e,) = events_of(s, ChargeRent(seat=0, card=rent, colour="orange"))
    assert e.amount == 5 + 4


def test_double_the_rent_doubles_and_costs_a_play_of_its_own():
    s = scenario(
        """
        0 hand: Red/Yellow Rent, Double the Rent
        0 sets: red[Kentucky Avenue, Indiana Avenue]
        """
    )
    rent, dtr = held(s, 0, "Red/Yellow Rent"), held(s, 0, "Double the Rent")
    s2 = apply(s, ChargeRent(seat=0, card=rent, colour=RED, doubles=(dtr,)))
    assert s2.plays == 2
    assert s2.pending.amount == 6 and s2.pending.base == 3
    assert dtr in s2.discard and rent in s2.discard


def test_double_the_rent_needs_a_play_left_for_itself():
    s = scenario(
        """
        plays: 2
        0 hand: Red/Yellow Rent, Double the Rent
        0 sets: red[Kentucky Avenue, Indiana Avenue]
        """
    )
    rent, dtr = held(s, 0, "Red/Yellow Rent"), held(s, 0, "Double the Rent")
    refused(
        s,
        ChargeRent(seat=0, card=rent, colour=RED, doubles=(dtr,)),
        "Double the Rent costs a play of its own",
    )
    doubled = [m for m in legal_moves(s, 0) if isinstance(m, ChargeRent) and m.doubles]
    assert doubled == []


def test_double_the_rent_refusal_counts_plays_in_good_english():
    s = scenario(
        """
        plays: 2
        0 hand: Red/Yellow Rent, Double the Rent, Double the Rent
        0 sets: red[Kentucky Avenue, Indiana Avenue]
        """
    )
    rent = held(s, 0, "Red/Yellow Rent")
    dtrs = (held(s, 0, "Double the Rent"), held(s, 0, "Double the Rent", 1))
    move = ChargeRent(seat=0, card=rent, colour=RED, doubles=dtrs[:1])
    refused(s, move, "you have only 1 play left.")
    s = replace(s, plays=1)
    move = ChargeRent(seat=0, card=rent, colour=RED, doubles=dtrs)
    refused(s, move, "you have only 2 plays left.")


def test_two_double_the_rents_quadruple_the_rent():
    s = scenario(
        """
        0 hand: Wild Rent, Double the Rent, Double the Rent
        0 sets: brown[Mediterranean Avenue, Baltic Avenue]
        """
    )
    rent = held(s, 0, "Wild Rent")
    doubles = (held(s, 0, "Double the Rent"), held(s, 0, "Double the Rent", 1))
    s = apply(
        s, ChargeRent(seat=0, card=rent, colour="brown", target=1, doubles=doubles)
    )
    assert s.pending.amount == 8
    assert s.plays == 3


def test_double_the_rent_must_be_a_double_the_rent_card_held():
    s = scenario(
        """
        0 hand: Red/Yellow Rent, Pass Go
        0 sets: red[Kentucky Avenue]
        """
    )
    rent = held(s, 0, "Red/Yellow Rent")
    refused(
        s,
        ChargeRent(seat=0, card=rent, colour=RED, doubles=(held(s, 0, "Pass Go"),)),
        "That card is not a Double the Rent.",
    )
    refused(
        s,
        ChargeRent(seat=0, card=rent, colour=RED, doubles=(rent,)),
        "only once",
    )


def test_doubled_rent_against_three_players_each_answering_for_themself():
    """One says no and is left alone, one says no and is countered, one pays."""
    s = scenario(
        """
        seats: 4
        0 hand: Red/Yellow Rent, Double the Rent, Just Say No, 1M
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        1 hand: Just Say No
        1 bank: 10M, 5M
        2 hand: Just Say No
        2 bank: 4M, 4M, 4M
        3 bank: 5M, 3M, 3M, 3M
        """
    )
    rent, dtr = held(s, 0, "Red/Yellow Rent"), held(s, 0, "Double the Rent")
    s = apply(s, ChargeRent(seat=0, card=rent, colour=RED, doubles=(dtr,)))
    assert s.pending.amount == 12
    # Any order: seat 2 and seat 1 say no before seat 3 answers.
    s = apply(s, SayNo(seat=2, card=held(s, 2, "Just Say No")))
    s = apply(s, SayNo(seat=1, card=held(s, 1, "Just Say No")))
    s = apply(s, Accept(seat=3))
    assert sorted((a.seat, a.kind, a.to) for a in awaiting(s)) == [
        (0, "respond", 1),
        (0, "respond", 2),
        (3, "pay", 0),
    ]
    refused(s, BankCard(seat=0, card=held(s, 0, "1M")), "Wait until everyone")
    s = apply(s, Pay(seat=3, cards=s.players[3].bank))  # 14M for 12M: no change
    s = apply(s, Accept(seat=0, target=1))  # seat 1's no stands
    s = apply(s, SayNo(seat=0, card=held(s, 0, "Just Say No"), target=2))
    assert [(a.seat, a.kind) for a in awaiting(s)] == [(2, "respond")]
    assert s.pending.target(1).status == "refused"
    s = apply(s, Accept(seat=2))  # the counter restores the rent for seat 2
    s = apply(s, Pay(seat=2, cards=s.players[2].bank))
    assert s.pending is None
    assert [a.kind for a in awaiting(s)] == ["play"]
    assert bank_total(s, 1) == 15
    assert bank_total(s, 2) == 0
    assert bank_total(s, 3) == 0
    assert bank_total(s, 0) == 14 + 12
    assert s.plays == 2  # the counter Just Say No cost no play


def test_house_rule_just_say_no_cancels_only_the_double():
    s = scenario(
        """
        options: just_say_no_cancels_double_only
        0 hand: Red/Yellow Rent, Double the Rent
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        1 hand: Just Say No
        1 bank: 10M
        """
    )
    rent, dtr = held(s, 0, "Red/Yellow Rent"), held(s, 0, "Double the Rent")
    s = apply(
        s,
        ChargeRent(seat=0, card=rent, colour=RED, doubles=(dtr,)),
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
        Accept(seat=0),
    )
    assert [(a.seat, a.kind, a.amount) for a in awaiting(s)] == [(1, "pay", 6)]


def test_official_just_say_no_cancels_the_whole_doubled_rent():
    s = scenario(
        """
        0 hand: Red/Yellow Rent, Double the Rent
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        1 hand: Just Say No
        1 bank: 10M
        """
    )
    rent, dtr = held(s, 0, "Red/Yellow Rent"), held(s, 0, "Double the Rent")
    s = apply(
        s,
        ChargeRent(seat=0, card=rent, colour=RED, doubles=(dtr,)),
        SayNo(seat=1, card=held(s, 1, "Just Say No")),
        Accept(seat=0),
    )
    assert s.pending is None
    assert bank_total(s, 1) == 10
