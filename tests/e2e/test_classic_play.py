"""Classic Monopoly played through the real table in browsers.

Two players in two browsers (Ann at a desk, Bea on a phone) play a few turns
of a game made by the site's services: every move is a click or a form on the
table, and every change reaches the other browser over the WebSocket alone
(the version poll is cut off). The dice are scripted (test-only: the services'
random generator is replaced by one whose dice come up as the story needs),
so the history is real events from the deal on.

One player then plays a whole game against bots to its end screen.
"""

import json
import random
import re
from unittest import mock

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.e2e.test_table import assert_not_reloaded, mark_page
from tests.engines.classic.support import Dice
from tests.games.factories import make_game

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}
DESK = {"width": 1280, "height": 900}
# The sealed bids: amounts no other figure of the story shows.
ANN_BID, BEA_BID = 61, 77
BEA, ANN = 0, 1  # seats: Bea makes the table, Ann joins it
# The house rule that ends a game against bots in a few minutes.
ROUNDS = 6


@pytest.fixture
def dice():
    """The dice of every move the site plays, scripted (`roll` below).

    With an empty script the deal is Random(0)'s: the second seat goes first.
    """
    rolled = Dice()
    with mock.patch("games.services.randomness.rng", return_value=rolled):
        yield rolled
    assert not rolled.faces, f"dice left unrolled: {rolled.faces}"


def live_only(page, frames: list):
    """The page learns of changes over its WebSocket only: the version poll
    beside it is refused, and every message the socket brings is kept."""
    page.route(re.compile(r"/games/\d+/version/"), lambda route: route.abort())
    count_requests(page)
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)),
    )


# Counts the page's requests in flight (htmx's are XMLHttpRequests): a swap
# can detach the element that sent one, so its class or events cannot tell.
_COUNT_REQUESTS = """
window.__inFlight = 0;
const send = XMLHttpRequest.prototype.send;
XMLHttpRequest.prototype.send = function (...args) {
  window.__inFlight += 1;
  this.addEventListener("loadend", () => { window.__inFlight -= 1; });
  return send.apply(this, args);
};
"""


def count_requests(page):
    """From the next page load on, `settled` can tell when the page is idle."""
    page.add_init_script(_COUNT_REQUESTS)


def settled(page):
    """No request of the table's in flight and no swap still settling (the
    page puts the player's folds back as a swap settles): a click now is not
    swapped away, and what the test reads is what the player sees."""
    page.wait_for_function(
        "() => window.__inFlight === 0"
        " && !document.querySelector('.htmx-swapping, .htmx-settling')"
    )


def click(page, name: str):
    """Click the prompt's button `name` and wait for the table it brings."""
    settled(page)
    shown = page.locator("#table").get_attribute("data-version")
    page.locator("#prompt").get_by_role("button", name=name, exact=True).click()
    expect(page.locator("#table")).not_to_have_attribute("data-version", shown or "")
    settled(page)


def roll(page, dice, *faces: int, button: str = "Roll the dice"):
    """Roll from the page with the dice coming up `faces`."""
    dice.faces += faces
    click(page, button)


def unfold(page, fold: str):
    """Open the table's fold `fold` (the page may have kept it open)."""
    details = page.locator(f'#table details[data-fold="{fold}"]')
    settled(page)
    if details.get_attribute("open") is None:
        details.locator("> summary").click()
    expect(details).to_have_attribute("open", "")


def cash(page, seat: int):
    return page.locator(f"#cplayer-{seat} .cplayer__cash")


def square(page, index: int):
    return page.locator(f"#sq-{index}")


def watch_for(page, secret: str):
    """From now on, note whenever `secret` is anywhere in the page's markup."""
    page.evaluate(
        """(secret) => {
          window.__seen = window.__seen || {};
          const look = () => {
            if (document.documentElement.outerHTML.includes(secret)) {
              window.__seen[secret] = true;
            }
          };
          look();
          new MutationObserver(look).observe(document, {
            subtree: true, childList: true, attributes: true, characterData: true,
          });
        }""",
        secret,
    )


