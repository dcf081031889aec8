"""The games tests' fixtures, for the harness's tests that play real tables."""

from tests.games.conftest import game_factory, two_player_game  # noqa: F401
