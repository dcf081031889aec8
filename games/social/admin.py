"""The social models in the admin (staff only, behind the site's login and
its second factor: accounts.admin): follows, blocks, challenges with their
invitees, presets and who takes challenges from whom.

Challenges are made, answered and ended only by games.social.services (their
inbox lines, deliveries and game go with them): the admin shows them and may
delete one, but neither adds nor edits them.
"""

from django.contrib import admin

from games.social.models import (
    Block,
    Challenge,
    Follow,
    Invitee,
    Preset,
    SocialSettings,
)

USER_SEARCH = ["username", "display_name", "email"]


def _user_search(*fields: str) -> list[str]:
    return [f"{field}__{name}" for field in fields for name in USER_SEARCH]


@admin.register(Follow)
class FollowAdmin(admin.ModelAdmin):
    list_display = ["pk", "follower", "followed", "created_at"]
    search_fields = _user_search("follower", "followed")
    raw_id_fields = ["follower", "followed"]
    date_hierarchy = "created_at"


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ["pk", "user", "blocked", "created_at"]
    search_fields = _user_search("user", "blocked")
    raw_id_fields = ["user", "blocked"]
    date_hierarchy = "created_at"


class InviteeInline(admin.TabularInline):
    model = Invitee
    fields = ["position", "user", "answer", "reason", "muted", "answered_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = [
        "pk",
        "challenger",
        "kind",
        "seat_count",
        "status",
        "created_at",
        "expires_at",
        "game",
    ]
    list_filter = ["status", "kind", "rated"]
    search_fields = _user_search("challenger", "invitees__user")
    date_hierarchy = "created_at"
    inlines = [InviteeInline]

    def get_readonly_fields(self, request, obj=None):
        return [field.name for field in Challenge._meta.fields]

    def has_add_permission(self, request):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("challenger", "game")


@admin.register(Preset)
class PresetAdmin(admin.ModelAdmin):
    list_display = ["pk", "name", "user", "created_at"]
    search_fields = ["name", *_user_search("user")]
    raw_id_fields = ["user"]


# The largest primary key the database holds (a 64-bit integer column).
LARGEST_ID = 2**63 - 1


@admin.register(SocialSettings)
class SocialSettingsAdmin(admin.ModelAdmin):
    """Keyed by its user: an id past any column's range is no row (the ORM
    lets it through a relation's lookup to the database, which fails)."""

    def get_object(self, request, object_id, from_field=None):
        try:
            in_range = 0 < int(object_id) <= LARGEST_ID
        except ValueError:
            in_range = False
        return super().get_object(request, object_id, from_field) if in_range else None

    list_display = ["user", "challenges_from"]
    list_filter = ["challenges_from"]
    search_fields = _user_search("user")
    raw_id_fields = ["user"]
