from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The Bot API: tokens and JSON endpoints (inside games/)."""

    name = "games.api"
    label = "api"
    verbose_name = "Bot API"
