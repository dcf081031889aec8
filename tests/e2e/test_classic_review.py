"""A finished classic game's review in a real browser: from the finished
table's end screen to the review, through each turning point into the classic
replay and back, at 375 and 1280 px; axe-core finds nothing serious;
screenshots test-artifacts/test_a_player_opens_a_classic_review...-review-
<phone|desk>.png.

The game (two people playing the sensible bot's moves to a turn limit) is
played through the services with scripted random numbers, so it is the same
game every run, and reviewed on a small budget before a browser opens.
"""

import itertools
import random
import re

import pytest
from playwright.sync_api import expect

from django.test import override_settings

from games.engines import classic
from games.reviews.services import review_make
from games.services import randomness
from tests.e2e.test_table_first_screen import on_first_screen, serious
from tests.games.factories import make_game, play_out

pytestmark = pytest.mark.e2e

SIZES = {"phone": (375, 812), "desk": (1280, 800)}
ROUNDS = 20


@override_settings(REVIEW_GUESSES=2, REVIEW_DECISIONS=300)
def reviewed_game(ada, bea):
    game = make_game(
        creator=ada,
        players=[bea],
        kind="classic",
        options=classic.Options(turn_limit=ROUNDS),
    )
    game = play_out(game)
    review = review_make(game_id=game.pk)
    assert review.turning, "a whole game with no turning point"
    return game, review


@pytest.fixture
def same_dice(monkeypatch):
    """Every deal, roll and bot pick of the site from a counted seed."""
    seeds = itertools.count(1)
    monkeypatch.setattr(randomness, "rng", lambda: random.Random(next(seeds)))


def test_a_player_opens_a_classic_review_and_steps_through_its_turning_points(
    login, new_context, user_factory, screenshot, same_dice
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
        expect(page.locator(".review__item").first).to_be_visible()
        on_first_screen(page, "#review-chart-title", height)
        assert serious(page) == [], name
        screenshot(page, f"review-{name}")
        # Each turning point opens the replay at its step; back returns here.
        for number, t in enumerate(review.turning, start=1):
            link = page.locator(f'[data-turning="{number}"]')
            link.scroll_into_view_if_needed()
            link.click()
            expect(page).to_have_url(re.compile(rf"/replay/\?step={t['last']}$"))
            expect(page.locator(".replay__count")).to_have_text(
                f"Step {t['last']} of {game.version}"
            )
            page.go_back()
            expect(page).to_have_url(re.compile(rf"/games/{game.pk}/review/$"))
