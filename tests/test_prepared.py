"""Querysets compiled once (mdeal_site.prepared) give what the queryset gives."""

import pytest

from django.db import connection
from django.db.models import Exists, OuterRef
from django.test.utils import CaptureQueriesContext

from games.models import Game, GameEvent, Seat
from mdeal_site.prepared import Prepared
from tests.games.factories import make_game

pytestmark = pytest.mark.django_db


def fields(obj) -> dict:
    return {k: v for k, v in vars(obj).items() if not k.startswith("_")}


def test_it_gives_the_rows_the_queryset_gives(user, other_user):
    game = make_game(creator=user, players=[other_user])
    by_id = Prepared(lambda pk: Game.objects.filter(pk=pk))

    assert [fields(g) for g in by_id(game.pk)] == [fields(Game.objects.get(pk=game.pk))]
    assert by_id(game.pk + 1000) == []
    assert by_id.by_id(str(game.pk)).pk == game.pk
    for no_id in (game.pk + 1000, "x", None, 0, 2**63):
        assert by_id.by_id(no_id) is None


def test_related_objects_and_annotations_come_in_the_same_query(user, other_user):
    game = make_game(creator=user, players=[other_user])
    later = Seat.objects.filter(game_id=OuterRef("game_id"), position__gt=0)
    seats = Prepared(
        lambda game_id: (
            Seat.objects.filter(game_id=game_id)
            .select_related("user")
            .annotate(first=~Exists(later.filter(position__lt=OuterRef("position"))))
            .order_by("position")
        )
    )
    seats(game.pk)  # compiled

    with CaptureQueriesContext(connection) as queries:
        found = seats(game.pk)
        names = [s.user.username for s in found]

    assert len(queries) == 1
    assert names == ["ada", "bea"]
    assert [s.first for s in found] == [True, True]


def test_it_builds_and_compiles_the_queryset_once(user, other_user):
    game = make_game(creator=user, players=[other_user])
    built = []

    def build(game_id, through):
        built.append((game_id, through))
        events = GameEvent.objects.filter(game_id=game_id, seq__lte=through)
        return events.order_by("-seq")[:3]

    last = Prepared(build)
    first = last(game.pk, 2)
    again = last(game.pk, game.version)

    assert len(built) == 1
    assert [e.seq for e in first] == [2, 1]
    assert [e.seq for e in again] == [game.version - n for n in range(3)]


def test_an_argument_the_query_does_not_bind_is_refused(user):
    ignored = Prepared(lambda pk, unused: Game.objects.filter(pk=pk))

    with pytest.raises(ValueError, match="each argument must be bound once"):
        ignored(1, 2)


def test_a_values_list_gives_its_rows_as_tuples(user, other_user):
    game = make_game(creator=user, players=[other_user])
    seats = Prepared(
        lambda game_id: (
            Seat.objects.filter(game_id=game_id)
            .annotate(first=~Exists(Seat.objects.filter(position__lt=0)))
            .order_by("position")
            .values_list("position", "user__username", "first")
        )
    )

    assert seats(game.pk) == [(0, "ada", True), (1, "bea", True)]
    assert seats(game.pk) == list(
        Seat.objects.filter(game_id=game.pk)
        .annotate(first=~Exists(Seat.objects.filter(position__lt=0)))
        .order_by("position")
        .values_list("position", "user__username", "first")
    )


def test_a_values_list_naming_an_annotation_before_a_field_is_refused(user):
    # Django selects the annotations after the fields; the rows would not be
    # in the order the values_list names.
    muddled = Prepared(
        lambda game_id: (
            Seat.objects.filter(game_id=game_id)
            .annotate(first=~Exists(Seat.objects.filter(position__lt=0)))
            .values_list("first", "position")
        )
    )

    with pytest.raises(ValueError, match="annotations last"):
        muddled(1)
