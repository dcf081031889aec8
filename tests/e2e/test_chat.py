"""The table's chat in two browsers: Ada at a desk (1280 px) and Bea on a
phone (375 px, where History and Chat are tabs) talk live during a game; a
draft survives the table redrawing under it; a <script> shows as text."""

from unittest import mock

import pytest
from playwright.sync_api import expect

from django.db.models import F

from games.engines import deal as engine
from games.models import Game
from tests.e2e.test_table import assert_not_reloaded, mark_page
from tests.e2e.test_table_first_screen import serious
from tests.games.factories import make_game

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}
POSITION = """
    seats: 2
    turn: 0
    0 hand: 3M, 1M, Boardwalk
    0 bank: 2M
    1 hand: 2M, 4M
    1 bank: 1M
"""


def rigged_game(ada, bea) -> Game:
    # Built in Playwright's thread: no browser to tell yet.
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
        game = make_game(creator=ada, players=[bea])
    Game.objects.filter(pk=game.pk).update(
        snapshot=engine.to_json(engine.scenario(POSITION)),
        version=F("version") + 1,
        deadlines={},
    )
    return game


def test_two_players_chat_live_during_a_game(
    login, new_context, user_factory, screenshot
):
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    game = rigged_game(ada, bea)
    page_a = login(ada)
    page_b = login(bea, new_context(viewport=PHONE))
    for page in (page_a, page_b):
        page.goto(f"/games/{game.pk}/")
        mark_page(page)

    # Ada's desk shows the history and the chat side by side, no tabs; Bea's
    # phone shows two tabs, the history first.
    expect(page_a.locator("#chat")).to_be_visible()
    expect(page_a.locator("#history")).to_be_visible()
    expect(page_a.locator(".talk__tabs")).to_be_hidden()
    tab_chat = page_b.get_by_role("tab", name="Chat")
    expect(tab_chat).to_be_visible()
    expect(page_b.get_by_role("tab", name="History")).to_have_attribute(
        "aria-selected", "true"
    )
    expect(page_b.locator("#chat")).to_be_hidden()
    expect(page_a.locator("#chat-log")).to_have_attribute("aria-live", "polite")

    # Ada writes; Enter sends. Bea's Chat tab counts it without a reload.
    box_a = page_a.get_by_label("Write to the players")
    box_a.fill('Good luck, Bea! <script>alert("x")</script>')
    box_a.press("Enter")
    expect(page_a.locator("#chat-log")).to_contain_text("Good luck, Bea!")
    expect(box_a).to_have_value("")
    expect(tab_chat).to_contain_text("1 new")

    # Bea opens the tab by keyboard and answers with the Send button.
    page_b.get_by_role("tab", name="History").focus()
    page_b.keyboard.press("ArrowRight")
    expect(tab_chat).to_have_attribute("aria-selected", "true")
    expect(tab_chat).to_be_focused()
    log_b = page_b.locator("#chat-log")
    expect(log_b).to_contain_text('Good luck, Bea! <script>alert("x")</script>')
    expect(page_b.locator("#history")).to_be_hidden()
    box_b = page_b.get_by_label("Write to the players")
    box_b.fill("Thanks Ada.\nMay the best dealer win: https://example.com/rules")
    page_b.get_by_role("button", name="Send").click()
    expect(page_a.locator("#chat-log")).to_contain_text("May the best dealer win")
    expect(page_a.locator("#chat-log a")).to_have_count(0)  # a link stays text
    expect(log_b.locator("li")).to_have_count(2)

    # A draft survives the table redrawing under it: Ada ends her turn, starts
    # typing, and Bea's move redraws Ada's table.
    page_a.locator("#prompt").get_by_role("button", name="End turn").click()
    expect(page_b.locator(".status__line")).to_contain_text("Your turn")
    box_a.click()
    box_a.type("half a thou")
    page_b.locator("#prompt").get_by_role("button", name="End turn").click()
    expect(page_a.locator(".status__line")).to_contain_text("Your turn")
    expect(box_a).to_have_value("half a thou")
    expect(box_a).to_be_focused()
    box_a.type("ght")
    box_a.press("Enter")
    expect(log_b).to_contain_text("half a thought")

    # A message menu: report and mute, open with the keyboard, Escape closes.
    page_a.locator("#chat-log li", has_text="Thanks Ada").locator("summary").focus()
    page_a.keyboard.press("Enter")
    menu = page_a.locator("#chat-log details[open] .chat__menu")
    expect(menu.get_by_role("button", name="Mute Bea everywhere")).to_be_in_viewport()
    menu.scroll_into_view_if_needed()
    screenshot(page_a, "chat-menu-1280", full_page=False)
    page_a.keyboard.press("Escape")
    expect(menu).to_have_count(0)

    assert serious(page_a) == []
    assert serious(page_b) == []
    for page in (page_a, page_b):  # full pages from the top: the header on top
        page.evaluate("window.scrollTo(0, 0)")
    screenshot(page_a, "chat-1280")
    screenshot(page_b, "chat-375")
    page_b.get_by_role("tab", name="History").click()
    expect(page_b.locator("#history")).to_be_visible()
    page_b.evaluate("window.scrollTo(0, 0)")
    screenshot(page_b, "history-tab-375")
    assert_not_reloaded(page_a)
    assert_not_reloaded(page_b)
