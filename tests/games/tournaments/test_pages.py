"""The tournament pages and forms: what they show, what they refuse, and a
fixed number of queries whatever the number of players and rounds."""

import random
from datetime import timedelta

import pytest

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games import services
from games.tournaments import services as tournaments
from games.tournaments import tasks
from games.tournaments.models import Tournament
from tests.games.tournaments.test_lifecycle import make, play_round, start

pytestmark = pytest.mark.django_db


def test_the_list_shows_tournaments_by_state_and_game(client_logged_in, user):
    make(user, bots=0, name="Deal open")
    make(user, bots=0, name="Classic open", kind="classic")
    page = client_logged_in.get(reverse("tournaments:list"))
    assert page.status_code == 200
    assert b"Deal open" in page.content and b"Classic open" in page.content
    page = client_logged_in.get(reverse("tournaments:list") + "?kind=classic")
    assert b"Classic open" in page.content and b"Deal open" not in page.content


def test_the_create_form_makes_a_tournament_its_creator_is_in(client_logged_in, user):
    answer = client_logged_in.post(
        reverse("tournaments:create"),
        {
            "name": "Sunday Swiss",
            "kind": "deal",
            "format": "swiss",
            "rounds": 3,
            "seats": 3,
            "seconds_per_decision": 86400,
            "round_hours": 72,
            "starts_in_hours": 2,
            "min_players": 3,
            "max_players": 12,
            "rated": "on",
        },
    )
    tournament = Tournament.objects.get(name="Sunday Swiss")
    assert answer.status_code == 302 and answer.url == tournament.get_absolute_url()
    assert tournament.entries.get().user == user
    assert tournament.seats == 3 and tournament.rounds == 3


def test_a_forged_create_form_is_refused_with_a_reason_and_makes_nothing(
    client_logged_in,
):
    for forged in (
        {"name": "x", "kind": "chess"},
        {"name": "x", "kind": "deal", "format": "elimination", "seats": 3},
        {"name": "x\x00", "kind": "deal", "format": "swiss", "seats": 9},
    ):
        data = {
            "format": "swiss",
            "rounds": 2,
            "seats": 2,
            "seconds_per_decision": 3600,
            "round_hours": 24,
            "starts_in_hours": 1,
            "min_players": 2,
            "max_players": 8,
            **forged,
        }
        answer = client_logged_in.post(reverse("tournaments:create"), data)
        assert answer.status_code == 400
    assert not Tournament.objects.exists()


def test_join_leave_and_bots_through_the_pages(client, user, other_user):
    tournament = make(user, bots=0)
    client.force_login(other_user)
    url = reverse("tournaments:join", args=[tournament.pk])
    assert client.post(url).status_code == 302
    assert tournament.entries.filter(user=other_user).exists()
    again = client.post(url)
    assert again.status_code == 409 and b"already" in again.content
    forged_bot = client.post(
        reverse("tournaments:bot", args=[tournament.pk]), {"bot": "sensible"}
    )
    assert forged_bot.status_code == 400  # only the creator invites bots
    client.post(reverse("tournaments:leave", args=[tournament.pk]))
    assert not tournament.entries.filter(user=other_user).exists()
    client.force_login(user)
    wrong = client.post(
        reverse("tournaments:bot", args=[tournament.pk]), {"bot": "chess"}
    )
    assert wrong.status_code == 400 and tournament.entries.count() == 1


@pytest.mark.parametrize("path", ["detail", "join", "withdraw"])
def test_a_tournament_that_does_not_exist_is_not_found(client_logged_in, path):
    for pk in (999999, 2**40):
        url = reverse(f"tournaments:{path}", args=[pk])
        answer = (
            client_logged_in.get(url)
            if path == "detail"
            else client_logged_in.post(url)
        )
        assert answer.status_code == 404


def test_the_page_shows_standings_pairings_and_a_crosstable(client_logged_in, user):
    tournament = make(user, bots=3, format=Tournament.Format.ROUND_ROBIN, rounds=0)
    tournament = start(tournament)
    play_round(tournament, random.Random(3))
    tasks.tournaments_sweep()
    page = client_logged_in.get(tournament.get_absolute_url())
    html = page.content.decode()
    assert page.status_code == 200
    assert "Standings" in html and "Round 2" in html and "Crosstable" in html
    assert ">H2H</th>" in html and "Tie-breaks, in order: head-to-head" in html
    assert "Withdraw" in html
    for entry in tournament.entries.all():
        assert entry.name in html


def _page_queries(client, tournament) -> int:
    client.get("/inbox/bell/")  # the header's bell caches its count (a minute)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(tournament.get_absolute_url()).status_code == 200
    return len(queries)


