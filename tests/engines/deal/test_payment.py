from games.engines.deal import (
    Accept,
    CollectDebt,
    Pay,
    PaymentMade,
    awaiting,
    default_move,
    legal_moves,
    scenario,
)

from .support import (
    apply,
    bank_total,
    events_of,
    held,
    names,
    on_table,
    refused,
    set_names,
)


def _owing(table: str):
    """Seat 1 owes seat 0 a 5M debt."""
    s = scenario("0 hand: Debt Collector\n" + table)
    return apply(
        s,
        CollectDebt(seat=0, card=held(s, 0, "Debt Collector"), target=1),
        Accept(seat=1),
    )


def test_payment_too_small_is_refused():
    s = _owing("1 bank: 2M, 3M, 1M")
    refused(
        s,
        Pay(seat=1, cards=(on_table(s, 1, "2M"),)),
        "That payment is 3M short: pay at least 5M, or everything you can.",
    )


def test_payment_of_everything_payable_is_enough_even_if_short():
    s = _owing("1 bank: 2M, 1M")
    s = apply(s, Pay(seat=1, cards=s.players[1].bank))
    assert bank_total(s, 0) == 3
    assert s.pending is None


def test_overpayment_gives_no_change():
    s = _owing("1 bank: 10M, 1M")
    s = apply(s, Pay(seat=1, cards=(on_table(s, 1, "10M"),)))
    assert bank_total(s, 0) == 10
    assert bank_total(s, 1) == 1


def test_payment_is_never_from_the_hand():
    s = _owing("1 hand: 5M\n1 bank: 1M")
    refused(s, Pay(seat=1, cards=(held(s, 1, "5M"),)), "You cannot pay from your hand.")


def test_multicolour_wild_cannot_pay():
    s = _owing("1 sets: green[Pacific Avenue, Multicolour Wild]")
    multi = on_table(s, 1, "Multicolour Wild")
    refused(s, Pay(seat=1, cards=(multi,)), "multicolour wild has no value")
    pacific = on_table(s, 1, "Pacific Avenue")
    refused(s, Pay(seat=1, cards=(pacific, multi)), "multicolour wild")
    # Everything payable excludes the multicolour wild: 4M is all Bea can pay.
    s = apply(s, Pay(seat=1, cards=(pacific,)))
    assert s.players[1].loose == (multi,)


def test_cards_of_others_or_twice_named_cannot_pay():
    s = _owing("0 bank: 5M\n1 bank: 1M")
    refused(s, Pay(seat=1, cards=(on_table(s, 0, "5M"),)), "not in front of you")
    one = on_table(s, 1, "1M")
    refused(s, Pay(seat=1, cards=(one, one)), "You named a card twice.")


def test_only_a_player_who_owes_pays():
    s = _owing("seats: 3\n1 bank: 5M\n2 bank: 5M")
    refused(s, Pay(seat=2, cards=s.players[2].bank), "You owe no payment now.")
    refused(s, Pay(seat=0, cards=()), "You owe no payment now.")


def test_properties_paid_go_to_the_receivers_property_area():
    s = _owing(
        """
        0 sets: pink[States Avenue]
        1 sets: pink[St. Charles Place, Pink/Orange Wild]
        """
    )
    wild = on_table(s, 1, "Pink/Orange Wild")
    s = apply(s, Pay(seat=1, cards=(wild, on_table(s, 1, "St. Charles Place"))))
    assert set_names(s, 0) == [
        ("pink", ["States Avenue", "Pink/Orange Wild", "St. Charles Place"])
    ]
    assert s.players[0].bank == ()


def test_buildings_paid_go_to_the_receivers_bank_and_the_broken_set_to_its_owner():
    s = _owing(
        """
        0 sets: brown[Mediterranean Avenue, Baltic Avenue]
        1 sets: dark blue[Park Place, Boardwalk +House +Hotel]
        """
    )
    house = s.players[1].sets[0].house
    s = apply(s, Pay(seat=1, cards=(house, on_table(s, 1, "Park Place"))))
    assert names(s.players[0].bank) == ["House"]
    assert set_names(s, 0)[1] == ("dark_blue", ["Park Place"])
    # Boardwalk's set is no longer full: its Hotel goes to Bea's bank.
    assert set_names(s, 1) == [("dark_blue", ["Boardwalk"])]
    assert names(s.players[1].bank) == ["Hotel"]


