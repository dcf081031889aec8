"""A finished game replayed in a real browser: arrow keys, the slider, the URL.

The game is played to its end through the services (a player and two bots)
before the browser opens it, so the test does not wait on a whole game.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.games.factories import make_game, play_out

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}


def step_of(page) -> int:
    return int(page.locator("#replay").get_attribute("data-step"))


def settled_step(page) -> int:
    """The step shown once no step is on its way (a key pressed while one is
    lands after it, so the step read before then may not be the last)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
    )
    return step_of(page)


def test_a_player_steps_through_a_finished_game_with_the_arrow_keys(
    login, new_context, user_factory, screenshot
):
    ada = user_factory("ada")
    game = play_out(make_game(creator=ada, bots=2))
    page = login(ada)
    page.goto(f"/games/{game.pk}/")
    expect(page.locator("#chart svg.chart__svg")).to_have_count(3)
    page.get_by_role("link", name="Replay it step by step").click()
    expect(page).to_have_url(re.compile(rf"/games/{game.pk}/replay/$"))
    assert step_of(page) == game.version
    # Steps within the game whatever its length (the deal is shuffled afresh:
    # a lucky hand has ended one in four turns).
    early, later, jump = (game.version * k // 8 for k in (2, 4, 6))
    assert early >= 3, game.version

    page.goto(f"/games/{game.pk}/replay/?step={early}")
    page.evaluate("window.__stillHere = true")
    expect(page.locator(".replay__count")).to_have_text(
        f"Step {early} of {game.version}"
    )
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(rf"[?&]step={early + 1}\b"))
    expect(page.locator(".replay__count")).to_have_text(
        f"Step {early + 1} of {game.version}"
    )
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # waits for the first if it is on its way
    expect(page).to_have_url(re.compile(rf"[?&]step=({early - 1}|{early})\b"))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay")).not_to_have_attribute("data-step", str(early + 1))
    assert page.evaluate("window.__stillHere === true"), "a full page load"
    # The browser's back button returns to an earlier step.
    current = settled_step(page)
    page.go_back()
    expect(page.locator("#replay")).not_to_have_attribute("data-step", str(current))

    # A key pressed while a step is on its way is played once it lands, not
    # lost: right and at once left end where they began.
    now = settled_step(page)
    page.evaluate(
        """() => ["ArrowRight", "ArrowLeft"].forEach((key) =>
            document.body.dispatchEvent(
                new KeyboardEvent("keydown", {key, bubbles: true})))"""
    )
    assert settled_step(page) == now
    expect(page.locator(".replay__count")).to_have_text(f"Step {now} of {game.version}")
    expect(page).to_have_url(re.compile(rf"[?&]step={now}\b"))

    # The slider jumps; every hand is open; another seat's eyes on request.
    page.goto(f"/games/{game.pk}/replay/?step={later}")
    page.locator("#replay-step").fill(str(jump))
    expect(page).to_have_url(re.compile(rf"[?&]step={jump}\b"))
    expect(page.locator(".seat__revealed").first).to_be_visible()
    page.locator(".replay__views").get_by_role("link", name="Bot 2 (sensible)").click()
    expect(page).to_have_url(re.compile(r"seat=1"))
    expect(page.locator(".replay__eyes")).to_contain_text("As Bot 2 (sensible) saw it")
    screenshot(page, "replay-desk")

    phone = login(ada, new_context(viewport=PHONE)).context.new_page()
    phone.goto(f"/games/{game.pk}/replay/?step={jump}")
    expect(phone.locator(".replay__count")).to_be_visible()
    phone.keyboard.press("ArrowRight")
    expect(phone).to_have_url(re.compile(rf"[?&]step={jump + 1}\b"))
    screenshot(phone, "replay-phone")
    phone.goto(f"/games/{game.pk}/")
    screenshot(phone, "finished-table-phone")
    page.goto(f"/games/{game.pk}/")
    screenshot(page, "finished-table-desk")
