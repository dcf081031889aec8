"""Standing answers: accept charges and pay the suggested cards, in advance."""

import json

import pytest

from games import services
from games.engines import deal as engine
from games.models import GameEvent
from tests.games.factories import fresh, make_game
from tests.games.test_views import client_for, offered_moves, post_move, rig

pytestmark = pytest.mark.django_db

TABLE = """
    seats: 3
    turn: 0
    0 hand: Birthday, 1M
    1 hand: {bea_hand}
    1 bank: 1M, 2M
    2 bank: 5M
"""


def birthday(ada, bea, cara, bea_hand="Pass Go"):
    game = rig(
        make_game(creator=ada, players=[bea, cara]), TABLE.format(bea_hand=bea_hand)
    )
    client = client_for(ada)
    move = next(
        m
        for m in offered_moves(client.get(game.get_absolute_url()).content.decode())
        if m["type"] == "Birthday"
    )
    assert post_move(client, game, json.dumps(move)).status_code == 302
    return fresh(game)


def owing(game) -> set[int]:
    return {a.seat for a in engine.awaiting(game.state())}


@pytest.fixture
def three(user, other_user, user_factory):
    return user, other_user, user_factory("cara", display_name="Cara")


def test_with_both_answers_a_charge_resolves_at_once(three):
    ada, bea, cara = three
    bea.accept_charges = bea.pay_suggested = True
    bea.save()
    game = birthday(ada, bea, cara)
    assert owing(game) == {2}  # Cara still answers; Bea has paid
    rows = GameEvent.objects.filter(game=game, seat=1).values_list("type", "cause")
    assert list(rows) == [("Accepted", "player"), ("PaymentMade", "player")]
    assert sum(engine.DECK[c].value for c in game.state().players[0].bank) == 2


def test_the_standing_accept_never_plays_a_just_say_no(three):
    ada, bea, cara = three
    bea.accept_charges = True
    bea.save()
    game = birthday(ada, bea, cara, bea_hand="Just Say No")
    assert [a.kind for a in engine.awaiting(game.state()) if a.seat == 1] == ["pay"]
    assert any(
        engine.DECK[c].name == "Just Say No" for c in game.state().players[1].hand
    )


def test_accept_alone_leaves_the_payment_to_the_player(three):
    ada, bea, cara = three
    bea.accept_charges = True
    bea.save()
    game = birthday(ada, bea, cara)
    assert {a.kind for a in engine.awaiting(game.state()) if a.seat == 1} == {"pay"}


def test_without_standing_answers_the_player_is_awaited(three):
    ada, bea, cara = three
    game = birthday(ada, bea, cara)
    assert owing(game) == {1, 2}


def test_pay_suggested_alone_pays_when_the_player_accepts(three):
    ada, bea, cara = three
    bea.pay_suggested = True
    bea.save()
    game = birthday(ada, bea, cara)
    assert 1 in owing(game)
    game = services.move_submit(
        game_id=game.pk,
        user=bea,
        move=engine.Accept(seat=1),
        version=game.version,
    )
    assert 1 not in owing(fresh(game))


def test_the_profile_saves_the_standing_answers(client_logged_in, user):
    from django.urls import reverse

    data = {"display_name": "Ada", "time_zone": "UTC", "notify": "none"}
    data.update(accept_charges="on", pay_suggested="on")
    client_logged_in.post(reverse("profile"), data)
    user.refresh_from_db()
    assert user.accept_charges and user.pay_suggested


def test_a_game_can_override_the_profile(three):
    ada, bea, cara = three
    bea.accept_charges = bea.pay_suggested = True
    bea.save()
    game = make_game(creator=ada, players=[bea, cara])
    services.seat_standing_set(
        game_id=game.pk, user=bea, accept_charges=False, pay_suggested=None
    )
    game = rig(game, TABLE.format(bea_hand="Pass Go"))
    client = client_for(ada)
    move = next(
        m
        for m in offered_moves(client.get(game.get_absolute_url()).content.decode())
        if m["type"] == "Birthday"
    )
    post_move(client, game, json.dumps(move))
    assert owing(fresh(game)) == {1, 2}  # this game: Bea answers herself


def test_turning_them_on_answers_what_is_owed_now(three):
    ada, bea, cara = three
    game = birthday(ada, bea, cara)
    assert 1 in owing(game)
    response = client_for(bea).post(
        f"/games/{game.pk}/standing/", {"accept_charges": "on", "pay_suggested": "on"}
    )
    assert response.status_code == 302
    assert owing(fresh(game)) == {2}
    page = client_for(bea).get(game.get_absolute_url()).content.decode()
    assert 'value="on" selected' in page


def test_saving_them_from_the_table_says_so(three):
    ada, bea, cara = three
    game = birthday(ada, bea, cara)
    response = client_for(bea).post(
        f"/games/{game.pk}/standing/",
        {"accept_charges": "off", "pay_suggested": "off"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert (
        '<p class="prompt__notice" role="status">'
        "Your standing answers for this game are saved.</p>"
    ) in html
    # A move's answer says nothing of the kind.
    table = client_for(bea).get(game.get_absolute_url(), HTTP_HX_REQUEST="true")
    assert "prompt__notice" not in table.content.decode()
