"""The only writer of tournaments: create, join, leave, invite bots, withdraw,
and `tournament_advance`, which moves a tournament on (start it, close a
round, seat the next, finish) under a lock of its row, exactly once however
many tasks and sweeps call it at the same moment.

Rules the README states:
- A tournament starts at its time if it has its minimum of players; else it is
  cancelled.
- A round ends when its last game ends, or at its hard end (`round_hours`
  after it started): a game still running then is adjudicated for the
  tournament (the seats still playing placed by how they stand, the kind's
  `GameKind.leading`: Deal full sets then banked value, classic net worth;
  equals share a place; those who left rank below them, the later leaver
  higher) and plays on for itself, its end no longer counted.
- A player who withdraws, or whom the missed-deadline rule removes from a
  game, plays no further round; their games so far count.
- Single elimination: a drawn game sends the higher seed (earlier entry) on.

Each event a player should hear of (their game of a round ready, a bye, the
tournament cancelled, finished with their place) is told in the transaction
that makes it (`games.notifications.announcements`): once, as the event is.
"""

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import kinds
from games.errors import BadSettings, GameError
from games.models import Game, Seat
from games.notifications import announcements
from games.ratings import LEAVERS, placements, seat_results
from games.services import lobby
from games.services.moves import game_resign
from games.tournaments import pairing
from games.tournaments.models import Entry, Pairing, Tournament

if TYPE_CHECKING:
    from accounts.models import User

NAME_LENGTH = 80
MOST_PLAYERS = 256
MOST_SWISS_ROUNDS = 20


class TournamentError(GameError):
    """A refusal, with a sentence for the player (HTTP 400 unless said)."""

    status = 400


class TournamentNotFound(TournamentError):
    status = 404
    default_message = "There is no such tournament."


class TournamentClosed(TournamentError):
    status = 409


def tournament_create(
    *,
    creator: "User",
    name: str,
    kind: str,
    format: str,
    seats: int,
    seconds_per_decision: int,
    starts_at: datetime,
    rounds: int = 0,
    options: dict | None = None,
    rated: bool = True,
    min_players: int = 2,
    max_players: int = 64,
    by_invitation: bool = False,
    rating_min: int | None = None,
    rating_max: int | None = None,
    round_hours: int = 7 * 24,
    best_of: int = 1,
) -> Tournament:
    """Open a tournament for entries; its creator enters it."""
    if not creator.is_authenticated or not creator.is_active:
        raise TournamentError("Log in to create a tournament.")
    name = (name or "").strip()
    if not name or len(name) > NAME_LENGTH or "\x00" in name:
        raise TournamentError(
            f"A tournament needs a name of 1 to {NAME_LENGTH} letters."
        )
    try:
        game_kind = kinds.get(kind)
    except (KeyError, TypeError):
        raise TournamentError("There is no such game.") from None
    if format not in Tournament.Format.values:
        raise TournamentError("There is no such format.")
    low, high = game_kind.min_seats, game_kind.max_seats
    if not isinstance(seats, int) or not low <= seats <= high:
        raise TournamentError(f"{game_kind.label} has {low} to {high} seats a table.")
    if format == Tournament.Format.ELIMINATION and seats != 2:
        raise TournamentError("Single elimination is played at two-seat tables.")
    if best_of not in (1, 3) or (
        best_of == 3 and format != Tournament.Format.ELIMINATION
    ):
        raise TournamentError("Best of three is for single elimination; else one game.")
    if format == Tournament.Format.SWISS and not 1 <= rounds <= MOST_SWISS_ROUNDS:
        raise TournamentError(f"A Swiss has 1 to {MOST_SWISS_ROUNDS} rounds.")
    if not isinstance(seconds_per_decision, int) or seconds_per_decision < 60:
        raise TournamentError("The time per decision is at least a minute.")
    if not 2 <= min_players <= max_players <= MOST_PLAYERS:
        raise TournamentError(
            f"Players: at least 2, at most {MOST_PLAYERS}, "
            "the least not above the most."
        )
    if not isinstance(round_hours, int) or not 1 <= round_hours <= 60 * 24:
        raise TournamentError("A round lasts 1 hour to 60 days.")
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise TournamentError("The rating band's least is above its most.")
    try:
        clean = lobby.options_clean(kind, options)
    except BadSettings as error:
        raise TournamentError(error.message) from None
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name,
            kind=game_kind.key,
            format=format,
            rounds=rounds if format == Tournament.Format.SWISS else 0,
            best_of=best_of,
            seats=seats,
            seconds_per_decision=seconds_per_decision,
            round_hours=round_hours,
            options=clean,
            rated=bool(rated),
            starts_at=starts_at,
            min_players=min_players,
            max_players=max_players,
            by_invitation=bool(by_invitation),
            rating_min=rating_min,
            rating_max=rating_max,
            created_by=creator,
        )
        Entry.objects.create(tournament=tournament, user=creator)
    return tournament


