from django.urls import path

from . import tokens, views

app_name = "api"

urlpatterns = [
    path("api/v1/openapi.json", views.openapi, name="openapi"),
    path("api/v1/account", views.account, name="account"),
    path("api/v1/games/<int:game_id>", views.game, name="game"),
    path("api/v1/games/<int:game_id>/stream", views.game_stream, name="game_stream"),
    path("api/v1/games/<int:game_id>/move", views.move, name="move"),
    path("api/v1/games/<int:game_id>/chat", views.chat, name="chat"),
    path("api/v1/stream/event", views.event_stream, name="event_stream"),
    path("api/tokens/", tokens.token_list, name="tokens"),
    path("api/tokens/<int:token_id>/revoke/", tokens.token_revoke, name="revoke"),
]
