"""Issue 27: what a decision needs is on the first screen, checked by geometry.

For each game, seat count and decision below, a player opens the table at
375x667, 1280x800 and 1920x1080 without scrolling. The prompt's title and
buttons are inside the viewport (on a phone they stick to its bottom edge
under a tall picker); in Monopoly Deal so is the whole hand (on a phone where
the hand is what the player acts with: a turn, a discard) and on a desk the
status line, and on a phone the prompt comes first, then the hand, then the
other seats; in classic the whole board (its four corners), on a phone too.
No card or space name is cut, no page is wider than the screen, the status
line does not repeat the prompt, and axe-core finds no serious WCAG 2 A/AA
violation. Screenshots land in test-artifacts/ (the first screen; a Deal
turn's whole page too) for a person to look at. The whole
matrix takes about two minutes on two busy cores.

One test per game, seat count and decision; the widths are a loop inside it,
so the table is built once, and one page (the browser's headless shell where
installed: tests/e2e/conftest.py) is loaded at each width in turn.
"""

from unittest import mock

import pytest
from playwright.sync_api import expect

from django.db.models import F

from games.engines import classic
from games.engines import deal as engine
from games.models import Game
from tests.e2e.test_table_first_screen import serious
from tests.engines.classic.support import apply as classic_apply
from tests.engines.deal.support import apply as deal_apply
from tests.games.factories import make_game

pytestmark = pytest.mark.e2e

SIZES = {"375": (375, 667), "1280": (1280, 800), "1920": (1920, 1080)}
# axe-core at a phone's width and a desk's: a wider desk lays the same page
# out in more columns (the stylesheets' 110rem rules change no colour and
# hide nothing), so what axe reads there is what it read at 1280.
AXE_SIZES = {"375", "1280"}
NAMES = ["Ada", "Bea Longname", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]

# Monopoly Deal -------------------------------------------------------------

DEAL_ME = """
    0 hand: Pass Go, Red/Yellow Rent, Boardwalk, 3M, Deal Breaker, Pink/Orange Wild, 1M
    0 sets: red[Kentucky Avenue, Indiana Avenue]
    0 sets: green[Pacific Avenue, Dark Blue/Green Wild]
    0 bank: 2M, 5M
"""
DEAL_OTHERS = [
    "1 sets: dark_blue[Park Place], orange[St. James Place, Tennessee Avenue]\n"
    "1 bank: 1M, 2M, 10M",
    "2 sets: railroad[Reading Railroad, Short Line, B. & O. Railroad]\n2 bank: 4M",
    "3 sets: light_blue[Oriental Avenue, Vermont Avenue, Connecticut Avenue]\n"
    "3 sets: brown[Mediterranean Avenue]\n3 bank: 3M, 1M",
    "4 sets: pink[St. Charles Place, States Avenue], utility[Water Works]\n4 bank: 5M",
]


def deal_text(seats: int, turn: int = 0, extra: str = "") -> str:
    others = "\n".join(DEAL_OTHERS[: seats - 1])
    return f"seats: {seats}\nturn: {turn}\n{DEAL_ME}\n{others}\n{extra}"


def held(state, seat: int, name: str) -> int:
    return next(c for c in state.players[seat].hand if engine.DECK[c].name == name)


def deal_turn(seats):
    return engine.scenario(deal_text(seats))


def deal_pay(seats):
    """Bea charges everyone orange rent: Ada answers by paying (or a No)."""
    state = engine.scenario(deal_text(seats, 1, "1 hand: Pink/Orange Rent, 2M"))
    rent = held(state, 1, "Pink/Orange Rent")
    charge = engine.ChargeRent(seat=1, card=rent, colour="orange", set_index=1)
    return deal_apply(state, charge)


def deal_pay_many(seats):
    """Bea charges rent to Ada, who has thirteen cards to pay with: a tall
    picker, and the buttons still on the first screen."""
    bank = "0 bank: 1M, 1M, 1M, 2M, 3M, 4M, 2M\n"
    state = engine.scenario(deal_text(seats, 1, bank + "1 hand: Pink/Orange Rent, 2M"))
    rent = held(state, 1, "Pink/Orange Rent")
    charge = engine.ChargeRent(seat=1, card=rent, colour="orange", set_index=1)
    return deal_apply(state, charge)


def deal_no(seats):
    """Bea's Sly Deal takes Ada's Kentucky Avenue; Ada holds a Just Say No."""
    text = deal_text(seats, 1, "0 hand: Just Say No\n1 hand: Sly Deal, 2M")
    state = engine.scenario(text)
    kentucky = state.players[0].sets[0].cards[0]
    sly = engine.SlyDeal(
        seat=1, card=held(state, 1, "Sly Deal"), target=0, take=kentucky
    )
    return deal_apply(state, sly)


