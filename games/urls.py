from django.urls import path

from . import views
from .replay import views as replay_views
from .reviews import views as review_views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("mine/", views.mine, name="mine"),
    path("new/", views.create, name="create"),
    path("join/<slug:token>/", views.join, name="join"),
    path("<int:pk>/", views.table, name="table"),
    path("<int:pk>/version/", views.version, name="version"),
    path("<int:pk>/history/", views.history, name="history"),
    path("<int:pk>/replay/", replay_views.replay, name="replay"),
    path("<int:pk>/review/", review_views.review, name="review"),
    path("<int:pk>/export.json", replay_views.export, name="export"),
    path("<int:pk>/join/", views.join_public, name="join_public"),
    path("<int:pk>/leave/", views.leave, name="leave"),
    path("<int:pk>/bots/", views.add_bots, name="add_bots"),
    path("<int:pk>/start/", views.start, name="start"),
    path("<int:pk>/move/", views.move, name="move"),
    path("<int:pk>/play/", views.play, name="play"),
    path("<int:pk>/pay/", views.charge_pay, name="charge_pay"),
    path("<int:pk>/standing/", views.standing, name="standing"),
    path("<int:pk>/resign/", views.resign, name="resign"),
    path("<int:pk>/rematch/", views.rematch, name="rematch"),
    path("<int:pk>/rematch/answer/", views.rematch_answer, name="rematch_answer"),
]
