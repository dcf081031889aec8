from django.contrib import admin
from django.urls import include, path

from .health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("games/", include("games.urls")),
    path("", include("games.player_urls")),
    path("notifications/", include("notifications.urls")),
]
