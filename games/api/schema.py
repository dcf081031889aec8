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
        "schemas": {"Game": _GAME},
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
                "caller's games.",
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
