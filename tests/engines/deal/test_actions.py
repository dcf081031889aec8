from games.engines.deal import (
    Accept,
    Birthday,
    Build,
    CollectDebt,
    DealBreaker,
    ForcedDeal,
    Pay,
    Resign,
    SlyDeal,
    awaiting,
    legal_moves,
    scenario,
)

from .support import apply, bank_total, held, names, on_table, refused, set_names


def test_debt_collector_makes_one_player_pay_five():
    s = scenario("seats: 3\n0 hand: Debt Collector\n2 bank: 5M")
    card = held(s, 0, "Debt Collector")
    s = apply(s, CollectDebt(seat=0, card=card, target=2))
    assert [(a.seat, a.kind, a.amount) for a in awaiting(s)] == [(2, "respond", 5)]
    s = apply(s, Accept(seat=2), Pay(seat=2, cards=s.players[2].bank))
    assert bank_total(s, 0) == 5
    assert card in s.discard


def test_birthday_makes_every_other_player_pay_two():
    s = scenario("seats: 3\n0 hand: It's My Birthday\n1 bank: 2M\n2 bank: 1M, 1M")
    s = apply(s, Birthday(seat=0, card=held(s, 0, "It's My Birthday")))
    assert [(a.seat, a.amount) for a in awaiting(s)] == [(1, 2), (2, 2)]
    s = apply(
        s,
        Accept(seat=2),
        Accept(seat=1),
        Pay(seat=2, cards=s.players[2].bank),
        Pay(seat=1, cards=s.players[1].bank),
    )
    assert bank_total(s, 0) == 4
    assert s.pending is None


def test_actions_cannot_target_yourself_or_a_player_who_left():
    s = scenario("seats: 3\n0 hand: Debt Collector\n2 resigned")
    card = held(s, 0, "Debt Collector")
    refused(s, CollectDebt(seat=0, card=card, target=0), "against yourself")
    refused(s, CollectDebt(seat=0, card=card, target=2), "has left the game")
    refused(s, CollectDebt(seat=0, card=card, target=9), "no such player")


def test_an_action_card_must_be_the_one_named():
    s = scenario("0 hand: Sly Deal\n1 sets: pink[States Avenue]")
    refused(
        s,
        CollectDebt(seat=0, card=held(s, 0, "Sly Deal"), target=1),
        "That card is not a Debt Collector.",
    )


def test_sly_deal_takes_a_property_from_a_set_that_is_not_full():
    s = scenario(
        """
        0 hand: Sly Deal
        0 sets: pink[States Avenue]
        1 sets: pink[St. Charles Place, Pink/Orange Wild]
        """
    )
    wild = on_table(s, 1, "Pink/Orange Wild")
    s = apply(s, SlyDeal(seat=0, card=held(s, 0, "Sly Deal"), target=1, take=wild))
    s = apply(s, Accept(seat=1))
    assert set_names(s, 0) == [("pink", ["States Avenue", "Pink/Orange Wild"])]
    assert set_names(s, 1) == [("pink", ["St. Charles Place"])]


def test_sly_deal_cannot_take_from_full_set():
    s = scenario(
        """
        0 hand: Sly Deal
        1 sets: brown[Mediterranean Avenue, Baltic Avenue]
        """
    )
    refused(
        s,
        SlyDeal(
            seat=0,
            card=held(s, 0, "Sly Deal"),
            target=1,
            take=on_table(s, 1, "Baltic Avenue"),
        ),
        "Sly Deal cannot take a card from a full set.",
    )
    assert not [m for m in legal_moves(s, 0) if isinstance(m, SlyDeal)]


def test_sly_deal_cannot_take_from_the_bank():
    s = scenario("0 hand: Sly Deal\n1 bank: 10M")
    refused(
        s,
        SlyDeal(
            seat=0, card=held(s, 0, "Sly Deal"), target=1, take=on_table(s, 1, "10M")
        ),
        "no such property",
    )


def test_sly_deal_of_a_multicolour_wild_leaves_it_loose_without_a_set_to_join():
    s = scenario(
        """
        0 hand: Sly Deal
        1 sets: green[Pacific Avenue, Multicolour Wild]
        """
    )
    multi = on_table(s, 1, "Multicolour Wild")
    s = apply(
        s,
        SlyDeal(seat=0, card=held(s, 0, "Sly Deal"), target=1, take=multi),
        Accept(seat=1),
    )
    assert s.players[0].loose == (multi,)


def test_forced_deal_swaps_and_may_give_from_a_full_set():
    s = scenario(
        """
        0 hand: Forced Deal
        0 sets: brown[Mediterranean Avenue, Baltic Avenue +House]
        1 sets: yellow[Atlantic Avenue, Ventnor Avenue]
        """
    )
    give = on_table(s, 0, "Baltic Avenue")
    take = on_table(s, 1, "Ventnor Avenue")
    s = apply(
        s,
        ForcedDeal(
            seat=0, card=held(s, 0, "Forced Deal"), target=1, take=take, give=give
        ),
        Accept(seat=1),
    )
    assert set_names(s, 0) == [
        ("brown", ["Mediterranean Avenue"]),
        ("yellow", ["Ventnor Avenue"]),
    ]
    assert set_names(s, 1) == [
        ("yellow", ["Atlantic Avenue"]),
        ("brown", ["Baltic Avenue"]),
    ]
    assert names(s.players[0].bank) == ["House"]  # the broken set's House


