"""Challenges through the Bot API: the site's challenges (games.social), made
and answered by a token with the `challenge` scope, and told on the event
stream. Every write goes through games.social.services."""
