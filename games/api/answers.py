"""How the Bot API answers: JSON with the rate headers, a refusal as
{"error": sentence} with its status, and a JSON body read or refused."""

import json

from django.http import JsonResponse

from games.api.auth import ApiRefusal
from games.errors import GameError

NOT_JSON = "The body is not JSON."


def answer(data, status: int = 200, headers: dict | None = None) -> JsonResponse:
    response = JsonResponse(data, status=status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def refused(error: ApiRefusal | GameError, headers=None) -> JsonResponse:
    extra = {**(headers or {}), **getattr(error, "headers", {})}
    return answer({"error": error.message}, status=error.status, headers=extra)


def json_body(request, *, empty=None):
    """The request's JSON body (`empty` when there is none); ApiRefusal 400
    when it is not JSON."""
    if not request.body:
        return empty
    try:
        return json.loads(request.body)
    except (ValueError, RecursionError):
        raise ApiRefusal(400, NOT_JSON) from None