def was_seen(page, secret: str) -> bool:
    return page.evaluate("(s) => Boolean((window.__seen || {})[s])", secret)


def test_two_browsers_buy_bid_trade_build_mortgage_and_leave_jail(
    login, new_context, user_factory, dice, screenshot
):
    bea = user_factory("bea", display_name="Bea")
    ann = user_factory("ann", display_name="Ann")
    # Built here, in Playwright's thread: no browser to tell yet.
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
        game = make_game(creator=bea, players=[ann], kind="classic")
    assert game.state().active == 1  # Ann, in the second seat, goes first
    frames = {"ann": [], "bea": []}
    page_a, page_b = (
        login(ann, new_context(viewport=DESK)),
        login(bea, new_context(viewport=PHONE)),
    )
    for page, who in ((page_a, "ann"), (page_b, "bea")):
        live_only(page, frames[who])
        page.goto(game.get_absolute_url())
        expect(page.locator("#history")).to_contain_text("Ann goes first")
        mark_page(page)
    prompt_a, prompt_b = page_a.locator("#prompt"), page_b.locator("#prompt")

    # Ann rolls doubles onto Oriental Avenue and buys it, rolls again onto
    # Connecticut Avenue and buys that too.
    roll(page_a, dice, 3, 3)
    expect(prompt_a).to_contain_text("Buy Oriental Avenue?")
    click(page_a, "Buy for $100")
    roll(page_a, dice, 1, 2)
    click(page_a, "Buy for $120")
    expect(cash(page_a, ANN)).to_have_text(re.compile(r"\$1,280"))
    for page in (page_a, page_b):
        expect(square(page, 6)).to_have_attribute(
            "title", re.compile(r"^Oriental Avenue; (yours|Ann's); rent \$6\.")
        )
        expect(square(page, 9)).to_have_attribute(
            "title", re.compile(r"^Connecticut Avenue; (yours|Ann's); rent \$8; ")
        )
        expect(page.locator("#history")).to_contain_text("bought Connecticut Avenue")
    expect(cash(page_b, ANN)).to_have_text(re.compile(r"\$1,280"))
    click(page_a, "End your turn")

    # Bea lands on Vermont Avenue and declines it: a sealed-bid auction.
    expect(prompt_b).to_contain_text("Roll the dice")
    roll(page_b, dice, 3, 5)
    expect(prompt_b).to_contain_text("Buy Vermont Avenue?")
    click(page_b, "Decline: auction it")
    watch_for(page_b, f"${ANN_BID}")
    watch_for(page_b, f'value="{ANN_BID}"')
    expect(prompt_a).to_contain_text("Sealed bid")
    page_a.locator("#bid-8").fill(str(ANN_BID))
    click(page_a, "Place my sealed bid")
    expect(prompt_a).to_contain_text(f"Your sealed bid: ${ANN_BID} on Vermont Avenue.")
    # Bea's page hears that Ann has bid, and nothing of how much.
    expect(prompt_b).to_contain_text("sealed bids from Ann")
    screenshot(page_b, "bid-375")
    assert not was_seen(page_b, f"${ANN_BID}")
    assert not was_seen(page_b, f'value="{ANN_BID}"')
    # Nor over her socket, whose pushed tables are whole partials: the bid as
    # an amount or a field's value (a bare "61" may be part of a CSRF token).
    pushed = [json.loads(f).get("html", "") for f in frames["bea"]]
    assert not [h for h in pushed if f"${ANN_BID}" in h or f'value="{ANN_BID}"' in h]
    page_b.locator("#bid-8").fill(str(BEA_BID))
    click(page_b, "Place my sealed bid")
    # Closed: the bids are shown to both, and Bea has won Vermont Avenue.
    for page in (page_a, page_b):
        expect(page.locator("#history")).to_contain_text("The auction closed")
        expect(page.locator("#history")).to_contain_text(f"${ANN_BID}")
        expect(square(page, 8)).to_have_attribute(
            "title", re.compile(r"^Vermont Avenue; (yours|Bea's); rent \$6[.;]")
        )
    assert was_seen(page_b, f"${ANN_BID}")  # the watch did watch
    expect(cash(page_a, BEA)).to_have_text(re.compile(r"\$1,423"))
    click(page_b, "End your turn")

    # Ann offers $150 for Vermont Avenue; Bea accepts on her phone.
    expect(prompt_a).to_contain_text("Roll the dice")
    # The fold to raise cash for a bid opened by itself; the one to build and
    # mortgage on Ann's turn stays as she left it: closed.
    expect(page_a.locator("#manage")).not_to_have_attribute("open", "")
    unfold(page_a, "trade")
    form = page_a.locator("#trade form")
    form.locator('input[name="get_deeds"][value="8"]').check()
    form.locator('input[name="give_cash"]').fill("150")
    form.get_by_role("button", name="Offer this trade to Bea").click()
    expect(prompt_a).to_contain_text("Your offer to Bea")
    offer = page_b.locator(".coffer--in")
    expect(offer).to_contain_text("Ann gives you: $150.")
    expect(offer).to_contain_text("You give Ann: Vermont Avenue.")
    offer.get_by_role("button", name="Accept").click()
    expect(
        page_a.locator(f"#cplayer-{ANN} .cgroup.c-light_blue.is-full")
    ).to_be_visible()
    expect(cash(page_b, ANN)).to_have_text(re.compile(r"\$1,130"))
    expect(cash(page_a, BEA)).to_have_text(re.compile(r"\$1,573"))

    # The whole light blue group: Ann builds a house on each site.
    unfold(page_a, "manage")
    for name in ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"):
        click(page_a, f"House on {name} ($50)")
    expect(cash(page_a, ANN)).to_have_text(re.compile(r"\$980"))
    for page in (page_a, page_b):
        expect(square(page, 8)).to_have_attribute(
            "title",
            re.compile(r"^Vermont Avenue; (yours|Ann's); 1 house; rent \$30[.;]"),
        )
        expect(square(page, 9).locator(".chouse")).to_have_count(1)
        expect(page.locator("#history")).to_contain_text("built on Connecticut Avenue")
    screenshot(page_b, "houses-375")

    # Ann rolls onto Virginia Avenue, buys it and mortgages it.
    roll(page_a, dice, 2, 3)
    click(page_a, "Buy for $160")
    unfold(page_a, "manage")
    click(page_a, "Virginia Avenue (+$80)")
    expect(cash(page_a, ANN)).to_have_text(re.compile(r"\$900"))
    for page in (page_a, page_b):
        expect(square(page, 14)).to_have_attribute(
            "title", re.compile(r"^Virginia Avenue; (yours|Ann's); mortgaged")
        )
        expect(page.locator(f"#cplayer-{ANN} .cdeed.is-mortgaged")).to_contain_text(
            "Virginia"
        )
        expect(page.locator("#history")).to_contain_text("mortgaged Virginia Avenue")
    screenshot(page_a, "mortgaged-1280")
    click(page_a, "End your turn")

    # Bea rolls doubles to Free Parking, then doubles onto Go To Jail.
    roll(page_b, dice, 6, 6)
    roll(page_b, dice, 5, 5)
    for page in (page_a, page_b):
        expect(page.locator(f"#cplayer-{BEA}")).to_contain_text(
            "In jail (0 of 3 tries used)"
        )
        expect(square(page, 10)).to_have_attribute(
            "title", re.compile(r"\b(You|Bea) in jail\b")
        )
        expect(page.locator("#history")).to_contain_text("went to jail")
    roll(page_a, dice, 2, 4)
    click(page_a, "End your turn")

    # In jail: pay, use a card or roll for doubles. Doubles: out, onto Ann's
    # mortgaged Virginia Avenue, where no rent is due.
    expect(prompt_b).to_contain_text("You are in jail")
    expect(prompt_b.get_by_role("button", name="Pay $50")).to_be_visible()
    screenshot(page_b, "jail-375")
    roll(page_b, dice, 2, 2, button="Roll for doubles")
    expect(prompt_b).to_contain_text("End your turn")
    for page in (page_a, page_b):
        expect(page.locator("#history")).to_contain_text("left jail")
        expect(page.locator(f"#cplayer-{BEA}")).to_contain_text("On Virginia Avenue")
        expect(cash(page, BEA)).to_have_text(re.compile(r"\$1,573"))
    click(page_b, "End your turn")
    expect(prompt_a).to_contain_text("Roll the dice")
    screenshot(page_a, "table-1280")
    screenshot(page_b, "table-375")

    # Nothing was reloaded: every change came over the WebSocket.
    for page, who in ((page_a, "ann"), (page_b, "bea")):
        assert_not_reloaded(page)
        versions = {json.loads(f).get("version") for f in frames[who]}
        assert Game.objects.get(pk=game.pk).version in versions
    state = Game.objects.get(pk=game.pk).state()
    assert [p.cash for p in state.players] == [1573, 900]


