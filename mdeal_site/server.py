"""How the web server runs: the options the Procfile gives uvicorn, which the
load harness and the tests' live servers use too (tests/test_web_server.py
holds the Procfile to them)."""

# As the Procfile: uvicorn sending no Server header, without the lifespan
# protocol (Channels' router has none), its WebSockets on the websockets
# library's sans-I/O protocol, which waits for the consumer's accept however
# long a busy server takes (daphne aborted a handshake after 5 s, its default,
# with a TCP reset: docs/load.md, "WebSocket connects reset under load").
#
# An idle keep-alive connection stays open 75 s, not uvicorn's 5: a browser
# (or a proxy's pool) that sends on a connection as the server closes it sees
# no answer at all. The load harness's players met that race now and then (a
# move or two a run answered with status 0, nothing in the log); 75 s
# is past the idle time of the usual proxies (60 s) and of players' pages
# between two reads, which poll every 30 s.
KEEP_ALIVE_SECONDS = 75
UVICORN_OPTIONS = (
    *("--no-server-header", "--lifespan", "off"),
    *("--ws", "websockets-sansio"),
    *("--timeout-keep-alive", str(KEEP_ALIVE_SECONDS)),
)
