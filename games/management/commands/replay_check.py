"""Replay every game's events and compare with its stored snapshot."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.models import Game


def replay_game(game: Game):
    """The state a game's events replay to (None when it has none)."""
    engine = game.engine
    events = [
        engine.from_json(data)
        for data in game.events.order_by("seq").values_list("data", flat=True)
    ]
    return engine.replay(events) if events else None


class Command(BaseCommand):
    help = (
        "Replay every game's events and report each game whose snapshot or "
        "version differs from the replay. Exits 1 if any differ."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--fix",
            action="store_true",
            help="Rebuild the differing snapshots (and versions) from the events.",
        )
        parser.add_argument("games", nargs="*", type=int, help="Only these game ids.")

    def handle(self, *args, fix: bool = False, games=(), **options):
        queryset = Game.objects.exclude(status=Game.Status.OPEN).order_by("pk")
        if games:
            queryset = queryset.filter(pk__in=games)
        checked = bad = 0
        for game_id in queryset.values_list("pk", flat=True).iterator():
            checked += 1
            problem = self._check(game_id, fix=fix)
            if problem:
                bad += 1
                self.stdout.write(f"game {game_id}: {problem}")
        verdict = "fixed" if fix else "differ"
        summary = f"{checked} games checked, {bad} {verdict}."
        if bad and not fix:
            self.stdout.write(self.style.ERROR(summary))
            raise CommandError(f"{bad} games differ from their events.", returncode=1)
        self.stdout.write(self.style.SUCCESS(summary))

    def _check(self, game_id: int, *, fix: bool) -> str:
        """What is wrong with this game ('' when nothing), fixed if asked."""
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            seqs = list(game.events.order_by("seq").values_list("seq", flat=True))
            if seqs != list(range(1, len(seqs) + 1)):
                return "event numbers are not 1..N; cannot replay"
            try:
                state = replay_game(game)
            except Exception as error:
                return f"replay failed: {error!r}"
            snapshot = game.engine.to_json(state) if state is not None else None
            problems = []
            if game.version != len(seqs):
                problems.append(f"version {game.version} but {len(seqs)} events")
            if snapshot != game.snapshot:
                problems.append("snapshot differs from the replay")
            if problems and fix:
                game.snapshot = snapshot
                game.version = len(seqs)
                game.save(update_fields=["snapshot", "version"])
                problems.append("rebuilt")
            return "; ".join(problems)
