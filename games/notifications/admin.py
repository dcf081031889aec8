from django.contrib import admin

from games.notifications.models import (
    Digest,
    FailingAddress,
    Notification,
    PushSubscription,
)


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["pk", "kind", "channel", "user", "game", "due_at", "outcome"]
    list_filter = ["kind", "channel", "outcome"]
    raw_id_fields = ["user", "game"]


@admin.register(Digest)
class DigestAdmin(admin.ModelAdmin):
    list_display = ["pk", "user", "day", "done_at", "outcome"]
    raw_id_fields = ["user"]


@admin.register(FailingAddress)
class FailingAddressAdmin(admin.ModelAdmin):
    list_display = ["email", "failures", "last_failed_at"]
    search_fields = ["email"]


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ["pk", "user", "user_agent", "created_at", "last_success_at"]
    raw_id_fields = ["user"]
