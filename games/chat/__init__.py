"""The table's chat: what players (and, apart, spectators) write to each other.

Two rooms per game: the players' and, for a public game, the spectators'.
While the game is played each audience reads only its own room (nobody can
coach a player); once it is over both are open to everyone who may see the
game. Only people write here: the site itself, bots included, never posts a
message (the history's lines stay in the history). Muting, reports and
staff suspensions are the moderation; chat emails go through
`games.notifications` (opt-in, batched, with unsubscribe).
"""
