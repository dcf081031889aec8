"""Ratings: each finished rated game moves every player's rating once."""

import random

import pytest

from django.core.management import call_command

from games import ratings, services
from games.engines import deal as engine
from games.engines.deal import bots
from games.models import Game, Rating, RatingChange, Seat
from games.ratings import SeatResult, placements
from tests.games.factories import awaited_seat, fresh, make_game
from tests.games.test_draw import drawn_state

pytestmark = pytest.mark.django_db

PLAYING, RESIGNED, TIMED_OUT, LEFT = (
    Seat.Status.PLAYING,
    Seat.Status.RESIGNED,
    Seat.Status.TIMED_OUT,
    Seat.Status.LEFT,
)


def play_to_end(game: Game, *, seed: int = 0, limit: int = 3000) -> Game:
    """Play the sensible bot for every human and let the bots move, to the end."""
    rng = random.Random(seed)
    for _ in range(limit):
        game = fresh(game)
        if game.status != Game.Status.ACTIVE:
            return game
        seat = awaited_seat(game)
        if seat.bot:
            services.bots_play(game_id=game.pk, version=game.version)
            continue
        move = bots.sensible_bot(game.state(), seat.position, rng)
        services.move_submit(
            game_id=game.pk, user=seat.user, move=move, version=game.version
        )
    raise AssertionError("the game did not end")


def changes(game: Game) -> dict[str, RatingChange]:
    return {
        c.user.username: c
        for c in RatingChange.objects.filter(game=game).select_related("user")
    }


def rating_of(user) -> Rating:
    return Rating.objects.get(user=user)


# -- placement ----------------------------------------------------------------------


def seat(position, status=PLAYING, left_at=None):
    return SeatResult(position, position + 1, "", status, left_at)


def test_the_winner_is_first_and_everyone_else_still_playing_ties_second():
    table = [seat(0), seat(1), seat(2), seat(3)]
    assert placements(table, winner=2) == {2: 1, 0: 2, 1: 2, 3: 2}


def test_leavers_rank_below_the_players_and_the_earlier_leaver_lower():
    table = [
        seat(0),
        seat(1, RESIGNED, left_at=40),
        seat(2),
        seat(3, TIMED_OUT, left_at=90),
        seat(4, LEFT, left_at=10),
    ]
    assert placements(table, winner=0) == {0: 1, 2: 2, 3: 3, 1: 4, 4: 5}


def test_a_draw_ties_everyone_leavers_too():
    assert placements([seat(0), seat(1), seat(2)], winner=None) == {0: 1, 1: 1, 2: 1}
    with_leaver = [seat(0), seat(1), seat(2, RESIGNED, left_at=5)]
    assert placements(with_leaver, winner=None) == {0: 1, 1: 1, 2: 1}


def test_a_leaver_whose_bot_won_is_still_ranked_as_a_leaver():
    table = [seat(0, LEFT, left_at=7), seat(1), seat(2)]
    assert placements(table, winner=0) == {1: 1, 2: 1, 0: 2}


def test_the_shown_rating_starts_at_1000_and_is_40_per_point_of_mu_minus_3_sigma():
    assert ratings.shown(25.0, 25.0 / 3.0) == 1000
    assert ratings.shown(30.0, 2.0) == 1000 + 40 * 24


# -- finished games ----------------------------------------------------------------


def test_a_finished_game_against_a_bot_rates_the_player_and_the_bot_once(user):
    game = play_to_end(make_game(creator=user, bots=1))
    rows = changes(game)
    assert set(rows) == {user.username, "sensible-bot"}
    won = game.winner.user_id == user.pk
    mine, bot = rows[user.username], rows["sensible-bot"]
    assert (mine.place, bot.place) == ((1, 2) if won else (2, 1))
    assert mine.value_before == bot.value_before == 1000
    assert (mine.value_after > 1000) == won
    assert (bot.value_after > 1000) != won
    assert rating_of(user).games == 1
    assert rating_of(user).value == mine.value_after
    assert rating_of(user).last_played_at == game.finished_at
    assert Rating.objects.get(user__username="sensible-bot").bot == "sensible"


def test_the_winner_gains_and_the_loser_loses_against_an_equal(user, other_user):
    game = play_to_end(make_game(creator=user, players=[other_user]), seed=3)
    rows = changes(game)
    winner = game.winner.user.username
    loser = next(name for name in rows if name != winner)
    assert rows[winner].place == 1 and rows[loser].place == 2
    assert rows[winner].mu_after > 25 > rows[loser].mu_after
    assert rows[winner].value_after > rows[loser].value_after


def test_rating_a_game_again_counts_it_once(user):
    game = play_to_end(make_game(creator=user, bots=1))
    before = rating_of(user)
    assert ratings.game_rate(game=fresh(game)) is False
    assert ratings.game_rate(game=fresh(game)) is False
    assert RatingChange.objects.filter(game=game).count() == 2
    after = rating_of(user)
    assert (after.mu, after.sigma, after.games) == (
        before.mu,
        before.sigma,
        before.games,
    )


def test_a_retried_rating_after_the_rows_were_lost_writes_them_once(user):
    game = play_to_end(make_game(creator=user, bots=1))
    RatingChange.objects.filter(game=game).delete()
    assert ratings.game_rate(game=fresh(game)) is True
    assert ratings.game_rate(game=fresh(game)) is False
    assert RatingChange.objects.filter(game=game).count() == 2


