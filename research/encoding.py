"""What an agent observes and how its actions are numbered, for each game.

Everything is read from the engine's `view(state, seat)`: exactly what that
seat may see (its own hand, every bank and table, counts of the other hands),
so an observation never holds a hidden card. Seats are counted from the
observer: relative seat 0 is the agent itself, 1 the next seat in play order,
and so on. docs/research-env.md lists every index.

Actions: the agent picks the i-th of the engine's `legal_moves(state, seat)`,
in the engine's order, for i below the mask's count; moves with a free choice
of cards (Pay, Discard) are listed once each with the engine's canonical
choice. Resign is never offered (the engine lists it last: it is cut).
"""

from collections.abc import Sequence

import numpy as np

# -- Monopoly Deal --------------------------------------------------------------

DEAL_CARDS = 106
DEAL_MAX_SEATS = 5
# Awaited kinds, one-hot: the agent's own decision now.
DEAL_AWAITED = ("play", "discard", "respond", "pay")
DEAL_ACTIONS = 512


def deal_channels(seats: int) -> int:
    """Per card: in my hand; per relative seat, in its bank and on its table;
    in the discard pile."""
    return 1 + 2 * seats + 1


def deal_size(seats: int) -> int:
    per_seat = 5  # hand count, bank total, full sets, resigned, active
    return DEAL_CARDS * deal_channels(seats) + seats * per_seat + len(DEAL_AWAITED) + 3


def deal_observation(view: dict, seats: int) -> np.ndarray:
    me = view["seat"]
    channels = deal_channels(seats)
    cards = np.zeros((DEAL_CARDS, channels), dtype=np.float32)
    for card in view["you"]["hand"] if view.get("you") else ():
        cards[card, 0] = 1
    per_seat = np.zeros((seats, 5), dtype=np.float32)
    for player in view["players"]:
        rel = (player["seat"] - me) % seats
        for card in player["bank"]:
            cards[card, 1 + 2 * rel] = 1
        for card in _table_cards(player):
            cards[card, 2 + 2 * rel] = 1
        per_seat[rel] = (
            player["hand_count"] / 10,
            player["bank_total"] / 50,
            player["full_sets"] / 3,
            float(player["resigned"]),
            float(view["active"] == player["seat"]),
        )
    for card in view["discard"]:
        cards[card, channels - 1] = 1
    mine = [a for a in view["awaiting"] if a["seat"] == me]
    awaited = np.zeros(len(DEAL_AWAITED), dtype=np.float32)
    owed = 0.0
    for entry in mine:
        awaited[DEAL_AWAITED.index(entry["kind"])] = 1
        owed = max(owed, (entry.get("amount") or 0) / 20)
    scalars = np.array(
        [view["plays_left"] / 3, view["draw_count"] / DEAL_CARDS, owed],
        dtype=np.float32,
    )
    return np.concatenate([cards.ravel(), per_seat.ravel(), awaited, scalars])


def _table_cards(player: dict) -> list[int]:
    out = list(player.get("loose") or ())
    for held in player["sets"]:
        out.extend(held["cards"])
        out.extend(c for c in (held.get("house"), held.get("hotel")) if c is not None)
    return out


# -- classic Monopoly -------------------------------------------------------------

SQUARES = 40
DEEDS = 28
CLASSIC_MAX_SEATS = 8
CLASSIC_AWAITED = (
    "roll",
    "buy",
    "bid",
    "pay",
    "jail",
    "end",
    "mortgages",
    "answer",
    "trade",
    "claim",
)
CLASSIC_ACTIONS = 512
PER_PLAYER = 1 + SQUARES + 4  # cash, position one-hot, jail, out, cards, worth


def classic_size(seats: int) -> int:
    per_deed = seats + 1 + 2  # owner (relative seat or the bank), mortgaged, level
    return seats * PER_PLAYER + DEEDS * per_deed + len(CLASSIC_AWAITED) + 4


def classic_observation(view: dict, seats: int) -> np.ndarray:
    me = view["seat"]
    players = np.zeros((seats, PER_PLAYER), dtype=np.float32)
    for player in view["players"]:
        rel = (player["seat"] - me) % seats
        row = players[rel]
        row[0] = player["cash"] / 2000
        row[1 + player["position"] % SQUARES] = 1
        row[1 + SQUARES] = float(player["in_jail"])
        row[2 + SQUARES] = float(player["out"])
        row[3 + SQUARES] = len(player["jail_cards"])
        row[4 + SQUARES] = player["net_worth"] / 5000
    deeds = np.zeros((DEEDS, seats + 3), dtype=np.float32)
    for index, deed in enumerate(view["deeds"][:DEEDS]):
        owner = deed["owner"]
        deeds[index, seats if owner is None else (owner - me) % seats] = 1
        deeds[index, seats + 1] = float(deed["mortgaged"])
        deeds[index, seats + 2] = (deed["level"] or 0) / 5
    awaited = np.zeros(len(CLASSIC_AWAITED), dtype=np.float32)
    owed = 0.0
    for entry in view["awaiting"]:
        if entry["seat"] == me:
            if entry["kind"] in CLASSIC_AWAITED:
                awaited[CLASSIC_AWAITED.index(entry["kind"])] = 1
            owed = max(owed, (entry.get("amount") or 0) / 1000)
    scalars = np.array(
        [
            float(view["active"] == me),
            (view.get("houses") or 0) / 32,
            (view.get("hotels") or 0) / 12,
            owed,
        ],
        dtype=np.float32,
    )
    return np.concatenate([players.ravel(), deeds.ravel(), awaited, scalars])


def offered(moves: Sequence, resign_type: type, limit: int) -> list:
    """The moves an agent may pick: the engine's legal moves but Resign, at
    most `limit` of them."""
    return [m for m in moves if not isinstance(m, resign_type)][:limit]
