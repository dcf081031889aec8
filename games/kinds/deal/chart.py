"""The finished game's chart: each seat's money on the table and full sets.

One replay pass over the events samples every seat at the start of each turn
(and at the end); the result is kept in the cache under the game's version,
so a finished game is replayed for its chart once. The SVG is drawn by the
template (`games/chart.html`) from the coordinates computed here: no script,
no inline style (the CSP forbids both), only SVG attributes and CSS classes.
"""

from django.core.cache import cache

from games.bot_marks import is_bot_account
from games.engines import deal as engine
from games.engines.deal import DECK
from games.models import Game, GameEvent

CACHE_SECONDS = 7 * 24 * 60 * 60
# The plot area of one seat's chart, in SVG user units.
WIDTH, HEIGHT = 240, 64
MAX_SETS = 3


def table_value(player: "engine.Player") -> int:
    """What is in front of a player, in M: bank, properties and buildings."""
    return sum(DECK[card].value for card in player.table_cards())


def samples(game: Game) -> list[tuple[int, list[int], list[int]]]:
    """(turn, table value per seat, full sets per seat) at each turn's start and
    at the end, from one pass over the events (one query)."""
    rows = GameEvent.objects.filter(game=game).order_by("seq").values_list("data")
    state = None
    points = []
    for (data,) in rows.iterator():
        event = engine.from_json(data)
        state = engine.evolve(state, event)
        if isinstance(event, engine.TurnStarted):
            points.append(_sample(state))
    if state is not None:
        points.append(_sample(state))
    return points


def _sample(state) -> tuple[int, list[int], list[int]]:
    return (
        state.turn,
        [table_value(p) for p in state.players],
        [min(len(p.full_colours()), MAX_SETS) for p in state.players],
    )


def _scale_top(peak: int) -> int:
    """The money axis' top: the peak rounded up to 10M (at least 10M)."""
    return max(10, -(-peak // 10) * 10)


def game_chart(game: Game) -> dict | None:
    """Each seat's line over the game, ready to draw; None before the start."""
    key = f"mdeal:game-chart:{game.pk}:{game.version}"
    chart = cache.get(key)
    if chart is None:
        chart = _chart(game)
        cache.set(key, chart, CACHE_SECONDS)
    return chart or None


def _chart(game: Game) -> dict:
    points = samples(game)
    if not points:
        return {}
    names = game.seat_names()
    top = _scale_top(max(max(values) for _, values, _ in points))
    steps = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return round(i * WIDTH / steps, 1)

    def y_money(value: int) -> float:
        return round(HEIGHT - value * HEIGHT / top, 1)

    def y_sets(count: int) -> float:
        return round(HEIGHT - count * HEIGHT / MAX_SETS, 1)

    winner = game.state().winner if game.snapshot else None
    bots = {s.position for s in game.seats.all() if is_bot_account(s)}
    seats = []
    for position, name in enumerate(names):
        money = [values[position] for _, values, _ in points]
        sets = [counts[position] for _, _, counts in points]
        line = " ".join(f"{x(i)},{y_money(v)}" for i, v in enumerate(money))
        # Full sets change in steps: hold each count until the next sample.
        path = [f"M0,{y_sets(sets[0])}"]
        for i, count in enumerate(sets[1:], start=1):
            path.append(f"H{x(i)}V{y_sets(count)}")
        seats.append(
            {
                "position": position,
                "name": name,
                "bot": position in bots,  # a bot account's: the BOT mark
                "money_line": line,
                "money_area": f"0,{HEIGHT} {line} {WIDTH},{HEIGHT}",
                "sets_path": "".join(path),
                "final_money": money[-1],
                "peak_money": max(money),
                "final_sets": sets[-1],
                "winner": position == winner,
            }
        )
    return {
        "seats": seats,
        "turns": points[-1][0],
        "top": top,
        "width": WIDTH,
        "height": HEIGHT,
        "middle": HEIGHT / 2,
        "set_lines": [y_sets(n) for n in range(1, MAX_SETS)],
    }