# Whatever the prompt asks, the simplest answer first: what a hurried player
# does. Buying is tried before declining; a bid is passed; a debt is raised in
# the default order; a bot's trade offer is declined.
ANSWERS = (
    "Roll the dice",
    "Roll for doubles",
    re.compile(r"^Buy for \$"),
    "Decline: auction it",
    "Pass",
    "Raise it and pay (default order)",
    "Lift the ticked, keep the rest",
    "Decline",
    "End your turn",
)


def answer_the_prompt(page) -> bool:
    """Click the first of ANSWERS the prompt offers; False when it offers none."""
    prompt = page.locator("#prompt")
    for name in ANSWERS:
        button = prompt.get_by_role("button", name=name, exact=True)
        if button.count():
            shown = page.locator("#table").get_attribute("data-version")
            button.first.click()
            expect(page.locator("#table")).not_to_have_attribute(
                "data-version", shown or ""
            )
            settled(page)
            return True
    return False


def test_one_player_plays_classic_against_bots_to_the_turn_limit(
    login, user_factory, shot
):
    cy = user_factory("cy", display_name="Cy")
    page = login(cy)
    count_requests(page)
    # One seeded generator for every roll, shuffle and bot choice: the same
    # game each run.
    with mock.patch("games.services.randomness.rng", return_value=random.Random(16)):
        # Cy makes a table for three against random bots, six rounds long.
        page.goto("/games/")
        page.locator(".seg__opt", has_text="Classic Monopoly").click()
        page.locator(".seg__opt", has_text="3").click()
        page.get_by_label("Bot strength").select_option("random")
        page.get_by_label("Play now: bots take the other seats").check()
        page.locator('details[data-kind="classic"] > summary').click()
        page.get_by_label(re.compile("^Turn limit")).fill(str(ROUNDS))
        shot(page, "create-1280")
        page.get_by_role("button", name="Create the table").click()
        expect(page.locator(".cboard__facts").last).to_contain_text(f"of {ROUNDS}")
        expect(page.locator("#history")).to_contain_text(
            f"The game ends after {ROUNDS} rounds"
        )
        shot(page, "against-bots-1280")
        for _ in range(300):
            if page.locator("#table.is-over").count():
                break
            if not answer_the_prompt(page):
                page.wait_for_timeout(200)  # the bots' turns: the page updates
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("The game is over")
    expect(prompt).to_contain_text(re.compile(r"won \(.*turn limit"))
    expect(page.locator(".cplayer .tag", has_text="winner").first).to_be_visible()
    shot(page, "game-over-1280")
    game = Game.objects.get(created_by=cy)
    assert game.status == Game.Status.FINISHED
    state = game.state()
    assert state.over and state.end_reason == "turn limit" and state.winners