def test_house_rule_buildings_paid_go_onto_a_full_set_of_the_receiver():
    s = _owing(
        """
        options: buildings_to_full_set
        0 sets: brown[Mediterranean Avenue, Baltic Avenue]
        1 sets: dark blue[Park Place, Boardwalk +House]
        1 bank: 2M
        """
    )
    house = s.players[1].sets[0].house
    s = apply(s, Pay(seat=1, cards=(house, on_table(s, 1, "2M"))))
    assert s.players[0].sets[0].house == house
    assert names(s.players[0].bank) == ["2M"]


def test_a_bank_house_is_money_and_stays_money():
    s = _owing(
        """
        options: buildings_to_full_set
        0 sets: brown[Mediterranean Avenue, Baltic Avenue]
        1 bank: House, 2M
        """
    )
    s = apply(s, Pay(seat=1, cards=s.players[1].bank))
    assert names(s.players[0].bank) == ["House", "2M"]


def test_a_player_with_nothing_payable_pays_nothing():
    s = scenario("0 hand: Debt Collector\n1 hand: 10M\n1 loose: Multicolour Wild")
    evs = events_of(
        apply(s, CollectDebt(seat=0, card=held(s, 0, "Debt Collector"), target=1)),
        Accept(seat=1),
    )
    assert evs[-1] == PaymentMade(seat=1, to=0, cards=())


def test_active_player_waits_until_every_payer_has_paid():
    s = _owing("1 bank: 5M")
    assert [a.seat for a in awaiting(s)] == [1]
    assert legal_moves(s, 0) == legal_moves(s, 0)[-1:]  # only Resign


def test_default_payment_is_the_smallest_amount_that_covers_the_debt():
    s = _owing("1 bank: 10M, 3M, 1M\n1 sets: green[Pacific Avenue, Multicolour Wild]")
    move = default_move(s, 1)
    assert sorted(names(move.cards)) == ["10M"]
    s = _owing("1 bank: 4M, 3M, 2M")
    assert sorted(names(default_move(s, 1).cards)) == ["2M", "3M"]


def test_default_payment_takes_the_bank_first():
    s = _owing("1 bank: 3M, 2M\n1 sets: pink[St. Charles Place, States Avenue]")
    assert sorted(names(default_move(s, 1).cards)) == ["2M", "3M"]
    s = _owing("1 bank: 3M\n1 sets: pink[St. Charles Place, States Avenue]")
    assert sorted(names(default_move(s, 1).cards)) == ["3M", "St. Charles Place"]
    s = _owing(
        """
        1 bank: 3M, 1M
        1 sets: pink[St. Charles Place], green[Pacific Avenue]
        """
    )
    assert sorted(names(default_move(s, 1).cards)) == ["3M", "St. Charles Place"]


def test_default_payment_breaks_as_few_full_sets_as_it_can():
    s = _owing(
        """
        1 bank: 1M
        1 sets: pink[St. Charles Place, States Avenue, Virginia Avenue]
        1 sets: orange[New York Avenue]
        """
    )
    paid = sorted(names(default_move(s, 1).cards))
    assert paid == ["1M", "New York Avenue", "St. Charles Place"]


def test_default_payment_when_short_is_everything_payable():
    s = _owing("1 bank: 1M\n1 sets: green[Pacific Avenue, Multicolour Wild]")
    assert sorted(names(default_move(s, 1).cards)) == ["1M", "Pacific Avenue"]
    assert default_move(s, 1) in legal_moves(s, 1)


def test_a_hotel_left_without_its_house_goes_to_its_owners_bank():
    s = _owing("1 sets: dark blue[Park Place, Boardwalk +House +Hotel]\n1 bank: 2M")
    house = s.players[1].sets[0].house
    s = apply(s, Pay(seat=1, cards=(house, on_table(s, 1, "2M"))))
    assert s.players[1].sets[0].house is None
    assert s.players[1].sets[0].hotel is None
    assert names(s.players[1].bank) == ["Hotel"]
    assert names(s.players[0].bank) == ["House", "2M"]


def test_paying_with_the_last_property_under_a_multicolour_wild_leaves_it_loose():
    s = _owing("1 sets: green[Pacific Avenue, Multicolour Wild]\n1 bank: 1M")
    multi = on_table(s, 1, "Multicolour Wild")
    s = apply(
        s, Pay(seat=1, cards=(on_table(s, 1, "Pacific Avenue"), on_table(s, 1, "1M")))
    )
    assert s.players[1].sets == ()
    assert s.players[1].loose == (multi,)
    assert set_names(s, 0) == [("green", ["Pacific Avenue"])]
