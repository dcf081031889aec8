"""The friends, challenge and inbox pages as players see them: at 375 and
1280 px, a screenshot of each, and axe-core finds no serious or critical
WCAG 2 A/AA violation on any."""

import pytest
from playwright.sync_api import expect

from games.social import services
from tests.e2e.test_table_first_screen import serious
from tests.games.factories import make_game
from tests.social.conftest import make_challenge

pytestmark = pytest.mark.e2e

PHONE = {"width": 375, "height": 812}
DESK = {"width": 1280, "height": 900}


@pytest.fixture
def people(user_factory):
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    cy = user_factory("cy", display_name="Cy Averylongdisplayname")
    dee = user_factory("dee", display_name="Dee")
    for a, b in ((ada, bea), (bea, ada), (ada, cy), (cy, ada), (dee, ada)):
        services.follow(user=a, username=b.username)
    make_game(creator=bea, players=[dee])
    services.preset_save(
        user=ada,
        name="My usual game",
        data={"kind": "deal", "seat_count": "3", "seconds_per_decision": "86400"},
    )
    make_challenge(bea, ada, cy, seat_count=4)
    sent = make_challenge(ada, dee)
    services.challenge_answer(
        challenge_id=make_challenge(ada, bea).pk,
        user=bea,
        accept=False,
        reason="not_now",
    )
    return {"ada": ada, "bea": bea, "sent": sent}


@pytest.mark.parametrize("size", [PHONE, DESK], ids=["375", "1280"])
def test_the_social_pages_read_well_and_pass_axe(
    people, login, new_context, shot, size
):
    page = login(people["ada"], new_context(viewport=size))
    width = size["width"]
    for name, path in (
        ("friends", "/friends/"),
        ("challenges", "/challenges/"),
        ("challenge", f"/challenges/{people['sent'].pk}/"),
        ("new", "/challenges/new/?to=bea"),
        ("inbox", "/inbox/"),
        ("player", "/players/bea/"),
        ("mine", "/games/mine/"),
    ):
        page.goto(path)
        expect(page.locator("#bell")).to_be_visible()
        shot(page, f"{name}-{width}")
        assert serious(page) == [], path
        root = "document.documentElement"
        overflow = page.evaluate(f"{root}.scrollWidth - {root}.clientWidth")
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px"
