"""Reads for the leaderboard and the player pages.

Each kind of game has its own leaderboard and ratings (Rating.kind); a player
page shows one kind's rating, history and finished games at a time.

Each page costs a fixed number of queries however many players and games there
are: counts and pages come from indexed queries (`Rating`'s board and activity
indexes, `RatingChange` by user and id, seats by user), never from loops.
"""

from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.paginator import Page, Paginator
from django.db.models import (
    Count,
    Exists,
    F,
    FilteredRelation,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    Window,
)
from django.db.models.functions import Coalesce, Concat, RowNumber
from django.http import Http404
from django.utils import timezone

from games import kinds
from games.models import Game, Seat
from games.ratings import LEAVERS, PROVISIONAL_GAMES, bot_username
from games.ratings.models import START, Rating, RatingChange

BOARD_PAGE = 50
GAMES_PAGE = 20
ACTIVE_DAYS = 30
CHART_GAMES = 100
OPPONENTS_SHOWN = 12
CURRENT_SHOWN = 10
BOT_SUFFIX = "-bot"

RESULTS = {
    "won": "Won",
    "lost": "Lost",
    "drawn": "Drawn",
    "resigned": "Resigned",
    "timed_out": "Timed out",
}


# -- the leaderboard ------------------------------------------------------------------


@dataclass
class Board:
    kind: str
    page: Page
    provisional: bool
    active: bool
    rows: list[Rating]
    # The bot accounts' tab (accounts.User.is_bot): listed apart from people.
    bot_accounts: bool = False
    me: Rating | None = None
    my_rank: int | None = None
    my_page: int | None = None
    # The viewer's rating when they are on the other list (provisional or not).
    elsewhere: Rating | None = None
    # No rated game of this kind has ended yet: every tab is empty.
    none_yet: bool = False


def _board_rows(
    *, kind: str, provisional: bool, active: bool, bot_accounts: bool = False
) -> QuerySet[Rating]:
    rows = Rating.objects.filter(kind=kind, games__gt=0)
    if bot_accounts:
        # Bot accounts on their own tab, provisional or not; not on people's.
        rows = rows.filter(user__is_bot=True)
    else:
        rows = rows.filter(user__is_bot=False)
        if provisional:
            rows = rows.filter(games__lt=PROVISIONAL_GAMES)
        else:
            rows = rows.filter(games__gte=PROVISIONAL_GAMES)
    if active:
        since = timezone.now() - timedelta(days=ACTIVE_DAYS)
        rows = rows.filter(last_played_at__gte=since)
    return rows


def leaderboard(
    *,
    viewer,
    kind: str = kinds.DEFAULT,
    provisional: bool = False,
    active: bool = True,
    page=1,
    bot_accounts: bool = False,
) -> Board:
    """One page of players by their rating at `kind`; bots are rows without a
    rank.

    `rank` on each row numbers the people only (bots are reference points).
    With a `viewer` on this board, also their rank and the page they are on.
    `bot_accounts`: the bot accounts' tab instead (ranked among themselves).
    """
    rows = _board_rows(
        kind=kind, provisional=provisional, active=active, bot_accounts=bot_accounts
    )
    ranked = (
        rows.select_related("user")
        .annotate(
            rank=Window(
                RowNumber(),
                partition_by=[F("bot")],
                order_by=[F("value").desc(), F("user_id").asc()],
            )
        )
        .order_by("-value", "user_id")
    )
    shown = Paginator(ranked, BOARD_PAGE).get_page(page)
    board = Board(
        kind=kind,
        page=shown,
        provisional=provisional,
        active=active,
        rows=list(shown),
        bot_accounts=bot_accounts,
    )
    me = rows.filter(user_id=getattr(viewer, "pk", None)).first()
    if me is not None:
        ahead = rows.filter(
            Q(value__gt=me.value) | Q(value=me.value, user_id__lt=me.user_id)
        ).aggregate(everyone=Count("pk"), people=Count("pk", filter=Q(bot="")))
        board.me = me
        board.my_rank = ahead["people"] + 1 if not me.bot else None
        board.my_page = ahead["everyone"] // BOARD_PAGE + 1
    elif getattr(viewer, "is_authenticated", False) and not bot_accounts:
        board.elsewhere = Rating.objects.filter(
            user=viewer, kind=kind, games__gt=0, user__is_bot=False
        ).first()
    return board


