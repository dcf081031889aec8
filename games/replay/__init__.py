"""Replay: a game step by step as a seat (or a spectator) saw it, and its
export as JSON.

- `steps`: the state and view at any step, the step's history line, the
  replay page's context;
- `export`: a game as JSON, and back into a replay;
- `views`: the replay page and the export download.
"""

from games.replay.export import exportable_games, game_export, replay_export
from games.replay.steps import (
    Moment,
    parse_step,
    replay_context,
    replay_eyes,
    state_at,
    step_line,
)

__all__ = [
    "Moment",
    "exportable_games",
    "game_export",
    "parse_step",
    "replay_context",
    "replay_export",
    "replay_eyes",
    "state_at",
    "step_line",
]
