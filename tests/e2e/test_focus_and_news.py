"""Issue 27, finding 4 and "done when": focus lands on the prompt's heading
after every move of the player's, however the move was made (a mouse click
in a browser that does not focus buttons left focus on <body>: after Pass
Go it stayed there), and the live region announces others' moves."""

import pytest
from playwright.sync_api import expect

from games.engines import deal as engine
from tests.e2e.test_first_screen_matrix import classic_roll, deal_turn, held, rigged

pytestmark = pytest.mark.e2e


def click_without_focus(page, locator) -> None:
    """A click as Safari and Firefox on macOS make it: the button is pressed
    but not focused, and focus stays on <body>."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    locator.dispatch_event("click")


def test_after_pass_go_focus_is_on_the_prompt(login, new_context, user_factory):
    state = deal_turn(2)
    game, users = rigged(user_factory, "deal", state, 2)
    page = login(users[0], new_context(viewport={"width": 1280, "height": 800}))
    page.goto(game.get_absolute_url())
    pass_go = held(state, 0, "Pass Go")
    page.locator(f'#hand summary:has([data-card="{pass_go}"])').click()
    move = page.locator("#hand details.pick[open] .pick__menu").get_by_role(
        "button", name="Pass Go: draw 2 cards"
    )
    click_without_focus(page, move)
    expect(page.locator("#history")).to_contain_text("Pass Go")
    expect(page.locator("#prompt-title")).to_be_focused()
    # And after ending the turn with eight cards: on the discard's heading.
    click_without_focus(
        page, page.locator("#prompt").get_by_role("button", name="End turn")
    )
    expect(page.locator("#prompt-title")).to_have_text("Too many cards")
    expect(page.locator("#prompt-title")).to_be_focused()
    expect(page.locator(".status__line")).to_have_text(
        "Discard down to 7: choose 1 card."
    )


def test_after_a_classic_roll_focus_is_on_the_prompt(login, new_context, user_factory):
    game, users = rigged(user_factory, "classic", classic_roll(2), 2)
    page = login(users[0], new_context(viewport={"width": 1280, "height": 800}))
    page.goto(game.get_absolute_url())
    shown = page.locator("#table").get_attribute("data-version")
    click_without_focus(
        page, page.locator("#prompt").get_by_role("button", name="Roll the dice")
    )
    expect(page.locator("#table")).not_to_have_attribute("data-version", shown)
    expect(page.locator("#prompt-title")).to_be_focused()


def test_others_moves_are_announced(login, new_context, user_factory):
    state = deal_turn(2)
    game, users = rigged(user_factory, "deal", state, 2)
    bea = login(users[1], new_context())
    bea.goto(game.get_absolute_url())
    # Bea is typing in the chat: the news must not take her focus.
    ada = login(users[0], new_context())
    ada.goto(game.get_absolute_url())
    pass_go = held(state, 0, "Pass Go")
    ada.locator(f'#hand summary:has([data-card="{pass_go}"])').click()
    ada.locator("#hand details.pick[open] .pick__menu").get_by_role(
        "button", name="Pass Go: draw 2 cards"
    ).click()
    expect(bea.locator("#announce")).to_contain_text("Pass Go", timeout=15_000)
    expect(bea.locator("#announce")).to_contain_text("Ada")
    # Her own move is not read back to Ada.
    expect(ada.locator("#announce")).not_to_contain_text("Pass Go")
    assert engine.DECK[pass_go].name == "Pass Go"
