from django.contrib import admin
from django.urls import include, path

from games.notifications.views import service_worker

from .health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    # Web Push's service worker, served from the root: its scope is the site.
    path("sw.js", service_worker, name="service_worker"),
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("", include("accounts.urls")),
    path("games/", include("games.urls")),
    path("", include("games.chat.urls")),
    path("", include("games.ratings.urls")),
    path("tournaments/", include("games.tournaments.urls")),
    path("", include("games.api.urls")),
    path("", include("games.social.urls")),
    path("notifications/", include("games.notifications.urls")),
]
