"""Before the game starts: open a table, join, leave, fill it with bots, start.

A game waits for players with `Game.Status.OPEN`; `game_begin` closes its seats
up, deals, and hands it to the write path (`Table`) for the first decision.
"""

import dataclasses
import secrets
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from games import kinds
from games.chat.services import invitation_check
from games.errors import (
    AlreadySeated,
    BadInvite,
    BadSettings,
    GameFull,
    GameNotOpen,
    NotAPlayer,
    NotEnoughPlayers,
    NotYourGame,
)
from games.models import BOT_STRENGTHS, Game, GameEvent, Seat
from games.notifications.results import cancelled_record
from games.services import randomness
from games.services.moves import MOVE_NUMBER_MAX
from games.services.notify import game_announce
from games.services.table import Table, game_lock, game_seats
from games.social.errors import NotPossible
from games.social.selectors import blocked_by_any

if TYPE_CHECKING:
    from accounts.models import User

NOT_POSSIBLE_JOIN = "It is not possible to join this table."


def game_create(
    *,
    creator: "User",
    seat_count: int,
    seconds_per_decision: int,
    options: "Any | dict[str, Any] | None" = None,
    public: bool = True,
    rated: bool = True,
    bot: str = Seat.Bot.SENSIBLE,
    leaver_bot: str = Seat.Bot.SENSIBLE,
    bots_now: bool = False,
    kind: str = kinds.DEFAULT,
) -> Game:
    """Open a new table of `kind` (games.kinds); the creator takes seat 0 and
    waits for players.

    A `rated` game counts for ratings when it finishes (games.ratings). `bot`
    is the strength of the bots that fill empty seats: at once with
    `bots_now` (the game starts against them), or later from the waiting room.
    `leaver_bot` plays on for a player who misses too many deadlines, when the
    house rule `bot_replaces_leaver` is on.
    """
    game_kind, rule_options = game_settings_check(
        kind=kind,
        seat_count=seat_count,
        seconds_per_decision=seconds_per_decision,
        options=options,
        bot=bot,
        leaver_bot=leaver_bot,
    )
    _require_user(creator)
    with transaction.atomic():
        game = Game.objects.create(
            kind=game_kind.key,
            created_by=creator,
            seat_count=seat_count,
            seconds_per_decision=seconds_per_decision,
            options=rule_options.to_json(),
            public=bool(public),
            rated=bool(rated),
            bot=bot,
            leaver_bot=leaver_bot,
        )
        creator_seat = Seat.objects.create(game=game, position=0, user=creator)
        if bots_now:
            _fill_with_bots(game, [creator_seat], bot)
    return game


def game_create_seated(
    *,
    kind: str,
    creator: "User",
    players: "list[User | str]",
    seconds_per_decision: int,
    options: dict | None = None,
    rated: bool = True,
    public: bool = True,
) -> Game:
    """Make and start a game with these players in seat order: a user, or a
    bot strength for a bot seat (tournament rounds, challenges). Options are
    checked as `game_create` checks them; refusals raise BadSettings."""
    game_kind = kinds.get(kind)
    for player in players:
        if isinstance(player, str):
            _require_bot(player, game_kind)
    rule_options = _clean_options(options, game_kind.engine)
    game = Game.objects.create(
        kind=game_kind.key,
        created_by=creator,
        seat_count=len(players),
        seconds_per_decision=seconds_per_decision,
        options=rule_options.to_json(),
        public=public,
        rated=rated,
    )
    Seat.objects.bulk_create(
        Seat(game=game, position=position, bot=player)
        if isinstance(player, str)
        else Seat(game=game, position=position, user=player)
        for position, player in enumerate(players)
    )
    game_begin(game, game_seats(game))
    return game


def options_clean(kind: str, options) -> dict:
    """The house rules `options` as `kind`'s engine reads them (JSON), or
    BadSettings."""
    return _clean_options(options, kinds.get(kind).engine).to_json()


def game_settings_check(
    *,
    kind: str,
    seat_count: int,
    seconds_per_decision: int,
    options: "Any | dict[str, Any] | None",
    bot: str,
    leaver_bot: str,
) -> "tuple[kinds.GameKind, Any]":
    """The kind and its engine's Options for these settings of a new game, or
    BadSettings with the sentence saying what is out of range.

    What `game_create` checks before it writes; a challenge (games.social)
    checks its settings here too when it is made, long before its game is.
    """
    try:
        game_kind = kinds.get(kind)
    except (KeyError, TypeError):
        raise BadSettings("There is no such game.") from None
    low, high = game_kind.min_seats, game_kind.max_seats
    if not isinstance(seat_count, int) or not (low <= seat_count <= high):
        raise BadSettings(f"{game_kind.label} has {low} to {high} seats.")
    if not isinstance(seconds_per_decision, int) or seconds_per_decision < 1:
        raise BadSettings("The time per decision must be a positive number.")
    _require_bot(bot, game_kind)
    _require_bot(leaver_bot, game_kind)
    return game_kind, _clean_options(options, game_kind.engine)