def tournament_join(
    *, tournament_id: int, user: "User", token: str | None = None
) -> Entry:
    """Enter a tournament taking entries (with its link, if by invitation)."""
    if not user.is_authenticated:
        raise TournamentError("Log in to join a tournament.")
    with transaction.atomic():
        tournament = _lock(tournament_id)
        _require_registration(tournament)
        if tournament.by_invitation and token != tournament.invite_token:
            raise TournamentError("This tournament is by invitation: use its link.")
        if tournament.entries.filter(user=user).exists():
            raise TournamentClosed("You are already in this tournament.")
        if tournament.entries.count() >= tournament.max_players:
            raise TournamentClosed("This tournament is full.")
        _require_rating_band(tournament, user)
        try:
            with transaction.atomic():
                return Entry.objects.create(tournament=tournament, user=user)
        except IntegrityError:
            raise TournamentClosed("You are already in this tournament.") from None


def tournament_leave(*, tournament_id: int, user: "User") -> None:
    """Leave before the start (the creator cannot: cancel by leaving it empty)."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        _require_registration(tournament)
        deleted, _ = tournament.entries.filter(user=user).delete()
        if not deleted:
            raise TournamentError("You are not in this tournament.")


def tournament_add_bot(*, tournament_id: int, user: "User", bot: str) -> Entry:
    """The creator invites a bot of strength `bot` to fill the tournament."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.created_by_id != user.pk:
            raise TournamentError("Only the tournament's creator can invite bots.")
        _require_registration(tournament)
        if bot not in kinds.get(tournament.kind).bots:
            raise TournamentError("There is no such bot for this game.")
        if tournament.entries.count() >= tournament.max_players:
            raise TournamentClosed("This tournament is full.")
        return Entry.objects.create(tournament=tournament, bot=bot)


def tournament_withdraw(*, tournament_id: int, user: "User", now=None) -> None:
    """Leave a running tournament: the games still running are resigned and
    no further round seats you; your results so far count."""
    now = now or timezone.now()
    running: list[int] = []
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            raise TournamentClosed("This tournament is not running.")
        entry = tournament.entries.filter(user=user, withdrawn_at=None).first()
        if entry is None:
            raise TournamentError("You are not playing in this tournament.")
        entry.withdrawn_at, entry.withdrawn_round = now, tournament.round
        entry.save(update_fields=["withdrawn_at", "withdrawn_round"])
        running = list(
            Game.objects.filter(
                tournament_pairing__tournament=tournament,
                status=Game.Status.ACTIVE,
                seats__user=user,
                seats__status=Seat.Status.PLAYING,
            ).values_list("pk", flat=True)
        )
    for game_id in running:
        game_resign(game_id=game_id, user=user)


def tournaments_due(now: datetime) -> list[int]:
    """Tournaments the sweep moves on: due to start, or running (a round may
    have ended without its task, or reached its hard end)."""
    return list(
        Tournament.objects.filter(
            status=Tournament.Status.REGISTRATION, starts_at__lte=now
        ).values_list("pk", flat=True)
    ) + list(
        Tournament.objects.filter(status=Tournament.Status.RUNNING).values_list(
            "pk", flat=True
        )
    )


