"""Monopoly Deal in real browsers: two friends at one table, and one player
against bots to the end.

Random dealing cannot be relied on for a rent and a Just Say No, so the
two-player test creates and joins the game through the pages and then rigs
the deal (test-only): the position from `engine.scenario` is written as the
game's snapshot and the version moves on, as if events had led there. Every
move after that is made by clicking, and goes through the services.
"""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from django.db.models import F

from games.engines import deal as engine
from games.models import Game

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}

RENT_AND_NO = """
    seats: 2
    turn: 0
    0 hand: Red/Yellow Rent, Red/Yellow Rent, 1M
    0 sets: red[Kentucky Avenue, Indiana Avenue, Illinois Avenue]
    0 bank: 2M
    1 hand: Just Say No, 2M, Boardwalk
    1 bank: 1M, 2M, 3M, 5M
    1 sets: green[Pacific Avenue], orange[St. James Place, Tennessee Avenue]
"""


def rig(game: Game, text: str) -> engine.State:
    """Test-only: put the table in the position `text` describes."""
    state = engine.scenario(text)
    Game.objects.filter(pk=game.pk).update(
        snapshot=engine.to_json(state), version=F("version") + 1, deadlines={}
    )
    return state


def card(page, card_id: int):
    return page.locator(f'[data-card="{card_id}"]')


def tap_hand_card(page, card_id: int):
    page.locator("#hand details.pick").filter(has=card(page, card_id)).locator(
        "summary"
    ).click()
    menu = page.locator("#hand details.pick[open] .pick__menu")
    expect(menu).to_be_visible()
    return menu


def mark_page(page):
    """A flag that only a full page load would wipe out."""
    page.evaluate("window.__stillHere = true")


def assert_not_reloaded(page):
    assert page.evaluate("window.__stillHere === true"), "the page was reloaded"


def test_two_friends_charge_rent_pay_card_by_card_and_say_no(
    login, new_context, user_factory, screenshot, shot
):
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    page_a = login(ada)

    # Ada creates an invite-only table for two.
    page_a.goto("/games/")
    page_a.locator(".seg__opt", has_text="2").click()
    page_a.get_by_label("Time per decision").select_option(label="1 day")
    page_a.get_by_label("List it in the lobby").uncheck()
    page_a.get_by_role("button", name="Create the table").click()
    expect(page_a.locator("#waiting")).to_contain_text("waiting for players")
    invite = page_a.locator("#invite-link").input_value()
    assert "/games/join/" in invite
    shot(page_a, "waiting-room-1280")
    mark_page(page_a)

    # Bea follows the link and takes the second seat: the game starts.
    page_b = login(bea, new_context(viewport=PHONE))
    page_b.goto(invite)
    page_b.get_by_role("button", name="Take a seat").click()
    expect(page_b.locator("#hand")).to_be_visible()
    # Ada's waiting room turns into the table by itself.
    expect(page_a.locator("#hand")).to_be_visible(timeout=15_000)
    assert_not_reloaded(page_a)

    game = Game.objects.get(created_by=ada)
    state = rig(game, RENT_AND_NO)
    page_a.reload()
    page_b.reload()
    mark_page(page_a)
    mark_page(page_b)
    rents = [c for c in state.players[0].hand if engine.DECK[c].kind == "rent"]
    bank_b = {engine.DECK[c].value: c for c in state.players[1].bank}

    # Ada charges 6M rent; Bea is asked in place: the pay picker at once.
    menu = tap_hand_card(page_a, rents[0])
    page_a.wait_for_timeout(300)  # let the sheet finish rising
    screenshot(page_a, "card-menu-1280", full_page=False)
    menu.get_by_role("button", name="Charge 6M Red rent to everyone").click()
    expect(page_a.locator("#prompt")).to_contain_text("Waiting for Bea")
    prompt_b = page_b.locator("#prompt")
    expect(prompt_b.get_by_role("button", name="Just Say No!")).to_be_visible()
    shot(page_b, "asked-to-answer-375")
    expect(prompt_b.get_by_role("button", name="Accept")).to_have_count(0)

    # Bea pays card by card (accepting and paying in one step), with a running
    # total and the rule while short.
    picker = page_b.locator("form.picker--pay")
    expect(picker).to_be_visible()
    expect(prompt_b).to_contain_text("Pay Ada 6M")
    pay_button = prompt_b.locator('button[form="pay-picker"]')
    expect(pay_button).to_be_disabled()
    picker.locator("label.pick-card").filter(has=card(page_b, bank_b[1])).click()
    expect(picker.locator(".picker__sum")).to_have_text("1")
    expect(picker).to_have_class(re.compile("is-short"))
    expect(picker.locator(".picker__rule")).to_contain_text("no change is given")
    picker.locator("label.pick-card").filter(has=card(page_b, bank_b[2])).click()
    picker.locator("label.pick-card").filter(has=card(page_b, bank_b[3])).click()
    expect(picker.locator(".picker__sum")).to_have_text("6")
    expect(picker).to_have_class(re.compile("is-enough"))
    shot(page_b, "paying-375")
    expect(pay_button).to_have_text("Pay 6M")
    pay_button.click()

    # Ada sees the money arrive without reloading.
    seat_a_on_a = page_a.locator("#seat-0")
    expect(seat_a_on_a).to_contain_text("8M")
    for value in (1, 2, 3):
        expect(seat_a_on_a.locator(f'[data-card="{bank_b[value]}"]')).to_be_visible()
    expect(page_a.locator("#history")).to_contain_text("Bea paid you 6M")

    # A second rent: Bea says no, and Ada sees it.
    menu = tap_hand_card(page_a, rents[1])
    menu.get_by_role("button", name="Charge 6M Red rent to everyone").click()
    prompt_b.get_by_role("button", name="Just Say No!").click()
    said_no = "Bea said no with a Just Say No."
    expect(page_a.locator("#history")).to_contain_text(said_no)
    prompt_a = page_a.locator("#prompt")
    accept = prompt_a.get_by_role("button", name="Accept")
    if accept.count():  # Ada holds no Just Say No of her own: let it stand.
        accept.click()
    expect(prompt_a).to_contain_text("Your turn")
    expect(page_b.locator("#seat-1")).to_contain_text("5M")
    shot(page_a, "table-1280")
    shot(page_b, "table-375")

    # Ada ends her turn; Bea's page shows it is hers.
    prompt_a.get_by_role("button", name="End turn").click()
    expect(page_b.locator(".status__line")).to_contain_text("Your turn")
    assert_not_reloaded(page_a)
    assert_not_reloaded(page_b)


