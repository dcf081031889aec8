from django.urls import path

from . import views

app_name = "social"

urlpatterns = [
    path("friends/", views.friends, name="friends"),
    path("friends/find/", views.find, name="find"),
    path("friends/settings/", views.settings, name="settings"),
    path("players/<str:username>/follow/", views.follow, name="follow"),
    path("players/<str:username>/unfollow/", views.unfollow, name="unfollow"),
    path("players/<str:username>/block/", views.block, name="block"),
    path("players/<str:username>/unblock/", views.unblock, name="unblock"),
    path("challenges/", views.challenges, name="challenges"),
    path("challenges/new/", views.challenge_new, name="challenge_new"),
    path("challenges/preset/", views.challenge_preset, name="challenge_preset"),
    path(
        "challenges/presets/<int:pk>/delete/", views.preset_delete, name="preset_delete"
    ),
    path("challenges/<int:pk>/", views.challenge, name="challenge"),
    path("challenges/<int:pk>/answer/", views.challenge_answer, name="answer"),
    path("challenges/<int:pk>/withdraw/", views.challenge_withdraw, name="withdraw"),
    path("inbox/", views.inbox_page, name="inbox"),
    path("inbox/bell/", views.bell, name="bell"),
    path("inbox/read/", views.inbox_read_all, name="read_all"),
    path("inbox/<int:pk>/", views.inbox_go, name="go"),
    path("inbox/<int:pk>/read/", views.inbox_read, name="read"),
]
