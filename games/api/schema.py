"""The Bot API's OpenAPI description, served at /api/v1/openapi.json."""

_ERROR = {
    "description": "Refused: a sentence saying why.",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "properties": {"error": {"type": "string"}},
                "required": ["error"],
            }
        }
    },
}
_GAME = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "kind": {"type": "string", "enum": ["deal", "classic"]},
        "status": {
            "type": "string",
            "enum": ["open", "active", "finished", "abandoned"],
        },
        "version": {"type": "integer"},
        "seat": {"type": ["integer", "null"]},
        "view": {
            "type": ["object", "null"],
            "description": "The engine's view for the caller's seat: exactly what "
            "its table shows (games/engines/*/API.md).",
        },
        "legal_moves": {
            "type": "array",
            "items": {"type": "object"},
            "description": "The engine's JSON of each legal move, when the "
            "caller's seat owes a decision.",
        },
    },
}
_RATE = {
    name: {"schema": {"type": "integer"}, "description": text}
    for name, text in (
        ("X-RateLimit-Limit", "Calls a minute this token may make."),
        ("X-RateLimit-Remaining", "Calls left in this minute."),
        ("X-RateLimit-Reset", "When the minute ends (Unix time)."),
    )
}


def _refusals(*codes: int) -> dict:
    return {str(code): _ERROR for code in codes}


def _get(summary: str, scope: str, body: dict, *codes: int, ndjson=False) -> dict:
    media = "application/x-ndjson" if ndjson else "application/json"
    return {
        "summary": summary,
        "security": [{"token": [scope]}],
        "responses": {
            "200": {
                "description": "OK",
                "headers": _RATE,
                "content": {media: {"schema": body}},
            },
            **_refusals(401, 403, 429, *codes),
        },
    }


_CHALLENGE = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "status": {
            "type": "string",
            "enum": ["open", "started", "declined", "withdrawn", "expired"],
        },
        "direction": {"type": "string", "enum": ["in", "out"]},
        "challenger": {"type": "object"},
        "players": {
            "type": "array",
            "items": {"type": "object"},
            "description": "The challenged: username, name, bot, answer.",
        },
        "kind": {"type": "string"},
        "seats": {"type": "integer"},
        "seconds_per_decision": {"type": "integer"},
        "options": {"type": "object"},
        "public": {"type": "boolean"},
        "rated": {"type": "boolean"},
        "bot": {"type": "string"},
        "leaver_bot": {"type": "string"},
        "expires_at": {"type": "string", "format": "date-time"},
        "game": {"type": ["integer", "null"]},
        "summary": {"type": "string"},
    },
}
_CHALLENGE_SETTINGS = {
    "type": "object",
    "description": "All optional; the defaults are the create form's.",
    "properties": {
        "kind": {"type": "string", "enum": ["deal", "classic"]},
        "seats": {"type": "integer"},
        "seconds_per_decision": {
            "type": "integer",
            "enum": [300, 3600, 14400, 43200, 86400, 259200, 604800],
        },
        "options": {"type": "object", "description": "The engine's Options JSON."},
        "public": {"type": "boolean"},
        "rated": {"type": "boolean"},
        "bot": {"type": "string", "description": "For the seats beyond the named."},
        "leaver_bot": {"type": "string"},
        "expires_in": {
            "type": "integer",
            "enum": [3600, 21600, 86400, 259200, 604800],
        },
        "with": {
            "type": "array",
            "items": {"type": "string"},
            "description": "More players to challenge together.",
        },
    },
}


def _post(summary: str, scope: str, *codes: int, body=None, status="200") -> dict:
    operation = {
        "summary": summary,
        "security": [{"token": [scope]}],
        "responses": {
            status: {
                "description": "OK",
                "headers": _RATE,
                "content": {"application/json": {"schema": _CHALLENGE}},
            },
            **_refusals(401, 403, 429, *codes),
        },
    }
    if body is not None:
        operation["requestBody"] = {
            "required": False,
            "content": {"application/json": {"schema": body}},
        }
    return operation


_CHALLENGE_ID = [
    {
        "name": "challenge_id",
        "in": "path",
        "required": True,
        "schema": {"type": "integer"},
    }
]

_GAME_ID = [
    {"name": "game_id", "in": "path", "required": True, "schema": {"type": "integer"}}
]

