"""The review page's context: a finished game's review as one viewer may see it.

Only a finished game has a review, and its replay shows every card to whoever
may see the game (`games.replay`), so the review shows no more than that
replay: each line is the replay's line of the same event, from the viewer's
seat (`replay.step_line`), and the expert's move is named by the first event
it would have made (the play itself, which the whole table sees). A viewer's
own decisions are theirs alone: onlookers see the chart and the turning
points.
"""

from django.urls import reverse

from games.bot_marks import is_bot_account, marked_names, with_bot_marks
from games.errors import ReviewNotYet
from games.models import Game, GameEvent, Seat
from games.replay import step_line
from games.reviews.models import GameReview

# A decision is told when the expert's move would have kept at least this
# much more of the player's chance to win.
TOLD_LOSS = 0.05
# The plot area of one seat's chart, in SVG user units (as the end-of-game
# chart's: games/kinds/deal/chart.py), and the most points drawn on it.
WIDTH, HEIGHT = 240, 64
POINTS = 240
NOTHING = "Nothing anyone saw changed."


def percent(chance: float) -> int:
    return round(chance * 100)


def _step_url(game: Game, step: int) -> str:
    return f"{reverse('games:replay', args=[game.pk])}?step={step}"


def expert_words(line: str) -> str:
    """The expert's move as the end of a sentence: "You played Deal Breaker on
    Bea's Green set." -> "the expert would have played Deal Breaker on Bea's
    Green set"; a line not told to "You" is quoted whole."""
    if line.startswith("You "):
        return f"the expert would have {line[4:].rstrip('.')}"
    return f"the expert's choice: {line.rstrip('.')}"


def chance_lines(
    review: GameReview,
    names: list[str],
    turning: list[dict],
    bot_accounts: set[int] = frozenset(),
) -> dict:
    """Each seat's win chance over the game as SVG coordinates, with its
    turning points marked (`bot_accounts`: the seats whose names carry the
    BOT mark)."""
    rows = review.chances
    every = max(1, -(-len(rows) // POINTS))
    picked = list(range(0, len(rows), every))
    if picked[-1] != len(rows) - 1:
        picked.append(len(rows) - 1)
    steps = max(len(rows) - 1, 1)

    def x(index: int) -> float:
        return round(index * WIDTH / steps, 1)

    def y(chance: float) -> float:
        return round(HEIGHT - chance * HEIGHT, 1)

    seats = []
    for position, name in enumerate(names):
        line = " ".join(f"{x(i)},{y(rows[i][position])}" for i in picked)
        marks = [
            {
                "x": x(t["last"] - 1),
                "y": y(rows[t["last"] - 1][position]),
                "number": t["number"],
            }
            for t in turning
            if t["seat"] == position
        ]
        seats.append(
            {
                "position": position,
                "name": name,
                "bot": position in bot_accounts,
                "line": line,
                "area": f"0,{HEIGHT} {line} {WIDTH},{HEIGHT}",
                "marks": marks,
                "peak": percent(max(r[position] for r in rows)),
                "final": percent(rows[-1][position]),
                "winner": rows[-1][position] == 1.0,
            }
        )
    return {"seats": seats, "width": WIDTH, "height": HEIGHT, "middle": HEIGHT / 2}


def review_context(*, game: Game, seat: Seat | None) -> dict:
    """The review page's context for `seat` (None: an onlooker); `game` and
    `seat` come from `selectors.game_for_viewer`. ReviewNotYet before the end."""
    if not game.is_over or game.version == 0:
        raise ReviewNotYet()
    kind = game.game_kind
    context = {"game": game, "seat": seat, "kind": kind, "review": None}
    if kind.judge is None:
        context["state"] = "none"
        return context
    review = GameReview.objects.filter(game=game, status=GameReview.Status.DONE).first()
    if review is None:
        context["state"] = "pending"
        return context
    names = game.seat_names()
    # The sentences' names: a bot account's marked BOT (games.bot_marks).
    said = marked_names(game.seats.all()) or names
    eyes = seat.position if seat is not None else None
    mine = [
        d
        for d in review.decisions
        if eyes is not None and d["seat"] == eyes and d["lost"] >= TOLD_LOSS
    ]
    wanted = {d["seq"] for d in mine}
    for t in review.turning:
        wanted.update(range(t["seq"], t["last"] + 1))
    data = dict(
        GameEvent.objects.filter(game=game, seq__in=wanted).values_list("seq", "data")
    )

    def line(seq: int) -> str:
        return step_line(kind, data[seq], eyes, said)

    turning = []
    for number, t in enumerate(review.turning, start=1):
        lines = [line(s) for s in range(t["seq"], t["last"] + 1)]
        told = [text for text in lines if text != NOTHING] or lines[:1]
        gainer = "you" if t["seat"] == eyes else with_bot_marks(said[t["seat"]])
        turning.append(
            {
                **t,
                "number": number,
                "text": with_bot_marks(" ".join(told)),
                "gainer": gainer,
                "swing": percent(t["swing"]),
                "url": _step_url(game, t["last"]),
            }
        )

    def move_line(event: dict, by_chance: bool) -> str:
        """A decision's move in the viewer's words: its first event's line, or
        for a move whose first event is random, the kind's line for it."""
        chance_line = kind.replay.random_lines.get(event.get("type"))
        if by_chance and chance_line:
            return chance_line
        return step_line(kind, event, eyes, said)

    decisions = []
    for d in mine:
        made = move_line(data[d["seq"]], d.get("made_random", False))
        best = move_line(d["best_event"], d.get("best_random", False))
        lost = percent(d["lost"])
        decisions.append(
            {
                "seq": d["seq"],
                "made": made,
                "lost": lost,
                "best": best,
                "sentence": with_bot_marks(
                    f"{made} That lost about {lost}% of your chances; "
                    f"{expert_words(best)}."
                ),
                "url": _step_url(game, d["seq"]),
            }
        )
    judged = [d for d in review.decisions if eyes is not None and d["seat"] == eyes]
    context.update(
        state="done",
        review=review,
        chart=chance_lines(
            review,
            names,
            turning,
            bot_accounts={s.position for s in game.seats.all() if is_bot_account(s)},
        ),
        turning=turning,
        decisions=decisions,
        judged=len(judged),
        agreed=sum(1 for d in judged if d["same"]),
        told_loss=percent(TOLD_LOSS),
    )
    return context
