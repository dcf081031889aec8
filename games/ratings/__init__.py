"""Ratings: OpenSkill's Plackett-Luce model over every finished, rated game.

- `models`: `Rating` (a player's current figure per kind) and `RatingChange`
  (one row per rated seat), re-exported by `games.models` so Django finds them;
- `rate`: the one writer: `game_rate` inside the finishing move's transaction,
  `ratings_rebuild` from the history;
- `leaderboard`: the leaderboard's and the player pages' reads;
- `views`, `urls`: their pages.
"""

from games.ratings.models import PROVISIONAL_GAMES
from games.ratings.rate import (
    CHANGE_BATCH,
    CHANGE_FIELDS,
    LEAVERS,
    MODEL,
    RATING_FIELDS,
    RESIGNED_EVENT,
    SCALE,
    Rebuilt,
    SeatResult,
    Standing,
    bot_accounts,
    bot_username,
    entries_for,
    game_rate,
    placements,
    rate_table,
    rated_games_in_order,
    ratings_compute,
    ratings_differences,
    ratings_rebuild,
    seat_account,
    seat_results,
    shown,
)

__all__ = [
    "CHANGE_BATCH",
    "CHANGE_FIELDS",
    "LEAVERS",
    "MODEL",
    "PROVISIONAL_GAMES",
    "RATING_FIELDS",
    "RESIGNED_EVENT",
    "SCALE",
    "Rebuilt",
    "SeatResult",
    "Standing",
    "bot_accounts",
    "bot_username",
    "entries_for",
    "game_rate",
    "placements",
    "rate_table",
    "rated_games_in_order",
    "ratings_compute",
    "ratings_differences",
    "ratings_rebuild",
    "seat_account",
    "seat_results",
    "shown",
]
