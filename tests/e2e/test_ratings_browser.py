"""A player finishes a game against a bot and finds their rating: on the
leaderboard (jumping to their row) and on their own page, at phone and desktop
widths. The game is played through the services (the player's moves chosen by
the sensible bot) so that it ends quickly; the pages are what is under test.
"""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from django.utils import timezone

from games.models import Game, Rating
from tests.games.factories import make_game
from tests.games.ratings.test_ratings import play_to_end

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 900}


def others_on_the_board(user_factory, count: int = 14) -> None:
    """Rated players around the newcomer, some established, some provisional."""
    now = timezone.now()
    for i in range(count):
        person = user_factory(f"rival{i:02d}")
        person.display_name = f"Rival {i + 1}"
        person.save(update_fields=["display_name"])
        Rating.objects.create(
            user=person,
            value=1400 - 37 * i,
            games=4 if i % 3 == 0 else 12 + i,
            last_played_at=now - timedelta(days=i),
        )


def test_a_player_finishes_a_game_and_finds_their_rating(
    login, new_context, user_factory, screenshot
):
    ada = user_factory("ada")
    others_on_the_board(user_factory)
    game = play_to_end(make_game(creator=ada, bots=1), seed=4)
    assert game.status == Game.Status.FINISHED
    rating = Rating.objects.get(user=ada)
    assert rating.games == 1

    for name, viewport in (("1280", DESKTOP), ("375", PHONE)):
        page = login(ada, new_context(viewport=viewport))
        page.goto(f"/games/{game.pk}/")
        expect(page.locator("#table.is-over")).to_be_visible()

        page.goto("/leaderboard/")
        page.get_by_role("link", name="Find me").click()
        page.get_by_role("link", name="Jump to me").click()
        row = page.locator("tr.is-me")
        expect(row).to_be_visible()
        expect(row).to_contain_text(str(rating.value))
        expect(page.locator(".board__me")).to_contain_text("rank #")
        expect(page.locator("tr.is-bot").first).to_contain_text("bot")
        screenshot(page, f"leaderboard-{name}")

        row.locator(".board__name a").click()
        expect(page).to_have_url(re.compile(r"/players/ada/$"))
        expect(page.locator(".player__value")).to_have_text(str(rating.value))
        expect(page.locator(".player__rank")).to_contain_text("provisional")
        expect(page.locator("svg.chart polyline")).to_be_visible()
        expect(page.locator(".played")).to_have_count(1)
        screenshot(page, f"player-{name}")

        page.get_by_role("link", name="Sensible bot").first.click()
        expect(page.locator("h1")).to_contain_text("Sensible bot")
        page.close()
    assert Rating.objects.get(user__username="sensible-bot", kind="deal").games == 1
