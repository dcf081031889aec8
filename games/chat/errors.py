"""What the chat refuses, with a sentence and an HTTP status (games.errors)."""

from games.errors import GameError


class ChatClosed(GameError):
    status = 409
    default_message = "The chat opens when the game starts."


class NotInRoom(GameError):
    """Writing in the other audience's room."""

    status = 403
    default_message = "Only the players of this game can write in the players' chat."


class BadRoom(GameError):
    status = 400
    default_message = "There is no such chat."


class EmptyMessage(GameError):
    status = 400
    default_message = "Write something first."


class MessageTooLong(GameError):
    status = 400
    default_message = "A message has at most 500 characters."


class TooFast(GameError):
    status = 429
    default_message = "You are sending messages too fast."


class ChatSuspended(GameError):
    status = 403
    default_message = "The moderators have suspended your chat."


class NoSuchMessage(GameError):
    status = 404
    default_message = "There is no such message."


class BadReport(GameError):
    status = 400
    default_message = "That report is not understood."


class NoSuchPlayer(GameError):
    status = 404
    default_message = "There is no such player."


class CannotMute(GameError):
    status = 400
    default_message = "You cannot mute yourself."


class MutedInviter(GameError):
    """The invitee muted whoever invites them: the invitation is refused."""

    status = 403
    default_message = "You muted the player who invites you."