def test_forced_deal_cannot_take_from_a_full_set():
    s = scenario(
        """
        0 hand: Forced Deal
        0 sets: brown[Mediterranean Avenue]
        1 sets: dark blue[Park Place, Boardwalk], green[Pacific Avenue]
        """
    )
    card = held(s, 0, "Forced Deal")
    give = on_table(s, 0, "Mediterranean Avenue")
    refused(
        s,
        ForcedDeal(
            seat=0, card=card, target=1, take=on_table(s, 1, "Boardwalk"), give=give
        ),
        "Forced Deal cannot take a card from a full set.",
    )
    deals = [m for m in legal_moves(s, 0) if isinstance(m, ForcedDeal)]
    assert deals == [
        ForcedDeal(
            seat=0,
            card=card,
            target=1,
            take=on_table(s, 1, "Pacific Avenue"),
            give=give,
        )
    ]


def test_forced_deal_needs_a_property_of_yours_to_give():
    s = scenario("0 hand: Forced Deal\n0 bank: 1M\n1 sets: green[Pacific Avenue]")
    refused(
        s,
        ForcedDeal(
            seat=0,
            card=held(s, 0, "Forced Deal"),
            target=1,
            take=on_table(s, 1, "Pacific Avenue"),
            give=on_table(s, 0, "1M"),
        ),
        "no such property in a set to give",
    )


def test_deal_breaker_takes_a_full_set_with_its_house_and_hotel():
    s = scenario(
        "0 hand: Deal Breaker\n"
        "1 sets: green[Pacific Avenue, North Carolina Avenue, Pennsylvania Avenue"
        " +House +Hotel]\n"
        "1 sets: red[Kentucky Avenue]"
    )
    green = s.players[1].sets[0]
    s = apply(
        s,
        DealBreaker(seat=0, card=held(s, 0, "Deal Breaker"), target=1, set_index=0),
        Accept(seat=1),
    )
    assert s.players[0].sets == (green,)
    assert set_names(s, 1) == [("red", ["Kentucky Avenue"])]


def test_deal_breaker_cannot_take_a_set_that_is_not_full():
    s = scenario("0 hand: Deal Breaker\n1 sets: red[Kentucky Avenue]")
    card = held(s, 0, "Deal Breaker")
    refused(
        s,
        DealBreaker(seat=0, card=card, target=1, set_index=0),
        "Deal Breaker can take only a full set.",
    )
    refused(s, DealBreaker(seat=0, card=card, target=1, set_index=3), "no such set")


def test_house_goes_on_a_full_set_and_costs_a_play():
    s = scenario("0 hand: House\n0 sets: brown[Mediterranean Avenue, Baltic Avenue]")
    s = apply(s, Build(seat=0, card=held(s, 0, "House"), set_index=0))
    assert s.players[0].sets[0].house is not None
    assert s.plays == 1


def test_house_needs_a_full_set():
    s = scenario("0 hand: House\n0 sets: red[Kentucky Avenue, Indiana Avenue]")
    refused(
        s,
        Build(seat=0, card=held(s, 0, "House"), set_index=0),
        "A House can go only on a full set.",
    )


def test_house_on_railroads_is_refused():
    s = scenario(
        "0 hand: House, Hotel\n"
        "0 sets: railroad[Reading Railroad, Pennsylvania Railroad, Short Line,"
        " B. & O. Railroad]\n"
        "0 sets: utility[Electric Company, Water Works]"
    )
    for i in (0, 1):
        refused(
            s,
            Build(seat=0, card=held(s, 0, "House"), set_index=i),
            "cannot go on railroads or utilities",
        )
    assert not [m for m in legal_moves(s, 0) if isinstance(m, Build)]


def test_one_house_per_set():
    s = scenario("0 hand: House\n0 sets: dark blue[Park Place, Boardwalk +House]")
    refused(
        s,
        Build(seat=0, card=held(s, 0, "House"), set_index=0),
        "That set already has a House.",
    )


def test_hotel_without_a_house_is_refused():
    s = scenario("0 hand: Hotel\n0 sets: dark blue[Park Place, Boardwalk]")
    refused(
        s,
        Build(seat=0, card=held(s, 0, "Hotel"), set_index=0),
        "A Hotel needs a House on the set first.",
    )


def test_hotel_goes_on_a_full_set_with_a_house_one_per_set():
    s = scenario(
        "0 hand: Hotel, Hotel\n0 sets: dark blue[Park Place, Boardwalk +House]"
    )
    s = apply(s, Build(seat=0, card=held(s, 0, "Hotel"), set_index=0))
    assert s.players[0].sets[0].hotel is not None
    refused(
        s,
        Build(seat=0, card=held(s, 0, "Hotel"), set_index=0),
        "That set already has a Hotel.",
    )


def test_only_houses_and_hotels_are_built():
    s = scenario("0 hand: 1M\n0 sets: dark blue[Park Place, Boardwalk]")
    refused(
        s,
        Build(seat=0, card=held(s, 0, "1M"), set_index=0),
        "not a House or a Hotel",
    )


def test_resign_is_always_among_the_legal_moves():
    s = scenario("seats: 3")
    for seat in range(3):
        assert legal_moves(s, seat)[-1] == Resign(seat=seat)
