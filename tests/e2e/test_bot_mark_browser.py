"""The BOT mark on the classic table, in a browser at 375 and 1280 px: after a
bot account's name in the players' panel and the history, not after a
person's; read as "bot account" (axe-core finds nothing serious), the page
no wider than the screen. Screenshots for a look."""

from unittest import mock

import pytest
from playwright.sync_api import expect

from tests.e2e.test_table_first_screen import serious
from tests.games.factories import make_game
from tests.games.test_bot_marks import played

pytestmark = pytest.mark.e2e


def test_the_classic_table_marks_a_bot_account(
    login, new_context, user_factory, screenshot
):
    ann = user_factory("ann", display_name="Ann")
    bea = user_factory("bea", display_name="Bea")
    robo = user_factory("robo", display_name="Robo", is_bot=True)
    # Built here, in Playwright's thread: no browser to tell yet.
    with mock.patch("games.services.notify.get_channel_layer", return_value=None):
        game = played(
            make_game(creator=ann, players=[robo, bea], kind="classic"), moves=16
        )
    for width in (375, 1280):
        page = login(ann, new_context(viewport={"width": width, "height": 900}))
        page.goto(game.get_absolute_url())
        robo_mark = page.locator("#cplayer-1 .cplayer__name .tag--bot")
        expect(robo_mark).to_be_visible()
        expect(robo_mark).to_have_text("BOT (bot account)")
        expect(page.locator("#cplayer-2 .tag--bot")).to_have_count(0)
        expect(page.locator("#cplayer-0 .tag--bot")).to_have_count(0)
        robo_lines = page.locator("#history li", has_text="Robo")
        expect(robo_lines.first.locator(".tag--bot")).to_be_visible()
        bea_lines = page.locator("#history li", has_text="Bea").filter(
            has_not_text="Robo"
        )
        expect(bea_lines.first.locator(".tag--bot")).to_have_count(0)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.locator("#cplayer-1").scroll_into_view_if_needed()
        screenshot(page, f"classic-bot-players-{width}", full_page=False)
        page.locator("#history").scroll_into_view_if_needed()
        screenshot(page, f"classic-bot-history-{width}", full_page=False)
        assert serious(page) == []
        page.context.close()
