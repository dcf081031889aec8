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
    0: "d4a1568f5aea383c",  # 2 seats, 780 events, turn limit
    1: "f22dfdad0a2303d5",  # 3 seats, 1150 events, turn limit
    2: "f6f72c21cf42d287",  # 4 seats, 1527 events, turn limit
    3: "a4c4a56071ec5fd5",  # 5 seats, 1688 events, last player
    4: "e0648531c09d7268",  # 6 seats, 1967 events, turn limit
    5: "53fd4ad9b77f2478",  # 2 seats, 828 events, turn limit
    6: "7d32455574796305",  # 3 seats, 1174 events, turn limit
    7: "06b4c759cca7f775",  # 4 seats, 1444 events, turn limit
    8: "8dbb2d5e7ed691b5",  # 5 seats, 1895 events, turn limit
    9: "9317341cde68caf7",  # 6 seats, 1535 events, last player
    10: "57cf28c6d949f1cc",  # 2 seats, 785 events, turn limit
    11: "ff60d9636814a95d",  # 3 seats, 949 events, last player
    12: "edb69217867ab414",  # 4 seats, 1310 events, last player
    13: "90ab2fa03c609728",  # 5 seats, 1609 events, last player
    14: "7c7ed7c203db453a",  # 6 seats, 2247 events, turn limit
    15: "484663bdf4b26b8c",  # 2 seats, 800 events, turn limit
    16: "9d5ca0b320908c8e",  # 3 seats, 1130 events, turn limit
    17: "4418c3c9f86a5651",  # 4 seats, 638 events, last player
    18: "2cc5ec8b75c4224d",  # 5 seats, 1267 events, last player
    19: "bcf866733e46eacc",  # 6 seats, 932 events, last player
    20: "5929ccc1837d553b",  # 2 seats, 781 events, turn limit
    21: "1bc6b9ae90483460",  # 3 seats, 1146 events, turn limit
    22: "5470fd2c78bd2747",  # 4 seats, 1469 events, turn limit
    23: "2eaaf9af675085a0",  # 5 seats, 1616 events, last player
    24: "7eae949d2cc7371d",  # 6 seats, 1598 events, last player
    25: "94b1f2aedbaa889c",  # 2 seats, 780 events, turn limit
    26: "b115ebb8ae56ead5",  # 3 seats, 1177 events, turn limit
    27: "ec623695e0cb0c4f",  # 4 seats, 1052 events, last player
    28: "c8a628c907c8b8b5",  # 5 seats, 1870 events, turn limit
    29: "d49263a6758cb5d7",  # 6 seats, 1229 events, last player
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
