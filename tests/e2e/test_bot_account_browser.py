"""Bot accounts in a browser, at 375, 1280 and 1920 px: the leaderboard's
own tab for them (the BOT mark and the tab on the first screen), a bot's
player page, the tokens page's upgrade, and the friends page's choice of
whether bots may challenge."""

from datetime import timedelta

import pytest
from playwright.sync_api import expect

from django.utils import timezone

from accounts.models import User
from games.models import Rating

pytestmark = pytest.mark.e2e

WIDTHS = {"375": (375, 812), "1280": (1280, 900), "1920": (1920, 1080)}


def on_first_screen(locator, height: int) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_bot_accounts_in_a_browser(login, new_context, user_factory, screenshot):
    ada = user_factory("ada", display_name="Ada")
    now = timezone.now()
    for n in range(3):
        bot = user_factory(f"robo{n}", display_name=f"Robo {n + 1}", is_bot=True)
        Rating.objects.create(
            user=bot, value=1300 - 40 * n, games=5 + 6 * n, last_played_at=now
        )
    person = user_factory("cleo", display_name="Cleo")
    Rating.objects.create(
        user=person, value=1250, games=14, last_played_at=now - timedelta(days=1)
    )
    for name, (width, height) in WIDTHS.items():
        page = login(ada, new_context(viewport={"width": width, "height": height}))
        page.goto("/leaderboard/?list=bots")
        tab = page.get_by_role("link", name="Bot accounts")
        expect(tab).to_have_attribute("aria-current", "page")
        mark = page.locator(".board__table .tag--bot").first
        expect(mark).to_have_text("BOT (bot account)")
        assert on_first_screen(tab, height) and on_first_screen(mark, height), name
        expect(page.locator(".board__table")).not_to_contain_text("Cleo")
        screenshot(page, f"leaderboard-bots-{name}", full_page=False)

        page.goto("/players/robo0/")
        expect(page.locator("h1 .tag--bot")).to_have_text("BOT (bot account)")
        screenshot(page, f"bot-player-{name}", full_page=False)

        page.goto("/friends/")
        box = page.get_by_label("Bot accounts may challenge me")
        expect(box).to_be_checked()
        box.scroll_into_view_if_needed()
        screenshot(page, f"friends-bot-choice-{name}", full_page=False)
        page.close()

    page = login(ada, new_context(viewport={"width": 375, "height": 812}))
    page.goto("/api/tokens/")
    page.get_by_label("I understand").check()
    page.get_by_role("button", name="Make this a bot account").click()
    expect(page.locator(".messages")).to_contain_text("bot account now")
    expect(page.locator("#bot-account ~ p .tag--bot")).to_have_text("BOT (bot account)")
    screenshot(page, "tokens-after-upgrade-375")
    assert User.objects.get(pk=ada.pk).is_bot
