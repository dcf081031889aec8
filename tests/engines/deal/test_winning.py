from games.engines.deal import (
    Accept,
    BankCard,
    CollectDebt,
    DealBreaker,
    EndTurn,
    ForcedDeal,
    GameWon,
    Pay,
    PlayProperty,
    awaiting,
    legal_moves,
    scenario,
    view,
)

from .support import apply, events_of, held, on_table, refused

THREE_SETS_LESS_ONE = """
    0 hand: Boardwalk, 1M
    0 sets: brown[Mediterranean Avenue, Baltic Avenue]
    0 sets: utility[Electric Company, Water Works]
    0 sets: dark blue[Park Place]
    """


def test_three_full_sets_of_different_colours_win_on_your_own_turn():
    s = scenario(THREE_SETS_LESS_ONE)
    move = PlayProperty(seat=0, card=held(s, 0, "Boardwalk"), colour="dark_blue")
    assert events_of(s, move)[-1] == GameWon(seat=0)
    s = apply(s, move)
    assert s.winner == 0
    assert awaiting(s) == ()
    assert legal_moves(s, 1) == []
    refused(s, BankCard(seat=0, card=held(s, 0, "1M")), "The game is over.")
    assert view(s, 1)["hands"] == {"0": list(s.players[0].hand), "1": []}


def test_two_full_sets_of_one_colour_count_once():
    s = scenario(
        """
        0 hand: Red/Yellow Wild
        0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
        0 sets: red[Red/Yellow Wild, Multicolour Wild]
        0 sets: brown[Mediterranean Avenue, Baltic Avenue]
        """
    )
    s = apply(s, PlayProperty(seat=0, card=held(s, 0, "Red/Yellow Wild"), colour="red"))
    assert s.winner is None


def test_a_set_paid_to_you_on_your_own_turn_wins_at_once():
    s = scenario(
        """
        0 hand: Debt Collector
        0 sets: brown[Mediterranean Avenue, Baltic Avenue]
        0 sets: utility[Electric Company, Water Works]
        0 sets: dark blue[Park Place]
        1 sets: dark blue[Boardwalk], green[Pacific Avenue]
        """
    )
    s = apply(
        s,
        CollectDebt(seat=0, card=held(s, 0, "Debt Collector"), target=1),
        Accept(seat=1),
        Pay(
            seat=1,
            cards=(on_table(s, 1, "Boardwalk"), on_table(s, 1, "Pacific Avenue")),
        ),
    )
    assert s.winner == 0


FORCED_DEAL_GIFT = """
    seats: 3
    0 hand: Forced Deal
    0 sets: dark blue[Boardwalk], orange[New York Avenue]
    {gifted} sets: brown[Mediterranean Avenue, Baltic Avenue]
    {gifted} sets: utility[Electric Company, Water Works]
    {gifted} sets: dark blue[Park Place], green[Pacific Avenue]
    {gifted} hand: 1M
    {other} hand: Deal Breaker
    """


def _forced_deal(gifted: int, other: int):
    s = scenario(FORCED_DEAL_GIFT.format(gifted=gifted, other=other))
    s = apply(
        s,
        ForcedDeal(
            seat=0,
            card=held(s, 0, "Forced Deal"),
            target=gifted,
            take=on_table(s, gifted, "Pacific Avenue"),
            give=on_table(s, 0, "Boardwalk"),
        ),
        Accept(seat=gifted),
    )
    assert len(s.players[gifted].full_colours()) == 3
    assert s.winner is None
    assert s.active == 0
    return s


def test_win_by_forced_deal_on_someone_elses_turn_waits_for_its_owners_turn():
    s = _forced_deal(gifted=1, other=2)
    evs = events_of(s, EndTurn(seat=0))
    assert GameWon(seat=1) in evs
    s = apply(s, EndTurn(seat=0))
    assert s.winner == 1
    assert len(s.players[1].hand) == 1  # won as the turn started, before drawing


def test_three_sets_lost_before_your_turn_starts_do_not_win():
    s = _forced_deal(gifted=2, other=1)
    s = apply(s, EndTurn(seat=0))
    assert s.winner is None and s.active == 1
    s = apply(
        s,
        DealBreaker(seat=1, card=held(s, 1, "Deal Breaker"), target=2, set_index=0),
        Accept(seat=2),
        EndTurn(seat=1),
    )
    assert s.winner is None
    assert s.active == 2
    assert len(s.players[2].full_colours()) == 2
