"""Issue 27, finding 8: at 375 px the nav bar clipped the user's name (it
scrolled sideways, the name half under "Log out"). On a phone the header is
one line, the name is whole and inside the screen beside the inbox's bell
(issue 28), and the Lobby, Leaderboard and Log out are under "More"; on a
desk all are in the bar."""

import pytest
from playwright.sync_api import expect

from tests.e2e.test_table_first_screen import serious

pytestmark = pytest.mark.e2e

NAME = """() => {
    const name = document.querySelector('.nav-user').getBoundingClientRect();
    const nav = document.querySelector('.site-nav');
    const user = document.querySelector('.nav-user');
    return {right: name.right, width: innerWidth,
            cut: user.scrollWidth > user.clientWidth,
            scrolls: nav.scrollWidth > nav.clientWidth};
}"""


@pytest.mark.parametrize("name", ["Bea Longname", "Ada"])
def test_the_name_is_whole_on_a_phone(name, login, new_context, user_factory, shot):
    user = user_factory("bea", display_name=name)
    page = login(user, new_context(viewport={"width": 375, "height": 667}))
    page.goto("/games/")
    seen = page.evaluate(NAME)
    assert not seen["cut"] and not seen["scrolls"], seen
    assert seen["right"] <= seen["width"], seen
    assert page.locator(".site-header").bounding_box()["height"] <= 60
    expect(page.locator(".nav-user")).to_have_text(name)
    # The rest is one tap away.
    page.locator(".nav-more > summary").click()
    menu = page.locator(".nav-more__menu")
    expect(menu.get_by_role("link", name="Lobby")).to_be_visible()
    expect(menu.get_by_role("link", name="Leaderboard")).to_be_visible()
    expect(menu.get_by_role("link", name="Friends")).to_be_visible()
    expect(menu.get_by_role("button", name="Log out")).to_be_visible()
    assert menu.bounding_box()["x"] >= 0
    shot(page, "phone-more")
    assert serious(page) == []
    menu.get_by_role("link", name="Leaderboard").click()
    expect(page).to_have_url("/leaderboard/")


def test_a_very_long_name_ends_in_an_ellipsis(login, new_context, user_factory):
    user = user_factory("ada", display_name="Adalberta Wilhelmina-Longname")
    page = login(user, new_context(viewport={"width": 375, "height": 667}))
    page.goto("/games/")
    seen = page.evaluate(NAME)
    assert seen["right"] <= seen["width"] and not seen["scrolls"], seen
    assert page.locator(".site-header").bounding_box()["height"] <= 60


def test_on_a_desk_every_link_is_in_the_bar(login, user_factory, shot):
    page = login(user_factory("ada", display_name="Ada"))
    page.goto("/games/")
    nav = page.locator(".site-nav")
    expect(nav.get_by_role("link", name="Lobby")).to_be_visible()
    expect(nav.get_by_role("link", name="Leaderboard")).to_be_visible()
    expect(nav.get_by_role("link", name="Friends")).to_be_visible()
    expect(nav.get_by_role("button", name="Log out")).to_be_visible()
    expect(page.locator(".nav-more")).to_be_hidden()
    shot(page, "desk-header")
    nav.get_by_role("link", name="Friends").click()
    expect(page).to_have_url("/friends/")
    expect(nav.get_by_role("link", name="Friends")).to_have_attribute(
        "aria-current", "page"
    )
