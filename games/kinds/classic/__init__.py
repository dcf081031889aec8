"""Classic Monopoly on the site: the table's presentation, as plain functions.

The platform's registry of kinds plugs these in:

- `table_context(view, seat, names, *, urls)`: the context of `TEMPLATE`, the
  table's main area (board, players, prompt). The including page supplies
  `game.version` and the CSRF token, as for the Deal's move forms, and links
  `ASSETS` in its head (the board's stylesheet).
- `moves_from_post(data, view, seat)`: the moves a form posted to
  `urls["move"]` asks for (two for a counter offer: decline, then offer; apply
  both in one transaction or neither). `move_from_post` is the one-move case.
  Both raise the engine's IllegalMove with a sentence for anything malformed.
"""

from .posts import move_from_post, moves_from_post
from .table import table_context

TEMPLATE = "games/classic/table.html"
ASSETS = "games/classic/assets.html"

__all__ = ["ASSETS", "TEMPLATE", "move_from_post", "moves_from_post", "table_context"]
