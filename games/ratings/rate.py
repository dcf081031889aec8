"""Player ratings: OpenSkill's Plackett-Luce model, updated once per rated game.

A rated game that finishes updates every account at the table once, in the
transaction that finishes it (`game_rate`, called by `services.table.Table.save`):
one `RatingChange` per (game, user), unique, so a retry or a second call never
counts a game twice. Each player's rating row is locked (in user id order, so
two games finishing at once cannot deadlock) before it is read, so a player's
games are applied one after the other, in the order they were rated.

Placement: the winner first; everyone else who was still playing tied second;
players who left (resigned, timed out, or replaced by a bot after missing too
many deadlines) below them, the earlier leaver lower. A drawn game ties
everyone, leavers too. Abandoned games and casual games are not rated.

The bots are accounts of their own ("sensible-bot", "random-bot"), rated like
anyone: they play many games, so their ratings settle and give the scale fixed
reference points. Two seats of the same bot in one game each play with the
bot's rating; the bot's new rating is the mean of what the seats would give.

Each kind of game (Game.kind) is rated apart: a player has a `Rating` per kind
they played rated games of, and a game moves only its own kind's ratings.

Shown rating: `START + SCALE * (mu - 3 sigma)`, rounded: the conservative
estimate (OpenSkill's ordinal), 1000 for a new player, 40 points per unit of
skill. It is "provisional" for the first `PROVISIONAL_GAMES` rated games.
"""

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime

from openskill.models import PlackettLuce

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F, Max, Min, Q

from games import kinds
from games.models import Game, GameEvent, Seat
from games.ratings.models import (
    MU,
    SIGMA,
    START,
    Rating,
    RatingChange,
)

SCALE = 40
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

# Seats that left the game before its end (ranked below those still playing).
LEAVERS = (Seat.Status.RESIGNED, Seat.Status.TIMED_OUT, Seat.Status.LEFT)
RESIGNED_EVENT = "PlayerResigned"
CHANGE_BATCH = 2000


def shown(mu: float, sigma: float) -> int:
    """The one number players see: 1000 + 40 x (mu - 3 sigma), rounded."""
    return round(START + SCALE * (mu - 3 * sigma))


def bot_username(kind: str) -> str:
    """The account a bot kind plays as: "sensible-bot", "random-bot"."""
    return f"{kind}-bot"


def seat_account(seat: Seat) -> str:
    """The username rated for a seat: its player's, or its bot's account."""
    return seat.user.username if seat.user_id else bot_username(seat.bot)


def bot_accounts(kinds: Iterable[str]) -> dict[str, int]:
    """The user id of each bot kind's account, made if missing.

    The accounts cannot log in (no usable password, inactive). The data
    migration makes the known ones; a new bot kind gets its account here.
    """
    kinds = sorted(set(kinds))
    if not kinds:
        return {}
    User = get_user_model()
    names = {bot_username(kind): kind for kind in kinds}
    found = dict(User.objects.filter(username__in=names).values_list("username", "pk"))
    for username, kind in names.items():
        if username not in found:
            found[username] = _make_bot_account(kind).pk
    return {names[username]: pk for username, pk in found.items()}


def _make_bot_account(kind: str):
    User = get_user_model()
    label = Seat.Bot(kind).label if kind in Seat.Bot.values else f"{kind} bot"
    user, _ = User.objects.get_or_create(
        username=bot_username(kind),
        defaults={
            "email": f"{bot_username(kind)}@bots.invalid",
            "display_name": label,
            "is_active": False,
            "password": "!",  # unusable: nobody logs in as a bot
        },
    )
    Rating.objects.get_or_create(user=user, kind=kinds.DEFAULT, defaults={"bot": kind})
    return user


# -- placement ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class SeatResult:
    """What the ranking needs of one seat at a finished game."""

    position: int
    user_id: int | None
    bot: str
    status: str
    left_at: int | None = None  # the seq of the event that took it out


def placements(seats: list[SeatResult], winner: int | None) -> dict[int, int]:
    """Each position's place (1 = first, ties share a place).

    The winner first, the others still playing tied next; leavers below, the
    later leaver higher. A drawn game (no winner) ties everyone.
    """
    if winner is None:
        return {s.position: 1 for s in seats}
    stayers = [s for s in seats if s.status not in LEAVERS]
    leavers = [s for s in seats if s.status in LEAVERS]
    places: dict[int, int] = {}
    place = 1
    if winner is not None and any(s.position == winner for s in stayers):
        places[winner] = place
        place += 1
    rest = [s for s in stayers if s.position not in places]
    for seat in rest:
        places[seat.position] = place
    if rest:
        place += 1
    for seat in sorted(leavers, key=lambda s: -(s.left_at or 0)):
        places[seat.position] = place
        place += 1
    return places


# -- applying one game -------------------------------------------------------------