@dataclass
class SeatChange:
    """What one finished game did to a seated player's rating."""

    position: int
    name: str
    before: int
    after: int
    place: int
    bot: bool = False  # a bot account's: its name carries the BOT mark

    @property
    def delta(self) -> str:
        """ "+12", "\\u22128" (a true minus sign), "\\u00b10"."""
        d = self.after - self.before
        return f"+{d}" if d > 0 else f"\u2212{-d}" if d < 0 else "\u00b10"


def game_rating_changes(*, game: Game, seats: list[Seat]) -> list[SeatChange]:
    """The rating change of each person seated at a finished rated game, by
    place then seat; [] for an unrated game or one not rated yet. One query."""
    if not game.rated or not game.is_over:
        return []
    people = {s.user_id: s for s in seats if s.user_id}
    changes = RatingChange.objects.filter(game=game, user_id__in=people).only(
        "user_id", "value_before", "value_after", "place"
    )
    rows = [
        SeatChange(
            position=people[c.user_id].position,
            name=people[c.user_id].name,
            bot=people[c.user_id].user.is_bot,
            before=c.value_before,
            after=c.value_after,
            place=c.place,
        )
        for c in changes
    ]
    return sorted(rows, key=lambda r: (r.place, r.position))


# The tabs in the order the leaderboard's first view tries them: (provisional,
# active).
TABS = ((False, True), (True, True), (False, False), (True, False))


def opening_board(*, viewer, kind: str = kinds.DEFAULT, page=1) -> Board:
    """The leaderboard's first view: the first tab of `TABS` with a row, so a
    young site does not open on an empty list; `none_yet` when every tab is
    empty. One query more than `leaderboard` only when its first tab is empty."""
    board = leaderboard(viewer=viewer, kind=kind, page=page)
    if board.rows:
        return board
    filled = Rating.objects.filter(kind=kind, games__gt=0)
    since = timezone.now() - timedelta(days=ACTIVE_DAYS)
    established = Q(games__gte=PROVISIONAL_GAMES)
    counts = filled.aggregate(
        **{
            f"{provisional}{active}": Count(
                "pk",
                filter=(~established if provisional else established)
                & (Q(last_played_at__gte=since) if active else Q()),
            )
            for provisional, active in TABS
        }
    )
    tab = next((t for t in TABS if counts[f"{t[0]}{t[1]}"]), None)
    if tab is None:
        board.none_yet = True
        return board
    provisional, active = tab
    return leaderboard(
        viewer=viewer, kind=kind, provisional=provisional, active=active, page=page
    )


# -- a player's page ---------------------------------------------------------------


@dataclass
class ChartPoint:
    x: float
    y: float
    value: int
    at: object

    @property
    def cx(self) -> str:
        return f"{self.x:.1f}"

    @property
    def cy(self) -> str:
        return f"{self.y:.1f}"


@dataclass
class Chart:
    """A rating history drawn as an SVG polyline (viewBox units)."""

    width: int = 600
    height: int = 160
    points: list[ChartPoint] = field(default_factory=list)
    low: int = START
    high: int = START
    ticks: list[dict] = field(default_factory=list)

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)

    @property
    def last(self) -> ChartPoint | None:
        return self.points[-1] if self.points else None


CHART_PAD = 8


