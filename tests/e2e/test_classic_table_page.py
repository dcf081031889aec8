"""The classic table on the real site, in browsers: the board and prompt on a
phone and a desk (screenshots, axe-core, the Content Security Policy), an
auction whose sealed bids three players place from their own browsers, and a
trade offered in one browser and accepted in another."""

from unittest import mock

from playwright.sync_api import expect

from django.db.models import F

from games.engines import classic
from games.engines.classic import Roll
from games.models import Game
from tests.e2e.test_table_first_screen import serious
from tests.engines.classic.support import apply
from tests.games.factories import make_game

NAMES = ["Ann", "Bea", "Cy"]
TABLE = """
seats: 3
0 cash: 1230
0 owns: Boardwalk +2, Park Place +2, Reading Railroad (mortgaged), Water Works
0 cards: ch_jail_free
1 cash: 700
1 owns: St. James Place, Tennessee Avenue
1 at: 22
2 cash: 300
2 jail: 1
last roll: 3 4
"""


def rigged(user_factory, state) -> tuple[Game, list]:
    users = [user_factory(n.lower(), display_name=n) for n in NAMES]
    # Built here, in Playwright's thread: no browser to tell yet.
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
        game = make_game(creator=users[0], players=users[1:], kind="classic")
    return put(game, state), users


def put(game: Game, state) -> Game:
    """The game now stands at `state` (its history is left as it was)."""
    Game.objects.filter(pk=game.pk).update(
        snapshot=classic.to_json(state), version=F("version") + 1, deadlines={}
    )
    return Game.objects.get(pk=game.pk)


def test_the_table_on_a_phone_and_a_desk(login, new_context, user_factory, screenshot):
    game, users = rigged(user_factory, classic.scenario(TABLE))
    for width in (375, 1280):
        put(game, classic.scenario(TABLE))
        page = login(users[0], new_context(viewport={"width": width, "height": 900}))
        page.goto(game.get_absolute_url())
        expect(page.locator("#prompt")).to_contain_text("Roll the dice")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 375:  # the whole board, then the decision, on one screen
            prompt = page.locator("#prompt-title").bounding_box()
            board = page.locator("#sq-0").bounding_box()
            assert board["y"] < prompt["y"] and prompt["y"] + prompt["height"] < 900
        shown = page.locator("#table").get_attribute("data-version")
        page.locator("#prompt button", has_text="Roll the dice").click()
        # Redrawn by htmx (the prompt may say roll again: doubles).
        expect(page.locator("#table")).not_to_have_attribute("data-version", shown)
        expect(page.locator("#history")).to_contain_text("You rolled")
        # Last: a screenshot sets style="" on inputs, which htmx's next swap
        # would copy onto the new ones (refused by the CSP).
        screenshot(page, f"classic-page-{width}")
        assert serious(page) == []
        page.context.close()


def test_three_browsers_bid_and_none_sees_another_bid(
    login, new_context, user_factory, screenshot
):
    state = classic.scenario(TABLE + "0 at: 15\n")
    state = apply(state, Roll(seat=0), dice=(2, 4))  # Kentucky Avenue, unowned
    game, users = rigged(user_factory, state)
    pages = [login(u, new_context()) for u in users]
    pages[0].goto(game.get_absolute_url())
    pages[0].locator("#prompt button", has_text="Decline: auction it").click()
    expect(pages[0].locator("#prompt")).to_contain_text("Sealed bid")
    bids = {0: "137", 1: "251"}
    for seat, amount in bids.items():
        page = pages[seat]
        page.goto(game.get_absolute_url())
        expect(page.locator("#prompt")).to_contain_text("Sealed bid")
        page.locator("#bid-21").fill(amount)
        page.locator("#prompt button", has_text="Place my sealed bid").click()
        expect(page.locator("#prompt")).to_contain_text(
            f"Your sealed bid: ${amount} on Kentucky Avenue."
        )
    cy = pages[2]
    cy.goto(game.get_absolute_url())
    expect(cy.locator("#prompt")).to_contain_text("You have $300.")
    for seat, page in enumerate(pages):
        page.goto(game.get_absolute_url())
        html = page.content()
        for bidder, amount in bids.items():
            assert (f"${amount}" in html) == (bidder == seat), (seat, bidder)
    cy.locator("#prompt button", has_text="Pass").click()
    expect(cy.locator("#sq-21")).to_have_attribute(
        "title", "Kentucky Avenue; Bea's; rent $18; Ann here."
    )
    screenshot(pages[1], "classic-page-bid")  # Bea's page, before her redraw


def test_a_trade_offered_in_one_browser_is_accepted_in_another(
    login, new_context, user_factory
):
    game, users = rigged(user_factory, classic.scenario(TABLE))
    ann, bea = login(users[0], new_context()), login(users[1], new_context())
    ann.goto(game.get_absolute_url())
    ann.locator("#trade > summary").click()
    ann.locator('details[data-fold="trade-1"] > summary').click()
    form = ann.locator('details[data-fold="trade-1"] form')
    form.locator('input[name="give_deeds"][value="28"]').check()
    form.locator('input[name="get_cash"]').fill("200")
    form.locator("button", has_text="Offer this trade to Bea").click()
    expect(ann.locator("#prompt")).to_contain_text("Your offer to Bea")
    bea.goto(game.get_absolute_url())
    offer = bea.locator(".coffer--in")
    expect(offer).to_contain_text("Ann gives you: Water Works.")
    expect(offer).to_contain_text("You give Ann: $200.")
    offer.locator("button", has_text="Accept").click()
    expect(bea.locator("#sq-28")).to_have_attribute(
        "title", "Water Works; yours; 4 x dice."
    )
    state = Game.objects.get(pk=game.pk).state()
    assert state.owner[28] == 1 and state.players[0].cash == 1430
