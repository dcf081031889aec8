"""Database helpers for the site's requests."""

from django.db import DEFAULT_DB_ALIAS, connections


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