def rating_chart(values: list[tuple[int, object]], *, width=600, height=160) -> Chart:
    """Points for the values (oldest first), scaled to fill the box."""
    chart = Chart(width=width, height=height)
    if not values:
        return chart
    low = min(v for v, _ in values)
    high = max(v for v, _ in values)
    # Round the range out to 50s so the grid lines fall on round numbers.
    low, high = (low // 50) * 50, -(-high // 50) * 50
    if high == low:
        low, high = low - 50, high + 50
    chart.low, chart.high = low, high
    inner_w, inner_h = width - 2 * CHART_PAD, height - 2 * CHART_PAD
    step = inner_w / max(len(values) - 1, 1)

    def y_of(value: int) -> float:
        return CHART_PAD + inner_h * (high - value) / (high - low)

    chart.points = [
        ChartPoint(x=CHART_PAD + i * step, y=y_of(v), value=v, at=at)
        for i, (v, at) in enumerate(values)
    ]
    chart.ticks = [
        {"value": v, "y": f"{y_of(v):.1f}"} for v in (low, (low + high) // 2, high)
    ]
    return chart


@dataclass
class PlayedGame:
    seat: Seat
    result: str
    names: list[dict]
    delta: int | None


@dataclass
class PlayerPage:
    kind: str
    player: object
    bot: str
    rating: Rating | None
    value: int
    provisional: bool
    rank: int | None
    ranked_players: int
    chart: Chart
    stats: dict
    games: Page
    played: list[PlayedGame]
    opponents: list[dict]
    current: list[Game]
    result: str
    seats: int | None


def player_page(
    *,
    username: str,
    viewer,
    kind: str = kinds.DEFAULT,
    result: str = "",
    seats: int | None = None,
    page=1,
) -> PlayerPage:
    """Everything the player page shows of one kind of game (Http404 for an
    unknown name): its rating, rank, history, figures and finished games;
    opponents and current games of every kind.

    Games by invitation only are counted in the figures but listed only to
    the viewer who sat at them; opponents come from public games.
    """
    User = get_user_model()
    player = (
        User.objects.annotate(
            kind_rating=FilteredRelation("ratings", condition=Q(ratings__kind=kind))
        )
        .select_related("kind_rating")
        .filter(username=username)
        .first()
    )
    if player is None:
        raise Http404("No such player.")
    rating = getattr(player, "kind_rating", None)  # unset when it has none
    bot = _bot_of(player)
    value = rating.value if rating is not None else START
    games_rated = rating.games if rating is not None else 0
    provisional = games_rated < PROVISIONAL_GAMES

    # Ranked among people: not the site's bots, nor bot accounts (their tab).
    established = Rating.objects.filter(
        kind=kind, games__gte=PROVISIONAL_GAMES, bot="", user__is_bot=False
    )
    standing = established.aggregate(
        total=Count("pk"),
        ahead=Count(
            "pk",
            filter=Q(value__gt=value) | Q(value=value, user_id__lt=player.pk),
        ),
    )
    rank = (
        standing["ahead"] + 1
        if not provisional and not bot and not player.is_bot
        else None
    )

    history = list(
        RatingChange.objects.filter(user=player, kind=kind)
        .order_by("-id")
        .values_list("value_before", "value_after", "finished_at")[:CHART_GAMES]
    )
    history.reverse()
    points = [(history[0][0], None)] if history else []
    points += [(after, at) for _, after, at in history]
    chart = rating_chart(points)

    mine = _my_seats(player, bot).filter(game__kind=kind)
    stats = mine.aggregate(
        played=Count("pk"),
        won=Count("pk", filter=_RESULT_FILTERS["won"]),
        drawn=Count("pk", filter=_RESULT_FILTERS["drawn"]),
        resigned=Count("pk", filter=_RESULT_FILTERS["resigned"]),
        timed_out=Count("pk", filter=_RESULT_FILTERS["timed_out"]),
    )

    seen = Exists(Seat.objects.filter(game=OuterRef("game_id"), user=viewer))
    listed = mine.filter(Q(game__public=True) | seen)
    if result in _RESULT_FILTERS:
        listed = listed.filter(_RESULT_FILTERS[result])
    else:
        result = ""
    if seats in range(Game.MIN_SEATS, Game.MAX_SEATS + 1):
        listed = listed.filter(game__seat_count=seats)
    else:
        seats = None
    delta = RatingChange.objects.filter(game=OuterRef("game_id"), user=player)
    listed = (
        listed.select_related("game")
        .annotate(
            delta=Subquery(
                delta.annotate(d=F("value_after") - F("value_before")).values("d")[:1],
                output_field=IntegerField(),
            )
        )
        .order_by("-game__finished_at", "-game_id")
    )
    games = Paginator(listed, GAMES_PAGE).get_page(page)
    my_rows = list(games)

    current = list(
        Game.objects.filter(
            _sits_at(player, bot),
            status__in=(Game.Status.OPEN, Game.Status.ACTIVE),
            public=True,
        ).order_by("-created_at")[:CURRENT_SHOWN]
    )
    names = _seat_names([s.game_id for s in my_rows] + [g.pk for g in current])
    for game in current:
        game.names = names.get(game.pk, [])
    played = [
        PlayedGame(
            seat=s,
            result=_result(s),
            names=[n for n in names.get(s.game_id, []) if n["position"] != s.position],
            delta=s.delta,
        )
        for s in my_rows
    ]

    return PlayerPage(
        kind=kind,
        player=player,
        bot=bot,
        rating=rating,
        value=value,
        provisional=provisional,
        rank=rank,
        ranked_players=standing["total"],
        chart=chart,
        stats=stats,
        games=games,
        played=played,
        opponents=_opponents(player, bot),
        current=current,
        result=result,
        seats=seats,
    )


_WON = Q(game__winner_id=F("pk"))
_LEFT = Q(status__in=LEAVERS)
_RESULT_FILTERS = {
    "won": _WON & ~_LEFT,
    "lost": ~_WON & ~_LEFT & Q(game__winner__isnull=False),
    "drawn": Q(game__winner__isnull=True) & ~_LEFT,
    "resigned": Q(status=Seat.Status.RESIGNED),
    "timed_out": Q(status__in=(Seat.Status.TIMED_OUT, Seat.Status.LEFT)),
}


def _result(seat: Seat) -> str:
    if seat.status == Seat.Status.RESIGNED:
        return "resigned"
    if seat.status in LEAVERS:
        return "timed_out"
    if seat.game.winner_id is None:
        return "drawn"
    return "won" if seat.game.winner_id == seat.pk else "lost"


def _my_seats(player, bot: str) -> QuerySet[Seat]:
    """The account's seats at finished games: one per game (a bot's first)."""
    seats = Seat.objects.filter(game__status=Game.Status.FINISHED)
    if not bot:
        return seats.filter(user=player)
    twin = Seat.objects.filter(
        game_id=OuterRef("game_id"),
        user=None,
        bot=bot,
        position__lt=OuterRef("position"),
    )
    return seats.filter(user=None, bot=bot).filter(~Exists(twin))


def _sits_at(player, bot: str) -> Exists:
    """Condition on Game: the account has a seat there."""
    if bot:
        return Exists(Seat.objects.filter(game=OuterRef("pk"), user=None, bot=bot))
    return Exists(Seat.objects.filter(game=OuterRef("pk"), user=player))


def _account_key():
    """A seat's account: its user's username, or its bot's account name."""
    return Coalesce("user__username", Concat("bot", Value(BOT_SUFFIX)))


def _seat_names(game_ids: list[int]) -> dict[int, list[dict]]:
    """Per game, its seats' names and account names (one query)."""
    if not game_ids:
        return {}
    names: dict[int, list[dict]] = {}
    rows = (
        Seat.objects.filter(game_id__in=game_ids)
        .annotate(key=_account_key())
        .select_related("user")
        .order_by("game_id", "position")
    )
    for seat in rows:
        names.setdefault(seat.game_id, []).append(
            {
                "position": seat.position,
                "name": seat.name if seat.user_id else _bot_label(seat.key),
                "username": seat.key,
                "bot_account": seat.user_id is not None and seat.user.is_bot,
            }
        )
    return names


def _opponents(player, bot: str) -> list[dict]:
    """Who this account met most in finished games, with how often."""
    games = Game.objects.filter(
        _sits_at(player, bot), status=Game.Status.FINISHED, public=True
    ).values("pk")
    own = Q(user=None, bot=bot) if bot else Q(user=player)
    others = Seat.objects.filter(game__in=games).exclude(own)
    rows = (
        others.annotate(key=_account_key())
        .values("key")
        .annotate(
            games=Count("game_id", distinct=True), display=Max("user__display_name")
        )
        .order_by("-games", "key")[:OPPONENTS_SHOWN]
    )
    return [
        {
            "username": row["key"],
            "name": row["display"] or _bot_label(row["key"]) or row["key"],
            "games": row["games"],
        }
        for row in rows
    ]


def _bot_of(player) -> str:
    """The bot kind an account plays ("" for a person): its name says it."""
    kind = player.username.removesuffix(BOT_SUFFIX)
    if player.is_active or not _bot_label(player.username):
        return ""
    return kind


def _bot_label(username: str) -> str:
    kind = username.removesuffix(BOT_SUFFIX)
    if bot_username(kind) == username and kind in Seat.Bot.values:
        return Seat.Bot(kind).label
    return ""
