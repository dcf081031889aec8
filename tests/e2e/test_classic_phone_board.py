"""Issue 27 on a phone, classic (findings 11, 12, 13, 17): the whole board
as a compact ring at the top of the page, tokens, owners' marks and houses
on it; a space tapped (or reached by Tab and opened with Enter) shows its
title deed; owners' marks are told apart by colour and letters; a player
out of the game is not faded below contrast."""

import pytest
from playwright.sync_api import expect

from games.engines import classic
from tests.e2e.test_first_screen_matrix import (
    BOARD,
    classic_buy,
    classic_over,
    classic_roll,
    outside,
    rigged,
)
from tests.e2e.test_table_first_screen import serious

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 667}


def test_the_whole_board_and_a_deed_on_a_phone(
    login, new_context, user_factory, screenshot
):
    game, users = rigged(user_factory, "classic", classic_roll(4), 4)
    page = login(users[0], new_context(viewport=PHONE))
    page.goto(game.get_absolute_url())
    assert outside(page, [*BOARD, "#prompt-title"], PHONE["height"]) == []
    # The spaces of a deed are buttons, the others not.
    assert page.locator(".cboard .sq__tap").count() == 28
    # Houses and owners' marks drawn on the ring: Ada's two houses on Boardwalk.
    boardwalk = page.locator("#sq-39")
    expect(boardwalk.locator(".chouse")).to_have_count(2)
    expect(boardwalk.locator(".sq__owner")).to_have_text("A")
    boardwalk.locator(".sq__tap").click()
    deed = page.locator("#deed-39")
    expect(deed).to_be_visible()
    expect(deed).to_contain_text("Title deed")
    expect(deed).to_contain_text("With a hotel")
    expect(deed).to_contain_text("$2,000")
    expect(deed).to_contain_text("mortgage $200")
    expect(deed).to_contain_text("Park Place, you")
    screenshot(page, "deed-375", full_page=False)
    assert serious(page) == []
    deed.get_by_role("button", name="Close").click()
    expect(deed).to_be_hidden()
    # By keyboard: focus a space, Enter opens its deed, Escape closes it.
    page.locator("#sq-1 .sq__tap").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#deed-1")).to_be_visible()
    expect(page.locator("#deed-1")).to_contain_text("Baltic Avenue, Cy")
    page.keyboard.press("Escape")
    expect(page.locator("#deed-1")).to_be_hidden()


def test_buying_shows_the_title_deed(login, new_context, user_factory, screenshot):
    game, users = rigged(user_factory, "classic", classic_buy(4), 4)
    page = login(users[0], new_context(viewport={"width": 1280, "height": 800}))
    page.goto(game.get_absolute_url())
    deed = page.locator("#prompt .cdeedcard")
    expect(deed).to_contain_text("Kentucky Avenue")
    expect(deed).to_contain_text("With 4 houses")
    expect(deed).to_contain_text("$875")
    expect(deed).to_contain_text("mortgage $110")
    expect(deed).to_contain_text("Indiana Avenue, the bank; Illinois Avenue, Dee")
    screenshot(page, "buy-deed-1280", full_page=False)


MARKS = """() => [...document.querySelectorAll('.cplayer .ctoken')].map((t) => ({
    text: t.textContent.trim(), colour: getComputedStyle(t).backgroundColor}))"""
FADED = """() => [...document.querySelectorAll('.cplayer.is-out *')]
    .filter((el) => {
        for (let e = el; e; e = e.parentElement) {
            if (parseFloat(getComputedStyle(e).opacity) < 1) return true;
        }
        return false;
    }).map((el) => el.className)"""


def test_marks_are_apart_and_players_out_are_not_faded(
    login, new_context, user_factory, screenshot
):
    state = classic_over(8)
    game, users = rigged(user_factory, "classic", state, 8)
    page = login(users[0], new_context(viewport={"width": 1280, "height": 800}))
    page.goto(game.get_absolute_url())
    marks = page.evaluate(MARKS)
    assert len({m["text"] for m in marks}) == 8, marks
    live = [m["colour"] for m in marks[:1]]  # the winner; the others are out
    assert live and page.evaluate(FADED) == []
    screenshot(page, "out-1280", full_page=False)
    assert serious(page) == []


def test_owners_colours_are_eight_apart(login, new_context, user_factory):
    state = classic.scenario(
        "seats: 8\n"
        + "\n".join(
            f"{s} owns: {n}"
            for s, n in enumerate(
                [
                    "Boardwalk",
                    "Park Place",
                    "Baltic Avenue",
                    "Oriental Avenue",
                    "Vermont Avenue",
                    "States Avenue",
                    "Virginia Avenue",
                    "Short Line",
                ]
            )
        )
    )
    game, users = rigged(user_factory, "classic", state, 8)
    page = login(users[0], new_context(viewport={"width": 1280, "height": 800}))
    page.goto(game.get_absolute_url())
    colours = page.evaluate(
        """() => [...document.querySelectorAll('.sq__owner')]
            .map((o) => getComputedStyle(o).backgroundColor
                .match(/\\d+/g).slice(0, 3).map(Number))"""
    )
    assert len(colours) == 8
    # Far apart: every pair differs by 60 or more in some channel.
    for i, a in enumerate(colours):
        for b in colours[i + 1 :]:
            assert max(abs(x - y) for x, y in zip(a, b, strict=True)) >= 60, (a, b)
