"""Every Chance and Community Chest card (RULES-CLASSIC.md "The cards")."""

import pytest

from games.engines.classic import CARDS, BuildingBuilt, Roll, awaiting, scenario

from .support import apply, cash, events_of, where

# (card, from space reached by 1+2, extra table) -> (position, cash of 0, 1, 2)
SIMPLE = {
    "ch_dividend": (7, [1550, 1500, 1500]),
    "ch_loan": (7, [1650, 1500, 1500]),
    "ch_speeding": (7, [1485, 1500, 1500]),
    "ch_chairman": (7, [1400, 1550, 1550]),
    "cc_bank_error": (2, [1700, 1500, 1500]),
    "cc_doctor": (2, [1450, 1500, 1500]),
    "cc_stock": (2, [1550, 1500, 1500]),
    "cc_holiday": (2, [1600, 1500, 1500]),
    "cc_tax_refund": (2, [1520, 1500, 1500]),
    "cc_birthday": (2, [1520, 1490, 1490]),
    "cc_life_insurance": (2, [1600, 1500, 1500]),
    "cc_hospital": (2, [1400, 1500, 1500]),
    "cc_school": (2, [1450, 1500, 1500]),
    "cc_consultancy": (2, [1525, 1500, 1500]),
    "cc_beauty": (2, [1510, 1500, 1500]),
    "cc_inherit": (2, [1600, 1500, 1500]),
}


def _draw(card: str, extra: str = "", start: int | None = None, dice=(1, 2)):
    deck = "chance" if card.startswith("ch_") else "chest"
    if start is None:
        start = 4 if deck == "chance" else 39  # 4 + 3 = 7; 39 + 3 = 2 (GO paid)
    s = scenario(f"seats: 3\n0 at: {start}\n{deck}: {card}\n{extra}")
    return apply(s, Roll(seat=0), dice=dice)


@pytest.mark.parametrize("card", sorted(SIMPLE))
def test_money_cards_move_the_money_they_say(card):
    space, expected = SIMPLE[card]
    s = _draw(card)
    if space == 2:  # passed GO on the way
        expected = [expected[0] + 200, *expected[1:]]
    assert where(s, 0) == space and cash(s) == expected
    deck = s.chance if card.startswith("ch_") else s.chest
    assert deck[-1] == card  # carried out, then to the bottom


@pytest.mark.parametrize(
    "card,to,salary",
    [
        ("ch_boardwalk", 39, 0),
        ("ch_go", 0, 200),
        ("ch_illinois", 24, 0),
        ("ch_st_charles", 11, 0),
        ("ch_reading", 5, 200),
    ],
)
def test_advance_cards_move_forward_paying_200_when_go_is_passed(card, to, salary):
    s = _draw(card)
    assert where(s, 0) == to and cash(s)[0] == 1500 + salary
    if to:
        assert s.for_sale == to  # unowned: buy or auction


def test_advance_to_st_charles_from_chance_36_passes_go():
    s = _draw("ch_st_charles", start=33)
    assert where(s, 0) == 11 and cash(s)[0] == 1700


def test_cc_go_advances_to_go_and_collects_200():
    s = _draw("cc_go")
    # Passed GO by the dice (39 -> 2), then advanced to GO: 200 each time.
    assert where(s, 0) == 0 and cash(s)[0] == 1900


@pytest.mark.parametrize(
    "start,railroad", [(4, 15), (19, 25), (33, 5)]
)  # Chance 7, 22, 36
def test_next_railroad_cards_charge_twice_the_rent(start, railroad):
    for card in ("ch_railroad_1", "ch_railroad_2"):
        names = {
            5: "Reading Railroad",
            15: "Pennsylvania Railroad",
            25: "B. & O. Railroad",
        }
        s = _draw(card, f"1 owns: {names[railroad]}", start=start)
        assert where(s, 0) == railroad
        salary = 200 if railroad == 5 else 0
        assert cash(s)[0:2] == [1500 + salary - 50, 1550]


def test_next_railroad_card_offers_an_unowned_railroad_for_sale():
    s = _draw("ch_railroad_1")
    assert where(s, 0) == 15 and s.for_sale == 15


