"""Issue 11 in a browser: the keyboard, the folds, and axe-core.

(What the first screen holds, at 375, 1280 and 1920 px for every decision and
seat count: tests/e2e/test_first_screen_matrix.py.) Every page passes
axe-core (WCAG 2 A and AA) with no serious or critical violation. A turn can
be played with Tab, Enter and Space alone, focus stays where the player acts,
and a new decision is announced in a live region that is updated, not
replaced.
"""

from unittest import mock

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from django.db.models import F

from games.engines import deal as engine
from games.models import Game
from tests.games.factories import make_game

pytestmark = pytest.mark.e2e

# Ada's side of the table, the same at 2 and at 5 seats.
ADA = """
    turn: 0
    0 hand: Pass Go, Red/Yellow Rent, Boardwalk, 3M, Deal Breaker, Pink/Orange Wild, 1M
    0 sets: red[Kentucky Avenue, Indiana Avenue]
    0 sets: green[Pacific Avenue, Dark Blue/Green Wild]
    0 bank: 2M, 5M
    1 sets: dark_blue[Park Place], orange[St. James Place, Tennessee Avenue]
    1 bank: 1M, 2M, 10M
"""
FIVE = (
    "seats: 5"
    + ADA
    + """
    2 sets: railroad[Reading Railroad, Short Line, B. & O. Railroad]
    2 bank: 4M
    3 sets: light_blue[Oriental Avenue, Vermont Avenue, Connecticut Avenue]
    3 sets: brown[Baltic Avenue]
    3 bank: 3M, 1M
    4 sets: pink[St. Charles Place, States Avenue], utility[Water Works]
    4 bank: 5M
"""
)
TWO = "seats: 2" + ADA + "    1 sets: railroad[Reading Railroad, Short Line]\n"
NAMES = ["Ada", "Bea Longname-Wolfeschlegel", "Cy", "Dee", "Eve"]


def rigged_table(user_factory, text: str, seats: int) -> Game:
    users = [user_factory(n.split()[0].lower(), display_name=n) for n in NAMES[:seats]]
    # Built here, in Playwright's thread: no browser to tell yet.
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
        game = make_game(creator=users[0], players=users[1:])
    state = engine.scenario(text)
    Game.objects.filter(pk=game.pk).update(
        snapshot=engine.to_json(state), version=F("version") + 1, deadlines={}
    )
    return Game.objects.get(pk=game.pk), users


def serious(page) -> list[str]:
    """axe-core's serious and critical WCAG 2 A/AA violations on the page."""
    results = Axe().run(
        page,
        options={
            "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]},
            "resultTypes": ["violations"],
        },
    )
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def on_first_screen(page, selector: str, height: int) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["y"] >= 0, f"{selector} starts above the screen: {box}"
    assert box["y"] + box["height"] <= height, f"{selector} runs below: {box}"


def test_opponents_fold_and_unfold(login, user_factory):
    game, users = rigged_table(user_factory, FIVE, 5)
    page = login(users[0])
    page.goto(game.get_absolute_url())
    fold = page.locator("#seat-2 details.seat__fold")
    expect(fold).not_to_have_attribute("open", "")
    expect(page.locator("#seat-2 .seat__summary")).to_contain_text("3/4")
    fold.locator("summary").click()
    expect(page.locator("#seat-2 .seat__sets")).to_be_visible()


def test_a_turn_by_keyboard_keeps_focus_and_announces(login, new_context, user_factory):
    game, users = rigged_table(user_factory, TWO, 2)
    page = login(users[0], new_context(viewport={"width": 1280, "height": 800}))
    page.goto(game.get_absolute_url())
    state = engine.scenario(TWO)
    pass_go = next(c for c in state.players[0].hand if engine.DECK[c].name == "Pass Go")
    summary = page.locator(f'#hand summary:has([data-card="{pass_go}"])')
    expect(summary).to_have_attribute("aria-label", "Pass Go, 1M: choose a move")
    # Tab to the Pass Go card; Enter opens its menu; Tab to the move; Space plays it.
    for _ in range(80):
        page.keyboard.press("Tab")
        if summary.evaluate("el => el === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the Pass Go card")
    page.keyboard.press("Enter")
    menu = page.locator("#hand details.pick[open] .pick__menu")
    expect(menu).to_be_visible()
    for _ in range(6):
        page.keyboard.press("Tab")
        if "Pass Go" in page.evaluate("document.activeElement.textContent"):
            break
    else:
        pytest.fail("Tab never reached the Pass Go move")
    page.keyboard.press("Space")
    expect(page.locator("#history")).to_contain_text("Pass Go")
    # Focus is not dropped to the top of the page: it is on the prompt.
    expect(page.locator("#prompt-title")).to_be_focused()
    # End the turn by keyboard: Tab from the prompt to "End turn", Enter.
    end = page.locator("#prompt").get_by_role("button", name="End turn")
    for _ in range(10):
        page.keyboard.press("Tab")
        if end.evaluate("el => el === document.activeElement"):
            break
    page.keyboard.press("Enter")
    # Eight cards: the new decision is announced, and focus moves to it.
    expect(page.locator("#announce")).to_contain_text("Too many cards")
    expect(page.locator("#prompt-title")).to_be_focused()
    discard = page.locator("#prompt").get_by_role(
        "button", name="Discard the suggested cards"
    )
    for _ in range(30):
        page.keyboard.press("Tab")
        if discard.evaluate("el => el === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the discard button")
    page.keyboard.press("Enter")
    expect(page.locator(".status__line")).to_contain_text("Bea")
    # One live region, outside the part of the page that is redrawn.
    assert page.locator("#announce").count() == 1
    assert (
        page.evaluate("document.getElementById('announce').closest('#table')") is None
    )


