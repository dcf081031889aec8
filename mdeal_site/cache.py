"""The Redis cache, made to forget rather than fail while Redis is unreachable,
with one client (its connection pools) per process."""

import logging
import threading
import time

from redis import exceptions as redis_errors

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.functional import cached_property

logger = logging.getLogger(__name__)

UNREACHABLE = (redis_errors.ConnectionError, redis_errors.TimeoutError)


class ReusedClientRedisCacheClient(RedisCacheClient):
    """Django's Redis cache client, keeping one `redis.Redis` per pool.

    Django makes a new `redis.Redis` for every operation, and each one builds
    its table of response callbacks: 0.2 ms of CPU, most of a cache read (every
    page's presence mark, every session read). A `redis.Redis` is safe to
    share between threads: it takes a connection from its pool per command.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}
        self._lock = threading.Lock()
        # Until when Redis is left alone after a failure (ResilientRedisCache).
        self.unreachable_until = 0.0

    def _get_connection_pool(self, write):
        with self._lock:  # one pool for all the threads that share this client
            return super()._get_connection_pool(write)

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(
                id(pool), self._client(connection_pool=pool)
            )
        return client


# The client of each cache configuration, for the whole process. Django makes
# a cache object per thread, and under ASGI per request: each made its own
# client, and so its own connection pool and a new connection to Redis (with
# its handshake) for the request's first cache read, 4 ms of CPU a request.
_clients: dict[tuple, ReusedClientRedisCacheClient] = {}
_clients_lock = threading.Lock()


@receiver(setting_changed)
def _forget_clients(*, setting, **kwargs):
    if setting == "CACHES":
        with _clients_lock:
            _clients.clear()


class ResilientRedisCache(RedisCache):
    """Django's RedisCache, except that an unreachable Redis is an empty cache.

    While Redis cannot be reached every read misses, every write is dropped and
    ``add`` reports the key stored, so what the cache holds (allauth's rate
    limits and the lock around them) fails open instead of answering 500. After
    a failure this cache leaves Redis alone for ``retry_seconds``: an outage
    costs one socket timeout (see OPTIONS in settings) and one warning, not one
    per operation.
    """

    retry_seconds = 10.0

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient

    @cached_property
    def _cache(self) -> ReusedClientRedisCacheClient:
        key = (tuple(self._servers), repr(sorted(self._options.items())))
        with _clients_lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = self._class(self._servers, **self._options)
        return client

    def _or(self, fallback, operation, *args):
        if time.monotonic() < self._cache.unreachable_until:
            return fallback
        try:
            return operation(*args)
        except UNREACHABLE as error:
            self._cache.unreachable_until = time.monotonic() + self.retry_seconds
            logger.warning(
                "Redis cache unreachable (%s): treated as empty for %g s",
                error,
                self.retry_seconds,
            )
            return fallback

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(True, super().add, key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._or(default, super().get, key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(None, super().set, key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(False, super().touch, key, timeout, version)

    def delete(self, key, version=None):
        return self._or(False, super().delete, key, version)

    def get_many(self, keys, version=None):
        return self._or({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._or(False, super().has_key, key, version)

    def incr(self, key, delta=1, version=None):
        value = self._or(None, super().incr, key, delta, version)
        if value is None:
            raise ValueError(f"Key '{key}' not found.")  # as for any missing key
        return value

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._or(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._or(None, super().delete_many, keys, version)

    def clear(self):
        return self._or(False, super().clear)
