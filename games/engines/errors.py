"""The one error an engine raises for a move the rules do not allow."""


class IllegalMove(Exception):
    """A move the rules refuse; `message` is a sentence a player can read."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
