from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Tournaments by correspondence (inside games/)."""

    name = "games.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
