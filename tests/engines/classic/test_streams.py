"""Same games, however the code is arranged: the event streams of 30 seeded bot
games of classic Monopoly are fixed.

A refactoring of the engine (splitting rules.py, sharing plumbing) or a speed-up
must leave these streams exactly as they are; a change to any of them is a
rules (or a bot's play) change and belongs in a commit that says so.
"""

import hashlib
import json
import random

import pytest

from bench.classic import play
from games.engines.classic import Options, to_json
from games.engines.classic.bots import BOTS

# sha256 of each game's events, one JSON line each, first 16 hex digits.
STREAMS = {
    0: "fa2411177d474575",  # 2 seats, 761 events, turn limit
    1: "e20a21cc1386a836",  # 3 seats, 1131 events, turn limit
    2: "5d2839d8ba8751c5",  # 4 seats, 1547 events, turn limit
    3: "91eec2ed67010360",  # 5 seats, 1849 events, turn limit
    4: "e0ee4652aefcd100",  # 6 seats, 2079 events, turn limit
    5: "80532b55ed6b2524",  # 2 seats, 820 events, turn limit
    6: "095a8bc3a6e3020e",  # 3 seats, 1156 events, turn limit
    7: "69e896f6ddbfd9a8",  # 4 seats, 1457 events, turn limit
    8: "9a9f274ae51968bb",  # 5 seats, 1905 events, turn limit
    9: "fe6e45e70135984e",  # 6 seats, 1852 events, last player
    10: "b8d5d0841de0c461",  # 2 seats, 822 events, turn limit
    11: "9bd96e523bb00038",  # 3 seats, 772 events, last player
    12: "27f6d62c2cb7dcca",  # 4 seats, 1478 events, turn limit
    13: "9a45e806e83f8050",  # 5 seats, 1625 events, last player
    14: "bbe2a717bbc409d1",  # 6 seats, 2260 events, turn limit
    15: "484663bdf4b26b8c",  # 2 seats, 800 events, turn limit
    16: "c3a4c28beaa0a22c",  # 3 seats, 1098 events, turn limit
    17: "0ce6ff92dfd14555",  # 4 seats, 1460 events, turn limit
    18: "d3b5ea21e4e4e814",  # 5 seats, 1753 events, turn limit
    19: "4695697b3eeed9dc",  # 6 seats, 2001 events, last player
    20: "7e45b62f0e3394f9",  # 2 seats, 788 events, turn limit
    21: "6db53c152a70e70e",  # 3 seats, 1113 events, turn limit
    22: "f19968bfd19846f1",  # 4 seats, 1524 events, turn limit
    23: "492e43d3d2ff3b80",  # 5 seats, 1564 events, turn limit
    24: "853a918653aa2f27",  # 6 seats, 1601 events, last player
    25: "4df26114e4d01cdd",  # 2 seats, 782 events, turn limit
    26: "ff7982469caf1c10",  # 3 seats, 1190 events, turn limit
    27: "ce9b5d65507cf20b",  # 4 seats, 1425 events, turn limit
    28: "c8a628c907c8b8b5",  # 5 seats, 1870 events, turn limit
    29: "c63468d6cde9b845",  # 6 seats, 1476 events, last player
}


def lineup(seed: int) -> list:
    """2 to 6 seats, each a random or a sensible bot, chosen by the seed."""
    rng = random.Random(seed)
    return [BOTS[rng.choice(["random", "sensible"])] for _ in range(2 + seed % 5)]


def options(seed: int) -> Options:
    """A 60-round limit, and every third game with house rules on."""
    if seed % 3 != 2:
        return Options(turn_limit=60)
    return Options(
        turn_limit=60,
        free_parking_jackpot=True,
        double_salary=True,
        uneven_building=True,
        rent_must_be_claimed=seed % 2 == 0,
    )


def stream_hash(events) -> str:
    lines = "".join(json.dumps(to_json(e), sort_keys=True) + "\n" for e in events)
    return hashlib.sha256(lines.encode()).hexdigest()[:16]


@pytest.mark.parametrize("seed", sorted(STREAMS))
def test_seeded_bot_game_plays_the_same_events(seed):
    game = play(lineup(seed), seed, options(seed))
    assert not game.capped
    assert stream_hash(game.events) == STREAMS[seed]
