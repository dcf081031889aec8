"""A staff member sets up an authenticator app in a real browser, and the
admin opens only after a code from it (accounts.admin)."""

import re

from playwright.sync_api import expect

from tests.second_factor import totp_code

PASSWORD = "plum-orchard-42"


def sign_in(page, username: str, path: str = "/admin/"):
    page.goto(path)
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=%2Fadmin%2F"))
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name="Sign In").click()


def test_staff_set_up_an_app_and_open_the_admin_with_its_code(
    page, user_factory, screenshot
):
    user_factory("boss", is_staff=True, is_superuser=True)

    sign_in(page, "boss")
    expect(
        page.get_by_role("heading", name="Set up two-factor authentication first")
    ).to_be_visible()
    page.get_by_role("link", name="Set up an authenticator app").click()
    if "reauthenticate" in page.url:  # allauth asks for the password again
        page.fill("input[name=password]", PASSWORD)
        page.get_by_role("button", name="Confirm").click()
    expect(page.locator(".totp-qr svg")).to_be_visible()
    screenshot(page, "totp-activate")
    secret = page.locator("#authenticator_secret").input_value()
    page.fill("input[name=code]", totp_code(secret))
    page.get_by_role("button", name="Activate").click()
    expect(page.get_by_role("heading", name="Recovery Codes")).to_be_visible()
    # Each code is taken once: the next steps use recovery codes, as a staff
    # member without their phone would.
    recovery = page.locator("#recovery_codes").input_value().split()

    page.goto("/admin/")
    page.fill("input[name=code]", recovery[0])
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()

    # Signing in again asks for a code after the password.
    page.get_by_role("button", name="Log out").click()
    sign_in(page, "boss")
    expect(page.locator("input[name=code]")).to_be_visible()
    page.fill("input[name=code]", recovery[1])
    page.get_by_role("button", name="Sign In").click()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()
