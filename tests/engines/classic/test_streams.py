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
    0: "a043cda69ee40a8d",  # 2 seats, 761 events, turn limit
    1: "e20a21cc1386a836",  # 3 seats, 1131 events, turn limit
    2: "d80d4dfea6937f69",  # 4 seats, 1547 events, turn limit
    3: "4a0de5dd81e7e043",  # 5 seats, 1849 events, turn limit
    4: "c49ca1bac7b6a18a",  # 6 seats, 2079 events, turn limit
    5: "f6cafbea0623d46f",  # 2 seats, 820 events, turn limit
    6: "821c8cc0c7d745c1",  # 3 seats, 1156 events, turn limit
    7: "b2241f6dd0681d73",  # 4 seats, 1457 events, turn limit
    8: "96d1d845e5726c13",  # 5 seats, 1905 events, turn limit
    9: "e7f703d75d9dd8f3",  # 6 seats, 1852 events, last player
    10: "7eb5f6fc356e064b",  # 2 seats, 822 events, turn limit
    11: "defa9028c6b7109e",  # 3 seats, 772 events, last player
    12: "d0275c759272a60b",  # 4 seats, 1478 events, turn limit
    13: "26872bcbe5004d4f",  # 5 seats, 1625 events, last player
    14: "c2c7b0555d76850d",  # 6 seats, 2260 events, turn limit
    15: "484663bdf4b26b8c",  # 2 seats, 800 events, turn limit
    16: "36942b113b26f754",  # 3 seats, 1098 events, turn limit
    17: "87b0381242b227dd",  # 4 seats, 1460 events, turn limit
    18: "9ac0fe66a9767bc5",  # 5 seats, 1753 events, turn limit
    19: "3939719fb02ddddb",  # 6 seats, 2001 events, last player
    20: "7e45b62f0e3394f9",  # 2 seats, 788 events, turn limit
    21: "900aec143a5c8c5c",  # 3 seats, 1113 events, turn limit
    22: "d7c11e7faf3ea7f4",  # 4 seats, 1524 events, turn limit
    23: "3ed82dfc012b3d9b",  # 5 seats, 1564 events, turn limit
    24: "962b5cbbe9429e8c",  # 6 seats, 1601 events, last player
    25: "7e9647c210b29cb6",  # 2 seats, 782 events, turn limit
    26: "ff7982469caf1c10",  # 3 seats, 1190 events, turn limit
    27: "3b9708c420c71de4",  # 4 seats, 1425 events, turn limit
    28: "c8a628c907c8b8b5",  # 5 seats, 1870 events, turn limit
    29: "093dceb3266616fa",  # 6 seats, 1476 events, last player
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