SCHEMA = {
    "openapi": "3.1.0",
    "info": {
        "title": "mdeal Bot API",
        "version": "1",
        "description": "Play Monopoly Deal and classic Monopoly on mdeal from "
        "your own program. Make a personal token on /api/tokens/.",
    },
    "components": {
        "securitySchemes": {"token": {"type": "http", "scheme": "bearer"}},
        "schemas": {"Game": _GAME, "Challenge": _CHALLENGE},
    },
    "paths": {
        "/api/v1/account": {
            "get": _get("The token's account and scopes.", "read", {"type": "object"})
        },
        "/api/v1/games/{game_id}": {
            "parameters": _GAME_ID,
            "get": _get("A game as the caller's seat sees it.", "read", _GAME, 404),
        },
        "/api/v1/games/{game_id}/stream": {
            "parameters": [
                *_GAME_ID,
                {
                    "name": "version",
                    "in": "query",
                    "required": False,
                    "schema": {"type": "integer"},
                    "description": "The last version seen: resume after it.",
                },
            ],
            "get": _get(
                "NDJSON: the game at each new version until it ends.",
                "read",
                _GAME,
                404,
                ndjson=True,
            ),
        },
        "/api/v1/stream/event": {
            "get": _get(
                "NDJSON: {type: move_due | game_over, game, version} for the "
                "caller's games; {type: challenge | challenge_started | "
                "challenge_declined | challenge_withdrawn | challenge_expired, "
                "challenge} for their challenges.",
                "read",
                {"type": "object"},
                ndjson=True,
            )
        },
        "/api/v1/games/{game_id}/move": {
            "parameters": _GAME_ID,
            "post": {
                "summary": "Play a move (the engine's JSON) at the version seen.",
                "security": [{"token": ["play"]}],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {
                                    "move": {"type": "object"},
                                    "version": {"type": "integer"},
                                },
                                "required": ["move", "version"],
                            }
                        }
                    },
                },
                "responses": {
                    "200": {"description": "Played", "headers": _RATE},
                    **_refusals(400, 401, 403, 404, 409, 429),
                },
            },
        },
        "/api/v1/bot/account/upgrade": {
            "post": {
                "summary": "Make the token's account a bot account, for good "
                "(refused, 409, after a rated game).",
                "security": [{"token": ["play"]}],
                "responses": {
                    "200": {"description": "A bot account now", "headers": _RATE},
                    **_refusals(401, 403, 409, 429),
                },
            }
        },
        "/api/v1/challenge": {
            "get": _get(
                "The caller's challenges: {received, sent, closed}, each a list "
                "of Challenge.",
                "challenge",
                {"type": "object"},
            )
        },
        "/api/v1/challenge/{username}": {
            "parameters": [
                {
                    "name": "username",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string"},
                }
            ],
            "post": _post(
                "Challenge a player (and those in 'with') to a game.",
                "challenge",
                400,
                404,
                body=_CHALLENGE_SETTINGS,
                status="201",
            ),
        },
        "/api/v1/challenge/{challenge_id}/accept": {
            "parameters": _CHALLENGE_ID,
            "post": _post(
                "Accept: the last acceptance starts the game.",
                "challenge",
                400,
                404,
                409,
            ),
        },
        "/api/v1/challenge/{challenge_id}/decline": {
            "parameters": _CHALLENGE_ID,
            "post": _post(
                "Decline, with an optional reason.",
                "challenge",
                400,
                404,
                409,
                body={
                    "type": "object",
                    "properties": {
                        "reason": {
                            "type": "string",
                            "enum": ["", "not_now", "too_many", "settings", "stranger"],
                        }
                    },
                },
            ),
        },
        "/api/v1/challenge/{challenge_id}/cancel": {
            "parameters": _CHALLENGE_ID,
            "post": _post("Withdraw a challenge you made.", "challenge", 400, 404, 409),
        },
        "/api/v1/games/{game_id}/chat": {
            "parameters": _GAME_ID,
            "post": {
                "summary": "Say something in the players' room.",
                "security": [{"token": ["play"]}],
                "responses": {
                    "201": {"description": "Said", "headers": _RATE},
                    **_refusals(400, 401, 403, 404, 429),
                },
            },
        },
    },
}
