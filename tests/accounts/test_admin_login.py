"""The admin opens only through the site's login and a second factor.

Staff sign in on /accounts/login/ (allauth: the limits on failed logins of
every account), give the code of their authenticator app, and only then does
/admin/ open. The admin's own login form checks no password. Staff without
an authenticator app are shown how to set one up.
"""

import html

import pytest

from django.test import Client
from django.urls import reverse

from tests.accounts.test_login_throttling import LOCKED, at, fail, log_in
from tests.second_factor import authenticator_add, staff_client, totp_code

pytestmark = pytest.mark.django_db

ADMIN = reverse("admin:index")
ADMIN_LOGIN = reverse("admin:login")
LOGIN = reverse("account_login")
REAUTHENTICATE = reverse("mfa_reauthenticate")


@pytest.fixture
def staff(user_factory):
    return user_factory("boss", is_staff=True, is_superuser=True)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def opens_admin(client) -> bool:
    response = client.get(ADMIN)
    return response.status_code == 200 and "Site administration" in response.text


def test_the_admin_sends_a_visitor_to_the_sites_login(client):
    response = client.get(ADMIN, follow=True)

    assert response.redirect_chain[-1][0] == f"{LOGIN}?next=%2Fadmin%2F"
    assert response.status_code == 200


def test_the_admins_login_form_checks_no_password(staff):
    """Ten wrong passwords and then the right one on /admin/login/: nobody is
    signed in, and the right password leads to the site's login."""
    browser = at("198.51.100.7")
    for _ in range(10):
        browser.post(ADMIN_LOGIN, {"username": staff.username, "password": "guess"})
    response = browser.post(
        ADMIN_LOGIN,
        {"username": staff.username, "password": staff.raw_password, "next": ADMIN},
    )

    assert response.status_code == 302
    assert response["Location"] == f"{LOGIN}?next=%2Fadmin%2F"
    assert not signed_in(browser)
    assert not opens_admin(browser)


def test_staff_wrong_passwords_meet_the_sites_limits(staff):
    """Staff sign in where every player does, so the same lock holds them:
    past it even the right password (and the admin with it) stays shut."""
    authenticator_add(staff)
    guesser = at("198.51.100.7")
    fail(guesser, staff, 5)
    for _ in range(20):
        assert LOCKED in log_in(guesser, staff.username, "guess").content.decode()

    response = log_in(guesser, staff.username, staff.raw_password)

    assert LOCKED in response.content.decode()
    assert not signed_in(guesser)
    assert not opens_admin(guesser)


def test_staff_with_an_authenticator_app_sign_in_with_a_code_and_the_admin_opens(
    staff,
):
    secret = authenticator_add(staff)
    browser = Client()

    response = browser.post(
        f"{LOGIN}?next={ADMIN}",
        {"login": staff.username, "password": staff.raw_password},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("mfa_authenticate")
    assert not signed_in(browser)  # the password alone signs nobody in
    response = browser.post(reverse("mfa_authenticate"), {"code": totp_code(secret)})

    assert response["Location"] == ADMIN
    assert opens_admin(browser)


def test_a_wrong_code_leaves_staff_outside(staff):
    authenticator_add(staff)
    browser = Client()
    browser.post(
        f"{LOGIN}?next={ADMIN}",
        {"login": staff.username, "password": staff.raw_password},
    )

    response = browser.post(reverse("mfa_authenticate"), {"code": "000000"})

    assert "Incorrect code" in response.content.decode()
    assert not signed_in(browser)
    assert not opens_admin(browser)


def test_staff_without_an_authenticator_app_are_told_to_set_one_up(staff):
    browser = Client()
    browser.post(
        f"{LOGIN}?next={ADMIN}",
        {"login": staff.username, "password": staff.raw_password},
    )
    assert signed_in(browser)

    response = browser.get(ADMIN, follow=True)

    assert response.status_code == 403
    page = html.unescape(response.content.decode())
    assert "Set up two-factor authentication first" in page
    assert reverse("mfa_activate_totp") in page
    assert "Site administration" not in page


def test_staff_who_signed_in_without_their_code_are_asked_for_it(staff):
    secret = authenticator_add(staff)
    browser = Client()
    browser.force_login(staff)  # as a session from before the app was set up

    response = browser.get(ADMIN, follow=True)

    assert response.redirect_chain[-1][0] == f"{REAUTHENTICATE}?next=%2Fadmin%2F"
    assert not opens_admin(browser)
    response = browser.post(
        f"{REAUTHENTICATE}?next=%2Fadmin%2F", {"code": totp_code(secret)}
    )
    assert response["Location"] == ADMIN
    assert opens_admin(browser)


def test_a_player_who_is_not_staff_is_refused(user):
    browser = Client()
    browser.force_login(user)

    response = browser.get(ADMIN, follow=True)

    assert response.status_code == 403
    assert "not a staff account" in response.content.decode()


def test_the_admin_sends_only_to_admin_pages_after_signing_in(staff):
    browser = staff_client(staff)

    for asked in ("https://elsewhere.example/admin/", "/profile/", "//x/admin/"):
        response = browser.get(ADMIN_LOGIN, {"next": asked})
        assert response["Location"] == ADMIN
    response = browser.get(ADMIN_LOGIN, {"next": "/admin/games/game/"})
    assert response["Location"] == "/admin/games/game/"


def test_the_profile_offers_two_factor_authentication(client_logged_in, user):
    page = client_logged_in.get(reverse("profile")).content.decode()
    assert "Two-factor authentication" in page
    assert reverse("mfa_activate_totp") in page

    authenticator_add(user)
    page = client_logged_in.get(reverse("profile")).content.decode()
    assert "On: signing in asks for a code" in page
    assert reverse("mfa_index") in page


def test_setting_up_the_app_draws_the_qr_code_inline(client_logged_in):
    """No data: image, which the Content Security Policy would block."""
    response = client_logged_in.get(reverse("mfa_activate_totp"), follow=True)
    if response.redirect_chain:  # allauth first asks for the password again
        client_logged_in.post(
            response.redirect_chain[-1][0], {"password": "plum-orchard-42"}
        )
        response = client_logged_in.get(reverse("mfa_activate_totp"))

    page = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in page and "data:image" not in page and "<?xml" not in page
