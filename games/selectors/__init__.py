"""Reads for the game pages: the lobby, my games, and one seat's view of a table.

Every read here costs a fixed number of queries, whatever the length of the
game: the table reads the snapshot and only the last events of its history.

One module per concern, the public names re-exported here:

- `lobby`: the lobby, my games, a game by its invitation.
- `viewers`: who may look at a table, and the stamp they may watch.
- `history`: the history's lines, as one seat may read them.
- `table`: the context of one seat's table.
- `rematch`: a finished table's rematch box.

A test that replaces a name patches the module that looks it up
(`games.selectors.history._last_events`): replacing the copy here changes
nothing.
"""

from games.selectors.history import (
    HISTORY_FIELDS,
    HISTORY_LINES,
    LAST_SEQ,
    TIMED_OUT,
    EventRow,
    history_lines,
    told,
)
from games.selectors.lobby import (
    ACTIVE_KINDS,
    FINISHED_SHOWN,
    MyGame,
    invited_game,
    lobby_games,
    my_games,
)
from games.selectors.rematch import rematch_game_id, rematch_view
from games.selectors.table import option_labels, table_context
from games.selectors.viewers import (
    STAMP_FIELDS,
    game_for_viewer,
    version_for_player,
    version_for_viewer,
    version_for_watcher,
    viewer_seat,
)

__all__ = [
    "ACTIVE_KINDS",
    "FINISHED_SHOWN",
    "HISTORY_FIELDS",
    "HISTORY_LINES",
    "LAST_SEQ",
    "STAMP_FIELDS",
    "TIMED_OUT",
    "EventRow",
    "MyGame",
    "game_for_viewer",
    "history_lines",
    "invited_game",
    "lobby_games",
    "my_games",
    "option_labels",
    "rematch_game_id",
    "rematch_view",
    "table_context",
    "told",
    "version_for_player",
    "version_for_viewer",
    "version_for_watcher",
    "viewer_seat",
]
