"""A plain table for a kind whose own presentation is not there yet.

It lists what the view shows (each seat's cash, place and deeds, the decisions
awaited); moves are posted as engine JSON (games.kinds.posted). Classic
Monopoly uses it until `games.kinds.classic` (its board and prompt) lands.
"""

from collections.abc import Mapping

from games.engines import classic
from games.kinds.posted import json_move


def table_context(view: dict, seat: int | None, names: list[str], *, urls: dict):
    """The placeholder table's context, from the view of `seat`."""
    players = []
    for player in view["players"]:
        players.append(
            {
                **player,
                "name": names[player["seat"]],
                "is_me": player["seat"] == seat,
                "where": classic.BOARD[player["position"]].name,
                "deed_names": [classic.BOARD[i].name for i in player["deeds"]],
            }
        )
    return {
        "view": view,
        "classic_players": players,
        "decisions": [a for a in view["awaiting"] if a["seat"] == seat],
        "urls": urls,
    }


def move_from_post(data: Mapping, view: dict, seat: int):
    """The classic move posted as engine JSON."""
    return json_move(classic, data, seat)