def game_join(*, game_id: int, user: "User", token: str | None = None) -> Seat:
    """Take the lowest free seat; the game starts when the last seat fills.

    A public game can be joined from the lobby; an invite-only one needs its
    `token`. Joining a game you already sit at is refused (`AlreadySeated`);
    joining by the invitation of a host you muted too (`MutedInviter`), and a
    table where someone blocked you (games.social: "not possible", never why).
    """
    _require_user(user)
    with transaction.atomic():
        game = game_lock(game_id)
        invited = bool(token) and secrets.compare_digest(str(token), game.invite_token)
        if not game.public and not invited:
            raise BadInvite()
        if invited:
            invitation_check(inviter=game.created_by, invitee=user)
        seats = game_seats(game)
        if any(seat.user_id == user.pk for seat in seats):
            raise AlreadySeated()
        _require_open(game)
        if blocked_by_any(user_id=user.pk, by=[seat.user_id for seat in seats]):
            raise NotPossible(NOT_POSSIBLE_JOIN)
        taken = {seat.position for seat in seats}
        free = [p for p in range(game.seat_count) if p not in taken]
        if not free:
            raise GameFull()
        seat = Seat.objects.create(game=game, position=free[0], user=user)
        seats = sorted([*seats, seat], key=lambda s: s.position)
        if len(seats) == game.seat_count:
            game_begin(game, seats)
        else:
            _seats_changed(game)
            game_announce(game)
    return seat


def game_leave(*, game_id: int, user: "User") -> Game:
    """Give up a seat before the start. The creator leaving cancels the game."""
    _require_user(user)
    with transaction.atomic():
        game = game_lock(game_id)
        seats = game_seats(game)
        seat = next((s for s in seats if s.user_id == user.pk), None)
        if seat is None:
            raise NotAPlayer()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen("This game has started: resign instead of leaving.")
        if game.created_by_id == user.pk:
            game.status = Game.Status.ABANDONED
            game.finished_at = timezone.now()
            game.save(update_fields=["status", "finished_at"])
            cancelled_record(game=game, seats=seats, by=user, now=game.finished_at)
        else:
            seat.delete()
            _seats_changed(game)
        game_announce(game)
    return game


def game_add_bots(*, game_id: int, user: "User", bot: str | None = None) -> Game:
    """Fill every empty seat with a bot and start the game (creator only).

    The bots play at strength `bot`, or the game's (chosen on the create form).
    """
    with transaction.atomic():
        game = game_lock(game_id)
        if bot is not None:
            _require_bot(bot, game.game_kind)
        _require_creator(game, user)
        _require_open(game)
        _fill_with_bots(game, game_seats(game), bot or game.bot)
    return game


def _fill_with_bots(game: Game, seats: list[Seat], bot: str) -> None:
    """Seat a `bot` in every position nobody holds, and start."""
    taken = {seat.position for seat in seats}
    Seat.objects.bulk_create(
        Seat(game=game, position=p, bot=bot)
        for p in range(game.seat_count)
        if p not in taken
    )
    game_begin(game, game_seats(game))


def _require_bot(bot: str, kind: "kinds.GameKind | None" = None) -> None:
    """A bot strength the site has (and, given a kind, that plays that game)."""
    if bot not in dict(BOT_STRENGTHS) or (kind is not None and bot not in kind.bots):
        raise BadSettings("There is no such bot.")


def game_start(*, game_id: int, user: "User") -> Game:
    """Start with the players seated now (creator only, at least two)."""
    with transaction.atomic():
        game = game_lock(game_id)
        _require_creator(game, user)
        _require_open(game)
        seats = game_seats(game)
        if len(seats) < Game.MIN_SEATS:
            raise NotEnoughPlayers()
        game_begin(game, seats)
    return game


def game_begin(game: Game, seats: list[Seat], *, events: list | None = None) -> None:
    """Close the seats up to 0..n-1, deal, and wait for the first decision.

    `events` are the deal if already made (`engine.setup`), else one is made.
    """
    # Ascending order: each seat moves down into a position already vacated.
    for index, seat in enumerate(sorted(seats, key=lambda s: s.position)):
        if seat.position != index:
            seat.position = index
            seat.save(update_fields=["position"])
    seats.sort(key=lambda s: s.position)
    game.seat_count = len(seats)
    game.status = Game.Status.ACTIVE
    table = Table(game, seats)
    game.started_at = table.now
    if events is None:
        events = table.engine.setup(len(seats), game.rule_options(), randomness.rng())
    table.append(events, seat=None, cause=GameEvent.Cause.SETUP)
    table.save()


def _seats_changed(game: Game) -> None:
    """Move an open game's stamp on, so its waiting room refreshes."""
    game.seat_changes += 1
    game.save(update_fields=["seat_changes"])


def _require_user(user) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotAPlayer("Sign in to play.")


def _require_creator(game: Game, user) -> None:
    if game.created_by_id != getattr(user, "pk", None):
        raise NotYourGame()


def _require_open(game: Game) -> None:
    if game.status == Game.Status.ACTIVE:
        raise GameNotOpen("This game has already started.")
    if game.status != Game.Status.OPEN:
        raise GameNotOpen("This game is over.")


def _clean_options(options, engine):
    if options is None:
        return engine.Options()
    if isinstance(options, engine.Options):
        rule_options = options
    elif isinstance(options, dict):
        try:
            rule_options = engine.Options.from_json(options)
        except (TypeError, ValueError) as error:
            raise BadSettings() from error
    else:
        raise BadSettings()
    for field in dataclasses.fields(rule_options):
        value = getattr(rule_options, field.name)
        default = field.default
        if isinstance(default, bool) and not isinstance(value, bool):
            raise BadSettings()
        # A count that is on by default (missed deadlines) is at least 1; one
        # that is off by default (classic's turn limit) may stay 0.
        least = 1 if type(default) is int and default >= 1 else 0
        if type(default) is int and (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not least <= value <= MOVE_NUMBER_MAX
        ):
            raise BadSettings()
    return rule_options
