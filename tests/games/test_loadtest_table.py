"""The load players read the table as the page offers it: a one-step charge
answer (posted to /pay/) is a move they can make, with its cards."""

import pytest

from games.loadtest.table import Table
from tests.games.factories import fresh
from tests.games.test_answer_prompt import charged
from tests.games.test_views import HTMX

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
