"""The Django (and asgiref) internals the site's home-made parts stand on,
pinned: a test that fails when an upgrade changes any of them.

`mdeal_site.handlers` replaces ASGIHandler's `__call__` and `handle` and calls
its helpers; `mdeal_site.prepared` builds model instances as ModelIterable
does, from the compiler's parts; `games.pushed` masks a CSRF token with
`get_token` from a request that is only its META. None of that is public API,
and a change there would not raise: it would serve wrong pages or lose a
request's end. Each source below is pinned by its hash. When one fails, read
the new source against the module named beside it (and against docs/load.md,
"Home-made parts, measured": keep a part only while it still pays), fix what
differs, and record the new hash here.
"""

import hashlib
import importlib
import inspect

import pytest

# "module:qualified name" -> (the hash of its source, the site's part that
# relies on it).
PINNED = {
    "django.core.handlers.asgi:ASGIHandler.__call__": (
        "f756809e9c9308dc",
        "mdeal_site.handlers (replaced: the request's thread, one trip)",
    ),
    "django.core.handlers.asgi:ASGIHandler.handle": (
        "c91f27c7fcdc3fff",
        "mdeal_site.handlers.SyncChainASGIHandler.handle (a copy, in one trip)",
    ),
    "django.core.handlers.asgi:ASGIHandler.read_body": (
        "88b4e284fc829700",
        "mdeal_site.handlers",
    ),
    "django.core.handlers.asgi:ASGIHandler.create_request": (
        "5eae59c6696013ff",
        "mdeal_site.handlers.SyncChainASGIHandler.respond",
    ),
    "django.core.handlers.asgi:ASGIHandler.send_response": (
        "d91e83d2c6859eda",
        "mdeal_site.handlers",
    ),
    "django.core.handlers.asgi:get_script_prefix": (
        "bd6e761a557ee4c5",
        "mdeal_site.handlers.SyncChainASGIHandler.respond",
    ),
    "django.core.handlers.base:BaseHandler.load_middleware": (
        "b75c13d1041e06d9",
        "mdeal_site.handlers (the chain built as WSGI does)",
    ),
    "asgiref.sync:ThreadSensitiveContext": (
        "da8ec00f861b8bdf",
        "mdeal_site.handlers.RequestThreads (its executor= argument)",
    ),
    "django.db.models.query:ModelIterable.__iter__": (
        "ecb74201bf2b1945",
        "mdeal_site.prepared.Prepared (instances built as this does)",
    ),
    "django.db.models.query:get_related_populators": (
        "0df15deef931bef4",
        "mdeal_site.prepared.Prepared",
    ),
    "django.db.models.query:RelatedPopulator": (
        "0292b86ac68a3df6",
        "mdeal_site.prepared.Prepared (select_related objects)",
    ),
    "django.db.models.sql.compiler:SQLCompiler.get_converters": (
        "c6c8c1b71882ee8b",
        "mdeal_site.prepared.Prepared",
    ),
    "django.db.models.sql.compiler:SQLCompiler.apply_converters": (
        "c034ce3e5090aa2e",
        "mdeal_site.prepared.Prepared",
    ),
    "django.db.models.sql.compiler:SQLCompiler.results_iter": (
        "d279d61b80a3a115",
        "mdeal_site.prepared.Prepared (what it does instead)",
    ),
    "django.db.models.base:Model.from_db": (
        "7c5e122272f4dd53",
        "mdeal_site.prepared.Prepared (fetch_mode=)",
    ),
    "django.middleware.csrf:get_token": (
        "41d3e421c519d121",
        "games.pushed.token_for (a request that is only its META)",
    ),
}


def source_hash(path: str) -> str:
    module_name, _, qualified = path.partition(":")
    found = importlib.import_module(module_name)
    for part in qualified.split("."):
        found = getattr(found, part)
    return hashlib.sha256(inspect.getsource(found).encode()).hexdigest()[:16]


@pytest.mark.parametrize("path", sorted(PINNED))
def test_the_internals_the_site_relies_on_are_as_they_were(path):
    pinned, relied_on_by = PINNED[path]
    assert source_hash(path) == pinned, (
        f"{path} changed (Django or asgiref upgraded?): review {relied_on_by} "
        "against its new source, then pin the new hash in this file"
    )
