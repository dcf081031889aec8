"""The only code that writes game state.

Every change to a started game goes through one path: lock the game row,
check who asks and the version they saw, let the engine decide, append the
events, evolve the snapshot, set the next deadlines, save, and announce on
commit. Player moves, timeouts and bots all take it, so a timeout and a move
can never both win: whichever commits first changes the version and the other
is refused (a player gets `StaleVersion`, a timeout or a bot does nothing).

Every function raises a `games.errors.GameError` with a sentence for the
player when it refuses; nothing is written then.

One module per concern, the public names re-exported here:

- `lobby`: before the start (create, join, leave, add bots, start).
- `moves`: a player's own moves, and reading what they sent into a Move.
- `deadlines`: deciding for the seats whose deadline passed.
- `bots`: the bots' moves.
- `table`: `Table`, the one write path all of them take.
- `notify`: what a committed change announces (browsers, tasks).
- `randomness`: the generator every deal, decision and bot move draws from.

A test that replaces a name patches the module that looks it up
(`games.services.bots.BOT_SLICE_SECONDS`, `games.services.randomness.rng`,
`mdeal_site.broadcast.get_channel_layer`): replacing the copy here changes
nothing.
"""

from games.services.bots import BOT_MOVES_PER_CALL, BOT_SLICE_SECONDS, bots_play
from games.services.deadlines import DEFAULT_MOVES_PER_TIMEOUT, deadline_expire
from games.services.lobby import (
    game_add_bots,
    game_create,
    game_create_seated,
    game_join,
    game_leave,
    game_start,
)
from games.services.moves import (
    MOVE_NUMBER_MAX,
    charge_accept_and_pay,
    game_resign,
    move_post,
    move_submit,
    seat_standing_set,
)
from games.services.notify import DEADLINE_ETA_HORIZON
from games.services.table import BOT_DUE

__all__ = [
    "BOT_DUE",
    "BOT_MOVES_PER_CALL",
    "BOT_SLICE_SECONDS",
    "DEADLINE_ETA_HORIZON",
    "DEFAULT_MOVES_PER_TIMEOUT",
    "MOVE_NUMBER_MAX",
    "bots_play",
    "charge_accept_and_pay",
    "deadline_expire",
    "game_add_bots",
    "game_create",
    "game_create_seated",
    "game_join",
    "game_leave",
    "game_resign",
    "game_start",
    "move_post",
    "move_submit",
    "seat_standing_set",
]
