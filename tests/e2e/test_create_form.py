"""Issue 27, finding 9: the create form showed classic's seat counts and
house rules while Monopoly Deal was chosen. It shows the chosen game's."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_the_form_shows_the_chosen_games_options(login, new_context, user_factory):
    page = login(
        user_factory("ada", display_name="Ada"),
        new_context(viewport={"width": 1280, "height": 800}),
    )
    page.goto("/games/")
    form = page.locator("form.create-form")
    form.locator("label.seg__opt", has_text="Monopoly Deal").click()
    seats = form.locator('label.seg__opt:has(input[name="seat_count"])')
    expect(seats.filter(visible=True)).to_have_count(4)  # 2 to 5
    expect(form.locator('.house-rules[data-kind="classic"]')).to_be_hidden()
    expect(form.locator('.house-rules[data-kind="deal"]')).to_be_visible()
    form.locator("label.seg__opt", has_text="Classic Monopoly").click()
    expect(seats.filter(visible=True)).to_have_count(7)  # 2 to 8
    expect(form.locator('.house-rules[data-kind="deal"]')).to_be_hidden()
    expect(form.locator('.house-rules[data-kind="classic"]')).to_be_visible()
