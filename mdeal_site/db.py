"""Database helpers for the site's requests and sockets."""

from collections.abc import Callable
from concurrent.futures import Executor

from asgiref.sync import sync_to_async

from django.db import DEFAULT_DB_ALIAS, close_old_connections, connections


def connection_release(alias: str = DEFAULT_DB_ALIAS) -> None:
    """Give this thread's database connection back before work that needs none.

    A request keeps the connection of its first query until it ends. Hashing a
    password (PBKDF2, a few hundred milliseconds of CPU) would hold one of the
    web process's few pooled connections idle meanwhile: at a few logins a
    second the pool ran dry and other requests waited out its timeout. The
    next query takes a connection again. Inside a transaction the connection
    stays (the transaction is on it), and an in-memory SQLite database would
    be lost with its connection.
    """
    connection = connections[alias]
    if connection.connection is None or connection.in_atomic_block:
        return
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        return
    connection.close()


def off_loop(function: Callable, executor: Executor | None = None):
    """`function` as a coroutine function, run on a thread of `executor` (the
    loop's default threads if None), with the thread's database connection
    given back to the pool after the call (and any left over before it).

    Channels' `database_sync_to_async` does the same in production, but its
    test communicator turns those closes into no-ops (it guards a test's own
    connection, which its thread-sensitive calls share): the sockets' threads
    then kept a pooled connection each for the rest of the run, and a later
    browser test found the pool empty. Closing here, the tests run what the
    site runs. None of the callers runs on the thread-sensitive thread, so no
    test transaction's connection is ever closed.
    """

    def closing(*args, **kwargs):
        close_old_connections()
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    return sync_to_async(closing, thread_sensitive=False, executor=executor)
