from django.urls import path

from . import views

app_name = "chat"

urlpatterns = [
    path("games/<int:pk>/chat/", views.chat, name="chat"),
    path("games/<int:pk>/chat/post/", views.post, name="post"),
    path("games/<int:pk>/chat/<int:message_id>/report/", views.report, name="report"),
    path("chat/mute/", views.mute, name="mute"),
    path("chat/unmute/", views.unmute, name="unmute"),
]
