from django.urls import path

from games.social.consumers import InboxConsumer

from . import consumers

websocket_urlpatterns = [
    path("ws/games/<int:pk>/", consumers.GameConsumer.as_asgi()),
    path("ws/inbox/", InboxConsumer.as_asgi()),
]
