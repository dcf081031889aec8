"""The leaderboard and the player pages: what they show, and what they cost."""

from datetime import timedelta

import pytest

from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Game, Rating, RatingChange, Seat
from games.ratings import leaderboard
from tests.games.factories import make_game
from tests.games.ratings.test_ratings import play_to_end

pytestmark = pytest.mark.django_db

# The user (auth middleware; the session comes from the cache), then the
# page's own queries.
LEADERBOARD_QUERIES = 5
PLAYER_QUERIES = 11  # the last: the tournaments entered (none here)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def rate(user, *, value: int, games: int = 12, days_ago: int = 1, bot: str = ""):
    Rating.objects.update_or_create(
        user=user,
        defaults={
            "value": value,
            "games": games,
            "bot": bot,
            "last_played_at": timezone.now() - timedelta(days=days_ago),
        },
    )


# -- the leaderboard ---------------------------------------------------------------


def test_the_leaderboard_ranks_people_by_rating_with_bots_as_unranked_rows(
    user_factory,
):
    ada, bea, cy = user_factory(), user_factory(), user_factory()
    rate(ada, value=1200)
    rate(bea, value=1400)
    rate(cy, value=1100)
    bot = get_user_model().objects.get(username="sensible-bot")
    rate(bot, value=1300, games=500, bot="sensible")
    board = leaderboard.leaderboard(viewer=ada)
    assert [(r.user.username, r.rank, bool(r.bot)) for r in board.rows] == [
        (bea.username, 1, False),
        ("sensible-bot", 1, True),
        (ada.username, 2, False),
        (cy.username, 3, False),
    ]
    assert board.my_rank == 2
    html = client_for(ada).get(reverse("players:leaderboard")).content.decode()
    assert 'class="is-me"' in html and f'id="player-{ada.username}"' in html
    assert 'class=" is-bot"' in html
    assert "rank <b>#2</b>" in html


def test_provisional_players_are_listed_apart(user_factory):
    old, new = user_factory(), user_factory()
    rate(old, value=1100, games=10)
    rate(new, value=1500, games=9)
    established = leaderboard.leaderboard(viewer=old)
    provisional = leaderboard.leaderboard(viewer=old, provisional=True)
    assert [r.user_id for r in established.rows] == [old.pk]
    assert [r.user_id for r in provisional.rows] == [new.pk]
    assert provisional.me is None


def test_the_30_day_board_leaves_out_who_has_not_played_since(user_factory):
    recent, idle = user_factory(), user_factory()
    rate(recent, value=1000, days_ago=3)
    rate(idle, value=1600, days_ago=45)
    assert [r.user_id for r in leaderboard.leaderboard(viewer=None).rows] == [recent.pk]
    all_time = leaderboard.leaderboard(viewer=None, active=False)
    assert [r.user_id for r in all_time.rows] == [idle.pk, recent.pk]


def test_jump_to_me_links_to_the_page_holding_my_row(user_factory):
    people = [user_factory() for _ in range(2 * leaderboard.BOARD_PAGE + 10)]
    for i, person in enumerate(people):
        rate(person, value=2000 - i)
    me = people[leaderboard.BOARD_PAGE + 3]  # the 4th row of page 2
    board = leaderboard.leaderboard(viewer=me)
    assert (board.my_rank, board.my_page) == (leaderboard.BOARD_PAGE + 4, 2)
    client = client_for(me)
    html = client.get(reverse("players:leaderboard")).content.decode()
    link = f"?list=established&amp;period=active&amp;page=2#player-{me.username}"
    assert link in html
    page_two = client.get(reverse("players:leaderboard") + "?page=2").content
    assert f'id="player-{me.username}" class="is-me"' in page_two.decode()


# -- the player page ---------------------------------------------------------------


@pytest.fixture
def history(user_factory):
    """Ada: a won or lost game against Bea, a 3-seat game with a bot, a casual one."""
    ada, bea = user_factory("ada"), user_factory("bea")
    play_to_end(make_game(creator=ada, players=[bea]), seed=2)
    play_to_end(make_game(creator=ada, players=[bea], bots=1), seed=5)
    casual = services.game_create(
        creator=ada, seat_count=2, seconds_per_decision=3600, rated=False
    )
    services.game_add_bots(game_id=casual.pk, user=ada)
    play_to_end(casual, seed=1)
    return ada, bea


def test_the_player_page_shows_rating_results_chart_and_opponents(history):
    ada, bea = history
    page = leaderboard.player_page(username="ada", viewer=bea)
    assert page.value == Rating.objects.get(user=ada).value
    assert page.provisional and page.rank is None
    assert page.stats["played"] == 3
    assert sum(page.stats[k] for k in ("won", "drawn", "resigned", "timed_out")) <= 3
    assert len(page.chart.points) == 3  # the start, then two rated games
    assert page.chart.points[0].value == 1000
    assert {o["username"] for o in page.opponents} == {"bea", "sensible-bot"}
    assert [g.delta is None for g in page.played] == [True, False, False]
    html = client_for(bea).get("/players/ada/").content.decode()
    assert '<polyline class="chart__line"' in html
    assert 'href="/players/bea/"' in html and 'href="/players/sensible-bot/"' in html
    assert "style=" not in html and "<script>" not in html


