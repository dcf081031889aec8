"""Rematch in two real browsers: Bea resigns, the game is over on both
screens; Ada asks for a rematch from the end screen, Bea's table shows the
offer by itself, she accepts and both reach the new game, which links back.

Ada plays at 1280 px, Bea on a 375 px phone; screenshots of each step.
"""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.games.factories import make_game

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}


def test_two_players_finish_and_start_a_rematch_from_the_end_screen(
    login, new_context, user_factory, screenshot
):
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    game = make_game(creator=ada, players=[bea], public=False)
    page_a = login(ada)
    page_b = login(bea, new_context(viewport=PHONE))
    page_a.goto(f"/games/{game.pk}/")
    page_b.goto(f"/games/{game.pk}/")
    expect(page_a.locator("#hand")).to_be_visible()

    # Bea resigns: the game is over on both screens, Ada's without a reload.
    page_a.evaluate("window.__stillHere = true")
    page_b.locator("summary", has_text="Resign…").click()
    page_b.get_by_role("button", name="Yes, resign").click()
    expect(page_b.locator("#table.is-over")).to_be_visible()
    expect(page_a.locator("#table.is-over")).to_be_visible(timeout=15_000)
    rematch_a = page_a.locator("#rematch")
    expect(rematch_a.get_by_role("button", name="Rematch")).to_be_visible()
    screenshot(page_a, "end-screen-1280")

    # Ada asks; Bea's end screen shows the offer by itself.
    rematch_a.get_by_role("button", name="Rematch").click()
    expect(rematch_a).to_contain_text("You asked for a rematch. Waiting for Bea")
    assert page_a.evaluate("window.__stillHere === true"), "a full page load"
    rematch_b = page_b.locator("#rematch")
    expect(rematch_b).to_contain_text(
        "Ada wants a rematch: accept or decline.", timeout=15_000
    )
    page_b.locator("#rematch").scroll_into_view_if_needed()
    screenshot(page_a, "asked-1280")
    screenshot(page_b, "asked-375")
    screenshot(page_b, "asked-375-view", full_page=False)

    # Bea accepts: she is taken to the new game; Ada's table links to it.
    rematch_b.get_by_role("button", name="Accept the rematch").click()
    page_b.wait_for_url(re.compile(rf"/games/(?!{game.pk}/)\d+/$"))
    new = Game.objects.get(rematch_of=game)
    expect(page_b).to_have_url(re.compile(rf"/games/{new.pk}/$"))
    expect(page_b.locator("#hand")).to_be_visible()
    expect(page_b.locator(".status__rematch")).to_have_text(
        f"· Rematch of game {game.pk}"
    )
    link = page_a.get_by_role("link", name=f"Go to the rematch, game {new.pk}")
    expect(link).to_be_visible(timeout=15_000)
    screenshot(page_a, "started-1280")
    link.click()
    expect(page_a).to_have_url(re.compile(rf"/games/{new.pk}/$"))
    expect(page_a.locator("#hand")).to_be_visible()
    screenshot(page_a, "new-game-1280")
    screenshot(page_b, "new-game-375")

    # The way back to the finished game, from the new one.
    page_b.locator(".status__rematch a").click()
    expect(page_b).to_have_url(re.compile(rf"/games/{game.pk}/$"))
    expect(page_b.locator("#rematch")).to_contain_text(
        f"Go to the rematch, game {new.pk}"
    )
    screenshot(page_b, "finished-links-on-375")
