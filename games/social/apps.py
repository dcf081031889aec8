from django.apps import AppConfig


class SocialConfig(AppConfig):
    """Friends, blocks, challenges and their presets (inside games/): the ways
    into a game through a person rather than the lobby."""

    name = "games.social"
    label = "social"
    verbose_name = "Friends and challenges"
