from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/games/<int:pk>/", consumers.GameConsumer.as_asgi()),
]
