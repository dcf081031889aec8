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
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
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


def test_a_title_deed_and_the_deal_pay_prompt_mark_a_bot_account(
    login, new_context, user_factory, screenshot
):
    """Robo (seat 1) holds St. James Place: its deed says so, marked; Robo
    collected a debt from Ann at a Deal table: her prompt and the pending
    action say whom she pays, marked."""
    from games.engines import deal as engine
    from tests.e2e.test_classic_table_page import put
    from tests.games.factories import move_submit_as, seat_at
    from tests.games.test_views import rig
    from tests.kinds.classic import positions

    ann = user_factory("ann", display_name="Ann")
    robo = user_factory("robo", display_name="Robo", is_bot=True)
    cy = user_factory("cy", display_name="Cy")
    dee = user_factory("dee", display_name="Dee")
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
        board = make_game(creator=ann, players=[robo, cy, dee], kind="classic")
        board = put(board, positions.roll())  # seat 1 holds St. James Place
        deal = rig(
            make_game(creator=robo, players=[ann]),
            "seats: 2\nturn: 0\n0 hand: Debt Collector, 1M\n1 bank: 2M, 3M\n",
        )
        collect = next(
            m
            for m in engine.legal_moves(deal.state(), 0)
            if isinstance(m, engine.CollectDebt)
        )
        deal = move_submit_as(deal, seat_at(deal, 0), collect)
        deal = move_submit_as(deal, seat_at(deal, 1), engine.Accept(seat=1))
    for width in (375, 1280):
        page = login(ann, new_context(viewport={"width": width, "height": 900}))
        page.goto(board.get_absolute_url())
        page.locator("#sq-16 .sq__tap").click()
        deed = page.locator("#deed-16")
        expect(deed).to_be_visible()
        held = deed.locator(".cdeedcard__facts", has_text="Held by")
        expect(held).to_contain_text("Held by Robo")
        expect(held.locator(".tag--bot").first).to_be_visible()
        screenshot(page, f"classic-bot-deed-{width}", full_page=False)
        assert serious(page) == []
        page.goto(deal.get_absolute_url())
        title = page.locator("#prompt-title")
        expect(title).to_contain_text("Pay Robo")
        expect(title.locator(".tag--bot")).to_be_visible()
        expect(page.locator(".pending .tag--bot")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.locator("#prompt").scroll_into_view_if_needed()
        screenshot(page, f"deal-bot-pay-{width}", full_page=False)
        assert serious(page) == []
        page.context.close()
