"""The rate limit holds when one user's messages race: eight at once, on
eight connections, and exactly five are written (the lock on the user's row
makes each count see the others)."""

import pytest

from games.chat.errors import TooFast
from games.chat.models import Message
from tests.chat.conftest import say
from tests.games.services.test_concurrent_moves import race

pytestmark = pytest.mark.django_db(transaction=True)


def test_eight_messages_at_once_five_are_written(game, ada):
    results = race(*[lambda n=n: say(game, ada, f"spam {n}") for n in range(8)])
    refused = [r for r in results if isinstance(r, TooFast)]
    assert len(refused) == 3, results
    assert Message.objects.filter(author=ada).count() == 5
