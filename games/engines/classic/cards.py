"""The Chance and Community Chest decks as data (RULES-CLASSIC.md, "The cards")."""

from dataclasses import dataclass

CHANCE, CHEST = "chance", "chest"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    deck: str
    text: str


def _deck(name: str, rows: tuple[tuple[str, str], ...]) -> tuple[Card, ...]:
    return tuple(Card(id, name, text) for id, text in rows)


CHANCE_CARDS: tuple[Card, ...] = _deck(
    CHANCE,
    (
        ("ch_boardwalk", "Advance to Boardwalk."),
        ("ch_go", "Advance to GO. Collect $200."),
        ("ch_illinois", "Advance to Illinois Avenue. If you pass GO, collect $200."),
        (
            "ch_st_charles",
            "Advance to St. Charles Place. If you pass GO, collect $200.",
        ),
        (
            "ch_railroad_1",
            "Advance to the nearest Railroad. If owned, pay the owner twice the rent.",
        ),
        (
            "ch_railroad_2",
            "Advance to the nearest Railroad. If owned, pay the owner twice the rent.",
        ),
        (
            "ch_utility",
            "Advance to the nearest Utility. If owned, roll the dice and pay the "
            "owner 10 times the amount thrown.",
        ),
        ("ch_dividend", "Bank pays you dividend of $50."),
        ("ch_jail_free", "Get Out of Jail Free."),
        ("ch_back_3", "Go back 3 spaces."),
        ("ch_go_to_jail", "Go to Jail. Do not pass GO, do not collect $200."),
        ("ch_repairs", "Make general repairs: $25 per house, $100 per hotel."),
        ("ch_speeding", "Speeding fine $15."),
        (
            "ch_reading",
            "Take a trip to Reading Railroad. If you pass GO, collect $200.",
        ),
        ("ch_chairman", "Chairman of the Board. Pay each player $50."),
        ("ch_loan", "Your building loan matures. Collect $150."),
    ),
)

CHEST_CARDS: tuple[Card, ...] = _deck(
    CHEST,
    (
        ("cc_go", "Advance to GO. Collect $200."),
        ("cc_bank_error", "Bank error in your favour. Collect $200."),
        ("cc_doctor", "Doctor's fee. Pay $50."),
        ("cc_stock", "From sale of stock you get $50."),
        ("cc_jail_free", "Get Out of Jail Free."),
        ("cc_go_to_jail", "Go to Jail. Do not pass GO, do not collect $200."),
        ("cc_holiday", "Holiday fund matures. Collect $100."),
        ("cc_tax_refund", "Income tax refund. Collect $20."),
        ("cc_birthday", "It is your birthday. Collect $10 from every player."),
        ("cc_life_insurance", "Life insurance matures. Collect $100."),
        ("cc_hospital", "Pay hospital fees of $100."),
        ("cc_school", "Pay school fees of $50."),
        ("cc_consultancy", "Receive $25 consultancy fee."),
        (
            "cc_street_repairs",
            "You are assessed for street repairs: $40 per house, $115 per hotel.",
        ),
        ("cc_beauty", "You have won second prize in a beauty contest. Collect $10."),
        ("cc_inherit", "You inherit $100."),
    ),
)

CARDS: dict[str, Card] = {c.id: c for c in (*CHANCE_CARDS, *CHEST_CARDS)}
JAIL_FREE = frozenset({"ch_jail_free", "cc_jail_free"})

# Cards that simply move money between the drawer and the bank (+ collect).
BANK_PAYS: dict[str, int] = {
    "ch_dividend": 50,
    "ch_loan": 150,
    "cc_bank_error": 200,
    "cc_stock": 50,
    "cc_holiday": 100,
    "cc_tax_refund": 20,
    "cc_life_insurance": 100,
    "cc_consultancy": 25,
    "cc_beauty": 10,
    "cc_inherit": 100,
}
PAY_BANK: dict[str, int] = {
    "ch_speeding": 15,
    "cc_doctor": 50,
    "cc_hospital": 100,
    "cc_school": 50,
}
ADVANCE_TO: dict[str, int] = {
    "ch_boardwalk": 39,
    "ch_go": 0,
    "cc_go": 0,
    "ch_illinois": 24,
    "ch_st_charles": 11,
    "ch_reading": 5,
}
REPAIRS: dict[str, tuple[int, int]] = {  # per house, per hotel
    "ch_repairs": (25, 100),
    "cc_street_repairs": (40, 115),
}
GO_TO_JAIL_CARDS = frozenset({"ch_go_to_jail", "cc_go_to_jail"})
NEXT_RAILROAD = frozenset({"ch_railroad_1", "ch_railroad_2"})
CHAIRMAN, BIRTHDAY, BACK_3, NEXT_UTILITY = (
    "ch_chairman",
    "cc_birthday",
    "ch_back_3",
    "ch_utility",
)
CHAIRMAN_PAYS, BIRTHDAY_GIFT = 50, 10


def deck_of(card_id: str) -> str:
    return CARDS[card_id].deck
