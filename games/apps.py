from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # The entries import the engines, presenters and services; the registry
        # (games.kinds) imports none of them, so nothing reaches up at import.
        from games import kinds
        from games.kinds.classic.entry import CLASSIC
        from games.kinds.deal.entry import DEAL

        for kind in (DEAL, CLASSIC):
            kinds.register(kind)