def deal_discard(seats):
    """Ada ends her turn with nine cards: she must discard two."""
    state = engine.scenario(deal_text(seats, 0, "0 hand: Just Say No, 4M"))
    return deal_apply(state, engine.EndTurn(seat=0))


DEAL_STATES = {
    "turn": (deal_turn, "Your turn"),
    "pay": (deal_pay, "Pay Bea"),
    "pay_many": (deal_pay_many, "Pay Bea"),
    "no": (deal_no, "Your answer"),
    "discard": (deal_discard, "Too many cards"),
}

# Classic -------------------------------------------------------------------

CLASSIC_SEATS = [
    "0 cash: 1230\n0 owns: Boardwalk +2, Park Place +2, "
    "Reading Railroad (mortgaged), Water Works\n0 cards: ch_jail_free",
    "1 cash: 860\n1 owns: St. James Place +hotel, Tennessee Avenue +4, "
    "New York Avenue +4\n1 at: 22",
    "2 cash: 45\n2 owns: Mediterranean Avenue (mortgaged), Baltic Avenue, "
    "Short Line\n2 at: 10",
    "3 owns: Illinois Avenue, Electric Company\n3 at: 12",
    "4 owns: Oriental Avenue, Vermont Avenue\n4 at: 8",
    "5 owns: Pennsylvania Railroad\n5 at: 31",
    "6 owns: Pacific Avenue\n6 at: 33",
    "7 owns: Ventnor Avenue, Marvin Gardens\n7 at: 27",
]


def classic_text(seats: int, extra: str = "") -> str:
    lines = "\n".join(CLASSIC_SEATS[:seats])
    return f"seats: {seats}\n{lines}\nlast roll: 3 4\n{extra}"


def classic_roll(seats):
    return classic.scenario(classic_text(seats))


def classic_buy(seats):
    """Ada landed on Kentucky Avenue, unowned."""
    state = classic.scenario(classic_text(seats, "0 at: 15"))
    return classic_apply(state, classic.Roll(seat=0), dice=(2, 4))


def classic_auction(seats):
    return classic_apply(classic_buy(seats), classic.DeclineBuy(seat=0))


def classic_debt(seats):
    """Ada owes Bea $800 rent on New York Avenue (4 houses) with $300."""
    text = classic_text(seats, "0 at: 14").replace("0 cash: 1230", "0 cash: 300")
    return classic_apply(classic.scenario(text), classic.Roll(seat=0), dice=(2, 3))


def classic_jail(seats):
    return classic.scenario(classic_text(seats, "0 jail: 1"))


def classic_over(seats):
    """Everyone but Ada resigned."""
    state = classic.scenario(classic_text(seats))
    for seat in range(1, seats):
        state = classic_apply(state, classic.Resign(seat=seat))
    return state


CLASSIC_STATES = {
    "roll": (classic_roll, "Roll the dice"),
    "buy": (classic_buy, "Kentucky Avenue"),
    "auction": (classic_auction, "Sealed bid"),
    "debt": (classic_debt, "$800"),
    "jail": (classic_jail, "jail"),
    "over": (classic_over, "over"),
}

# The checks ----------------------------------------------------------------


def rigged(user_factory, kind: str, state, seats: int):
    users = [user_factory(n.split()[0].lower(), display_name=n) for n in NAMES[:seats]]
    # Built here, in Playwright's thread: no browser to tell yet.
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
        game = make_game(creator=users[0], players=users[1:], kind=kind)
    to_json = engine.to_json if kind == "deal" else classic.to_json
    Game.objects.filter(pk=game.pk).update(
        snapshot=to_json(state), version=F("version") + 1, deadlines={}
    )
    return Game.objects.get(pk=game.pk), users


OUTSIDE = r"""([selectors, height]) => {
    const out = [];
    for (const selector of selectors) {
        const found = [...document.querySelectorAll(selector)];
        if (!found.length) out.push(`${selector}: not on the page`);
        for (const el of found) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue;
            if (r.top < 0 || r.bottom > height + 0.5 || r.left < 0
                || r.right > innerWidth + 0.5) {
                const what = (el.title || el.textContent || "")
                    .replace(/\s+/g, " ").trim().slice(0, 30);
                out.push(`${selector} "${what}": ${Math.round(r.top)}..`
                    + `${Math.round(r.bottom)} of ${height}`);
            }
        }
    }
    return out;
}"""