def test_a_casual_game_is_not_rated(user):
    game = services.game_create(
        creator=user, seat_count=2, seconds_per_decision=3600, rated=False
    )
    services.game_add_bots(game_id=game.pk, user=user)
    game = play_to_end(game)
    assert game.status == Game.Status.FINISHED
    assert not RatingChange.objects.filter(game=game).exists()
    assert not Rating.objects.filter(user=user).exists()


def test_an_abandoned_game_is_not_rated(user):
    game = services.game_create(creator=user, seat_count=3, seconds_per_decision=60)
    services.game_leave(game_id=game.pk, user=user)
    game = fresh(game)
    assert game.status == Game.Status.ABANDONED
    assert ratings.game_rate(game=game) is False
    assert not RatingChange.objects.exists()


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_every_seat_count_rates_every_account_once(user_factory, seats):
    people = [user_factory() for _ in range(seats)]
    game = play_to_end(make_game(creator=people[0], players=people[1:]), seed=seats)
    rows = changes(game)
    assert set(rows) == {p.username for p in people}
    winner = game.winner.user.username
    assert rows[winner].place == 1
    assert {r.place for name, r in rows.items() if name != winner} == {2}
    assert all(rating_of(p).games == 1 for p in people)


def test_two_seats_of_one_bot_give_the_bot_one_change(user):
    game = play_to_end(make_game(creator=user, bots=2, bot="random"), seed=1)
    rows = changes(game)
    assert set(rows) == {user.username, "random-bot"}
    assert Rating.objects.get(user__username="random-bot").games == 1


def test_a_resigned_player_ranks_below_those_who_played_on(user_factory):
    ada, bea, cy = (user_factory() for _ in range(3))
    game = make_game(creator=ada, players=[bea, cy])
    services.game_resign(game_id=game.pk, user=bea)
    game = play_to_end(game)
    rows = changes(game)
    assert rows[bea.username].place == 3
    assert rows[bea.username].value_after < rows[game.winner.user.username].value_after


def test_the_earlier_leaver_ranks_lower_resigned_and_timed_out(user_factory, clock):
    ada, bea, cy, dan = (user_factory() for _ in range(4))
    game = make_game(
        creator=ada,
        players=[bea, cy, dan],
        options=engine.Options(max_missed_deadlines=1),
    )
    services.game_resign(game_id=game.pk, user=dan)
    # Whoever is awaited next lets their deadline pass and times out.
    late = awaited_seat(game)
    clock.advance(2 * 3600)
    assert services.deadline_expire(game_id=game.pk, version=fresh(game).version)
    assert Seat.objects.get(pk=late.pk).status == TIMED_OUT
    game = play_to_end(game)
    rows = changes(game)
    assert rows[late.user.username].place == 3
    assert rows[dan.username].place == 4
    stayers = {ada, bea, cy} - {late.user}
    assert sorted(rows[p.username].place for p in stayers) == [1, 2]


def test_a_drawn_game_ties_everyone(user, other_user):
    game = make_game(creator=user, players=[other_user])
    Game.objects.filter(pk=game.pk).update(
        snapshot=engine.to_json(drawn_state()),
        status=Game.Status.FINISHED,
        winner=None,
        finished_at=game.created_at,
    )
    assert ratings.game_rate(game=fresh(game)) is True
    rows = changes(game)
    assert rows[user.username].place == rows[other_user.username].place == 1
    assert rows[user.username].mu_after == pytest.approx(25, abs=1e-9)
    assert rows[user.username].sigma_after < 25 / 3


# -- rebuild -----------------------------------------------------------------------


def test_rebuild_reproduces_the_stored_ratings_exactly(user_factory, clock):
    people = [user_factory() for _ in range(4)]
    rng = random.Random(7)
    for n in range(8):
        creator, *others = rng.sample(people, rng.randint(1, 3))
        game = make_game(
            creator=creator,
            players=others,
            bots=rng.randint(0 if others else 1, 2),
            bot=rng.choice(["sensible", "random"]),
        )
        if n in (3, 6) and others:
            services.game_resign(game_id=game.pk, user=others[0])
        clock.advance(60)
        play_to_end(game, seed=n)
    stored_changes = list(
        RatingChange.objects.order_by("id").values_list(*ratings.CHANGE_FIELDS)
    )
    stored = sorted(
        Rating.objects.values_list(
            "user_id", "bot", "mu", "sigma", "value", "games", "last_played_at"
        )
    )
    assert len(stored_changes) > 16
    assert ratings.ratings_differences(ratings.ratings_compute()) == []

    call_command("ratings_rebuild")

    assert (
        list(RatingChange.objects.order_by("id").values_list(*ratings.CHANGE_FIELDS))
        == stored_changes
    )
    assert (
        sorted(
            Rating.objects.values_list(
                "user_id", "bot", "mu", "sigma", "value", "games", "last_played_at"
            )
        )
        == stored
    )


def test_rebuild_check_reports_a_tampered_rating(user):
    play_to_end(make_game(creator=user, bots=1))
    Rating.objects.filter(user=user).update(value=4321)
    problems = ratings.ratings_differences(ratings.ratings_compute())
    assert len(problems) == 1 and f"user {user.pk}" in problems[0]
