"""The leaderboard and player pages, at the site's root (/leaderboard/, /players/)."""

from django.urls import path

from . import views as player_views

app_name = "players"

urlpatterns = [
    path("leaderboard/", player_views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", player_views.player, name="player"),
]
