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
    0: "9a8ac904a217604f",  # 2 seats, 780 events, turn limit
    1: "f22dfdad0a2303d5",  # 3 seats, 1150 events, turn limit
    2: "f6f72c21cf42d287",  # 4 seats, 1527 events, turn limit
    3: "e09ac0b55fa4aa84",  # 5 seats, 1688 events, last player
    4: "b7c38ba7b37577fb",  # 6 seats, 1967 events, turn limit
    5: "45e708546e2e3775",  # 2 seats, 828 events, turn limit
    6: "0516b8560b23decd",  # 3 seats, 1174 events, turn limit
    7: "1085981307291eeb",  # 4 seats, 1444 events, turn limit
    8: "8dbb2d5e7ed691b5",  # 5 seats, 1895 events, turn limit
    9: "bce5566b027eca37",  # 6 seats, 1535 events, last player
    10: "53da4fd7de6aab0d",  # 2 seats, 785 events, turn limit
    11: "803b9385f7aa02c0",  # 3 seats, 949 events, last player
    12: "c8f2429297194392",  # 4 seats, 1310 events, last player
    13: "9d8d8a96edbc0f68",  # 5 seats, 1609 events, last player
    14: "7c7ed7c203db453a",  # 6 seats, 2247 events, turn limit
    15: "484663bdf4b26b8c",  # 2 seats, 800 events, turn limit
    16: "39ef2410e843ee74",  # 3 seats, 1130 events, turn limit
    17: "58f0f25cdea05473",  # 4 seats, 638 events, last player
    18: "5932e191c751f124",  # 5 seats, 1267 events, last player
    19: "8bbd6940fe1b03fe",  # 6 seats, 932 events, last player
    20: "5929ccc1837d553b",  # 2 seats, 781 events, turn limit
    21: "1bc6b9ae90483460",  # 3 seats, 1146 events, turn limit
    22: "de2f293cb0d036c0",  # 4 seats, 1469 events, turn limit
    23: "ec25ea756a743427",  # 5 seats, 1616 events, last player
    24: "b9b981bac7ced150",  # 6 seats, 1598 events, last player
    25: "94b1f2aedbaa889c",  # 2 seats, 780 events, turn limit
    26: "b115ebb8ae56ead5",  # 3 seats, 1177 events, turn limit
    27: "a2d43302ff177d6b",  # 4 seats, 1052 events, last player
    28: "c8a628c907c8b8b5",  # 5 seats, 1870 events, turn limit
    29: "bca53301be6d27d9",  # 6 seats, 1229 events, last player
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
