"""Without Redis the worker's bot moves reach the page only by its poll: the
table asks every 2 s then, every 30 s when Redis carries them over the socket."""

import pytest

from tests.games.test_views import client_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "redis_url, interval",
    [("", "2000"), ("redis://127.0.0.1:6379/3", "30000")],
)
def test_the_table_carries_its_poll_interval(
    settings, two_player_game, user, redis_url, interval
):
    settings.REDIS_URL = redis_url
    html = client_for(user).get(two_player_game.get_absolute_url()).content.decode()
    assert f'data-poll="{interval}"' in html
