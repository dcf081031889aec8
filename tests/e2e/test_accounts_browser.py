"""A new player registers, verifies their email and logs in, in a real browser."""

import re

from playwright.sync_api import expect

PASSWORD = "plum-orchard-42"


def test_new_player_registers_verifies_and_sees_their_profile(
    page, new_context, email_link, screenshot
):
    page.goto("/")
    page.get_by_role("link", name="Create a free account").click()
    page.fill("input[name=username]", "dora")
    page.fill("input[name=email]", "dora@example.com")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    screenshot(page, "signup")
    page.get_by_role("button", name="Sign Up").click()
    expect(
        page.get_by_role("heading", name="Verify Your Email Address")
    ).to_be_visible()

    # Open the link as from a mail program: a browser with no session.
    mail_reader = new_context().new_page()
    mail_reader.goto(email_link("dora@example.com", "/accounts/confirm-email/"))
    mail_reader.get_by_role("button", name="Confirm").click()
    expect(mail_reader).to_have_url(re.compile(r"/accounts/login/"))
    expect(mail_reader.locator(".messages")).to_contain_text("You have confirmed")

    mail_reader.fill("input[name=login]", "dora@example.com")
    mail_reader.fill("input[name=password]", PASSWORD)
    mail_reader.get_by_role("button", name="Sign In").click()
    expect(mail_reader.locator(".messages")).to_contain_text("Successfully signed in")
    mail_reader.get_by_role("link", name="dora").click()

    expect(mail_reader.get_by_role("heading", name="Your profile")).to_be_visible()
    expect(mail_reader.locator("main")).to_contain_text("dora@example.com")
    screenshot(mail_reader, "profile")


def test_wrong_password_shows_a_message_in_the_browser(page, user_factory):
    user_factory("erin")

    page.goto("/accounts/login/")
    page.fill("input[name=login]", "erin")
    page.fill("input[name=password]", "not-it")
    page.get_by_role("button", name="Sign In").click()

    expect(page.locator("form")).to_contain_text("not correct")


def test_two_players_have_independent_sessions(login, user_factory):
    ada, bea = user_factory("ada2"), user_factory("bea2")

    page_a, page_b = login(ada), login(bea)
    page_a.goto("/profile/")
    page_b.goto("/profile/")

    expect(page_a.locator("main")).to_contain_text("ada2@example.com")
    expect(page_b.locator("main")).to_contain_text("bea2@example.com")


def test_page_is_usable_at_phone_width(new_context, screenshot):
    phone = new_context(viewport={"width": 375, "height": 740}).new_page()
    phone.goto("/")

    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 375
    expect(phone.get_by_role("link", name="Create a free account")).to_be_visible()
    screenshot(phone, "home-375")


def test_htmx_and_its_websocket_extension_load(page):
    page.goto("/")

    page.wait_for_function("window.htmx !== undefined")
    assert page.evaluate("typeof htmx.version") == "string"
    assert page.evaluate("htmx.version.startsWith('2.')")
