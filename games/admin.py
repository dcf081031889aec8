from django.contrib import admin

from games.models import Game, GameEvent, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "user", "bot", "status", "missed_deadlines", "joined_at"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Read-only: game state changes only through games.services."""

    list_display = ["pk", "status", "seat_count", "public", "version", "deadline_at"]
    list_filter = ["status", "public"]
    search_fields = ["pk", "seats__user__username"]
    readonly_fields = [
        "created_by",
        "seat_count",
        "seconds_per_decision",
        "options",
        "invite_token",
        "status",
        "version",
        "snapshot",
        "deadline_at",
        "deadlines",
        "winner",
        "created_at",
        "started_at",
        "finished_at",
    ]
    inlines = [SeatInline]

    def get_exclude(self, request, obj=None):
        # The snapshot holds every hand and the draw pile: hidden until the end.
        if obj is not None and not obj.is_over:
            return ["snapshot"]
        return []

    def get_readonly_fields(self, request, obj=None):
        return [
            f for f in self.readonly_fields if f not in self.get_exclude(request, obj)
        ]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(GameEvent)
class GameEventAdmin(admin.ModelAdmin):
    """Events are append-only: viewable by staff, never edited or deleted."""

    list_display = ["game", "seq", "type", "seat", "cause", "created_at"]
    list_filter = ["type", "cause"]
    list_select_related = ["game"]
    raw_id_fields = ["game"]

    def get_exclude(self, request, obj=None):
        # Event data holds hands and draws: hidden until the game is over.
        if obj is not None and not obj.game.is_over:
            return ["data"]
        return []

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
