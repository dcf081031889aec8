from collections import Counter

from games.engines.deal import (
    DECK,
    RENT,
    SET_SIZE,
    Action,
    Colour,
    Kind,
    card,
    rent_for,
)


def test_deck_has_106_cards_with_stable_ids():
    assert len(DECK) == 106
    assert [c.id for c in DECK] == list(range(106))
    assert card(42) is DECK[42]


def test_deck_has_the_card_counts_of_the_rules():
    kinds = Counter(c.kind for c in DECK)
    assert kinds == {
        Kind.property: 28,
        Kind.wild: 11,
        Kind.rent: 13,
        Kind.action: 34,
        Kind.money: 20,
    }
    actions = Counter(c.action for c in DECK if c.kind is Kind.action)
    assert actions == {
        Action.deal_breaker: 2,
        Action.just_say_no: 3,
        Action.sly_deal: 3,
        Action.forced_deal: 3,
        Action.debt_collector: 3,
        Action.birthday: 3,
        Action.pass_go: 10,
        Action.house: 3,
        Action.hotel: 2,
        Action.double_the_rent: 2,
    }


def test_money_adds_up_to_57m():
    money = [c.value for c in DECK if c.kind is Kind.money]
    assert sum(money) == 57
    assert Counter(money) == {1: 6, 2: 5, 3: 3, 4: 3, 5: 2, 10: 1}


def test_each_colour_has_as_many_properties_as_its_full_set():
    props = Counter(c.colours[0] for c in DECK if c.kind is Kind.property)
    assert props == SET_SIZE


def test_wilds_have_their_colours_and_values():
    wilds = Counter((c.colours, c.value) for c in DECK if c.kind is Kind.wild)
    assert wilds[((Colour.pink, Colour.orange), 2)] == 2
    assert wilds[((Colour.red, Colour.yellow), 3)] == 2
    assert wilds[((Colour.dark_blue, Colour.green), 4)] == 1
    assert wilds[(tuple(Colour), 0)] == 2


def test_multicolour_wild_has_no_value():
    multis = [c for c in DECK if c.multicolour]
    assert len(multis) == 2
    assert all(c.value == 0 for c in multis)


def test_rent_cards_name_two_colours_or_all():
    rents = [c for c in DECK if c.kind is Kind.rent]
    assert sum(len(c.colours) == 2 for c in rents) == 10
    assert sum(len(c.colours) == 10 and c.value == 3 for c in rents) == 3


def test_rent_for_follows_the_table_and_caps_at_full():
    assert rent_for(Colour.dark_blue, 1) == 3
    assert rent_for(Colour.dark_blue, 2) == 8
    assert rent_for(Colour.green, 3) == 7
    assert rent_for(Colour.railroad, 4) == 4
    assert rent_for(Colour.brown, 5) == 2
    assert all(len(RENT[c]) == SET_SIZE[c] for c in Colour)
