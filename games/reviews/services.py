"""Writing a finished game's review: `review_make`, the one writer of
`GameReview` (the task queued at a game's end and the `review_games` command
call it)."""

import time

from django.conf import settings
from django.utils import timezone

from games.models import Game, GameEvent
from games.reviews.judging import Budget, Played, judged
from games.reviews.models import GameReview


def review_budget() -> Budget:
    """The budget the settings give (REVIEW_GUESSES, REVIEW_DECISIONS)."""
    return Budget(guesses=settings.REVIEW_GUESSES, decisions=settings.REVIEW_DECISIONS)


def review_make(
    *,
    game_id: int,
    seed: int | None = None,
    budget: Budget | None = None,
    again: bool = False,
) -> GameReview | None:
    """Judge a finished game and store its review; None for a game that is
    not finished, has no events or whose kind has no judge.

    A review already made for the game's events is kept as it is (the task may
    run twice) unless `again`. The seed is the game's id unless given: the
    same seed and budget give the same review.
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.FINISHED or game.version == 0:
        return None
    kind = game.game_kind
    if kind.judge is None:
        return None
    kept = GameReview.objects.filter(game=game).first()
    if (
        kept is not None
        and kept.status == GameReview.Status.DONE
        and kept.version == game.version
        and not again
    ):
        return kept
    budget = budget or review_budget()
    seed = game.pk if seed is None else seed
    engine = kind.engine
    rows = GameEvent.objects.filter(game=game).order_by("seq")
    played = [
        Played(
            seq=seq,
            event=engine.from_json(data),
            seat=seat,
            human=cause == GameEvent.Cause.PLAYER and seat is not None,
        )
        for seq, data, seat, cause in rows.values_list("seq", "data", "seat", "cause")
    ]
    start = time.process_time()
    found = judged(
        engine=engine, judge=kind.judge, played=played, seed=seed, budget=budget
    )
    review, _ = GameReview.objects.update_or_create(
        game=game,
        defaults={
            "status": GameReview.Status.DONE,
            "seed": seed,
            "guesses": budget.guesses,
            "version": game.version,
            "chances": found["chances"],
            "decisions": found["decisions"],
            "turning": found["turning"],
            "skipped": found["skipped"],
            "seconds": round(time.process_time() - start, 3),
            "finished_at": timezone.now(),
        },
    )
    return review