def play_whatever_is_asked(page) -> bool:
    """Answer the prompt with its first offered choice, if it asks anything."""
    prompt = page.locator("#prompt")
    for name in (
        "Accept",
        re.compile(r"^Pay .* with the suggested cards|^Pay nothing"),
        "Discard the suggested cards",
        "End turn",
    ):
        button = prompt.get_by_role("button", name=name)
        if button.count() and button.first.is_visible():
            try:
                button.first.click(timeout=3_000)
            except PlaywrightTimeoutError:
                # A bot's move swapped the table in under the click: look again.
                return False
            return True
    return False


def test_one_player_plays_a_whole_game_against_bots(login, user_factory, shot):
    cy = user_factory("cy", display_name="Cy")
    page = login(cy)
    page.goto("/games/")
    page.locator(".seg__opt", has_text="3").click()
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("button", name="Fill empty seats with bots").click()
    expect(page.locator("#hand")).to_be_visible()
    shot(page, "against-bots-1280")

    for _ in range(400):
        if page.locator("#table.is-over").count():
            break
        version = page.locator("#table").get_attribute("data-version")
        if play_whatever_is_asked(page):
            expect(page.locator("#table")).not_to_have_attribute(
                "data-version", version or "", timeout=15_000
            )
        else:
            page.wait_for_timeout(300)
    expect(page.locator("#prompt")).to_contain_text("won the game")
    shot(page, "game-over-1280")
    game = Game.objects.get(created_by=cy)
    assert game.status == Game.Status.FINISHED
    assert game.winner is not None


def test_a_stale_move_shows_the_fresh_table_and_the_reason(
    login, user_factory, screenshot
):
    dee = user_factory("dee", display_name="Dee")
    page = login(dee)
    page.goto("/games/")
    page.get_by_role("button", name="Create the table").click()
    page.get_by_role("button", name="Fill empty seats with bots").click()
    end_turn = page.locator("#prompt").get_by_role("button", name="End turn")
    expect(end_turn).to_be_visible()
    mark_page(page)
    # Pretend the page is from before the last change.
    page.evaluate(
        """document.querySelectorAll('input[name=version]')
             .forEach((i) => { i.value = String(Number(i.value) - 1); })"""
    )
    end_turn.click()
    expect(page.locator("#prompt .prompt__error")).to_have_text(
        "Your move was not made: the table changed meanwhile. Here it is now."
    )
    expect(end_turn).to_be_visible()
    assert_not_reloaded(page)
    screenshot(page, "stale-1280", full_page=False)
