"""Reads of tournaments for their pages, each a fixed number of queries
whatever the number of players and rounds."""

from dataclasses import dataclass, field

from django.db.models import Count, Q

from games.bot_marks import marked_name
from games.tournaments import pairing
from games.tournaments.models import Entry, Pairing, Tournament


@dataclass
class Board:
    """One table of a round as its page shows it."""

    number: int
    game_number: int
    game_id: int | None
    names: list[str]
    entries: list[int]
    places: dict[int, int] | None
    over: bool
    adjudicated: bool
    bye: bool


@dataclass
class Page:
    tournament: Tournament
    entries: list[Entry]
    names: dict[int, str]
    standings: list[pairing.Standing]
    rounds: dict[int, list[Board]] = field(default_factory=dict)
    crosstable: list[tuple[str, list[str]]] | None = None
    mine: Entry | None = None


def tournament_list(kind: str | None = None) -> dict[str, list[Tournament]]:
    """Upcoming, running and finished tournaments (three queries at most),
    with their entry counts."""
    base = Tournament.objects.annotate(
        players=Count("entries", filter=Q(entries__withdrawn_at=None))
    )
    if kind:
        base = base.filter(kind=kind)
    status = Tournament.Status
    return {
        "upcoming": list(
            base.filter(status=status.REGISTRATION).order_by("starts_at", "pk")[:50]
        ),
        "running": list(base.filter(status=status.RUNNING).order_by("-starts_at")[:50]),
        "finished": list(
            base.filter(status__in=[status.FINISHED, status.CANCELLED]).order_by(
                "-finished_at", "-pk"
            )[:50]
        ),
    }


def tournament_page(tournament: Tournament, viewer=None) -> Page:
    """Players, standings, every round's boards and (round robin) the
    crosstable: three queries."""
    entries = list(
        Entry.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("joined_at", "pk")
    )
    # The page's names: a bot account's with the BOT mark (games.bot_marks).
    names = {
        e.pk: marked_name(e.name, e.user_id is not None and e.user.is_bot)
        for e in entries
    }
    rows = list(
        Pairing.objects.filter(tournament=tournament)
        .select_related("game")
        .order_by("round", "board", "game_number")
    )
    tables, byes = [], []
    page = Page(tournament=tournament, entries=entries, names=names, standings=[])
    for row in rows:
        places = {int(k): v for k, v in (row.places or {}).items()} or None
        if row.bye_id:
            byes.append(row.bye_id)
        elif places is not None:
            worth = {int(k): v for k, v in (row.worth or {}).items()}
            tables.append(pairing.Table(row.round, places, worth))
        page.rounds.setdefault(row.round, []).append(
            Board(
                number=row.board,
                game_number=row.game_number,
                game_id=row.game_id,
                names=[names.get(pk, "?") for pk in row.entries],
                entries=list(row.entries),
                places=places,
                over=places is not None,
                adjudicated=row.adjudicated,
                bye=bool(row.bye_id),
            )
        )
    page.standings = pairing.standings(
        [e.pk for e in entries], tables, byes, seats=tournament.seats
    )
    if viewer is not None and viewer.is_authenticated:
        page.mine = next((e for e in entries if e.user_id == viewer.pk), None)
    if tournament.format == Tournament.Format.ROUND_ROBIN and tables:
        page.crosstable = _crosstable(entries, tables)
    return page


def _crosstable(entries, tables) -> list[tuple[str, list[str]]]:
    """Each player's row: against each other player, the points they took
    from their meetings ("" where they have not met, "x" on the diagonal)."""
    ids = [e.pk for e in entries]
    score: dict[tuple[int, int], list] = {}
    for table in tables:
        points = pairing.table_points(table.places)
        for a in table.places:
            for b in table.places:
                if a != b:
                    score.setdefault((a, b), []).append(points[a])
    rows = []
    for entry in entries:
        cells = []
        for other in ids:
            if other == entry.pk:
                cells.append("x")
            elif (entry.pk, other) in score:
                cells.append(" ".join(_number(p) for p in score[entry.pk, other]))
            else:
                cells.append("")
        rows.append(
            (
                marked_name(
                    entry.name, entry.user_id is not None and entry.user.is_bot
                ),
                cells,
            )
        )
    return rows


def _number(value) -> str:
    """Points as a player reads them: 3, 1.5, 2.33."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def points(value) -> str:
    return _number(value)


@dataclass
class Entered:
    """A tournament a player entered, as their page lists it."""

    tournament: Tournament
    # Their place in the standings (shared with those tied), once a table
    # of the tournament closed; None before.
    place: int | None
    players: int
    withdrawn: bool

    @property
    def place_words(self) -> str:
        return pairing.ordinal(self.place) if self.place else ""


# A player page lists this many tournaments, the latest first.
PLAYER_TOURNAMENTS = 20


def player_tournaments(user, limit: int = PLAYER_TOURNAMENTS) -> list[Entered]:
    """The tournaments `user` entered, latest first, with their place: three
    queries whatever the number of tournaments, players and rounds."""
    mine = list(
        Entry.objects.filter(user=user)
        .select_related("tournament")
        .order_by("-tournament__starts_at", "-tournament_id")[:limit]
    )
    if not mine:
        return []
    ids = [e.tournament_id for e in mine]
    players: dict[int, list[int]] = {pk: [] for pk in ids}
    for tournament_id, pk in (
        Entry.objects.filter(tournament_id__in=ids)
        .order_by("joined_at", "pk")
        .values_list("tournament_id", "pk")
    ):
        players[tournament_id].append(pk)
    tables: dict[int, list[pairing.Table]] = {pk: [] for pk in ids}
    byes: dict[int, list[int]] = {pk: [] for pk in ids}
    for tournament_id, rnd, places, worth, bye in (
        Pairing.objects.filter(tournament_id__in=ids)
        .filter(Q(places__isnull=False) | Q(bye__isnull=False))
        .values_list("tournament_id", "round", "places", "worth", "bye_id")
    ):
        if bye:
            byes[tournament_id].append(bye)
        else:
            tables[tournament_id].append(
                pairing.Table(
                    rnd,
                    {int(k): v for k, v in places.items()},
                    {int(k): v for k, v in (worth or {}).items()},
                )
            )
    listed = []
    for entry in mine:
        tournament = entry.tournament
        pk = tournament.pk
        place = None
        if tables[pk]:
            lines = pairing.standings(
                players[pk], tables[pk], byes[pk], seats=tournament.seats
            )
            place = next(line.rank for line in lines if line.player == entry.pk)
        listed.append(
            Entered(
                tournament=tournament,
                place=place,
                players=len(players[pk]),
                withdrawn=entry.withdrawn_at is not None,
            )
        )
    return listed
