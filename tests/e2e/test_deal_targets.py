"""Issue 27, finding 2: targeted actions by direct manipulation. Sly Deal,
Forced Deal, Deal Breaker and a rent's set and player are played by tapping
the things they name on the table: those light up, the rest of the table
dims, each tap narrows the moves until one is left, which is made. By
mouse, touch and keyboard (arrows, Enter, Escape); without JavaScript the
card's menu is the list of sentences, as before."""

import pytest
from playwright.sync_api import expect

from games.engines import deal as engine
from tests.e2e.test_first_screen_matrix import held, rigged
from tests.e2e.test_table_first_screen import serious

pytestmark = pytest.mark.e2e

TABLE = """
    seats: 3
    turn: 0
    0 hand: Sly Deal, Forced Deal, Deal Breaker, Wild Rent, 1M
    0 sets: red[Kentucky Avenue, Indiana Avenue], orange[St. James Place]
    0 bank: 2M
    1 sets: dark_blue[Park Place], orange[Tennessee Avenue, New York Avenue]
    1 sets: light_blue[Oriental Avenue, Vermont Avenue, Connecticut Avenue]
    1 bank: 5M, 3M
    2 sets: railroad[Reading Railroad]
    2 bank: 4M
"""
DESK = {"width": 1280, "height": 800}


def table_with(user_factory):
    state = engine.scenario(TABLE)
    game, users = rigged(user_factory, "deal", state, 3)
    return state, game, users


def on_table(state, seat: int, name: str) -> int:
    return next(
        c for c in state.players[seat].table_cards() if engine.DECK[c].name == name
    )


def open_card(page, card_id: int):
    page.locator(f'#hand summary:has([data-card="{card_id}"])').click()
    return page.locator("#hand details.pick[open] .pick__menu")


def lit(page) -> list[str]:
    return page.evaluate(
        """() => [...document.querySelectorAll('#table .is-target')].map((el) =>
            el.dataset.aim)"""
    )


def tap_strip(locator) -> None:
    """Tap the top strip of a card (the part a card laid on it leaves)."""
    locator.click(position={"x": 12, "y": 8})


def test_sly_deal_by_mouse(login, new_context, user_factory, screenshot):
    state, game, users = table_with(user_factory)
    page = login(users[0], new_context(viewport=DESK))
    page.goto(game.get_absolute_url())
    menu = open_card(page, held(state, 0, "Sly Deal"))
    expect(page.locator("#table.is-targeting")).to_have_count(1)
    expect(menu.locator(".pick__aim")).to_contain_text("Tap the property to take")
    takeable = {
        f"c{on_table(state, s, n)}"
        for s, n in [
            (1, "Park Place"),
            (1, "Tennessee Avenue"),
            (1, "New York Avenue"),
            (2, "Reading Railroad"),
        ]
    }
    assert set(lit(page)) == takeable
    # The sentences are out of the way (a list on request), the rest dims.
    expect(menu.locator("form.move[data-steps]:visible")).to_have_count(0)
    oriental = page.locator(f'[data-card="{on_table(state, 1, "Oriental Avenue")}"]')
    assert "grayscale" in oriental.evaluate("el => getComputedStyle(el).filter")
    park = page.locator(f'[data-card="{on_table(state, 1, "Park Place")}"]')
    assert park.evaluate("el => getComputedStyle(el).filter") == "none"
    screenshot(page, "sly-deal-aiming", full_page=False)
    assert serious(page) == []
    tennessee = on_table(state, 1, "Tennessee Avenue")
    tap_strip(page.locator(f'#seat-1 [data-card="{tennessee}"]'))
    expect(page.locator("#history")).to_contain_text("Sly Deal")
    expect(page.locator(".is-target")).to_have_count(0)
    expect(page.locator("#table.is-targeting")).to_have_count(0)
    expect(page.locator("#prompt-title")).to_be_focused()


def test_the_list_of_every_choice_is_a_tap_away(login, new_context, user_factory):
    state, game, users = table_with(user_factory)
    page = login(users[0], new_context(viewport=DESK))
    page.goto(game.get_absolute_url())
    menu = open_card(page, held(state, 0, "Forced Deal"))
    expect(menu.locator("form.move[data-steps]:visible")).to_have_count(0)
    menu.get_by_role("button", name="List every choice").click()
    expect(
        menu.get_by_role(
            "button",
            name="Swap your Kentucky Avenue for Bea Longname's Tennessee Avenue",
        )
    ).to_be_visible()
    box = menu.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= DESK["height"]


