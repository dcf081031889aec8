"""Export finished games as JSON (the format of /games/<id>/export.json)."""

import json
from datetime import datetime, time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from games.replay.export import exportable_games, game_export


def parse_since(raw: str) -> datetime:
    """A date (midnight, in the site's zone) or an ISO date and time."""
    moment = parse_datetime(raw)
    if moment is None:
        day = parse_date(raw)
        if day is None:
            raise CommandError(f"--since {raw!r} is not a date (YYYY-MM-DD).")
        moment = datetime.combine(day, time())
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


class Command(BaseCommand):
    help = (
        "Export finished games, every event included: one JSON object per line "
        "on stdout, or one file per game (game-<id>.json) in --out."
    )

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", type=int, help="Only these game ids.")
        parser.add_argument(
            "--since",
            help="Only games finished at or after this date (YYYY-MM-DD) or time.",
        )
        parser.add_argument(
            "--out", type=Path, help="A directory to write game-<id>.json files to."
        )

    def handle(self, *args, games=(), since=None, out=None, **options):
        since = parse_since(since) if since else None
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
        count = 0
        for game in exportable_games(since=since, ids=games):
            record = game_export(game=game, seat=None)
            if out is None:
                self.stdout.write(json.dumps(record, separators=(",", ":")))
            else:
                path = out / f"game-{game.pk}.json"
                path.write_text(json.dumps(record, indent=1), encoding="utf-8")
            count += 1
        if out is not None:
            self.stdout.write(f"{count} games written to {out}.")
        else:
            self.stderr.write(f"{count} games exported.")
