"""An example Bot API client: plays your seat in every game that waits for
you, with a simple policy, using only Python's standard library.

    python docs/examples/bot_client.py --url https://your.site --token mdeal_...
    python docs/examples/bot_client.py ... --game 42   # one game, to its end
    python docs/examples/bot_client.py ... --accept-challenges

It reads the stream of your moves due (/api/v1/stream/event), or with --game
that game's stream, and for each game waiting for it reads the game
(/api/v1/games/<id>) and posts one of its legal moves. The policy: lay
properties, then charge rent and play actions, then bank money, then end the
turn; it never resigns. Refusals (a stale version after someone else moved)
are read and the game is read again. With --accept-challenges (a token with
the `challenge` scope) it accepts every challenge it receives, and plays the
game that starts. docs/bot-api.md describes the API.
"""

import argparse
import json
import sys
import time
import urllib.error
import urllib.request

# Move types in the order the policy prefers them (the engine's JSON "type").
PREFERENCE = (
    "PlayProperty",
    "Build",
    "ChargeRent",
    "DealBreaker",
    "SlyDeal",
    "ForcedDeal",
    "CollectDebt",
    "Birthday",
    "PassGo",
    "BankCard",
    "Accept",
    "Pay",
    "Discard",
    "Roll",
    "Buy",
    "EndTurn",
)


class Api:
    def __init__(self, url: str, token: str):
        self.url = url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}

    def call(self, path: str, body: dict | None = None) -> tuple[int, dict]:
        data = json.dumps(body).encode() if body is not None else None
        headers = {**self.headers, "Content-Type": "application/json"}
        request = urllib.request.Request(self.url + path, data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"{}")
        except urllib.error.HTTPError as refused:
            if refused.code == 429:
                time.sleep(int(refused.headers.get("Retry-After", "5")))
            return refused.code, json.loads(refused.read() or b"{}")

    def lines(self, path: str):
        request = urllib.request.Request(self.url + path, headers=self.headers)
        with urllib.request.urlopen(request, timeout=700) as stream:
            for line in stream:
                if line.strip():
                    yield json.loads(line)


def choose(moves: list[dict]) -> dict | None:
    """The move the policy plays among the legal ones (never Resign)."""
    playable = [m for m in moves if m["type"] != "Resign"]
    if not playable:
        return None
    rank = {kind: i for i, kind in enumerate(PREFERENCE)}
    return min(playable, key=lambda m: rank.get(m["type"], len(rank)))


def play_turns(api: Api, game_id: int) -> str:
    """Play every decision the game asks of us now; its status after."""
    while True:
        status, game = api.call(f"/api/v1/games/{game_id}")
        if status != 200:
            raise SystemExit(f"game {game_id}: {game.get('error', status)}")
        move = choose(game["legal_moves"])
        if game["status"] != "active" or move is None:
            return game["status"]
        move.pop("seat", None)  # the seat is always ours
        body = {"move": move, "version": game["version"]}
        status, answer = api.call(f"/api/v1/games/{game_id}/move", body)
        if status not in (200, 409):
            print(f"game {game_id}: refused: {answer.get('error')}", file=sys.stderr)
            return game["status"]


def follow(api: Api, game_id: int) -> str:
    """Play one game to its end, following its stream."""
    version = None
    while True:
        query = f"?version={version}" if version is not None else ""
        for state in api.lines(f"/api/v1/games/{game_id}/stream{query}"):
            version = state["version"]
            if play_turns(api, game_id) != "active":
                return "over"


def on_event(api: Api, event: dict, *, accept_challenges: bool = False) -> None:
    """One line of the event stream: play a game that waits for us; accept a
    challenge made to us, if asked to."""
    if event["type"] == "move_due":
        play_turns(api, event["game"])
    elif event["type"] == "challenge" and accept_challenges:
        challenge = event["challenge"]
        if challenge["direction"] == "in" and challenge["status"] == "open":
            status, answer = api.call(f"/api/v1/challenge/{challenge['id']}/accept", {})
            print(f"challenge {challenge['id']}: {answer.get('status', status)}")


def serve(api: Api, *, accept_challenges: bool = False) -> None:
    """Play every game that waits for us, for ever."""
    while True:
        for event in api.lines("/api/v1/stream/event"):
            on_event(api, event, accept_challenges=accept_challenges)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--game", type=int, help="play this game to its end")
    parser.add_argument(
        "--accept-challenges",
        action="store_true",
        help="accept every challenge received (the token needs `challenge`)",
    )
    args = parser.parse_args(argv)
    api = Api(args.url, args.token)
    status, account = api.call("/api/v1/account")
    if status != 200:
        print(f"refused: {account.get('error')}", file=sys.stderr)
        return 1
    print(f"playing as {account['username']}")
    if args.game:
        follow(api, args.game)
        print(f"game {args.game} is over")
        return 0
    serve(api, accept_challenges=args.accept_challenges)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
