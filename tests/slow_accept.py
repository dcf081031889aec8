"""An ASGI application for tests/test_web_server.py: it answers HTTP with
"ok", and accepts a WebSocket after as many seconds as its path says
(/6: six seconds), as a consumer does whose reads wait on a busy server."""

import asyncio


async def application(scope, receive, send):
    if scope["type"] == "http":
        await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})
    elif scope["type"] == "websocket":
        await receive()  # websocket.connect
        await asyncio.sleep(float(scope["path"].strip("/") or 0))
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": "accepted"})
        while (await receive())["type"] != "websocket.disconnect":
            pass