@dataclasses.dataclass
class Standing:
    """An account's rating while games are applied (a row, or rebuild's memory)."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    last_played_at: datetime | None = None

    @property
    def value(self) -> int:
        return shown(self.mu, self.sigma)


def rate_table(
    *,
    game_id: int,
    kind: str,
    finished_at: datetime,
    entries: list[tuple[int, int]],
    standings: dict[int, Standing],
) -> list[RatingChange]:
    """Apply one game of `kind`: `entries` are (user id, place) per seat, in
    seat order; `standings` are that kind's.

    Updates `standings` in place and returns the unsaved change rows.
    """
    teams = [
        [MODEL.rating(mu=standings[u].mu, sigma=standings[u].sigma)] for u, _ in entries
    ]
    rated = MODEL.rate(teams, ranks=[place for _, place in entries])
    after: dict[int, list[tuple[float, float]]] = defaultdict(list)
    best: dict[int, int] = {}
    for (user_id, place), [rating] in zip(entries, rated, strict=True):
        after[user_id].append((rating.mu, rating.sigma))
        best[user_id] = min(place, best.get(user_id, place))
    changes = []
    for user_id, results in after.items():
        standing = standings[user_id]
        mu = sum(m for m, _ in results) / len(results)
        sigma = sum(s for _, s in results) / len(results)
        changes.append(
            RatingChange(
                game_id=game_id,
                kind=kind,
                user_id=user_id,
                place=best[user_id],
                mu_before=standing.mu,
                sigma_before=standing.sigma,
                mu_after=mu,
                sigma_after=sigma,
                value_before=standing.value,
                value_after=shown(mu, sigma),
                games_after=standing.games + 1,
                finished_at=finished_at,
            )
        )
        standing.mu, standing.sigma = mu, sigma
        standing.games += 1
        standing.last_played_at = finished_at
    return changes


def entries_for(
    seats: list[SeatResult], winner: int | None, bots: dict[str, int]
) -> list[tuple[int, int]]:
    """(user id, place) per seat: a bot seat plays as its kind's account."""
    places = placements(seats, winner)
    return [
        (s.user_id if s.user_id is not None else bots[s.bot], places[s.position])
        for s in sorted(seats, key=lambda s: s.position)
    ]


def game_rate(*, game: Game, seats: list[Seat] | None = None) -> bool:
    """Rate a finished game, once. Call inside the transaction that finishes it
    (or any later one): returns False, writing nothing, when the game is not a
    finished rated game or was rated already.
    """
    if not game.rated or game.status != Game.Status.FINISHED:
        return False
    with transaction.atomic():
        if seats is None:
            seats = list(game.seats.order_by("position"))
        results = seat_results(game, seats)
        winner = next((s.position for s in seats if s.pk == game.winner_id), None)
        bots = bot_accounts(s.bot for s in results if s.user_id is None)
        entries = entries_for(results, winner, bots)
        user_ids = sorted({user_id for user_id, _ in entries})
        kind_of = {pk: kind for kind, pk in bots.items()}
        Rating.objects.bulk_create(
            [
                Rating(user_id=u, kind=game.kind, bot=kind_of.get(u, ""))
                for u in user_ids
            ],
            ignore_conflicts=True,
        )
        rows = {
            row.user_id: row
            for row in Rating.objects.select_for_update()
            .filter(user_id__in=user_ids, kind=game.kind)
            .order_by("user_id")
        }
        # Checked under the locks: a concurrent call that rated it has committed.
        if RatingChange.objects.filter(game=game).exists():
            return False
        standings = {
            u: Standing(row.mu, row.sigma, row.games, row.last_played_at)
            for u, row in rows.items()
        }
        changes = rate_table(
            game_id=game.pk,
            kind=game.kind,
            finished_at=game.finished_at,
            entries=entries,
            standings=standings,
        )
        RatingChange.objects.bulk_create(changes)
        for user_id, row in rows.items():
            _copy(standings[user_id], row)
        Rating.objects.bulk_update(list(rows.values()), RATING_FIELDS)
    return True


RATING_FIELDS = ["mu", "sigma", "value", "games", "last_played_at"]


def _copy(standing: Standing, row: Rating) -> None:
    row.mu, row.sigma, row.value = standing.mu, standing.sigma, standing.value
    row.games, row.last_played_at = standing.games, standing.last_played_at


def seat_results(game: Game, seats: list[Seat]) -> list[SeatResult]:
    left = [s.position for s in seats if s.status in LEAVERS]
    left_at = {}
    if left:
        left_at = dict(
            _leave_events(
                GameEvent.objects.filter(game=game, seat__in=left)
            ).values_list("seat", "at")
        )
    return [
        SeatResult(
            position=s.position,
            user_id=s.user_id,
            bot=s.bot,
            status=s.status,
            left_at=left_at.get(s.position),
        )
        for s in seats
    ]


def _leave_events(events):
    """Per seat, the last resignation or timeout: when that seat left."""
    return (
        events.filter(Q(type=RESIGNED_EVENT) | Q(cause=GameEvent.Cause.TIMEOUT))
        .values("seat")
        .annotate(at=Max("seq"))
        .order_by()
    )


# -- rebuilding from the games ------------------------------------------------------


