"""A player's page lists the tournaments they entered, with their place and
a link, at phone and desk widths (issue 29): the finished one with its place,
the one still taking entries; axe-core finds nothing serious."""

import pytest
from playwright.sync_api import expect

from games.services import game_resign
from games.tournaments import services as tournaments
from games.tournaments import tasks
from tests.e2e.test_table_first_screen import serious
from tests.games.tournaments.test_lifecycle import make, start

pytestmark = pytest.mark.e2e

WIDTHS = {375: 812, 1280: 900, 1920: 1080}


@pytest.mark.parametrize("width", WIDTHS)
def test_a_player_page_lists_tournaments_and_places(
    width, login, new_context, user_factory, shot
):
    ada = user_factory("ada", display_name="Ada")
    bea = user_factory("bea", display_name="Bea")
    won = make(ada, bots=0, rounds=1, name="Friday cup")
    tournaments.tournament_join(tournament_id=won.pk, user=bea)
    won = start(won)
    game_resign(game_id=won.pairings.get().game_id, user=ada)
    tasks.tournaments_sweep()
    upcoming = make(ada, bots=0, name="Next cup")
    tournaments.tournament_join(tournament_id=upcoming.pk, user=bea)

    page = login(ada, new_context(viewport={"width": width, "height": WIDTHS[width]}))
    page.goto("/players/bea/")
    section = page.locator("#tournaments")
    expect(section).to_contain_text("Friday cup")
    expect(section).to_contain_text("Finished · placed 1st of 2")
    expect(section).to_contain_text("Next cup")
    expect(section).to_contain_text("Taking entries")
    if width > 375:  # beside the games on a desk: on the first screen
        box = section.bounding_box()
        assert box["y"] + box["height"] <= WIDTHS[width], box
    shot(page, f"player-tournaments-{width}")
    assert serious(page) == []
    section.get_by_role("link", name="Friday cup").click()
    expect(page).to_have_url(f"/tournaments/{won.pk}/")
