"""How the web server runs: the options the Procfile gives uvicorn, which the
load harness and the tests' live servers use too (tests/test_web_server.py
holds the Procfile to them)."""

# As the Procfile: uvicorn sending no Server header, without the lifespan
# protocol (Channels' router has none), its WebSockets on the websockets
# library's sans-I/O protocol, which waits for the consumer's accept however
# long a busy server takes (daphne aborted a handshake after 5 s, its default,
# with a TCP reset: docs/load.md, "WebSocket connects reset under load").
UVICORN_OPTIONS = (
    *("--no-server-header", "--lifespan", "off"),
    *("--ws", "websockets-sansio"),
)
