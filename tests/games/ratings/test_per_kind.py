"""Each kind of game is rated apart: its own ratings, leaderboard and player
page figures; a rebuild and the migration keep them so."""

import pytest

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import ratings, services
from games.models import Game, Rating, RatingChange
from tests.games.factories import awaited_seat, make_game
from tests.games.ratings.test_player_pages import PLAYER_QUERIES


def finish_by_resigning(game) -> Game:
    """The seat owing a decision resigns: the other of two seats wins."""
    loser = awaited_seat(game)
    services.game_resign(game_id=game.pk, user=loser.user)
    return Game.objects.get(pk=game.pk)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_a_classic_game_moves_only_the_classic_ratings(user, other_user):
    deal = finish_by_resigning(make_game(creator=user, players=[other_user]))
    assert deal.status == Game.Status.FINISHED
    deal_ratings = {
        r.user_id: r.value for r in Rating.objects.filter(kind="deal", games=1)
    }
    classic = make_game(creator=user, players=[other_user], kind="classic")
    classic = finish_by_resigning(classic)
    assert classic.status == Game.Status.FINISHED

    assert {
        r.user_id: r.value for r in Rating.objects.filter(kind="deal", games=1)
    } == deal_ratings
    moved = Rating.objects.filter(kind="classic")
    assert {r.user_id for r in moved} == {user.pk, other_user.pk}
    assert all(r.games == 1 for r in moved)
    assert set(
        RatingChange.objects.filter(game=classic).values_list("kind", flat=True)
    ) == {"classic"}
    assert ratings.ratings_differences(ratings.ratings_compute()) == []


@pytest.mark.django_db
def test_each_kind_has_its_own_leaderboard_and_player_page(
    user, other_user, user_factory
):
    classic = make_game(creator=user, players=[other_user], kind="classic")
    finish_by_resigning(classic)
    cy = user_factory("cy")
    finish_by_resigning(make_game(creator=cy, players=[user_factory("dee")]))
    client = client_for(user)

    board = client.get(
        reverse("players:leaderboard"), {"kind": "classic", "list": "provisional"}
    )
    html = board.content.decode()
    assert f'id="player-{user.username}"' in html
    assert f'id="player-{cy.username}"' not in html
    board = client.get(reverse("players:leaderboard"), {"list": "provisional"})
    html = board.content.decode()
    assert f'id="player-{cy.username}"' in html
    assert f'id="player-{user.username}"' not in html

    url = reverse("players:player", args=[user.username])
    counts = []
    for kind in ("classic", "deal"):
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, {"kind": kind})
        counts.append(len(captured))
        assert response.status_code == 200
    deal_page = response.content.decode()  # Monopoly Deal's tab: none played
    assert "No rated games yet." in deal_page and 'data-game="' not in deal_page
    classic_page = client.get(url, {"kind": "classic"}).content.decode()
    assert f'data-game="{classic.pk}"' in classic_page
    assert max(counts) <= PLAYER_QUERIES


@pytest.mark.django_db(transaction=True)
def test_the_migration_makes_every_rating_so_far_a_monopoly_deal_one(user):
    executor = MigrationExecutor(connection)
    before, after = [("games", "0009_game_kind")], [("games", "0010_ratings_per_kind")]
    try:
        executor.migrate(before)
        old = executor.loader.project_state(before).apps.get_model("games", "Rating")
        old.objects.create(user_id=user.pk, value=1234, games=12, mu=30.0)
        executor.loader.build_graph()
        executor.migrate(after)
        new = executor.loader.project_state(after).apps.get_model("games", "Rating")
        row = new.objects.get(user_id=user.pk)
        assert (row.kind, row.value, row.games, row.mu) == ("deal", 1234, 12, 30.0)
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["deal", "classic"])
def test_the_end_screen_shows_each_player_s_rating_change(kind, user, other_user):
    game = finish_by_resigning(make_game(creator=user, players=[other_user], kind=kind))
    change = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    html = client_for(user).get(game.get_absolute_url()).content.decode()
    table = html[html.index('id="rating-changes"') :]
    table = table[: table.index("</table>")]
    assert "Ratings after this game" in table
    for person in (user, other_user):
        c = change[person.pk]
        d = c.value_after - c.value_before
        sign = f"+{d}" if d > 0 else f"\u2212{-d}" if d < 0 else "\u00b10"
        assert (
            f'<th scope="row">{person.name}</th><td class="num">{c.value_before}'
            f'</td><td class="num">{c.value_after}</td><td class="num"><b>{sign}'
        ) in table
    # The winner first.
    assert table.index(
        other_user.name if game.winner.user == other_user else user.name
    ) < table.index(user.name if game.winner.user == other_user else other_user.name)


@pytest.mark.django_db
def test_an_unrated_game_s_end_screen_shows_no_rating_change(user, other_user):
    game = make_game(creator=user, players=[other_user])
    Game.objects.filter(pk=game.pk).update(rated=False)
    game = finish_by_resigning(Game.objects.get(pk=game.pk))
    html = client_for(user).get(game.get_absolute_url()).content.decode()
    assert "rating-changes" not in html