def test_finished_games_filter_by_result_and_seats(history):
    ada, _ = history
    page = leaderboard.player_page(username="ada", viewer=ada, seats=3)
    assert [g.seat.game.seat_count for g in page.played] == [3]
    for result in ("won", "lost"):
        page = leaderboard.player_page(username="ada", viewer=ada, result=result)
        assert all(g.result == result for g in page.played)
    won = leaderboard.player_page(username="ada", viewer=ada, result="won").played
    lost = leaderboard.player_page(username="ada", viewer=ada, result="lost").played
    assert len(won) + len(lost) == 3


def test_each_finished_game_links_to_its_replay_or_table(history):
    ada, _ = history
    html = client_for(ada).get("/players/ada/").content.decode()
    game = Game.objects.filter(seats__user=ada).order_by("-finished_at").first()
    assert (
        f'href="/games/{game.pk}/replay/"' in html
        or f'href="/games/{game.pk}/"' in html
    )


def test_a_private_game_is_listed_only_to_those_who_sat_there(user_factory):
    ada, bea, cy = user_factory(), user_factory(), user_factory()
    game = make_game(creator=ada, players=[bea], public=False)
    play_to_end(game)
    assert leaderboard.player_page(username=ada.username, viewer=cy).played == []
    assert len(leaderboard.player_page(username=ada.username, viewer=bea).played) == 1
    assert (
        leaderboard.player_page(username=ada.username, viewer=cy).stats["played"] == 1
    )


def test_the_player_page_lists_current_public_games(user):
    make_game(creator=user, seat_count=3, start=False)
    page = leaderboard.player_page(username=user.username, viewer=user)
    assert len(page.current) == 1


def test_an_unknown_player_is_404(user):
    assert client_for(user).get("/players/nobody-here/").status_code == 404


def test_a_bot_page_lists_each_game_once(user):
    play_to_end(make_game(creator=user, bots=2, bot="random"))
    page = leaderboard.player_page(username="random-bot", viewer=user)
    assert page.bot == "random"
    assert len(page.played) == 1 and page.stats["played"] == 1
    assert [o["username"] for o in page.opponents] == [user.username]


def test_the_create_form_makes_a_casual_game_when_rated_is_unticked(user):
    client = client_for(user)
    client.post(
        reverse("games:create"),
        {"seat_count": 2, "seconds_per_decision": 3600, "public": "on"},
    )
    client.post(
        reverse("games:create"),
        {"seat_count": 2, "seconds_per_decision": 3600, "rated": "on"},
    )
    assert list(Game.objects.order_by("pk").values_list("rated", flat=True)) == [
        False,
        True,
    ]
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert 'name="rated"' in lobby and "Casual" in lobby


def test_bot_accounts_cannot_log_in():
    for name in ("sensible-bot", "random-bot"):
        bot = get_user_model().objects.get(username=name)
        assert not bot.is_active and not bot.has_usable_password()
        assert Rating.objects.get(user=bot).bot == name.removesuffix("-bot")


# -- cost --------------------------------------------------------------------------


def make_data(players: int, games: int, prefix: str):
    call_command(
        "make_rating_data",
        players=players,
        games=games,
        prefix=prefix,
        force=True,
        stdout=open("/dev/null", "w"),  # noqa: SIM115
    )
    return get_user_model().objects.filter(username__startswith=prefix)


def page_queries(client, url) -> int:
    client.get("/inbox/bell/")  # the header's bell caches its count (a minute)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_pages_cost_the_same_queries_on_small_and_larger_data(
    django_assert_num_queries,
):
    small = make_data(30, 120, "tiny")
    viewer = small.order_by("pk").first()
    client = client_for(viewer)
    urls = [
        "/leaderboard/?period=all",
        f"/players/{viewer.username}/",
        f"/players/{viewer.username}/?result=lost&seats=2",
        "/players/sensible-bot/",
    ]
    before = [page_queries(client, url) for url in urls]
    assert RatingChange.objects.count() > 200

    make_data(300, 1500, "many")
    assert Seat.objects.count() > 4000
    after = [page_queries(client, url) for url in urls]
    assert after == before
    with django_assert_num_queries(LEADERBOARD_QUERIES):
        client.get("/leaderboard/?period=all&page=2")
    with django_assert_num_queries(PLAYER_QUERIES):
        client.get(f"/players/{viewer.username}/")


def test_make_rating_data_refuses_without_debug_unless_forced(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="--force"):
        call_command("make_rating_data", players=3, games=3)


def test_the_leaderboard_opens_on_the_first_tab_with_players(user_factory):
    # Only provisional players, long ago: the first view is that tab, not an
    # empty list of established players in the last days.
    ada = user_factory()
    rate(ada, value=1050, games=2, days_ago=400)
    board = leaderboard.opening_board(viewer=ada)
    assert (board.provisional, board.active) == (True, False)
    assert [r.user_id for r in board.rows] == [ada.pk]
    html = client_for(ada).get(reverse("players:leaderboard")).content.decode()
    assert f'id="player-{ada.username}"' in html
    # A tab asked for by name stays that tab, empty or not.
    asked = client_for(ada).get(reverse("players:leaderboard") + "?list=established")
    assert f'id="player-{ada.username}"' not in asked.content.decode()


def test_a_leaderboard_with_no_rated_game_yet_says_so(user_factory):
    ada = user_factory()
    Rating.objects.filter(kind="classic").delete()
    board = leaderboard.opening_board(viewer=ada, kind="classic")
    assert board.none_yet and not board.rows
    html = client_for(ada).get(reverse("players:leaderboard") + "?kind=classic")
    assert "No rated games of Classic Monopoly yet:" in html.content.decode()
