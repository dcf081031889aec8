"""The review of a finished game by its kind's expert (issue 30, docs/review.md).

- `models`: `GameReview`, one row a game;
- `judging`: the arithmetic, from the events and the kind's judge
  (`GameKind.judge`);
- `services`: `review_make`, which judges a game and stores it (the task
  queued at a game's end, the `review_games` command);
- `pages`: the review page's context, as a viewer may see it;
- `views`: the review page beside the replay.
"""