def test_the_page_costs_the_same_queries_at_8_and_64_players(client_logged_in, user):
    counts = []
    for players in (8, 64):
        tournament = make(user, bots=players - 1, max_players=64, rounds=3)
        tournament = start(tournament)
        counts.append(_page_queries(client_logged_in, tournament))
    assert counts[0] == counts[1], counts


def test_the_page_costs_the_same_queries_after_more_rounds(client_logged_in, user):
    tournament = start(make(user, bots=5, rounds=3))
    counts = [_page_queries(client_logged_in, tournament)]
    rng = random.Random(5)
    for _ in range(2):
        play_round(tournament, rng)
        tasks.tournaments_sweep()
        counts.append(_page_queries(client_logged_in, tournament))
    tournament.refresh_from_db()
    assert tournament.round == 3
    assert len(set(counts)) == 1, counts


def test_the_round_hard_end_and_start_time_are_shown(client, user):
    tournament = make(user, bots=1)
    html = client.get(tournament.get_absolute_url()).content.decode()
    assert "Taking entries" in html and "starts" in html
    tournament.starts_at = timezone.now() - timedelta(minutes=1)
    tournament.save()
    tournaments.tournament_advance(tournament_id=tournament.pk)
    html = client.get(tournament.get_absolute_url()).content.decode()
    assert "round 1" in html and "ends by" in html


def test_my_games_names_a_tournament_game_with_its_round(client_logged_in, user):
    tournament = start(make(user, bots=1, name="Friday cup"))
    page = client_logged_in.get(reverse("games:mine"))
    html = page.content.decode()
    assert "Friday cup</a>, round 1" in html
    assert tournament.get_absolute_url() in html


def test_the_create_form_takes_the_chosen_games_house_rules(client_logged_in):
    client_logged_in.post(
        reverse("tournaments:create"),
        {
            "name": "Short classic",
            "kind": "classic",
            "format": "round_robin",
            "seats": 3,
            "seconds_per_decision": 86400,
            "round_hours": 72,
            "starts_in_hours": 2,
            "min_players": 3,
            "max_players": 12,
            "option_classic_turn_limit": 20,
            "option_classic_double_salary": "on",
            "option_hotel_replaces_house": "on",  # a Deal rule: not this game's
        },
    )
    tournament = Tournament.objects.get(name="Short classic")
    assert tournament.options["turn_limit"] == 20
    assert tournament.options["double_salary"] is True
    assert "hotel_replaces_house" not in tournament.options


def test_the_navigation_and_the_profile_lead_to_tournaments_and_tokens(
    client_logged_in,
):
    home = client_logged_in.get("/games/").content.decode()
    assert home.count('href="/tournaments/"') == 2  # the bar, and More on a phone
    profile = client_logged_in.get("/profile/").content.decode()
    assert 'href="/api/tokens/"' in profile


def _player_page(client, user) -> tuple[str, int]:
    client.get("/inbox/bell/")  # the header's bell caches its count (a minute)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"/players/{user.username}/")
    assert page.status_code == 200
    return page.content.decode(), len(queries)


def test_a_player_page_lists_the_tournaments_entered_with_places(
    client_logged_in, user, other_user
):
    html, _ = _player_page(client_logged_in, other_user)
    assert 'id="tournaments"' in html and "None yet." in html
    won = make(user, bots=0, rounds=1, name="Won cup")
    tournaments.tournament_join(tournament_id=won.pk, user=other_user)
    won = start(won)
    game = won.pairings.get().game
    services.game_resign(game_id=game.pk, user=user)
    tasks.tournaments_sweep()
    upcoming = make(user, bots=0, name="Next cup")
    tournaments.tournament_join(tournament_id=upcoming.pk, user=other_user)
    html, few = _player_page(client_logged_in, other_user)
    assert f'<a href="/tournaments/{won.pk}/">Won cup</a>' in html
    assert "Finished · placed 1st of 2" in html
    assert f'<a href="/tournaments/{upcoming.pk}/">Next cup</a>' in html
    assert "Taking entries</span>" in html
    mine, _ = _player_page(client_logged_in, user)
    assert "Finished · placed 2nd of 2" in mine
    # More tournaments, players and rounds: the same queries.
    for count in (8, 16):
        bigger = make(user, bots=count - 2, max_players=64, rounds=2)
        tournaments.tournament_join(tournament_id=bigger.pk, user=other_user)
        bigger = start(bigger)
        play_round(bigger, random.Random(count))
        tasks.tournaments_sweep()
    html, more = _player_page(client_logged_in, other_user)
    assert html.count('<p class="current"><a href="/tournaments/') == 4
    assert "Running · now" in html
    assert more == few, (few, more)