def test_a_new_decision_is_announced(login, new_context, user_factory):
    game, users = rigged_table(user_factory, TWO, 2)
    page = login(users[1], new_context(viewport={"width": 1280, "height": 800}))
    page.goto(game.get_absolute_url())
    handle = page.evaluate_handle("document.getElementById('announce')")
    ada = login(users[0])
    ada.goto(game.get_absolute_url())
    rent = ada.locator("#hand details.pick").filter(has_text="Rent")
    rent.locator("summary").click()
    ada.locator(".pick__menu").get_by_role("button", name="Charge").first.click()
    expect(page.locator("#announce")).to_contain_text("Pay Ada", timeout=15_000)
    assert page.evaluate("h => h === document.getElementById('announce')", handle)
    page.keyboard.press("Tab")
    assert serious(page) == []


@pytest.mark.parametrize(
    "path",
    ["/", "/games/", "/games/mine/", "/profile/", "/leaderboard/"],
)
def test_pages_pass_axe(path, login, user_factory):
    page = login(user_factory("ada", display_name="Ada"))
    page.goto(path)
    assert serious(page) == []


def test_waiting_room_and_signed_out_pages_pass_axe(page, login, user_factory):
    for path in ("/accounts/login/", "/accounts/signup/"):
        page.goto(path)
        assert serious(page) == [], path
    host = user_factory("ada", display_name="Ada Averylongdisplayname")
    game = make_game(creator=host, seat_count=3, start=False)
    room = login(host)
    room.goto(game.get_absolute_url())
    assert serious(room) == []


WILD_UNDER = TWO.replace(
    "0 sets: green[Pacific Avenue, Dark Blue/Green Wild]",
    "0 sets: green[Dark Blue/Green Wild, Pacific Avenue]",
)


def test_wilds_are_easy_to_tap_and_not_reopened(login, new_context, user_factory):
    game, users = rigged_table(user_factory, WILD_UNDER, 2)
    page = login(users[0], new_context(viewport={"width": 375, "height": 812}))
    page.goto(game.get_absolute_url())
    # A wild under another card shows a strip at least 44 px tall to tap.
    strips = page.evaluate(
        """() => [...document.querySelectorAll('#seat-0 .pset__stack > .pick--wild')]
            .filter((d) => d.nextElementSibling)
            .map((d) => d.nextElementSibling.getBoundingClientRect().top
                        - d.getBoundingClientRect().top)"""
    )
    assert strips and min(strips) >= 43.5, strips
    # Card names on the small table cards are readable on a phone.
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.seat .card--mini .card__band')]
            .map((b) => parseFloat(getComputedStyle(b).fontSize))"""
    )
    assert sizes and min(sizes) >= 9.5, sizes
    # The header is one line.
    assert page.locator(".site-header").bounding_box()["height"] <= 60
    # Laying a two-colour wild does not pop its "Move" menu open.
    state = engine.scenario(WILD_UNDER)
    wild = next(
        c for c in state.players[0].hand if engine.DECK[c].name == "Pink/Orange Wild"
    )
    page.locator(f'#hand summary:has([data-card="{wild}"])').click()
    page.locator("#hand details.pick[open] .pick__menu").get_by_role(
        "button", name="Lay it as Pink"
    ).click()
    expect(page.locator(f'#seat-0 [data-card="{wild}"]')).to_be_visible()
    page.wait_for_timeout(500)
    assert page.locator("details.pick[open]").count() == 0


def test_the_waiting_room_keeps_tags_inside_their_seat(
    login, new_context, user_factory
):
    host = user_factory("ada", display_name="Adalberta Wilhelmina-Longname")
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
        game = make_game(creator=host, seat_count=3, start=False)
    page = login(host, new_context(viewport={"width": 375, "height": 812}))
    page.goto(game.get_absolute_url())
    seat = page.locator("#seat-0").bounding_box()
    tag = page.locator("#seat-0 .tag--play").bounding_box()
    assert (
        seat["y"] <= tag["y"] and tag["y"] + tag["height"] <= seat["y"] + seat["height"]
    )
    assert tag["x"] + tag["width"] <= seat["x"] + seat["width"]
    assert page.locator(".site-header").bounding_box()["height"] <= 60
    expect(page.locator("#waiting")).to_contain_text("starts by itself")


def test_saving_the_profile_says_so_and_times_follow_the_zone(login, user_factory):
    ada = user_factory("ada", display_name="Ada")
    page = login(ada)
    page.goto("/profile/")
    page.get_by_label("Time zone").select_option("Europe/Paris")
    page.get_by_label("Accept charges against me without waiting").check()
    page.get_by_role("button", name="Save profile").click()
    expect(page.locator(".messages")).to_contain_text("Your profile is saved.")
    expect(
        page.get_by_label("Accept charges against me without waiting")
    ).to_be_checked()
    assert serious(page) == []


def test_game_pages_pass_axe(login, user_factory):
    game, users = rigged_table(user_factory, TWO, 2)
    with mock.patch("mdeal_site.broadcast.get_channel_layer", return_value=None):
        invited = make_game(creator=users[0], seat_count=3, start=False)
    page = login(users[1])
    for path in (
        f"/games/{game.pk}/history/",
        f"/games/{game.pk}/replay/",
        f"/games/join/{invited.invite_token}/",
        f"/players/{users[0].username}/",
    ):
        page.goto(path)
        assert serious(page) == [], path
