from django.apps import AppConfig


class BenchConfig(AppConfig):
    """Installed for its management commands (make_players, *_bench, ...)."""

    name = "bench"
