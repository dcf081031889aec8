"""A signed-out visitor with an invitation link signs up, confirms the email
and lands on the invitation, not on the home page."""

import re

import pytest

from django.core import mail
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.conftest import DEFAULT_PASSWORD
from tests.games.factories import make_game

pytestmark = pytest.mark.django_db

NOTICE = "You were invited to a game: sign in or sign up to join."


def path_of(url: str) -> str:
    path = url.split("://", 1)[1]
    return path[path.index("/") :]


def test_an_invitation_survives_sign_up_and_email_confirmation(user):
    game = make_game(creator=user, seat_count=3, start=False, public=False)
    invite = reverse("games:join", args=[game.invite_token])
    client = Client()

    response = client.get(invite)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    assert NOTICE in client.get(response["Location"]).content.decode()
    assert NOTICE in client.get(reverse("account_signup")).content.decode()

    client.post(
        reverse("account_signup"),
        {
            "username": "carol",
            "email": "carol@example.com",
            "password1": DEFAULT_PASSWORD,
            "password2": DEFAULT_PASSWORD,
        },
    )
    (message,) = [m for m in mail.outbox if "carol@example.com" in m.to]
    link = re.search(r"https?://\S+/accounts/confirm-email/\S+/", message.body)[0]
    response = client.post(path_of(link))

    assert response.status_code == 302
    assert response["Location"] == invite
    page = client.get(invite)
    assert "invites you to play" in page.content.decode()
    client.post(invite)
    assert game.seats.filter(user__username="carol").exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN
    assert NOTICE not in client.get(reverse("home")).content.decode()


def test_signing_in_later_still_follows_the_invitation(user, user_factory):
    game = make_game(creator=user, seat_count=3, start=False, public=False)
    invite = reverse("games:join", args=[game.invite_token])
    guest = user_factory("dora")
    client = Client()
    client.get(invite)

    response = client.post(
        reverse("account_login"), {"login": "dora", "password": DEFAULT_PASSWORD}
    )

    assert response.status_code == 302
    assert response["Location"] == invite
    assert client.get(invite).status_code == 200
    assert guest.is_authenticated


def test_without_an_invitation_sign_in_goes_home(user):
    client = Client()
    page = client.get(reverse("account_login")).content.decode()
    assert NOTICE not in page
    response = client.post(
        reverse("account_login"), {"login": user.username, "password": DEFAULT_PASSWORD}
    )
    assert response["Location"] == reverse("home")