@pytest.mark.parametrize("start,utility", [(4, 12), (19, 28), (33, 12)])
def test_next_utility_card_rolls_and_charges_ten_times(start, utility):
    name = {12: "Electric Company", 28: "Water Works"}[utility]
    s = _draw("ch_utility", f"1 owns: {name}", start=start, dice=(1, 2, 3, 3))
    salary = 200 if start == 33 else 0
    assert where(s, 0) == utility and cash(s)[:2] == [1500 + salary - 60, 1560]


def test_get_out_of_jail_free_is_kept_not_returned_to_the_deck():
    for card in ("ch_jail_free", "cc_jail_free"):
        s = _draw(card)
        assert s.players[0].jail_cards == (card,)
        assert card not in s.chance + s.chest


def test_go_back_three_spaces_resolves_the_space_with_no_salary():
    s = _draw("ch_back_3")  # 7 -> 4 Income Tax
    assert where(s, 0) == 4 and cash(s)[0] == 1300
    s = _draw("ch_back_3", "1 owns: New York Avenue", start=19)  # 22 -> 19
    assert where(s, 0) == 19 and cash(s)[:2] == [1484, 1516]
    s = _draw("ch_back_3", "chest: cc_beauty", start=33)  # 36 -> 33: Chest
    assert where(s, 0) == 33 and cash(s)[0] == 1510


@pytest.mark.parametrize("card", ["ch_go_to_jail", "cc_go_to_jail"])
def test_go_to_jail_cards(card):
    s = _draw(card, dice=(1, 2))
    assert s.players[0].in_jail and where(s, 0) == 10 and s.active == 1


@pytest.mark.parametrize(
    "card,expected", [("ch_repairs", 25 * 3 + 100), ("cc_street_repairs", 40 * 3 + 115)]
)
def test_repairs_charge_per_house_and_per_hotel(card, expected):
    table = "0 owns: Boardwalk +hotel, Park Place +3"
    s = _draw(card, table)
    salary = 0 if card.startswith("ch_") else 200
    assert cash(s)[0] == 1500 + salary - expected


def test_every_card_is_covered_by_a_test_here():
    covered = set(SIMPLE) | {
        "ch_boardwalk", "ch_go", "ch_illinois", "ch_st_charles", "ch_reading",
        "cc_go", "ch_railroad_1", "ch_railroad_2", "ch_utility", "ch_jail_free",
        "cc_jail_free", "ch_back_3", "ch_go_to_jail", "cc_go_to_jail",
        "ch_repairs", "cc_street_repairs",
    }  # fmt: skip
    assert covered == set(CARDS) and len(CARDS) == 32


def test_chairman_pays_only_players_still_in_the_game():
    s = _draw("ch_chairman", "2 out")
    assert cash(s)[:2] == [1450, 1550]


def test_birthday_makes_each_other_player_a_separate_debtor_in_seat_order():
    s = _draw("cc_birthday", "1 cash: 0\n1 owns: Baltic Avenue\n2 cash: 0\n"
              "2 owns: Mediterranean Avenue")  # fmt: skip
    assert [(d.seat, d.amount) for d in s.debts] == [(1, 10), (2, 10)]
    assert [a.seat for a in awaiting(s)] == [1]


def test_a_card_move_never_builds_anything():
    assert not any(
        isinstance(e, BuildingBuilt)
        for e in events_of(scenario("0 at: 4\nchance: ch_boardwalk"), Roll(seat=0),
                           dice=(1, 2))
    )  # fmt: skip


def test_the_rent_roll_after_a_utility_card_never_counts_as_doubles():
    # 4 + 3 reaches Chance 7; the rent roll of 5 + 5 pays 10 x 10 and gives no
    # further roll.
    s = _draw("ch_utility", "1 owns: Electric Company", dice=(1, 2, 5, 5))
    assert where(s, 0) == 12 and cash(s)[:2] == [1400, 1600]
    assert [a.kind for a in awaiting(s)] == ["end"]
    # After a doubles move, the player still rolls again, whatever the rent roll.
    s = _draw("ch_utility", "1 owns: Electric Company", start=3, dice=(2, 2, 1, 2))
    assert where(s, 0) == 12 and cash(s)[:2] == [1470, 1530]
    assert [a.kind for a in awaiting(s)] == ["roll"]