@dataclasses.dataclass
class Rebuilt:
    changes: list[RatingChange]
    standings: dict[str, dict[int, Standing]]  # per kind, per account
    bots: dict[str, int]
    games: int


def rated_games_in_order():
    """Finished rated games in the order they were rated (their change rows'
    ids); games never rated yet after them, by finish time.
    """
    return (
        Game.objects.filter(status=Game.Status.FINISHED, rated=True)
        .annotate(first_change=Min("rating_changes__id"))
        .order_by(F("first_change").asc(nulls_last=True), "finished_at", "pk")
    )


def ratings_compute() -> Rebuilt:
    """Every finished rated game replayed from the default rating, in memory."""
    games = list(
        rated_games_in_order().values_list(
            "pk", "kind", "finished_at", "winner__position"
        )
    )
    seats: dict[int, list[SeatResult]] = defaultdict(list)
    finished = Seat.objects.filter(game__status=Game.Status.FINISHED, game__rated=True)
    for game_id, position, user_id, bot, status in finished.values_list(
        "game_id", "position", "user_id", "bot", "status"
    ).iterator(chunk_size=5000):
        seats[game_id].append(SeatResult(position, user_id, bot, status))
    left_at = {
        (row["game"], row["seat"]): row["at"]
        for row in _leave_events(
            GameEvent.objects.filter(
                game__status=Game.Status.FINISHED,
                game__rated=True,
                game__seats__position=F("seat"),
                game__seats__status__in=LEAVERS,
            )
        ).values("game", "seat", "at")
    }
    bots = bot_accounts(
        s.bot for table in seats.values() for s in table if s.user_id is None
    )
    standings: dict[str, dict[int, Standing]] = defaultdict(
        lambda: defaultdict(Standing)
    )
    changes: list[RatingChange] = []
    for game_id, kind, finished_at, winner in games:
        table = [
            dataclasses.replace(s, left_at=left_at.get((game_id, s.position)))
            for s in seats[game_id]
        ]
        changes += rate_table(
            game_id=game_id,
            kind=kind,
            finished_at=finished_at,
            entries=entries_for(table, winner, bots),
            standings=standings[kind],
        )
    return Rebuilt(
        changes=changes,
        standings={kind: dict(table) for kind, table in standings.items()},
        bots=bots,
        games=len(games),
    )


def ratings_rebuild() -> Rebuilt:
    """Throw away every rating and change row and write them again from the
    games (locking every rating row meanwhile). Returns what it wrote.
    """
    with transaction.atomic():
        list(Rating.objects.select_for_update().order_by("user_id"))
        rebuilt = ratings_compute()
        RatingChange.objects.all().delete()
        kind_of = {pk: kind for kind, pk in rebuilt.bots.items()}
        Rating.objects.all().delete()
        # Each bot keeps its (Monopoly Deal) row, as when its account was made.
        rows = {
            (pk, kinds.DEFAULT): Rating(user_id=pk, kind=kinds.DEFAULT, bot=kind)
            for kind, pk in rebuilt.bots.items()
        }
        for game_kind, table in rebuilt.standings.items():
            for user_id, standing in table.items():
                row = rows.setdefault(
                    (user_id, game_kind),
                    Rating(
                        user_id=user_id, kind=game_kind, bot=kind_of.get(user_id, "")
                    ),
                )
                _copy(standing, row)
        Rating.objects.bulk_create(rows.values(), batch_size=CHANGE_BATCH)
        RatingChange.objects.bulk_create(rebuilt.changes, batch_size=CHANGE_BATCH)
    return rebuilt


CHANGE_FIELDS = (
    "game_id",
    "user_id",
    "place",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "value_before",
    "value_after",
    "games_after",
    "finished_at",
    "kind",
)


def ratings_differences(rebuilt: Rebuilt, *, limit: int = 20) -> list[str]:
    """Where the stored ratings differ from `rebuilt` (empty when equal)."""
    problems = []
    stored = {
        (row[0], row[1]): row
        for row in RatingChange.objects.order_by("id").values_list(*CHANGE_FIELDS)
    }
    computed = {
        (c.game_id, c.user_id): tuple(getattr(c, f) for f in CHANGE_FIELDS)
        for c in rebuilt.changes
    }
    for key in sorted(stored.keys() | computed.keys()):
        if stored.get(key) != computed.get(key):
            problems.append(
                f"game {key[0]}, user {key[1]}: stored {stored.get(key)}, "
                f"replayed {computed.get(key)}"
            )
    for row in Rating.objects.all():
        standing = rebuilt.standings.get(row.kind, {}).get(row.user_id, Standing())
        mine = (row.mu, row.sigma, row.value, row.games, row.last_played_at)
        theirs = (
            standing.mu,
            standing.sigma,
            standing.value,
            standing.games,
            standing.last_played_at,
        )
        if mine != theirs:
            problems.append(
                f"user {row.user_id} at {row.kind}: stored {mine}, replayed {theirs}"
            )
    return problems[:limit]
