"""The game models: append-only events, seat names, state and seats."""

import pytest

from django.db import IntegrityError, transaction

from games.engines import deal as engine
from games.models import Game, GameEvent, Seat
from tests.games.factories import fresh, make_game

pytestmark = pytest.mark.django_db


def test_events_are_never_updated(two_player_game):
    event = two_player_game.events.first()
    event.data = {"type": "forged"}
    with pytest.raises(TypeError, match="never updated"):
        event.save()
    with pytest.raises(TypeError, match="never updated"):
        GameEvent.objects.filter(game=two_player_game).update(type="forged")
    with pytest.raises(TypeError, match="never updated"):
        two_player_game.events.update(type="forged")
    assert two_player_game.events.first().data != {"type": "forged"}


def test_events_are_never_deleted(two_player_game):
    count = two_player_game.events.count()
    with pytest.raises(TypeError, match="never deleted"):
        two_player_game.events.first().delete()
    with pytest.raises(TypeError, match="never deleted"):
        GameEvent.objects.filter(game=two_player_game).delete()
    assert two_player_game.events.count() == count


def test_event_numbers_are_unique_per_game(two_player_game):
    first = two_player_game.events.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        GameEvent.objects.create(
            game=two_player_game, seq=first.seq, type=first.type, data=first.data
        )


def test_state_is_the_snapshot_and_the_replay(two_player_game):
    game = fresh(two_player_game)
    state = game.state()
    assert isinstance(state, engine.State)
    assert state == engine.replay([e.event(game.engine) for e in game.events.all()])
    assert make_game(creator=game.created_by, seat_count=3, start=False).state() is None


def test_seat_for_finds_the_users_seat(two_player_game, user, other_user, user_factory):
    from django.contrib.auth.models import AnonymousUser

    game = Game.objects.prefetch_related("seats").get(pk=two_player_game.pk)
    assert game.seat_for(user).position == 0
    assert game.seat_for(other_user).position == 1
    assert game.seat_for(user_factory()) is None
    assert game.seat_for(AnonymousUser()) is None
    assert game.seat_for(None) is None


def test_seat_names(user):
    game = make_game(creator=user, bots=2)
    assert fresh(game).seat_names() == ["Ada", "Bot 2 (sensible)", "Bot 3 (sensible)"]


def test_seat_for_a_user_is_unique_per_game(two_player_game, user):
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=two_player_game, position=4, user=user)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=two_player_game, position=0, bot="random")
    # Bots have no user: several per game are fine.
    Seat.objects.create(game=two_player_game, position=3, bot="random")
    Seat.objects.create(game=two_player_game, position=4, bot="random")


def test_the_table_url(two_player_game):
    assert two_player_game.get_absolute_url() == f"/games/{two_player_game.pk}/"
    assert str(two_player_game) == f"Game {two_player_game.pk}"


def test_the_admin_hides_event_data_until_the_game_is_over(
    admin_client, two_player_game, other_user
):
    from games import services

    event = two_player_game.events.get(seq=2)
    url = f"/admin/games/gameevent/{event.pk}/change/"
    response = admin_client.get(url)
    assert response.status_code == 200
    assert "CardsDealt" in response.text and "Data:" not in response.text
    services.game_resign(game_id=two_player_game.pk, user=other_user)
    assert "Data:" in admin_client.get(url).text
