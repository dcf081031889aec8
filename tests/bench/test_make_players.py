"""`manage.py make_players`: load players with a known password, whose
sessions survive making them again (the load harness reuses them)."""

import pytest

from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

pytestmark = pytest.mark.django_db


def test_players_are_made_verified_and_can_log_in(settings):
    settings.DEBUG = True
    call_command("make_players", "3", "--prefix", "t", "--password", "pw-for-load")

    names = (
        get_user_model()
        .objects.filter(username__startswith="t0")
        .values_list("username", flat=True)
    )
    assert sorted(names) == ["t0001", "t0002", "t0003"]
    response = Client().post(
        "/accounts/login/", {"login": "t0002", "password": "pw-for-load"}
    )
    assert response.status_code == 302


def test_making_them_again_keeps_their_sessions(settings):
    settings.DEBUG = True
    call_command("make_players", "2", "--prefix", "t", "--password", "pw-for-load")
    client = Client()
    client.post("/accounts/login/", {"login": "t0001", "password": "pw-for-load"})
    assert client.get("/games/mine/").status_code == 200

    call_command("make_players", "2", "--prefix", "t", "--password", "pw-for-load")
    assert client.get("/games/mine/").status_code == 200

    # A new password is a password change: it ends the session.
    call_command("make_players", "2", "--prefix", "t", "--password", "another-pw")
    assert client.get("/games/mine/").status_code == 302
    assert Client().login(username="t0001", password="another-pw")


def test_it_refuses_with_debug_off_unless_forced(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off"):
        call_command("make_players", "1", "--prefix", "t")
    call_command("make_players", "1", "--prefix", "t", "--force")
    assert get_user_model().objects.filter(username="t0001").exists()
