"""mdeal_site.db.off_loop: a consumer's database work on a thread of its own,
the thread's connection given back after each call, also under Channels'
test communicator (which turns database_sync_to_async's closes into no-ops)."""

from concurrent.futures import ThreadPoolExecutor
from unittest import mock

import pytest

from django.db import connections

from accounts.models import User
from mdeal_site.db import off_loop

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def holds_a_connection() -> bool:
    return connections["default"].connection is not None


async def test_the_thread_holds_no_connection_after_the_call(user):
    thread = ThreadPoolExecutor(max_workers=1)
    try:
        # As channels.testing's communicator patches it while a test awaits.
        with mock.patch("channels.db.close_old_connections", lambda: None):
            count = await off_loop(User.objects.count, thread)()
        assert count >= 1  # the user, beside any accounts the migrations make
        assert not thread.submit(holds_a_connection).result()
    finally:
        thread.shutdown()


async def test_what_the_function_raises_reaches_the_caller_and_the_connection_goes():
    thread = ThreadPoolExecutor(max_workers=1)

    def fails():
        User.objects.count()
        raise LookupError("no such thing")

    try:
        with pytest.raises(LookupError, match="no such thing"):
            await off_loop(fails, thread)()
        assert not thread.submit(holds_a_connection).result()
    finally:
        thread.shutdown()
