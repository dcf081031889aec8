from django.urls import path

from . import tokens, views
from .challenges import views as challenges

app_name = "api"

urlpatterns = [
    path("api/v1/openapi.json", views.openapi, name="openapi"),
    path("api/v1/account", views.account, name="account"),
    path("api/v1/games/<int:game_id>", views.game, name="game"),
    path("api/v1/games/<int:game_id>/stream", views.game_stream, name="game_stream"),
    path("api/v1/games/<int:game_id>/move", views.move, name="move"),
    path("api/v1/games/<int:game_id>/chat", views.chat, name="chat"),
    path("api/v1/stream/event", views.event_stream, name="event_stream"),
    path("api/v1/bot/account/upgrade", views.bot_upgrade, name="bot_upgrade"),
    path("api/v1/challenge", challenges.challenge_list, name="challenges"),
    path(
        "api/v1/challenge/<int:challenge_id>/accept",
        challenges.challenge_accept,
        name="challenge_accept",
    ),
    path(
        "api/v1/challenge/<int:challenge_id>/decline",
        challenges.challenge_decline,
        name="challenge_decline",
    ),
    path(
        "api/v1/challenge/<int:challenge_id>/cancel",
        challenges.challenge_cancel,
        name="challenge_cancel",
    ),
    path(
        "api/v1/challenge/<str:username>",
        challenges.challenge_create,
        name="challenge_create",
    ),
    path("api/tokens/", tokens.token_list, name="tokens"),
    path("api/tokens/bot/", views.bot_upgrade_page, name="bot_upgrade_page"),
    path("api/tokens/<int:token_id>/revoke/", tokens.token_revoke, name="revoke"),
]
