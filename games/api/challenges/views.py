"""The Bot API's challenge endpoints (scope `challenge`): list, create,
accept, decline, cancel. Each calls games.social.services, the site's one
write path for challenges, so the refusals are the site's: a block or a
choice of the challenged is "not possible" (403), a challenge the caller is
not in is 404, one no longer open 409, too many at once 429."""

from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from games import kinds
from games.api.answers import answer, json_body, refused
from games.api.auth import ApiRefusal, token_for
from games.api.challenges.payloads import challenge_json, challenges_json
from games.api.models import Scope
from games.errors import GameError
from games.forms import DAY, DECISION_TIME_CHOICES
from games.models import Seat
from games.social import services
from games.social.errors import BadChallenge
from games.social.models import DEFAULT_EXPIRY, Invitee

# A new challenge's settings: each field's JSON type and its default (the
# create form's); "with" names more players to challenge together.
SETTINGS = {
    "kind": (str, kinds.DEFAULT),
    "seats": (int, 2),
    "seconds_per_decision": (int, DAY),
    "options": (dict, None),
    "public": (bool, True),
    "rated": (bool, True),
    "bot": (str, Seat.Bot.SENSIBLE),
    "leaver_bot": (str, Seat.Bot.SENSIBLE),
    "expires_in": (int, DEFAULT_EXPIRY),
    "with": (list, []),
}
TIMES = [seconds for seconds, _label in DECISION_TIME_CHOICES]


def _settings(body) -> dict:
    """The body's settings with the defaults, or BadChallenge (400)."""
    if not isinstance(body, dict):
        raise BadChallenge("Send the challenge's settings as a JSON object.")
    unknown = sorted(set(body) - set(SETTINGS))
    if unknown:
        raise BadChallenge(
            f"Unknown setting {unknown[0]!r}: the settings are {', '.join(SETTINGS)}."
        )
    chosen = {}
    for name, (kind, default) in SETTINGS.items():
        value = body.get(name, default)
        # A bool is an int to Python; not here.
        if value is not None and (
            not isinstance(value, kind) or (kind is int and isinstance(value, bool))
        ):
            raise BadChallenge(f"{name!r} must be a JSON {_type_name(kind)}.")
        chosen[name] = value
    if chosen["seconds_per_decision"] not in TIMES:
        raise BadChallenge(
            "'seconds_per_decision' is one of the site's times: "
            f"{', '.join(str(t) for t in TIMES)}."
        )
    if not all(isinstance(name, str) for name in chosen["with"]):
        raise BadChallenge("'with' is a list of usernames.")
    return chosen


def _type_name(kind) -> str:
    return {
        str: "string",
        int: "integer",
        bool: "true or false",
        dict: "object",
        list: "list",
    }[kind]


@require_GET
def challenge_list(request):
    try:
        token, headers = token_for(request, Scope.CHALLENGE)
    except ApiRefusal as error:
        return refused(error)
    return answer(challenges_json(user=token.user, now=timezone.now()), 200, headers)


@csrf_exempt
@require_POST
def challenge_create(request, username: str):
    """Challenge `username` (and the players in "with") to a game."""
    try:
        token, headers = token_for(request, Scope.CHALLENGE)
    except ApiRefusal as error:
        return refused(error)
    try:
        chosen = _settings(json_body(request, empty={}))
        challenge = services.challenge_create(
            challenger=token.user,
            usernames=[username, *chosen["with"]],
            kind=chosen["kind"],
            seat_count=chosen["seats"],
            seconds_per_decision=chosen["seconds_per_decision"],
            options=chosen["options"],
            public=chosen["public"],
            rated=chosen["rated"],
            bot=chosen["bot"],
            leaver_bot=chosen["leaver_bot"],
            expires_in=chosen["expires_in"],
        )
    except (ApiRefusal, GameError) as error:
        return refused(error, headers)
    return answer(
        challenge_json(challenge, reader=token.user, now=timezone.now()), 201, headers
    )


def _answered(request, challenge_id: int, act):
    """Run `act(user, body)` on a challenge; the challenge as it stands."""
    try:
        token, headers = token_for(request, Scope.CHALLENGE)
    except ApiRefusal as error:
        return refused(error)
    try:
        challenge = act(token.user, json_body(request, empty={}))
    except (ApiRefusal, GameError) as error:
        return refused(error, headers)
    challenge.refresh_from_db()
    return answer(
        challenge_json(challenge, reader=token.user, now=timezone.now()), 200, headers
    )


@csrf_exempt
@require_POST
def challenge_accept(request, challenge_id: int):
    return _answered(
        request,
        challenge_id,
        lambda user, _body: services.challenge_answer(
            challenge_id=challenge_id, user=user, accept=True
        ),
    )


@csrf_exempt
@require_POST
def challenge_decline(request, challenge_id: int):
    """Decline, with an optional {"reason": ...} (Invitee.Reason's values)."""

    def decline(user, body):
        reason = body.get("reason", "") if isinstance(body, dict) else None
        if not isinstance(reason, str):
            reasons = ", ".join(repr(r.value) for r in Invitee.Reason)
            raise BadChallenge(f"'reason' is one of: {reasons}.")
        return services.challenge_answer(
            challenge_id=challenge_id, user=user, accept=False, reason=reason
        )

    return _answered(request, challenge_id, decline)


@csrf_exempt
@require_POST
def challenge_cancel(request, challenge_id: int):
    return _answered(
        request,
        challenge_id,
        lambda user, _body: services.challenge_withdraw(
            challenge_id=challenge_id, user=user
        ),
    )
