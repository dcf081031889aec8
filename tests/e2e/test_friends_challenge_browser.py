"""Issue 28 in two real browsers: Ada (1280 px) and Bea (a 375 px phone)
follow each other from their pages and are friends; Ada challenges Bea by
name from her friends list; Bea's bell counts up by itself (the inbox
socket); she opens her inbox, the challenge, accepts, and lands at the
table; Ada's bell counts up too, and her inbox takes her to the same table.
axe-core finds nothing serious on any page on the way.
"""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.test_table_first_screen import serious

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}
DESK = {"width": 1280, "height": 900}


def unread(page) -> int:
    return int(page.locator("#bell").get_attribute("data-unread"))


def bell_rises(page, above: int) -> None:
    """The bell counts past `above` by itself: no reload."""
    expect(page.locator("#bell")).not_to_have_attribute(
        "data-unread", str(above), timeout=15_000
    )
    assert unread(page) > above


def clean(page, name: str, shot) -> None:
    shot(page, name)
    assert serious(page) == [], page.url


def test_friends_challenge_by_name_and_meet_at_the_table(
    login, new_context, user_factory, shot
):
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    page_a = login(ada, new_context(viewport=DESK))
    page_b = login(bea, new_context(viewport=PHONE))

    # Bea waits on her friends page; Ada follows her from her player page.
    page_b.goto("/friends/")
    page_b.evaluate("window.__stillHere = true")
    assert unread(page_b) == 0
    page_a.goto("/players/bea/")
    page_a.locator("#relation").get_by_role("button", name="Follow").click()
    expect(page_a.locator("#relation")).to_contain_text("You follow Bea")
    bell_rises(page_b, 0)
    clean(page_b, "followed-375", shot)

    # Bea follows back from her friends page: they are friends.
    page_b.reload()
    page_b.get_by_role("button", name="Follow back Ada").click()
    expect(page_b.locator("#friends")).to_contain_text("Ada")
    page_a.goto("/friends/")
    expect(page_a.locator("#friends .friend")).to_contain_text("Bea")
    clean(page_a, "friends-1280", shot)
    clean(page_b, "friends-375", shot)

    # Ada challenges Bea by name, from her friends list.
    before = unread(page_b)
    page_b.evaluate("window.__stillHere = true")
    page_a.get_by_role("link", name="Challenge Bea").click()
    expect(page_a.get_by_label("Players to challenge")).to_have_value("bea")
    clean(page_a, "challenge-form-1280", shot)
    page_a.get_by_role("button", name="Send the challenge").click()
    expect(page_a.locator("#challenge")).to_contain_text("Bea")
    expect(page_a.locator(".messages")).to_contain_text("You challenged Bea.")
    clean(page_a, "challenge-sent-1280", shot)

    # Bea's bell counts up by itself; her inbox leads to the challenge.
    bell_rises(page_b, before)
    assert page_b.evaluate("window.__stillHere === true"), "a full page load"
    shot(page_b, "bell-375")
    page_b.locator("#bell").click()
    expect(page_b).to_have_url(re.compile(r"/inbox/$"))
    line = page_b.locator(".inbox-line", has_text="Ada challenges you")
    expect(line).to_have_class(re.compile("is-unread"))
    clean(page_b, "inbox-375", shot)
    line.get_by_role("link").click()
    expect(page_b).to_have_url(re.compile(r"/challenges/\d+/$"))
    clean(page_b, "challenge-375", shot)

    # She accepts: the game starts and she is at its table.
    ada_before = unread(page_a)
    page_b.get_by_role("button", name="Accept the challenge").click()
    page_b.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    expect(page_b).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    expect(page_b.locator("#table")).to_be_visible()
    assert sorted(game.seats.values_list("user__username", flat=True)) == [
        "ada",
        "bea",
    ]
    shot(page_b, "table-375")

    # Ada's bell counts up; her inbox takes her to the same table.
    bell_rises(page_a, ada_before)
    page_a.locator("#bell").click()
    started = page_a.locator(".inbox-line", has_text="has started")
    expect(started).to_contain_text(f"game {game.pk}")
    clean(page_a, "inbox-1280", shot)
    started.get_by_role("link").click()
    expect(page_a).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    expect(page_a.locator("#table")).to_be_visible()
    shot(page_a, "table-1280")
