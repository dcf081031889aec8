"""Tournaments by correspondence (issue 29): `pairing` seats each round and
computes the standings, as pure functions of the results."""
