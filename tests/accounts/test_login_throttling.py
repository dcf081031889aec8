"""Failed logins are limited per address and account, and per account; an
address only against a flood.

A lock never reaches another account, nor the same account from another
address, and a password reset lifts it (the policy: accounts.adapter).
Every test starts with an empty cache (tests/conftest.py), so no count leaks
from one test to the next.
"""

import logging
import re

import pytest

from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.processes import configured

LOGIN = reverse("account_login")
WRONG = "and/or password you specified are not correct."
LOCKED = "Too many failed login attempts"
NEW_PASSWORD = "quince-lantern-77"


def at(address: str, **headers: str) -> Client:
    """A browser whose requests reach the site from ``address``."""
    return Client(REMOTE_ADDR=address, headers=headers)


def log_in(client, login, password, **extra):
    return client.post(LOGIN, {"login": login, "password": password}, **extra)


def logs_in(client, user, password=None) -> bool:
    log_in(client, user.username, password or user.raw_password)
    return client.session.get("_auth_user_id") == str(user.pk)


def fail(client, user, times, login=None, **extra):
    for _ in range(times):
        response = log_in(client, login or user.username, "a-guess", **extra)
        assert WRONG in response.content.decode()


def reset_password(client, user, new_password):
    client.post(reverse("account_reset_password"), {"email": user.email})
    link = re.search(
        r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", mail.outbox[-1].body
    )
    form_page = client.get(link[1], follow=True)
    response = client.post(
        form_page.redirect_chain[-1][0],
        {"password1": new_password, "password2": new_password},
    )
    assert response.status_code == 302


@pytest.mark.django_db
def test_wrong_passwords_at_an_address_never_lock_other_accounts_there(user_factory):
    office = at("198.51.100.7")
    for target in user_factory(), user_factory(), user_factory():
        fail(office, target, 5)
    ada = user_factory()

    assert logs_in(office, ada)


@pytest.mark.django_db
def test_five_wrong_passwords_lock_that_account_at_that_address(user):
    home = at("198.51.100.7")
    fail(home, user, 5)

    response = log_in(home, user.username, user.raw_password)

    assert LOCKED in response.content.decode()
    assert home.session.get("_auth_user_id") is None


@pytest.mark.django_db
def test_wrong_passwords_by_username_and_by_email_share_one_count(user):
    home = at("198.51.100.7")
    fail(home, user, 3)
    fail(home, user, 2, login=user.email)

    response = log_in(home, user.email, user.raw_password)

    assert LOCKED in response.content.decode()


@pytest.mark.django_db
def test_the_right_password_from_a_new_address_gets_past_the_lock(user):
    fail(at("198.51.100.7"), user, 5)

    assert logs_in(at("203.0.113.20"), user)


@pytest.mark.django_db
def test_a_password_reset_lifts_the_lock_at_the_address_it_was_done_from(user):
    home = at("198.51.100.7")
    fail(home, user, 5)

    reset_password(home, user, NEW_PASSWORD)

    assert logs_in(home, user, NEW_PASSWORD)


@pytest.mark.django_db
def test_twenty_wrong_passwords_from_many_addresses_lock_the_account(user):
    for n in range(10):
        fail(at(f"203.0.113.{n}"), user, 2)

    newcomer = at("198.51.100.99")
    response = log_in(newcomer, user.username, user.raw_password)

    assert LOCKED in response.content.decode()
    assert newcomer.session.get("_auth_user_id") is None


@pytest.mark.django_db
def test_the_account_lock_spares_other_accounts(user, other_user):
    for n in range(10):
        fail(at(f"203.0.113.{n}"), user, 2)

    assert logs_in(at("203.0.113.0"), other_user)


@pytest.mark.django_db
def test_a_password_reset_lifts_the_account_lock(user):
    for n in range(10):
        fail(at(f"203.0.113.{n}"), user, 2)
    home = at("198.51.100.7")

    reset_password(home, user, NEW_PASSWORD)

    assert logs_in(home, user, NEW_PASSWORD)


