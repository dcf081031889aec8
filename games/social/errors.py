"""What friends and challenges refuse, with a sentence and an HTTP status
(games.errors)."""

from games.errors import GameError


class NoSuchPlayer(GameError):
    status = 404
    default_message = "There is no such player."


class NotYourself(GameError):
    status = 400
    default_message = "You cannot do that to yourself."


class NotPossible(GameError):
    """Refused by the other player's choices (a block, a mute, who may
    challenge them): the sentence never says which."""

    status = 403
    default_message = "That is not possible."


class YouBlocked(GameError):
    status = 403
    default_message = "You blocked this player: unblock them first."


class BadChallenge(GameError):
    """A challenge's players or settings out of range."""

    status = 400
    default_message = "That challenge is not possible."


class ChallengeNotFound(GameError):
    status = 404
    default_message = "There is no such challenge."


class ChallengeClosed(GameError):
    """An answer to a challenge that was withdrawn, declined, expired or has
    started; or a withdrawal of one."""

    status = 409
    default_message = "This challenge is closed."


class TooManyChallenges(GameError):
    status = 429
    default_message = "You are sending challenges too fast."


class BadPreset(GameError):
    status = 400
    default_message = "That preset is not possible."


class NoSuchLine(GameError):
    status = 404
    default_message = "There is no such line in your inbox."