def tournament_advance(*, tournament_id: int, now: datetime | None = None) -> bool:
    """Start the tournament when due, close its round when every game ended
    (or the round's hard end passed) and seat the next, or finish it. Returns
    whether anything changed; a second call at the same moment changes
    nothing (the row is locked and the state re-read)."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status == Tournament.Status.REGISTRATION:
            if tournament.starts_at > now:
                return False
            return _start(tournament, now)
        if tournament.status != Tournament.Status.RUNNING:
            return False
        open_tables = _close_finished_tables(tournament, now)
        if open_tables:
            return False
        return _next_round(tournament, now)


def tournament_of_game(game_id: int) -> int | None:
    """The tournament a game was played for, if any."""
    return (
        Pairing.objects.filter(game_id=game_id)
        .values_list("tournament_id", flat=True)
        .first()
    )


def standings(tournament: Tournament) -> list[pairing.Standing]:
    """The standings from the tables closed so far (two queries)."""
    entries = list(tournament.entries.order_by("joined_at", "pk"))
    tables, byes = _results(tournament)
    return pairing.standings(
        [e.pk for e in entries], tables, byes, seats=tournament.seats
    )


# -- the state machine ---------------------------------------------------------


# The largest id a row can have (PostgreSQL's integer); a larger one is no row.
LARGEST_ID = 2**31 - 1


def _lock(tournament_id) -> Tournament:
    try:
        pk = int(tournament_id)
        if not 0 < pk <= LARGEST_ID:
            raise TournamentNotFound()
        return Tournament.objects.select_for_update().get(pk=pk)
    except (Tournament.DoesNotExist, TypeError, ValueError):
        raise TournamentNotFound() from None


def _require_registration(tournament: Tournament) -> None:
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentClosed("This tournament no longer takes entries.")


def _require_rating_band(tournament: Tournament, user) -> None:
    if tournament.rating_min is None and tournament.rating_max is None:
        return
    from games.ratings.models import START, Rating

    rating = (
        Rating.objects.filter(user=user, kind=tournament.kind)
        .values_list("value", flat=True)
        .first()
    )
    value = START if rating is None else rating
    low, high = tournament.rating_min, tournament.rating_max
    if (low is not None and value < low) or (high is not None and value > high):
        raise TournamentError(
            f"This tournament is for ratings {low or 0} to {high or 'any'}; "
            f"yours is {value}."
        )


def _start(tournament: Tournament, now: datetime) -> bool:
    entries = list(
        tournament.entries.select_related("user").order_by("joined_at", "pk")
    )
    if len(entries) < tournament.min_players:
        tournament.status = Tournament.Status.CANCELLED
        tournament.finished_at = now
        tournament.save(update_fields=["status", "finished_at"])
        event, text, url = announcements.cancelled(
            tournament=tournament, players=len(entries)
        )
        announcements.news_record(
            tournament=tournament,
            told=[announcements.Told(e.user, event, text, url) for e in entries],
            now=now,
        )
        return True
    ids = [e.pk for e in entries]
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        rounds = pairing.round_robin(ids, tournament.seats)
        tournament.schedule = [
            [list(t) for t in r.tables] + [[b] for b in r.byes] for r in rounds
        ]
        tournament.rounds = len(rounds)
    elif tournament.format == Tournament.Format.ELIMINATION:
        size = 1
        while size < len(ids):
            size *= 2
        tournament.rounds = size.bit_length() - 1
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status", "schedule", "rounds"])
    return _next_round(tournament, now)


def _close_finished_tables(tournament: Tournament, now: datetime) -> int:
    """Record the places of the round's games that ended (or adjudicate them
    at the hard end); mark who left by the missed-deadline rule as withdrawn.
    Returns how many tables are still open."""
    open_tables = 0
    hard_end = tournament.round_ends_at is not None and now >= tournament.round_ends_at
    current = Pairing.objects.filter(
        tournament=tournament,
        round=tournament.round,
        game__isnull=False,
        places__isnull=True,
    ).select_related("game")
    for table in current:
        game = table.game
        seats = list(game.seats.order_by("position"))
        if game.status == Game.Status.ACTIVE and not hard_end:
            open_tables += 1
            continue
        results = seat_results(game, seats)
        if game.status == Game.Status.ACTIVE:
            places = adjudicated_places(game, results)
            table.adjudicated = True
        else:
            winner = next((s.position for s in seats if s.pk == game.winner_id), None)
            places = placements(results, winner)
        table.places = {str(table.entries[p]): place for p, place in places.items()}
        table.worth = _worth(game, table)
        table.save(update_fields=["places", "worth", "adjudicated"])
        _withdraw_leavers(tournament, table, seats, now)
        if not hard_end and _match_goes_on(tournament, table):
            entries = {
                e.pk: e
                for e in Entry.objects.filter(pk__in=table.entries).select_related(
                    "user"
                )
            }
            row = _play(
                tournament,
                table.round,
                table.board,
                table.entries[::-1],
                entries,
                game_number=table.game_number + 1,
            )
            announcements.news_record(
                tournament=tournament, told=_news_of(tournament, row, entries), now=now
            )
            open_tables += 1
    return open_tables


def _worth(game: Game, table: Pairing) -> dict[str, int]:
    """What each entry at the table is worth at the game's end (the kind's
    `worth`: net worth, banked value), a tie-break of the standings."""
    state = game.state()
    worth = game.game_kind.worth
    return {str(pk): worth(state, seat) for seat, pk in enumerate(table.entries)}


def _match_goes_on(tournament: Tournament, table: Pairing) -> bool:
    """A best-of-three match with no player at two wins after fewer than
    three games, both players still in."""
    if tournament.best_of < 3 or table.game_number >= tournament.best_of:
        return False
    games = Pairing.objects.filter(
        tournament=tournament, round=table.round, board=table.board
    )
    wins = _match_wins(games)
    if max(wins.values(), default=0) * 2 > tournament.best_of:
        return False
    return not Entry.objects.filter(
        pk__in=table.entries, withdrawn_at__isnull=False
    ).exists()


def _match_wins(games) -> dict[int, int]:
    """Games won by each entry of a match (a drawn game is won by nobody)."""
    wins: dict[int, int] = {}
    for row in games:
        places = {int(k): v for k, v in (row.places or {}).items()}
        for pk in row.entries:
            wins.setdefault(pk, 0)
        firsts = [pk for pk, place in places.items() if place == 1]
        if len(firsts) == 1:
            wins[firsts[0]] += 1
    return wins


def adjudicated_places(game: Game, results) -> dict[int, int]:
    """Each seat's place in a game stopped at its round's hard end: the seats
    still playing by how they stand (`GameKind.leading`, the best first;
    equals share a place), then those who left, the later leaver higher."""
    state = game.state()
    kind = game.game_kind
    stayers = [r for r in results if r.status not in LEAVERS]
    standing = {r.position: kind.leading(state, r.position) for r in stayers}
    leavers = sorted(
        (r for r in results if r.status in LEAVERS), key=lambda r: -(r.left_at or 0)
    )
    places: dict[int, int] = {}
    place = 0
    for value in sorted(set(standing.values()), reverse=True):
        place += 1
        places.update({pos: place for pos, got in standing.items() if got == value})
    for offset, r in enumerate(leavers, start=1):
        places[r.position] = place + offset
    return places


def _withdraw_leavers(tournament, table: Pairing, seats: list[Seat], now) -> None:
    timed_out = [
        table.entries[s.position]
        for s in seats
        if s.status in (Seat.Status.TIMED_OUT, Seat.Status.LEFT)
    ]
    if timed_out:
        Entry.objects.filter(pk__in=timed_out, withdrawn_at=None).update(
            withdrawn_at=now, withdrawn_round=tournament.round
        )


def _next_round(tournament: Tournament, now: datetime) -> bool:
    entries = {e.pk: e for e in tournament.entries.select_related("user")}
    active = [pk for pk, e in entries.items() if e.withdrawn_at is None]
    number = tournament.round + 1
    seating = _seating(tournament, number, entries, active)
    if seating is None or not seating.tables:
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = now
        tournament.round_ends_at = None
        tournament.save(update_fields=["status", "finished_at", "round_ends_at"])
        _tell_places(tournament, entries, now)
        return True
    tournament.round = number
    tournament.round_ends_at = now + timedelta(hours=tournament.round_hours)
    tournament.save(update_fields=["round", "round_ends_at"])
    if seating.bracket:
        order = [(a,) if b is None else (a, b) for a, b in seating.bracket]
    else:
        order = [*seating.tables, *((pk,) for pk in seating.byes)]
    told = []
    for board, table in enumerate(order, start=1):
        if len(table) == 1:
            row = Pairing.objects.create(
                tournament=tournament,
                round=number,
                board=board,
                bye=entries[table[0]],
                entries=list(table),
            )
        else:
            row = _play(tournament, number, board, list(table), entries)
        told += _news_of(tournament, row, entries)
    announcements.news_record(tournament=tournament, told=told, now=now)
    return True


def _news_of(tournament, row: Pairing, entries) -> list["announcements.Told"]:
    """What each player of a new table (or bye) is told: their game is ready."""
    if row.bye_id:
        event, text, url = announcements.bye(tournament=tournament, round=row.round)
        return [announcements.Told(entries[row.bye_id].user, event, text, url)]
    told = []
    for pk in row.entries:
        event, text, url = announcements.game_ready(
            tournament=tournament,
            round=row.round,
            game_number=row.game_number,
            game_id=row.game_id,
            others=[entries[other].name for other in row.entries if other != pk],
        )
        told.append(
            announcements.Told(
                entries[pk].user,
                event,
                text,
                url,
                game_id=row.game_id,
                until=tournament.round_ends_at,
            )
        )
    return told


def _tell_places(tournament: Tournament, entries: dict[int, Entry], now) -> None:
    """Tell every player of a finished tournament their place."""
    tables, byes = _results(tournament)
    lines = pairing.standings(
        [e.pk for e in sorted(entries.values(), key=lambda e: (e.joined_at, e.pk))],
        tables,
        byes,
        seats=tournament.seats,
    )
    told = []
    for line in lines:
        event, text, url = announcements.finished(
            tournament=tournament, place=line.rank, players=len(lines)
        )
        told.append(announcements.Told(entries[line.player].user, event, text, url))
    announcements.news_record(tournament=tournament, told=told, now=now)


def _play(
    tournament, number, board, table, entries, *, game_number: int = 1
) -> Pairing:
    """Make and start the game of one table (its players in seat order)."""
    players = [
        entries[pk].user if entries[pk].user_id else entries[pk].bot for pk in table
    ]
    game = lobby.game_create_seated(
        kind=tournament.kind,
        creator=tournament.created_by,
        players=players,
        seconds_per_decision=tournament.seconds_per_decision,
        options=tournament.options,
        rated=tournament.rated,
    )
    return Pairing.objects.create(
        tournament=tournament,
        round=number,
        board=board,
        game_number=game_number,
        game=game,
        entries=list(table),
    )


def _seating(tournament, number: int, entries, active) -> pairing.Seating | None:
    """The tables of round `number`, or None when the tournament is over."""
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        if number > len(tournament.schedule or []):
            return None
        tables, byes = [], []
        for table in tournament.schedule[number - 1]:
            playing = [pk for pk in table if pk in active]
            if len(playing) >= 2:
                tables.append(tuple(playing))
            else:
                byes.extend(playing)
        return pairing.Seating(tables=tuple(tables), byes=tuple(byes))
    if tournament.format == Tournament.Format.SWISS:
        if number > tournament.rounds or len(active) < 2:
            return None
        tables, byes = _results(tournament)
        ranked = [
            s.player
            for s in pairing.standings(
                list(entries), tables, byes, seats=tournament.seats
            )
            if s.player in active
        ]
        had = {pk: byes.count(pk) for pk in active}
        return pairing.seat_round(ranked, tournament.seats, pairing.met(tables), had)
    return _bracket_round(tournament, number, entries, active)


def _bracket_round(tournament, number, entries, active) -> pairing.Seating | None:
    if number == 1:
        first = pairing.bracket(sorted(active, key=list(entries).index))
    else:
        boards: dict[int, list[Pairing]] = {}
        for row in Pairing.objects.filter(
            tournament=tournament, round=number - 1
        ).order_by("board", "game_number"):
            boards.setdefault(row.board, []).append(row)
        winners = [_bracket_winner(rows, entries) for rows in boards.values()]
        winners = [w for w in winners if w is not None]
        if len(winners) < 2:
            return None
        if len(winners) % 2:
            first = [(w, None) for w in winners]  # withdrawals thinned it
        else:
            first = pairing.next_bracket_round(winners)
    tables = tuple((a, b) for a, b in first if b is not None)
    byes = tuple(a for a, b in first if b is None)
    return pairing.Seating(tables=tables, byes=byes, bracket=tuple(first))


def _bracket_winner(rows: list[Pairing], entries) -> int | None:
    """Who goes on from a bracket board: the bye, or the match's winner (the
    most games won; the earlier entry on a tie); a withdrawn winner leaves the
    other on, if they are still in."""
    if rows[0].bye_id:
        candidates = [rows[0].bye_id]
    else:
        wins = _match_wins(rows)
        order = list(entries)
        candidates = sorted(wins, key=lambda pk: (-wins[pk], order.index(pk)))
    for pk in candidates:
        if entries[pk].withdrawn_at is None:
            return pk
    return None


def _results(tournament: Tournament) -> tuple[list[pairing.Table], list[int]]:
    tables, byes = [], []
    for row in Pairing.objects.filter(tournament=tournament).order_by("round", "board"):
        if row.bye_id:
            byes.append(row.bye_id)
        elif row.places is not None:
            tables.append(
                pairing.Table(
                    row.round,
                    {int(k): v for k, v in row.places.items()},
                    {int(k): v for k, v in (row.worth or {}).items()},
                )
            )
    return tables, byes