def test_forced_deal_by_keyboard(login, new_context, user_factory):
    state, game, users = table_with(user_factory)
    page = login(users[0], new_context(viewport=DESK))
    page.goto(game.get_absolute_url())
    forced = held(state, 0, "Forced Deal")
    summary = page.locator(f'#hand summary:has([data-card="{forced}"])')
    summary.focus()
    page.keyboard.press("Enter")
    # Focus goes to the first lit property; arrows walk the lit ones.
    expect(page.locator("#table .is-target:focus")).to_have_count(1)
    tennessee = f"c{on_table(state, 1, 'Tennessee Avenue')}"
    for _ in range(6):
        if page.evaluate("document.activeElement.dataset.aim") == tennessee:
            break
        page.keyboard.press("ArrowRight")
    else:
        pytest.fail("the arrows never reached Tennessee Avenue")
    page.keyboard.press("Enter")
    # Now yours to give: your properties lit, Tennessee marked as chosen.
    mine = {
        f"c{on_table(state, 0, n)}"
        for n in ("Kentucky Avenue", "Indiana Avenue", "St. James Place")
    }
    expect(page.locator("#table .is-target")).to_have_count(3)
    assert set(lit(page)) == mine
    expect(page.locator("#seat-1 .is-picked")).to_have_count(1)
    kentucky = f"c{on_table(state, 0, 'Kentucky Avenue')}"
    for _ in range(4):
        if page.evaluate("document.activeElement.dataset.aim") == kentucky:
            break
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    expect(page.locator("#history")).to_contain_text("Forced Deal")
    expect(page.locator("#prompt-title")).to_be_focused()


def test_escape_cancels(login, new_context, user_factory):
    state, game, users = table_with(user_factory)
    page = login(users[0], new_context(viewport=DESK))
    page.goto(game.get_absolute_url())
    sly = held(state, 0, "Sly Deal")
    summary = page.locator(f'#hand summary:has([data-card="{sly}"])')
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#table .is-target:focus")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(".is-target")).to_have_count(0)
    expect(page.locator("#table.is-targeting")).to_have_count(0)
    expect(page.locator("#hand details.pick[open]")).to_have_count(0)
    expect(summary).to_be_focused()


def test_deal_breaker_by_touch(login, new_context, user_factory, screenshot):
    state, game, users = table_with(user_factory)
    context = new_context(
        viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True
    )
    page = login(users[0], context)
    page.goto(game.get_absolute_url())
    page.locator(
        f'#hand summary:has([data-card="{held(state, 0, "Deal Breaker")}"])'
    ).tap()
    light_blue = page.locator('.pset[data-set="1-2"]')
    expect(light_blue).to_have_class("pset is-full is-target")
    assert lit(page) == ["s1-2"]
    screenshot(page, "deal-breaker-375", full_page=False)
    light_blue.scroll_into_view_if_needed()
    light_blue.locator(".pset__label").tap()
    expect(page.locator("#history")).to_contain_text("Deal Breaker")


def test_wild_rent_your_set_then_the_player(login, new_context, user_factory):
    state, game, users = table_with(user_factory)
    page = login(users[0], new_context(viewport=DESK))
    page.goto(game.get_absolute_url())
    menu = open_card(page, held(state, 0, "Wild Rent"))
    expect(menu.locator(".pick__aim")).to_contain_text("Tap your set")
    assert set(lit(page)) == {"s0-0", "s0-1"}
    page.locator('.pset[data-set="0-0"] .pset__label').click()
    expect(menu.locator(".pick__aim")).to_contain_text("Tap the player who pays")
    assert set(lit(page)) == {"p1", "p2"}
    page.locator("#seat-2 .seat__name").click()
    expect(page.locator("#history")).to_contain_text("You charged Cy 3M rent for Red")
    expect(page.locator(".status__line")).to_contain_text("Cy")


def test_without_javascript_the_sentences_play(login, new_context, user_factory):
    state, game, users = table_with(user_factory)
    page = login(users[0], new_context(viewport=DESK, java_script_enabled=False))
    page.goto(game.get_absolute_url())
    open_card(page, held(state, 0, "Sly Deal")).get_by_role(
        "button", name="Take Tennessee Avenue from Bea Longname"
    ).click()
    expect(page.locator("#history")).to_contain_text("Sly Deal")


def test_a_card_menu_opens_inside_the_screen(login, new_context, user_factory):
    """The hand is near the top of a desk's table: its menus open below the
    card (above it, they went under the page's header)."""
    state, game, users = table_with(user_factory)
    page = login(users[0], new_context(viewport=DESK))
    page.goto(game.get_absolute_url())
    menu = open_card(page, held(state, 0, "1M"))
    expect(menu.get_by_role("button", name="Bank it as 1M")).to_be_visible()
    box = menu.bounding_box()
    header = page.locator(".site-header").bounding_box()
    assert box["y"] >= header["y"] + header["height"], box
    assert box["y"] + box["height"] <= DESK["height"], box
