"""Where every change's chance comes from: a deal's shuffle, a roll, a bot's pick.

Every caller looks it up here as `randomness.rng()`, so a test or a bench
that scripts the dice replaces this one name (`games.services.randomness.rng`)
and every deal, decision and bot move of the site takes it.
"""

import random
import secrets


def rng() -> random.Random:
    """A fresh generator: events record outcomes, so no seed is ever kept."""
    return random.Random(secrets.randbits(64))
