"""The emails: what a player reads about a game, and the message around it.

Game text comes only from the engine's view and history as the recipient's
seat may read them (`engine.view(state, seat)`, `engine.describe` through
`selectors.history_lines`): an email never names a card its reader may not
see. Dates are in the reader's time zone.
"""

import zoneinfo
from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timeuntil

from games import kinds, selectors
from games.engines.plumbing import in_words
from games.models import Game, Seat
from games.notifications import unsubscribe
from games.social.selectors import challenge_summary

RECENT_LINES = 3


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def user_zone(user) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(user.time_zone or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


@dataclass
class GameBrief:
    """One game as one seat may read it in an email."""

    game: Game | None
    url: str
    title: str
    owed: str = ""
    deadline: datetime | None = None
    time_left: str = ""
    recent: list[str] = field(default_factory=list)
    result: str = ""
    # What is asked, when it is not a move ("Bea wants a rematch of game 41").
    headline: str = ""
    # The link's words, when they are not the table's or a challenge's.
    action: str = ""


def time_left(deadline: datetime, now: datetime) -> str:
    """ "2 hours, 5 minutes" (plain spaces: it goes into subjects too)."""
    return timeuntil(deadline, now).replace("\xa0", " ")


def game_title(game: Game, seat: Seat | None) -> str:
    """ "Classic Monopoly game 41 with Bea and Cy": the game, named for `seat`."""
    seats = sorted(game.seats.all(), key=lambda s: s.position)
    others = [s.name for s in seats if seat is None or s.pk != seat.pk]
    return title_with(game, others)


def title_with(game: Game, others: list[str]) -> str:
    """ "Classic Monopoly game 41 with Bea and Cy", the others named."""
    title = f"{kinds.label(game.kind)} game {game.pk}"
    return f"{title} with {in_words(others)}" if others else title


def owed_brief(game: Game, seat: Seat, now: datetime, *, recent: bool = True):
    """What `seat` owes at `game` now, from the engine's view for that seat."""
    kind = game.game_kind
    view = kind.engine.view(game.state(), seat.position)
    deadline = game.deadline_for(seat.position)
    lines = []
    if recent:
        history = selectors.history_lines(
            game=game, viewer=seat.position, limit=RECENT_LINES * 3
        )
        lines = [line["text"] for line in history[:RECENT_LINES]]
        lines.reverse()
    return GameBrief(
        game=game,
        url=absolute(game.get_absolute_url()),
        title=game_title(game, seat),
        owed=kind.owed(view, seat.position, game.seat_names()),
        deadline=deadline,
        time_left=time_left(deadline, now) if deadline else "",
        recent=lines,
    )


def rematch_brief(game: Game, seat: Seat, rematch, now: datetime) -> GameBrief:
    """A rematch offer `seat` is asked to answer, at the finished `game`."""
    proposer = next(
        (s.name for s in game.seats.all() if s.user_id == rematch.proposed_by_id),
        "A player",
    )
    return GameBrief(
        game=game,
        url=absolute(game.get_absolute_url()),
        title=game_title(game, seat),
        owed=f"{proposer} wants a rematch: accept or decline.",
        deadline=rematch.expires_at,
        time_left=time_left(rematch.expires_at, now),
        headline=f"{proposer} wants a rematch of game {game.pk}",
    )


def challenge_brief(challenge, user, now: datetime) -> GameBrief:
    """A challenge `user` is asked to answer (no game yet: `game` is None)."""
    challenger = challenge.challenger.name
    game = kinds.label(challenge.kind)
    return GameBrief(
        game=None,
        url=absolute(challenge.get_absolute_url()),
        title=f"{challenger}'s challenge",
        owed=f"{challenger} challenges you to "
        f"{challenge_summary(challenge, reader=user)} Accept or decline.",
        deadline=challenge.expires_at,
        time_left=time_left(challenge.expires_at, now),
        headline=f"{challenger} challenges you to {game}",
    )


def result_brief(game: Game, seat: Seat) -> GameBrief:
    """A finished game and how it ended, for `seat`."""
    if game.status == Game.Status.ABANDONED:
        result = "Cancelled before it started."
    elif game.winner_id is None:
        result = "A draw."
    elif game.winner_id == seat.pk:
        result = "You won."
    else:
        winner = next(s for s in game.seats.all() if s.pk == game.winner_id)
        result = f"{winner.name} won."
    return GameBrief(
        game=game,
        url=absolute(game.get_absolute_url()),
        title=game_title(game, seat),
        result=result,
    )


def compose(
    *, user, address: str, kind: str, subject: str, template: str, context: dict
) -> EmailMultiAlternatives:
    """A text and HTML email from templates/emails/<template>.{txt,html}.

    Every one carries RFC 8058 one-click unsubscribe headers for its kind.
    """
    unsubscribe_url = unsubscribe.link(user, kind)
    context = {
        **context,
        "user": user,
        "subject": subject,
        "site_url": settings.SITE_URL.rstrip("/"),
        "profile_url": absolute(reverse("profile")),
        "unsubscribe_url": unsubscribe_url,
        "unsubscribe_label": unsubscribe.LABELS[kind],
    }
    with timezone.override(user_zone(user)):
        text = render_to_string(f"emails/{template}.txt", context)
        html = render_to_string(f"emails/{template}.html", context)
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={
            "List-Unsubscribe": f"<{unsubscribe_url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
        },
    )
    message.attach_alternative(html, "text/html")
    return message
