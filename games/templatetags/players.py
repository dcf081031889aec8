"""`{{ user|bot_mark }}`: the BOT mark after the name of a bot account
(games.bot_marks), nothing after a person's; the same mark on every page a
name shows. `user` may be True for a row known to be a bot account's.
`{{ user|bot_words }}`: the same in plain text, for a `title` attribute."""

from django import template

from games import bot_marks

register = template.Library()


@register.filter
def bot_mark(user) -> str:
    return bot_marks.bot_mark(user)


@register.filter
def bot_words(user) -> str:
    return bot_marks.bot_words(user)
