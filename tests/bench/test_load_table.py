"""The load players read the table as the page offers it: a one-step charge
answer (posted to /pay/) is a move they can make, with its cards."""

import pytest

from bench.load.table import Table
from games.views import POLL_MS_WITH_REDIS
from tests.games.factories import fresh
from tests.games.test_answer_prompt import charged
from tests.games.test_views import HTMX, client_for

pytestmark = pytest.mark.django_db


def test_a_charged_player_is_offered_the_pay_forms(user, other_user):
    game, _ada, bea = charged(user, other_user, "2M")
    table = Table(bea.get(game.get_absolute_url(), **HTMX).content.decode())

    assert table.mine
    assert table.version == fresh(game).version
    for _ in range(20):  # the picker and the suggested cards' button, both
        _kind, action, fields = table.choose()
        assert action == f"/games/{game.pk}/pay/"
        assert fields["version"] == [str(game.version)]
        assert fields["cards"], "a charge of 6M is paid with cards"

    _kind, action, fields = table.choose()
    response = bea.post(action, fields, **HTMX)
    assert response.status_code == 200
    assert fresh(game).version > game.version


@pytest.mark.parametrize(
    "redis_url, seconds",
    [("", 2), ("redis://127.0.0.1:6379/3", POLL_MS_WITH_REDIS / 1000)],
)
def test_a_load_player_polls_as_often_as_the_page_says(
    settings, two_player_game, user, redis_url, seconds
):
    settings.REDIS_URL = redis_url
    page = client_for(user).get(two_player_game.get_absolute_url()).content.decode()

    assert Table(page).poll == seconds


def test_a_table_partial_leaves_the_poll_as_it_was(user, other_user):
    game, _ada, bea = charged(user, other_user, "2M")

    assert Table(bea.get(game.get_absolute_url(), **HTMX).content.decode()).poll is None
