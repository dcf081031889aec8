"""The session's user is read by SQL compiled once (accounts.models.PlayerManager):
the same user as the queryset gives, and the same answers for none."""

import pytest

from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import models as accounts_models

pytestmark = pytest.mark.django_db


def fields(obj) -> dict:
    return {k: v for k, v in vars(obj).items() if not k.startswith("_")}


def test_a_user_by_pk_is_the_user_the_queryset_reads(user):
    User = get_user_model()
    read = User.objects.get(pk=user.pk)

    assert fields(read) == fields(User.objects.filter(pk=user.pk).get())
    assert User.objects.get(pk=str(user.pk)).username == "ada"
    for no_user in (user.pk + 1000, "x", None, 2**63):
        with pytest.raises(User.DoesNotExist):
            User.objects.get(pk=no_user)
    # Other lookups are the manager's as ever.
    assert User.objects.get(username="ada") == user
    assert User.objects.get(pk=user.pk, is_active=True) == user


def test_a_signed_in_request_reads_its_user_with_the_compiled_sql(
    client_logged_in, user, monkeypatch
):
    asked = []
    compiled = accounts_models._user_by_id
    monkeypatch.setattr(
        accounts_models,
        "_user_by_id",
        type(
            "Spy",
            (),
            {"by_id": lambda self, pk: asked.append(pk) or compiled.by_id(pk)},
        )(),
    )
    with CaptureQueriesContext(connection) as queries:
        response = client_logged_in.get("/games/mine/")

    assert response.status_code == 200
    assert asked == [user.pk]
    assert sum('FROM "accounts_user"' in q["sql"] for q in queries) == 1
