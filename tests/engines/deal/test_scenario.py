import pytest

from games.engines.deal import DECK, Colour, Options, scenario

from .support import all_cards, names, set_names


def test_scenario_places_named_cards_and_keeps_all_106():
    s = scenario(
        """
        turn: 1  plays: 2
        0 hand: Deal Breaker, Just Say No
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue +House]
        1 bank: 5M, 2M
        draw: Boardwalk, 1M
        """
    )
    assert s.active == 1 and s.plays == 2
    assert names(s.players[0].hand) == ["Deal Breaker", "Just Say No"]
    assert set_names(s, 0) == [
        ("red", ["Kentucky Avenue", "Indiana Avenue", "Illinois Avenue"])
    ]
    assert DECK[s.players[0].sets[0].house].name == "House"
    assert names(s.players[1].bank) == ["5M", "2M"]
    assert names(s.draw[:2]) == ["Boardwalk", "1M"]
    assert all_cards(s) == list(range(106))


def test_scenario_takes_the_next_unused_copy_of_a_duplicate():
    s = scenario("0 hand: Pass Go, Pass Go\n1 bank: 1M, 1M, 1M")
    assert len(set(s.players[0].hand)) == 2
    assert len(set(s.players[1].bank)) == 3


def test_scenario_reads_wilds_in_either_colour_order_and_loose_cards():
    s = scenario(
        """
        seats: 3
        0 sets: yellow[Yellow/Red Wild, Atlantic Avenue], light blue[Oriental Avenue]
        0 loose: Multicolour Wild
        options: hotel_replaces_house
        """
    )
    assert len(s.players) == 3
    assert s.players[0].sets[0].colour is Colour.yellow
    assert s.players[0].sets[1].colour is Colour.light_blue
    assert DECK[s.players[0].loose[0]].multicolour
    assert s.options == Options(hotel_replaces_house=True)


def test_scenario_refuses_a_card_in_the_wrong_colour():
    with pytest.raises(ValueError, match="cannot be"):
        scenario("0 sets: red[Boardwalk]")


def test_scenario_refuses_unknown_cards_and_too_many_copies():
    with pytest.raises(ValueError, match="No card"):
        scenario("0 hand: Free Parking")
    with pytest.raises(ValueError, match="already placed"):
        scenario("0 hand: 10M, 10M")


def test_scenario_refuses_buildings_the_rules_would_refuse():
    with pytest.raises(ValueError, match="House goes only on a full set"):
        scenario("0 sets: red[Kentucky Avenue +House]")
    with pytest.raises(ValueError, match="Hotel needs a House"):
        scenario("0 sets: brown[Mediterranean Avenue, Baltic Avenue +Hotel]")


def test_scenario_can_put_the_other_cards_in_the_discard_pile_or_a_hand():
    s = scenario("0 hand: 1M\nrest: discard")
    assert s.draw == () and len(s.discard) == 105
    s = scenario("0 hand: 1M\nrest: 1 hand")
    assert len(s.players[1].hand) == 105


def test_scenario_skips_comments_but_reads_card_numbers():
    s = scenario("# a comment\n0 hand: #86, 2M  # the first 1M and a 2M")
    assert names(s.players[0].hand) == ["1M", "2M"]


def test_scenario_refuses_unknown_house_rules_and_impossible_positions():
    with pytest.raises(ValueError, match="No house rule"):
        scenario("options: free_parking_jackpot")
    with pytest.raises(ValueError, match="multicolour wild can be left"):
        scenario("0 loose: Red/Yellow Wild")
    with pytest.raises(ValueError, match="cannot have the turn"):
        scenario("seats: 2\nturn: 3")
    with pytest.raises(ValueError, match="cannot be banked"):
        scenario("0 bank: Boardwalk")
