"""The expert's fitted score: a seat's chance of winning, from its features."""

from bench.score_fit import fit, log_likelihood, positions
from games.engines.deal import new_game, scenario
from games.engines.deal.bots.evaluate import (
    FEATURES,
    FITS,
    WIN_SCORE,
    features,
    score,
    strength,
)
from games.engines.deal.cards import DECK, Colour, rent_for
from games.engines.deal.state import PropertySet, replace


def _properties(colour: Colour) -> tuple[int, ...]:
    return tuple(c.id for c in DECK if c.kind == "property" and c.colours == (colour,))


def test_a_full_set_more_raises_the_seat_chance_and_lowers_the_others():
    state = new_game(2, 1)
    one = (PropertySet(Colour.brown, _properties(Colour.brown)),)
    two = (*one, PropertySet(Colour.dark_blue, _properties(Colour.dark_blue)))
    players = list(state.players)
    players[0] = replace(players[0], sets=one)
    level = replace(state, players=tuple(players))
    players[0] = replace(players[0], sets=two)
    ahead = replace(state, players=tuple(players))
    assert score(ahead, 0) > score(level, 0)
    assert score(ahead, 1) < score(level, 1)
    assert -WIN_SCORE < score(ahead, 1) < score(ahead, 0) < WIN_SCORE
    assert abs(score(ahead, 0) + score(ahead, 1)) < 1e-9


def test_features_count_what_a_player_holds():
    state = new_game(2, 1)
    player = replace(
        state.players[0],
        sets=(PropertySet(Colour.brown, _properties(Colour.brown)),),
        bank=tuple(c.id for c in DECK if c.kind == "money" and c.value == 10),
    )
    x = dict(zip(FEATURES, features(player, True), strict=True))
    assert x["one full set"] == 1.0
    assert x["two full sets"] == 0.0
    assert x["bank (M, up to 20)"] == 10
    assert x["bank (M, up to 5)"] == 5
    assert x["its turn starts now"] == 1.0


def test_the_fit_weighs_what_tells_the_winner():
    games = [sample for seed in range(40) for sample in positions(2, seed)]
    assert games and all(len(row) == 2 for row, _ in games)
    weights = fit(games)
    assert weights[FEATURES.index("one full set")] > 0
    assert log_likelihood(weights, games) > log_likelihood([0.0] * len(FEATURES), games)


def _read(state, seat):
    players = state.players
    others = players[:seat] + players[seat + 1 :]
    return dict(zip(FEATURES, features(players[seat], seat == 0, others), strict=True))


def test_features_read_what_the_hand_can_do_to_the_table():
    state = scenario("""
        0 hand: Green/Dark Blue Rent, Double the Rent, Deal Breaker, Sly Deal
        0 sets: green[Pacific Avenue, North Carolina Avenue]
        1 sets: dark blue[Boardwalk, Park Place]
        1 sets: green[Pennsylvania Avenue]
    """)
    x = _read(state, 0)
    assert x["best rent a rent card in hand charges (M)"] == rent_for(Colour.green, 2)
    assert x["Double the Rent in hand, and a rent to charge"] == 1.0
    assert x["Deal Breaker in hand, and a full set to take"] == 1.0
    # Seat 1's Pennsylvania Avenue would finish seat 0's greens.
    assert (
        x["Sly Deal or Forced Deal in hand, and a card to take that finishes a set"]
        == 1.0
    )
    bare = _read(scenario("0 hand: Deal Breaker, Sly Deal, Brown/Light Blue Rent"), 0)
    assert bare["Deal Breaker in hand, and a full set to take"] == 0.0
    assert bare["best rent a rent card in hand charges (M)"] == 0.0
    assert (
        bare["Sly Deal or Forced Deal in hand, and a card to take that finishes a set"]
        == 0.0
    )


def test_the_fit_values_a_deal_breaker_more_with_a_full_set_to_take():
    bare = scenario("0 hand: Deal Breaker")
    aimed = scenario("""
        0 hand: Deal Breaker
        1 sets: dark blue[Boardwalk, Park Place]
    """)

    def standing(state, fit):
        me, other = state.players
        return strength(me, True, (other,), FITS[fit][2])

    assert standing(aimed, "hand") > standing(bare, "hand")
    # The fit of 2026-11-23 did not read what the hand can do to the table.
    assert standing(aimed, "sets") == standing(bare, "sets")