CUT = r"""(selector) => [...document.querySelectorAll(selector)]
    .filter((el) => el.getClientRects().length)
    .filter((el) => el.scrollWidth > el.clientWidth + 1
                 || el.scrollHeight > el.clientHeight + 1)
    .map((el) => `${el.textContent.replace(/\s+/g, " ").trim()}: `
                 + `${el.scrollWidth}x${el.scrollHeight}`
                 + ` in ${el.clientWidth}x${el.clientHeight}`)"""


ORDER = r"""(selectors) => selectors.map(
    (selector) => document.querySelector(selector)?.getBoundingClientRect().top)"""


def in_order(page, selectors: list[str]) -> list[str]:
    """The elements start one below another, in the order named."""
    tops = page.evaluate(ORDER, selectors)
    if None not in tops and tops == sorted(tops):
        return []
    return [f"not in this order down the page: {selectors} at {tops}"]


def outside(page, selectors: list[str], height: int) -> list[str]:
    return page.evaluate(OUTSIDE, [selectors, height])


def report(found: dict) -> None:
    if found:
        pytest.fail(
            "\n".join(
                f"{size}: {line}" for size, lines in found.items() for line in lines
            )
        )


def look(page, screenshot, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, name, full_page=False)


DEAL_FIRST = ["#prompt-title", "#prompt .prompt__buttons .btn"]
# Where the hand is what the player acts with, on a phone too; elsewhere on
# a desk (on a phone the prompt comes first, the hand under it).
HAND_ON_PHONE = {"turn", "discard"}


@pytest.mark.parametrize("state_name", DEAL_STATES)
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_deal_first_screen(
    seats, state_name, login, new_context, user_factory, screenshot
):
    make, title = DEAL_STATES[state_name]
    game, users = rigged(user_factory, "deal", make(seats), seats)
    found = {}
    page = login(users[0], new_context())
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(game.get_absolute_url())
        expect(page.locator("#prompt-title")).to_contain_text(title)
        look(page, screenshot, f"deal-{seats}-{state_name}-{size}")
        first = DEAL_FIRST
        if size != "375" or state_name in HAND_ON_PHONE:
            first = [*first, "#hand .card"]
        if size != "375":  # on a desk the status line too
            first = [*first, ".status__line"]
        problems = outside(page, first, height)
        if size == "375":  # on a phone: you first, the others under you
            problems += in_order(page, ["#prompt", "#hand", ".table__opponents"])
        if state_name == "turn":
            screenshot(page, f"deal-{seats}-turn-{size}-whole")
        status = page.locator(".status__line").inner_text().strip()
        detail = page.locator("#prompt .prompt__detail")
        if detail.count() and status in detail.inner_text():
            problems.append(f"the status line repeats the prompt: {status}")
        problems += page.evaluate(CUT, ".card__band, .card__name, .card__title")
        if size in AXE_SIZES:
            problems += [f"axe: {v}" for v in serious(page)]
        if page.evaluate("document.documentElement.scrollWidth") > width:
            problems.append("wider than the screen")
        if problems:
            found[size] = problems
    report(found)


# The whole board: its corners, Free Parking top left, GO bottom right.
BOARD = ["#sq-20", "#sq-30", "#sq-10", "#sq-0"]


@pytest.mark.parametrize("state_name", CLASSIC_STATES)
@pytest.mark.parametrize("seats", [2, 4, 8])
def test_classic_first_screen(
    seats, state_name, login, new_context, user_factory, screenshot
):
    make, title = CLASSIC_STATES[state_name]
    game, users = rigged(user_factory, "classic", make(seats), seats)
    found = {}
    page = login(users[0], new_context())
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(game.get_absolute_url())
        expect(page.locator("#prompt")).to_contain_text(title)
        look(page, screenshot, f"classic-{seats}-{state_name}-{size}")
        first = ["#prompt-title"]
        if state_name != "over":  # nothing left to decide
            first.append("#prompt .prompt__buttons .btn")
        first += BOARD
        problems = outside(page, first, height)
        status = page.locator(".status__line").inner_text().strip()
        if status and status in page.locator("#prompt").inner_text():
            problems.append(f"the status line repeats the prompt: {status}")
        problems += page.evaluate(CUT, ".sq__name, .sq__text")
        if size in AXE_SIZES:
            problems += [f"axe: {v}" for v in serious(page)]
        if page.evaluate("document.documentElement.scrollWidth") > width:
            problems.append("wider than the screen")
        if problems:
            found[size] = problems
    report(found)