@pytest.mark.django_db
def test_right_passwords_do_not_count_towards_a_lock(user):
    home = at("198.51.100.7")
    fail(home, user, 4)

    assert all(logs_in(home, user) for _ in range(3))


@pytest.mark.django_db
def test_behind_a_trusted_proxy_the_address_comes_from_x_forwarded_for(settings, user):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.2"
    home = at(proxy, x_forwarded_for="198.51.100.7")
    fail(home, user, 5)

    assert LOCKED in log_in(home, user.username, user.raw_password).content.decode()
    assert logs_in(at(proxy, x_forwarded_for="203.0.113.20"), user)


@pytest.mark.django_db
def test_behind_a_trusted_proxy_a_spoofed_entry_does_not_dodge_the_lock(settings, user):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    # The proxy appends the address it saw after whatever the client sent.
    guesser = at("10.0.0.2")
    for n in range(5):
        fail(guesser, user, 1, headers={"x-forwarded-for": f"1.2.3.{n}, 198.51.100.7"})

    response = log_in(
        guesser,
        user.username,
        user.raw_password,
        headers={"x-forwarded-for": "1.2.3.99, 198.51.100.7"},
    )

    assert LOCKED in response.content.decode()


@pytest.mark.django_db
def test_without_a_trusted_proxy_x_forwarded_for_is_ignored(settings, user):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0
    guesser = at("198.51.100.7")
    for n in range(5):
        fail(guesser, user, 1, headers={"x-forwarded-for": f"203.0.113.{n}"})

    response = log_in(
        guesser,
        user.username,
        user.raw_password,
        headers={"x-forwarded-for": "203.0.113.99"},
    )

    assert LOCKED in response.content.decode()


def test_the_trusted_proxy_count_comes_from_the_environment():
    assert configured("ALLAUTH_TRUSTED_PROXY_COUNT", TRUSTED_PROXY_COUNT="1") == 1
    assert configured("ALLAUTH_TRUSTED_PROXY_COUNT", TRUSTED_PROXY_COUNT=None) == 0


@pytest.mark.django_db
def test_login_works_while_redis_is_down(client, user, settings, caplog):
    # The cache settings.py builds for a REDIS_URL where nothing listens.
    settings.CACHES = configured("CACHES", REDIS_URL="redis://127.0.0.1:1/0")

    with caplog.at_level(logging.WARNING, logger="mdeal_site.cache"):
        page = client.get(LOGIN)
        logged_in = logs_in(client, user)

    assert page.status_code == 200
    assert logged_in
    warnings = [r for r in caplog.records if r.name == "mdeal_site.cache"]
    assert [(r.levelno, r.exc_info) for r in warnings] == [(logging.WARNING, None)]


# -- the limit per address: a flood only ----------------------------------------


@pytest.mark.django_db
def test_guessing_past_every_account_limit_never_locks_others_at_that_address(
    user_factory,
):
    """More failures for one account, from one address, than the limit per
    address and account (5), the limit per account (20) and allauth's old
    default per address (30 a minute): the others behind it still sign in."""
    office = at("198.51.100.7")
    target, ada = user_factory(), user_factory()
    for _ in range(45):
        response = log_in(office, target.username, "a-guess")
        assert response.status_code == 200

    assert logs_in(office, ada)


@pytest.mark.django_db
def test_a_flood_of_logins_from_one_address_is_turned_away(settings, user_factory):
    flood = int(settings.ACCOUNT_RATE_LIMITS["login"].split("/")[0])
    office = at("198.51.100.7")
    users = [user_factory() for _ in range(3)]
    for n in range(flood):
        response = log_in(office, users[n % 3].username, "a-guess")
        assert response.status_code == 200, n

    response = log_in(office, users[0].username, users[0].raw_password)

    assert response.status_code == 429
    assert "Too many" in response.content.decode()
    assert office.session.get("_auth_user_id") is None
    assert logs_in(at("203.0.113.20"), users[0])
