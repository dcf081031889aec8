"""Who may look at a table: the game and seat a viewer gets, and the stamp
(`Game.stamp`) each kind of viewer may poll or watch live, one query each.
"""

from django.db.models import Exists, OuterRef

from games.errors import GameNotFound
from games.models import Game, Seat, table_stamp
from mdeal_site.prepared import Prepared

# The Game fields `table_stamp` is made of, in its order.
STAMP_FIELDS = ("status", "version", "seat_changes", "rematch_changes")


# The reads of every table request, compiled once (mdeal_site.prepared).
_game_by_id = Prepared(lambda pk: Game.objects.filter(pk=pk))
_seats_of_game = Prepared(
    lambda game_id: (
        Seat.objects.filter(game_id=game_id).select_related("user").order_by("position")
    )
)


def game_for_viewer(*, game_id: int, user) -> tuple[Game, Seat | None]:
    """The game with its seats, and the user's seat; spectators only where allowed.

    Anyone signed in may watch a public game, playing or finished (the
    engine's spectator view shows no hand until the end); a game by invitation
    only is for its players alone, and to anyone else it does not exist: it
    raises GameNotFound, as a missing id does, so ids tell nothing. A player
    whose seat a bot took over watches as a spectator until the end.
    """
    game = _game_by_id.by_id(game_id)
    if game is None:
        raise GameNotFound()
    game.seats_known(_seats_of_game(game.pk))
    return viewer_seat(game=game, user=user)


def viewer_seat(*, game: Game, user) -> tuple[Game, Seat | None]:
    """`game_for_viewer` for a game already read with its seats."""
    seat = game.seat_for(user)
    if seat is None and not game.public:
        raise GameNotFound()
    if seat is not None and seat.status == Seat.Status.LEFT and not game.is_over:
        # A bot plays this seat now: its former player watches, hand unseen.
        return game, None
    return game, seat


def version_for_player(*, game_id: int, user) -> int | None:
    """The game's stamp if `user` holds a seat at it, else None (one query)."""
    if user is None or not user.is_authenticated:
        return None
    row = (
        Game.objects.filter(pk=game_id, seats__user=user)
        .values_list(*STAMP_FIELDS)
        .first()
    )
    return table_stamp(*row) if row is not None else None


def version_for_watcher(*, game_id: int, user) -> tuple[int, bool] | None:
    """(the game's stamp, whether `user` is seated) for whoever may watch it live.

    Its players, and anyone signed in for a public game; None for everyone
    else, a missing game included (one query).
    """
    if user is None or not user.is_authenticated:
        return None
    row = (
        Game.objects.filter(pk=game_id)
        .annotate(seated=Exists(Seat.objects.filter(game=OuterRef("pk"), user=user)))
        .values(*STAMP_FIELDS, "public", "seated")
        .first()
    )
    if row is None or not (row["public"] or row["seated"]):
        return None
    stamp = table_stamp(*(row[name] for name in STAMP_FIELDS))
    return stamp, row["seated"]


def version_for_viewer(*, game_id: int, user) -> int:
    """The game's stamp (`Game.stamp`) for anyone who may look at the table.

    GameNotFound for a missing game and for a private one the user is not in.
    """
    row = Game.objects.filter(pk=game_id).values(*STAMP_FIELDS, "public").first()
    if row is None or (not row["public"] and not _seated(game_id=game_id, user=user)):
        raise GameNotFound()
    return table_stamp(*(row[name] for name in STAMP_FIELDS))


def _seated(*, game_id: int, user) -> bool:
    return Seat.objects.filter(game_id=game_id, user=user).exists()
