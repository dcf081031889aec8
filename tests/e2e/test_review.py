"""A finished game's review in a real browser: from the finished table to the
review, through each turning point into the replay and back, on a phone and
a desk; axe-core finds nothing serious; screenshots at 375, 1280 and 1920 px.

The game is played to its end through the services by two people playing the
sensible bot's moves, and reviewed on a small budget, before a browser opens.
"""

import re

import pytest
from playwright.sync_api import expect

from django.test import override_settings

from games.reviews.services import review_make
from tests.e2e.test_table_first_screen import on_first_screen, serious
from tests.games.factories import make_game, play_out

pytestmark = pytest.mark.e2e

SIZES = {"phone": (375, 812), "desk": (1280, 800), "wide": (1920, 1080)}


@override_settings(REVIEW_GUESSES=2, REVIEW_DECISIONS=40)
def reviewed_game(ada, bea):
    game = play_out(make_game(creator=ada, players=[bea]))
    review = review_make(game_id=game.pk)
    assert review.turning, "a whole game with no turning point"
    return game, review


def test_a_player_opens_the_review_and_steps_through_its_turning_points(
    login, new_context, user_factory, screenshot
):
    ada, bea = user_factory("ada"), user_factory("bea")
    game, review = reviewed_game(ada, bea)
    for name, (width, height) in SIZES.items():
        page = login(ada, new_context(viewport={"width": width, "height": height}))
        page = page.context.new_page()
        page.goto(f"/games/{game.pk}/")
        page.get_by_role("link", name="Review", exact=True).click()
        expect(page).to_have_url(re.compile(rf"/games/{game.pk}/review/$"))
        expect(page.locator("#review-chart svg.chart__svg")).to_have_count(2)
        on_first_screen(page, "#review-chart-title", height)
        on_first_screen(page, "#review-chart .chart__seat >> nth=0", height)
        assert serious(page) == [], name
        screenshot(page, f"review-{name}")
        if name == "wide":
            continue
        # Each turning point opens the replay at its step; back returns here.
        for t in review.turning:
            number = review.turning.index(t) + 1
            link = page.locator(f'[data-turning="{number}"]')
            link.scroll_into_view_if_needed()
            link.click()
            expect(page).to_have_url(re.compile(rf"/replay/\?step={t['last']}$"))
            expect(page.locator(".replay__count")).to_have_text(
                f"Step {t['last']} of {game.version}"
            )
            page.go_back()
            expect(page).to_have_url(re.compile(rf"/games/{game.pk}/review/$"))
        # The replay leads back to the review.
        page.goto(f"/games/{game.pk}/replay/?step=5")
        page.get_by_role("link", name="The expert's review").click()
        expect(page.locator("#review-chart")).to_be_visible()
