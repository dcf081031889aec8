from games.engines.deal import (
    DECK,
    BankCard,
    Colour,
    EndTurn,
    MoveWild,
    PlayProperty,
    legal_moves,
    scenario,
)

from .support import apply, bank_total, held, names, on_table, refused, set_names


def test_money_and_action_cards_can_be_banked():
    s = scenario("0 hand: 5M, Deal Breaker, Wild Rent")
    s = apply(s, *[BankCard(seat=0, card=c) for c in s.players[0].hand])
    assert bank_total(s, 0) == 5 + 5 + 3
    assert s.plays == 3


def test_properties_cannot_be_banked():
    s = scenario("0 hand: Boardwalk, Red/Yellow Wild, Multicolour Wild")
    for c in s.players[0].hand:
        refused(s, BankCard(seat=0, card=c), "Properties cannot be banked.")


def test_cannot_play_a_card_you_do_not_hold():
    s = scenario("0 hand: 1M\n1 hand: 5M")
    refused(s, BankCard(seat=0, card=held(s, 1, "5M")), "You do not hold that card.")


def test_property_is_laid_in_its_colour_and_costs_a_play():
    s = scenario("0 hand: Boardwalk")
    s = apply(s, PlayProperty(seat=0, card=held(s, 0, "Boardwalk"), colour="dark_blue"))
    assert set_names(s, 0) == [("dark_blue", ["Boardwalk"])]
    assert s.plays == 1


def test_property_cannot_take_a_colour_it_does_not_have():
    s = scenario("0 hand: Boardwalk")
    refused(
        s,
        PlayProperty(seat=0, card=held(s, 0, "Boardwalk"), colour=Colour.green),
        "Boardwalk cannot be Green.",
    )


def test_money_cannot_be_laid_as_a_property():
    s = scenario("0 hand: 5M")
    refused(
        s,
        PlayProperty(seat=0, card=held(s, 0, "5M"), colour=Colour.red),
        "Only property cards",
    )


def test_wild_takes_the_colour_chosen():
    s = scenario("0 hand: Red/Yellow Wild")
    wild = held(s, 0, "Red/Yellow Wild")
    s = apply(s, PlayProperty(seat=0, card=wild, colour=Colour.yellow))
    assert s.players[0].sets[0].colour is Colour.yellow


def test_property_joins_the_set_of_its_colour_that_is_not_full():
    s = scenario("0 hand: Illinois Avenue\n0 sets: red[Kentucky Avenue]")
    s = apply(s, PlayProperty(seat=0, card=held(s, 0, "Illinois Avenue"), colour="red"))
    assert set_names(s, 0) == [("red", ["Kentucky Avenue", "Illinois Avenue"])]


def test_extra_cards_of_a_full_colour_start_a_new_set():
    s = scenario(
        """
        0 hand: Red/Yellow Wild
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        """
    )
    s = apply(s, PlayProperty(seat=0, card=held(s, 0, "Red/Yellow Wild"), colour="red"))
    assert set_names(s, 0) == [
        ("red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"]),
        ("red", ["Red/Yellow Wild"]),
    ]


def test_property_cannot_join_a_full_set_or_a_set_of_another_colour():
    s = scenario(
        """
        0 hand: Red/Yellow Wild
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        0 sets: green[Pacific Avenue]
        """
    )
    wild = held(s, 0, "Red/Yellow Wild")
    refused(s, PlayProperty(seat=0, card=wild, colour="red", set_index=0), "full")
    refused(s, PlayProperty(seat=0, card=wild, colour="red", set_index=1), "not Red")
    refused(
        s, PlayProperty(seat=0, card=wild, colour="red", set_index=7), "no such set"
    )


def test_multicolour_wild_cannot_stand_alone():
    s = scenario("0 hand: Multicolour Wild")
    refused(
        s,
        PlayProperty(seat=0, card=held(s, 0, "Multicolour Wild"), colour="red"),
        "must join a set that already holds another of your properties",
    )
    assert not [m for m in legal_moves(s, 0) if isinstance(m, PlayProperty)]


def test_multicolour_wild_joins_a_set_that_holds_another_property():
    s = scenario("0 hand: Multicolour Wild\n0 sets: orange[New York Avenue]")
    s = apply(
        s, PlayProperty(seat=0, card=held(s, 0, "Multicolour Wild"), colour="orange")
    )
    assert set_names(s, 0) == [("orange", ["New York Avenue", "Multicolour Wild"])]


def test_wild_moves_between_own_sets_are_free_and_unlimited():
    s = scenario(
        """
        plays: 3
        0 sets: red[Kentucky Avenue, Red/Yellow Wild], yellow[Atlantic Avenue]
        """
    )
    wild = on_table(s, 0, "Red/Yellow Wild")
    s = apply(s, MoveWild(seat=0, card=wild, colour="yellow", set_index=1))
    assert set_names(s, 0) == [
        ("red", ["Kentucky Avenue"]),
        ("yellow", ["Atlantic Avenue", "Red/Yellow Wild"]),
    ]
    s = apply(s, MoveWild(seat=0, card=wild, colour="red", set_index=0))
    assert set_names(s, 0)[0] == ("red", ["Kentucky Avenue", "Red/Yellow Wild"])
    assert s.plays == 3


