"""The load harness's figures, apart from Locust (so tests can import them).

Percentiles as the reports give them, the stamp a player has not seen, and
the bots' figures: their moves through Celery (counted in PostgreSQL) and the
time a human waits for a bot's answer.
"""

import os


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def unseen(pushed: int | None, shown: int) -> bool:
    """Whether the stamp last pushed is news to a table showing `shown`.

    While the game waits for players the stamps are negative and any other one
    is news; once it has started, only a later version is. An older one is the
    last message before the player's own move, whose answer the table shows:
    a browser fetches nothing until the next message comes (each extra GET
    here was a table read per move that no browser makes). Nothing pushed yet
    (None) is no news.
    """
    if pushed is None:
        return False
    if pushed < 0 or shown < 0:
        return pushed != shown
    return pushed > shown


def fetch_due(pushed: int | None, shown: int, fetched_for: int | None) -> bool:
    """Whether to fetch the table for the stamp last told: once per stamp, as
    the page does (static/games/table.js fetches once per message that is not
    the version it shows, and once more if one came while it fetched).

    A fetch may bring a table older than the stamp told, or one already past a
    stale stamp (a join's message arriving after the start's, or the stamp a
    socket was told on connecting to a game that started meanwhile); fetching
    again until they matched, a player fetched back to back until the next
    message came (one run of 20 players made 3.4 table GETs a move, the next
    1.4).
    """
    return unseen(pushed, shown) and pushed != fetched_for


def another_seats_move(told: int, own: int | None, *, moving: bool) -> bool:
    """Whether a stamp a player's socket told times another seat's move.

    A mover's own sockets hear of its move too (the version alone). Its
    response sets `own`, but the message may come first: while the player's
    own move is on its way, nothing the socket tells is timed. (Counted,
    those messages came within a few ms of the commit and made the push's
    percentiles look better the earlier the site sent them.)
    """
    return not moving and told != own


def latest(pushed: int | None, told: int) -> int:
    """The stamp to remember once `told` came (by the socket or the poll).

    The game's socket brings its stamps in order: while it waits for players
    each join moves the stamp down, and the last told is the one the table
    shows. Once started only a later version is newer. (Keeping the highest
    stamp, a player whose game waited kept -1 while its table showed -2 and
    fetched the table back to back until the game started, as no page does.)
    """
    if pushed is None or pushed < 0 or told < 0:
        return told
    return max(pushed, told)


# Bot moves in the window, from PostgreSQL, by whether a human sits at the
# table. A move is one transaction, its events written together: an event
# within 1 ms of the one before it in its game belongs to the same move (two
# moves in a row take a transaction each, several milliseconds apart).
BOT_MOVES_SQL = """
WITH event AS (
    SELECT game_id, cause, created_at,
        created_at - lag(created_at) OVER (PARTITION BY game_id ORDER BY seq) AS gap
    FROM games_gameevent
    WHERE created_at >= to_timestamp(%(since)s) - interval '1 minute'
        AND created_at <= to_timestamp(%(until)s)
)
SELECT EXISTS (SELECT 1 FROM games_seat WHERE game_id = event.game_id AND bot = ''),
    count(*), extract(epoch FROM min(created_at)), extract(epoch FROM max(created_at))
FROM event
WHERE cause = 'bot' AND created_at >= to_timestamp(%(since)s)
    AND (gap IS NULL OR gap > interval '1 millisecond')
GROUP BY 1
"""


def bot_moves(since: float, until: float) -> dict[bool, tuple[int, float]]:
    """Bot moves made in the window and their rate while bots played, keyed
    by whether a human sits at the table."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return {}
    import psycopg

    with psycopg.connect(url.split("?")[0]) as connection:
        rows = connection.execute(
            BOT_MOVES_SQL, {"since": since, "until": until}
        ).fetchall()
    return {
        humans: (count, count / float(last - first) if last > first else 0.0)
        for humans, count, first, last in rows
    }


def bot_lines(
    moves: dict[bool, tuple[int, float]],
    answers: list[float],
    by: dict[str, int],
    waiting: list[float],
) -> list[str]:
    """The bots' figures: moves through Celery, and the human's wait for them.

    `answers`: ms from a human's move response to the bot's answer arriving;
    `by`: how many arrived by push and by poll; `waiting`: seconds each move
    still unanswered at the end has waited.
    """
    lines = []
    for humans, label in ((False, "in games of bots only"), (True, "against humans")):
        if humans in moves:
            count, rate = moves[humans]
            lines.append(
                f"bot moves through Celery {label}: {count} "
                f"({rate:.1f}/s while they played)"
            )
    if answers or waiting:
        lines.append(
            f"bot answers after the human's move response: {len(answers)} "
            f"({by.get('push', 0)} by push, {by.get('poll', 0)} by poll), "
            f"p50 {percentile(answers, 0.5):.0f} ms, "
            f"p95 {percentile(answers, 0.95):.0f} ms, "
            f"max {max(answers, default=0):.0f} ms"
        )
    if waiting:
        lines.append(
            f"bot answers still awaited at the end: {len(waiting)} "
            f"(the longest for {max(waiting):.1f} s)"
        )
    return lines
