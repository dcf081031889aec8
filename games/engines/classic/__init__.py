"""The rules of classic Monopoly (RULES-CLASSIC.md), pure Python: see API.md."""

from ..errors import IllegalMove
from .board import BOARD, DEEDS, GROUPS, Space, group_of, index_named, space
from .cards import CARDS, CHANCE_CARDS, CHEST_CARDS, Card
from .decisions import Awaiting, awaiting, default_move, legal_moves
from .events import *  # noqa: F403
from .events import EVENT_TYPES, SCHEMA_VERSION, Event
from .evolve import evolve
from .figures import net_worth, raisable, rent_for
from .moves import *  # noqa: F403
from .moves import MOVE_TYPES, Move
from .rules import decide
from .scenario import scenario
from .serial import from_json, to_json
from .state import (
    OPTION_LABELS,
    OPTION_NUMBERS,
    Auction,
    Claim,
    Debt,
    Inheritance,
    Offer,
    Options,
    Player,
    Sale,
    SealedBid,
    State,
)
from .turns import new_game, replay, setup
from .view import describe, open_view, redact, view

__all__ = [
    "BOARD",
    "CARDS",
    "CHANCE_CARDS",
    "CHEST_CARDS",
    "DEEDS",
    "EVENT_TYPES",
    "GROUPS",
    "MOVE_TYPES",
    "OPTION_LABELS",
    "OPTION_NUMBERS",
    "SCHEMA_VERSION",
    "Auction",
    "Awaiting",
    "Card",
    "Claim",
    "Debt",
    "Event",
    "IllegalMove",
    "Inheritance",
    "Move",
    "Offer",
    "Options",
    "Player",
    "Sale",
    "SealedBid",
    "Space",
    "State",
    "awaiting",
    "decide",
    "default_move",
    "describe",
    "evolve",
    "from_json",
    "group_of",
    "index_named",
    "legal_moves",
    "net_worth",
    "new_game",
    "open_view",
    "raisable",
    "redact",
    "rent_for",
    "replay",
    "scenario",
    "setup",
    "space",
    "to_json",
    "view",
    *(cls.__name__ for cls in EVENT_TYPES),
    *(cls.__name__ for cls in MOVE_TYPES),
]
