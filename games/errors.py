"""What the services refuse, with a sentence for the player and an HTTP status.

Views turn a `GameError` into a response: `error.status` and `error.message`.
When one is raised nothing has been written.
"""


class GameError(Exception):
    """A refused request. `.message` is a sentence a player can read."""

    status: int = 400
    default_message: str = "That cannot be done."

    def __init__(self, message: str | None = None):
        self.message = message or self.default_message
        super().__init__(self.message)


class GameNotFound(GameError):
    status = 404
    default_message = "There is no such game."


class NotAPlayer(GameError):
    status = 403
    default_message = "You are not playing in this game."


class NotYourGame(GameError):
    """Only the player who created the game may do this."""

    status = 403
    default_message = "Only the player who created this game can do that."


class BotAccountWebMove(GameError):
    """A bot account's move from a web page: it plays through the API only."""

    status = 403
    default_message = (
        "This is a bot account: it plays through the Bot API only, not from this page."
    )


class StaleVersion(GameError):
    status = 409
    default_message = (
        "Your move was not made: the table changed meanwhile. Here it is now."
    )


class GameNotOpen(GameError):
    """Joining, leaving, adding bots or starting a game that is not open."""

    status = 409
    default_message = "This game is no longer open."


class GameNotActive(GameError):
    """A move in a game that is not being played (not started, or over)."""

    status = 409
    default_message = "This game is not being played."


class GameFull(GameError):
    status = 409
    default_message = "Every seat at this table is taken."


class NotEnoughPlayers(GameError):
    status = 409
    default_message = "At least two players are needed to start."


class AlreadySeated(GameError):
    status = 409
    default_message = "You already have a seat at this table."


class BadInvite(GameError):
    status = 404
    default_message = "This invitation is not valid."


class BadSettings(GameError):
    """A new game's settings are out of range."""

    status = 400
    default_message = "Those game settings are not possible."


class NothingToReplay(GameError):
    """A replay of a game that never started."""

    status = 404
    default_message = "This game has not started: there is nothing to replay yet."


class BadStep(GameError):
    """A replay step that is not a number."""

    status = 400
    default_message = "A step is the number of an event: 1, 2, 3..."


class BadMove(GameError):
    """An illegal move (the engine's sentence) or move data that is not a move."""

    status = 400
    default_message = "That move is not understood."


class RematchNotPossible(GameError):
    """A rematch of a game that is not finished (or was never played)."""

    status = 409
    default_message = "A rematch can be asked for once the game is over."


class RematchNotFound(GameError):
    status = 404
    default_message = "There is no such rematch offer."


class RematchClosed(GameError):
    """An answer to an offer that was declined, expired or has started."""

    status = 409
    default_message = "This rematch offer is closed."


class ReviewNotYet(GameError):
    """The review of a game still being played (or never started)."""

    status = 404
    default_message = "A game is reviewed once it is over: there is no review yet."
