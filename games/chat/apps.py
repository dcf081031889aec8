from django.apps import AppConfig


class ChatConfig(AppConfig):
    """The players' and spectators' chat of each game (inside games/)."""

    name = "games.chat"
    label = "chat"
    verbose_name = "Table chat"
