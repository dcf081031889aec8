from django.urls import path

from . import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_create, name="create"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/join/", views.tournament_join, name="join"),
    path("<int:pk>/leave/", views.tournament_leave, name="leave"),
    path("<int:pk>/bots/", views.tournament_bot, name="bot"),
    path("<int:pk>/withdraw/", views.tournament_withdraw, name="withdraw"),
]
