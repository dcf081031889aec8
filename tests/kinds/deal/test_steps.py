"""What each targeted move names on the table, in tapping order (issue 27:
direct manipulation reads these from the move's form)."""

from games.engines.deal import ChargeRent, Colour, DealBreaker, ForcedDeal, SlyDeal
from games.kinds.deal.table import steps_of


def test_each_targeted_move_names_what_a_player_taps():
    assert steps_of(SlyDeal(seat=0, card=1, target=1, take=9))[0] == "c9"
    assert steps_of(ForcedDeal(seat=0, card=1, target=1, take=9, give=4))[0] == "c9 c4"
    assert steps_of(DealBreaker(seat=0, card=1, target=2, set_index=1))[0] == "s2-1"
    wild_rent = ChargeRent(seat=0, card=1, colour=Colour.red, set_index=0, target=2)
    assert steps_of(wild_rent) == (
        "s0-0 p2",
        "Tap your set to charge its rent|Tap the player who pays",
    )
    everyone = ChargeRent(seat=0, card=1, colour=Colour.red, set_index=0)
    assert steps_of(everyone)[0] == "s0-0"
