"""Rematch: play a finished game again with the same seats, one click each.

- `models`: `Rematch`, re-exported by `games.models` so Django finds it;
- `services`: the only writer of offers and answers (`rematch_offer`,
  `rematch_answer`, `rematch_expire`), on the services' write path.

Nothing is re-exported here: `games.models` imports `models` while it loads,
before `services` (which imports the models) could be.
"""
