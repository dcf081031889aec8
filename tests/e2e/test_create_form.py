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


@pytest.mark.parametrize("kind", ["Monopoly Deal", "Classic Monopoly"])
def test_the_create_button_is_on_the_first_screen_at_1280x800(
    kind, login, new_context, user_factory, screenshot
):
    page = login(
        user_factory("ada", display_name="Ada"),
        new_context(viewport={"width": 1280, "height": 800}),
    )
    page.goto("/games/")
    form = page.locator("form.create-form")
    form.locator("label.seg__opt", has_text=kind).click()
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, f"create-form-1280-{kind.split()[0].lower()}", full_page=False)
    button = form.locator('button[type="submit"]').last
    box = button.bounding_box()
    assert box is not None and box["y"] >= 0
    assert box["y"] + box["height"] <= 800, box


def test_the_time_zone_is_the_browser_s(login, new_context, user_factory):
    ada = user_factory("ada", display_name="Ada")
    page = login(
        ada,
        new_context(viewport={"width": 1280, "height": 800}, timezone_id="Asia/Tokyo"),
    )
    page.goto("/games/")
    form = page.locator("form.create-form")
    expect(form.locator('input[name="time_zone"]')).to_have_value("Asia/Tokyo")
    form.locator("label.seg__opt", has_text="Monopoly Deal").click()
    form.locator('button[type="submit"]').last.click()
    page.wait_for_url("**/games/*/")
    ada.refresh_from_db()
    assert ada.time_zone == "Asia/Tokyo"
