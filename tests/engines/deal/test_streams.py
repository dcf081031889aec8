"""Same games, faster: the event streams of 50 seeded bot games are fixed.

Every optimisation of the engine or the bots must leave these streams exactly
as they are; a change to any of them is a rules (or a bot's play) change, not
a speed-up, and belongs in a commit that says so.
"""

import hashlib
import json
import random

import pytest

from bench.engine import bot_lineup, play
from games.engines.deal import Options, to_json

# sha256 of each game's events, one JSON line each, first 16 hex digits.
STREAMS = {
    0: "a4e91eb5aa69a71d",  # 2 seats, 102 events
    1: "5946af4a73105606",  # 3 seats, 197 events
    2: "dee6304ef3df564b",  # 4 seats, 217 events
    3: "1ca0868ebc73578a",  # 5 seats, 201 events
    4: "cca6db16a56ed056",  # 2 seats, 171 events
    5: "98d679e6567d0195",  # 3 seats, 220 events
    6: "b0d8ccaf79e4c235",  # 4 seats, 185 events
    7: "9291d737b9583e00",  # 5 seats, 233 events
    8: "9d2d8f8f93fa0ba8",  # 2 seats, 129 events
    9: "d5063d2caf11eac1",  # 3 seats, 195 events
    10: "56c5f9cf3f420270",  # 4 seats, 193 events
    11: "873c707114afc07b",  # 5 seats, 266 events
    12: "a880eafd15b300d6",  # 2 seats, 109 events
    13: "5cfc0751f46b82ec",  # 3 seats, 211 events
    14: "29152f4c235a1166",  # 4 seats, 169 events
    15: "9558af45d4bcce30",  # 5 seats, 371 events
    16: "b1c06b7335673878",  # 2 seats, 126 events
    17: "73a4bd3d06c91e1d",  # 3 seats, 265 events
    18: "87e782315099cdea",  # 4 seats, 178 events
    19: "7ff5ae12f791b72e",  # 5 seats, 196 events
    20: "dba39aeee9d3fedc",  # 2 seats, 193 events
    21: "d71c8b573bcd7515",  # 3 seats, 226 events
    22: "883a03e1d05249dd",  # 4 seats, 112 events
    23: "d2032ffc495c2038",  # 5 seats, 141 events
    24: "4864bdc47f247bca",  # 2 seats, 164 events
    25: "c42b0314e05d0940",  # 3 seats, 114 events
    26: "a0408a5fe43d2c62",  # 4 seats, 173 events
    27: "12f8da7788395c2c",  # 5 seats, 268 events
    28: "88a10a8c53a15654",  # 2 seats, 130 events
    29: "e613a532f7408723",  # 3 seats, 148 events
    30: "a560c51c2b368318",  # 4 seats, 235 events
    31: "37d06d5f2f0eb5c7",  # 5 seats, 294 events
    32: "c6e1792641dac886",  # 2 seats, 258 events
    33: "9e55413964c94d7f",  # 3 seats, 159 events
    34: "a4273ba5c68e50d2",  # 4 seats, 204 events
    35: "3b01f42907942760",  # 5 seats, 281 events
    36: "ac559a0212408f44",  # 2 seats, 225 events
    37: "c5e1f0c63f100956",  # 3 seats, 165 events
    38: "4491f4aaee374abd",  # 4 seats, 92 events
    39: "af23524f38ed037e",  # 5 seats, 327 events
    40: "4c3689185bd42836",  # 2 seats, 119 events
    41: "f221d16f2bf924ff",  # 3 seats, 205 events
    42: "805095d6f38f9506",  # 4 seats, 176 events
    43: "8adfecbb066cc03f",  # 5 seats, 224 events
    44: "95f31e11a0e2551d",  # 2 seats, 115 events
    45: "446b4e7008cc4177",  # 3 seats, 220 events
    46: "0bf587ec15dabe28",  # 4 seats, 197 events
    47: "4e5197f0405ca105",  # 5 seats, 211 events
    48: "33ea1d87cb0d5793",  # 2 seats, 147 events
    49: "487bb904e391d3d1",  # 3 seats, 134 events
}


def lineup(seed: int) -> list[str]:
    """2 to 5 seats, each a random or a sensible bot, chosen by the seed."""
    rng = random.Random(seed)
    return [rng.choice(["random", "sensible"]) for _ in range(2 + seed % 4)]


def options(seed: int) -> Options:
    """Official play, but every third game with some house rules on."""
    if seed % 3 != 2:
        return Options()
    rng = random.Random(-seed)
    names = [name for name in Options.__dataclass_fields__ if name.islower()]
    flags = [n for n in names if n != "max_missed_deadlines"]
    return Options(**{n: rng.random() < 0.5 for n in flags})


def digest(events) -> str:
    h = hashlib.sha256()
    for event in events:
        h.update(json.dumps(to_json(event), sort_keys=True).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


@pytest.mark.parametrize("seed", range(50))
def test_seeded_bot_game_plays_the_same_event_stream(seed):
    game = play(bot_lineup(lineup(seed)), seed, options=options(seed))
    assert game.state.over and not game.capped
    assert digest(game.events) == STREAMS[seed]