def test_house_rule_wild_moves_cost_a_play():
    s = scenario(
        """
        options: wild_move_costs_play
        plays: 2
        0 sets: red[Kentucky Avenue, Red/Yellow Wild], yellow[Atlantic Avenue]
        """
    )
    wild = on_table(s, 0, "Red/Yellow Wild")
    s = apply(s, MoveWild(seat=0, card=wild, colour="yellow"))
    assert s.plays == 3
    refused(s, MoveWild(seat=0, card=wild, colour="red"), "no plays left")


def test_wild_cannot_be_moved_on_someone_elses_turn():
    s = scenario("turn: 1\n0 sets: red[Kentucky Avenue, Red/Yellow Wild]")
    wild = on_table(s, 0, "Red/Yellow Wild")
    refused(s, MoveWild(seat=0, card=wild, colour="yellow"), "It is not your turn.")


def test_wild_move_to_a_new_set_changes_its_colour():
    s = scenario("0 sets: pink[St. Charles Place, Pink/Orange Wild]")
    wild = on_table(s, 0, "Pink/Orange Wild")
    s = apply(s, MoveWild(seat=0, card=wild, colour="orange"))
    assert set_names(s, 0) == [
        ("pink", ["St. Charles Place"]),
        ("orange", ["Pink/Orange Wild"]),
    ]
    refused(s, MoveWild(seat=0, card=wild, colour="orange"), "already Orange")


def test_only_wilds_in_front_of_you_can_move():
    s = scenario("0 sets: pink[St. Charles Place]\n1 sets: red[Red/Yellow Wild]")
    refused(
        s,
        MoveWild(seat=0, card=on_table(s, 0, "St. Charles Place"), colour="pink"),
        "no such wild card",
    )
    refused(
        s,
        MoveWild(seat=0, card=on_table(s, 1, "Red/Yellow Wild"), colour="yellow"),
        "no such wild card",
    )


def test_multicolour_wild_left_alone_keeps_no_colour_until_placed_again():
    s = scenario(
        """
        0 sets: red[Red/Yellow Wild, Multicolour Wild], green[Pacific Avenue]
        """
    )
    wild = on_table(s, 0, "Red/Yellow Wild")
    multi = on_table(s, 0, "Multicolour Wild")
    s = apply(s, MoveWild(seat=0, card=wild, colour="yellow"))
    assert s.players[0].loose == (multi,)
    assert set_names(s, 0) == [
        ("green", ["Pacific Avenue"]),
        ("yellow", ["Red/Yellow Wild"]),
    ]
    s = apply(s, MoveWild(seat=0, card=multi, colour="green", set_index=0))
    assert s.players[0].loose == ()
    assert set_names(s, 0)[0] == ("green", ["Pacific Avenue", "Multicolour Wild"])


def test_a_loose_multicolour_wild_still_cannot_stand_alone():
    s = scenario("0 loose: Multicolour Wild")
    multi = s.players[0].loose[0]
    refused(s, MoveWild(seat=0, card=multi, colour="red"), "must join a set")


def test_moving_a_wild_out_of_a_full_set_sends_its_buildings_to_the_bank():
    s = scenario(
        "0 sets: green[Pacific Avenue, North Carolina Avenue,"
        " Dark Blue/Green Wild +House]"
    )
    wild = on_table(s, 0, "Dark Blue/Green Wild")
    s = apply(s, MoveWild(seat=0, card=wild, colour="dark_blue"))
    assert s.players[0].sets[0].house is None
    assert names(s.players[0].bank) == ["House"]


def test_legal_moves_list_every_colour_and_set_choice_for_a_wild():
    s = scenario(
        """
        0 hand: Red/Yellow Wild, Red/Yellow Wild
        0 sets: red[Kentucky Avenue, Indiana Avenue, Multicolour Wild]
        0 sets: red[Illinois Avenue], yellow[Atlantic Avenue]
        """
    )
    plays = {
        (m.colour, m.set_index)
        for m in legal_moves(s, 0)
        if isinstance(m, PlayProperty)
    }
    assert plays == {("red", 1), ("yellow", 2)}  # not the full red set
    wild_plays = [m for m in legal_moves(s, 0) if isinstance(m, PlayProperty)]
    assert len({m.card for m in wild_plays}) == 1  # identical cards listed once
    assert EndTurn(seat=0) in legal_moves(s, 0)
    assert DECK[wild_plays[0].card].name == "Red/Yellow Wild"


def test_a_wild_leaving_a_set_of_its_own_joins_the_set_named_before_the_move():
    s = scenario("0 sets: yellow[Red/Yellow Wild], red[Kentucky Avenue]")
    wild = on_table(s, 0, "Red/Yellow Wild")
    s = apply(s, MoveWild(seat=0, card=wild, colour="red", set_index=1))
    assert set_names(s, 0) == [("red", ["Kentucky Avenue", "Red/Yellow Wild"])]
    s = scenario("0 sets: red[Kentucky Avenue, Red/Yellow Wild]")
    refused(
        s,
        MoveWild(seat=0, card=wild, colour="red", set_index=0),
        "already in that set",
    )
