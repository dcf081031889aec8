"""A tournament in two real browsers: Ada (1280 px) creates a Swiss from the
tournaments page, Bea (375 px) joins from its page; at its time the first
round seats them together; Bea resigns that game in her browser and the
standings update on both screens. axe-core finds no violation on the pages.
"""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from games.tournaments import tasks
from games.tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}
DESK = {"width": 1280, "height": 800}


def violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}"
        for v in results.response["violations"]
    ]


def test_create_join_play_the_first_round_and_see_the_standings(
    login, new_context, user_factory, screenshot
):
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    page_a = login(ada, new_context(viewport=DESK))
    page_b = login(bea, new_context(viewport=PHONE))

    page_a.goto("/tournaments/")
    assert violations(page_a) == []
    form = page_a.locator("form.create-form")
    form.get_by_label("Name", exact=True).fill("Friday Swiss")
    form.get_by_label("Game", exact=True).select_option("deal")
    form.get_by_label("Format", exact=True).select_option("swiss")
    form.get_by_label("Rounds", exact=True).fill("1")
    form.get_by_label("Starts in (hours)").fill("0")
    form.get_by_label("Min players").fill("2")
    screenshot(page_a, "create-1280")
    form.get_by_role("button", name="Create the tournament").click()
    expect(page_a.get_by_role("heading", name="Friday Swiss")).to_be_visible()
    tournament = Tournament.objects.get(name="Friday Swiss")

    page_b.goto(tournament.get_absolute_url())
    page_b.get_by_role("button", name="Join").click()
    expect(page_b.locator(".messages")).to_contain_text("You are in")
    screenshot(page_b, "joined-375")
    assert violations(page_b) == []

    # The beat's sweep starts it at its time: one table, Ada against Bea.
    assert tasks.tournaments_sweep() == 1
    game = Pairing.objects.get(tournament=tournament, round=1).game
    page_b.reload()
    expect(page_b.get_by_role("heading", name="Round 1")).to_be_visible()
    page_b.get_by_role("link", name="Watch").click()
    expect(page_b).to_have_url(f"/games/{game.pk}/")
    page_b.locator("summary", has_text="Resign…").click()
    page_b.get_by_role("button", name="Yes, resign").click()
    expect(page_b.locator("#table.is-over")).to_be_visible()

    # The game's end closed the round and the tournament (one round).
    page_a.goto(tournament.get_absolute_url())
    expect(page_a.locator(".board__about").first).to_contain_text("Finished")
    first = page_a.locator("#standings + .board__scroll table tbody tr").first
    expect(first).to_contain_text("Ada")
    expect(first).to_contain_text("2")
    screenshot(page_a, "standings-1280")
    assert violations(page_a) == []
    page_b.goto(tournament.get_absolute_url())
    expect(
        page_b.locator("#standings + .board__scroll table tbody tr").nth(1)
    ).to_contain_text("Bea")
    screenshot(page_b, "standings-375")
    assert violations(page_b) == []
