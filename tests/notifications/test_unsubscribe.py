"""One-click unsubscribe (RFC 8058): the link works without signing in, a POST
with no session or CSRF token turns that kind of email off, the page offers
to turn it back on, and a tampered token is refused."""

import pytest

from django.core import signing
from django.test import Client

from games.notifications import unsubscribe
from tests.games.factories import make_game
from tests.notifications.conftest import SITE, emails_to, owe, sweep

pytestmark = pytest.mark.django_db

ONE_CLICK = "List-Unsubscribe=One-Click"


def path_of(link: str) -> str:
    return link.removeprefix(SITE)


def test_the_mail_clients_one_click_post_needs_no_session_or_csrf(
    clock, user, other_user
):
    game = make_game(creator=user, players=[other_user])
    owe(game, user)
    clock.past_grace()
    sweep()
    [message] = emails_to(user)
    link = message.extra_headers["List-Unsubscribe"].strip("<>")

    client = Client(enforce_csrf_checks=True)
    response = client.post(
        path_of(link), ONE_CLICK, content_type="application/x-www-form-urlencoded"
    )

    assert response.status_code == 200
    user.refresh_from_db()
    assert user.notify == user.Notify.NONE
    assert user.reminders is True  # only that kind of email


def test_the_link_shows_a_confirm_button_then_offers_to_turn_it_back_on(user):
    client = Client(enforce_csrf_checks=True)
    url = path_of(unsubscribe.link(user, unsubscribe.Kind.REMINDER))

    page = client.get(url).content.decode()
    assert "Unsubscribe from reminders before time runs out" in page
    user.refresh_from_db()
    assert user.reminders is True  # a GET changes nothing

    page = client.post(url, {"action": "unsubscribe"}).content.decode()
    user.refresh_from_db()
    assert user.reminders is False
    assert "Turn reminders before time runs out back on" in page

    client.post(url, {"action": "resubscribe"})
    user.refresh_from_db()
    assert user.reminders is True


def test_the_digest_link_turns_the_digest_off_and_on(user_factory):
    reader = user_factory(notify="daily_digest")
    url = path_of(unsubscribe.link(reader, unsubscribe.Kind.DIGEST))
    Client().post(url, ONE_CLICK, content_type="application/x-www-form-urlencoded")
    reader.refresh_from_db()
    assert reader.notify == reader.Notify.NONE
    Client().post(url, {"action": "resubscribe"})
    reader.refresh_from_db()
    assert reader.notify == reader.Notify.DAILY_DIGEST


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_tampered_token_is_refused(user, method):
    token = unsubscribe.token_make(user, unsubscribe.Kind.MOVE)
    other_key = signing.dumps(
        {"u": user.pk, "k": "move"}, salt=unsubscribe.SALT, key="not-our-secret"
    )
    flipped = token[:-1] + ("A" if token[-1] != "A" else "B")
    for bad in (other_key, flipped, "nonsense"):
        response = getattr(Client(), method)(f"/notifications/unsubscribe/{bad}/")
        assert response.status_code == 400
    user.refresh_from_db()
    assert user.notify == user.Notify.EACH_MOVE
