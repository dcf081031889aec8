"""Game engines beside the Deal engine: the written protocol, shared plumbing,
and the classic Monopoly engine (`games.engines.classic`). See protocol.py."""
