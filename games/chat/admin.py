"""Moderation in the Django admin: reports with their context, messages,
suspensions and mutes.

A staff member reads a report with the message, its author, the game and
the messages around it in that room, and can delete the message (hidden from
everyone, kept here), suspend the author's chat, or dismiss the report. Game
state is never touched from here.
"""

from django.contrib import admin, messages
from django.contrib.admin.options import ActionLocation
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from games.chat import services
from games.chat.models import Message, Mute, Report, Suspension

# Messages shown before and after the reported one.
CONTEXT = 5


def _game_link(game_id: int):
    return format_html(
        '<a href="{}">Game {}</a> (<a href="{}">its table</a>)',
        reverse("admin:games_game_change", args=[game_id]),
        game_id,
        reverse("games:table", args=[game_id]),
    )


def _context(message: Message):
    """The messages around `message` in its room, it marked, deleted ones too."""
    room = Message.objects.filter(game_id=message.game_id, room=message.room)
    around = list(
        room.filter(pk__lt=message.pk)
        .order_by("-pk")
        .select_related("author")[:CONTEXT]
    )[::-1]
    around += list(
        room.filter(pk__gte=message.pk)
        .order_by("pk")
        .select_related("author")[: CONTEXT + 1]
    )
    rows = format_html_join(
        "",
        '<tr{}><td>{}</td><td>{}</td><td style="white-space:pre-wrap">{}</td>'
        "<td>{}</td></tr>",
        (
            (
                mark_safe(' style="background:#fdf6e3;font-weight:700"')
                if m.pk == message.pk
                else "",
                m.created_at.strftime("%Y-%m-%d %H:%M:%S"),
                m.author.username,
                m.text,
                "deleted" if m.deleted_at else "",
            )
            for m in around
        ),
    )
    return format_html(
        "<table><thead><tr><th>When (UTC)</th><th>Author</th><th>Message</th>"
        "<th></th></tr></thead><tbody>{}</tbody></table>",
        rows,
    )


class _Moderation:
    """Actions shared by the message and report lists."""

    def _messages(self, queryset):
        raise NotImplementedError

    @admin.action(description="Delete the messages (hidden from everyone)")
    def delete_messages(self, request, queryset):
        count = services.messages_delete(
            messages=self._messages(queryset), by=request.user
        )
        self.message_user(request, f"{count} message(s) deleted.", messages.SUCCESS)

    @admin.action(description="Suspend the authors' chat (until lifted)")
    def suspend_authors(self, request, queryset):
        authors = self._messages(queryset).values_list("author_id", flat=True)
        count = services.chat_suspend(
            user_ids=authors, by=request.user, reason="From the admin"
        )
        self.message_user(
            request,
            f"Chat suspended for {count} user(s). Lift it under Suspensions.",
            messages.SUCCESS,
        )

    def get_actions(self, request, action_location=ActionLocation.CHANGE_LIST):
        actions = super().get_actions(request, action_location)
        # Deleting hides a message but keeps it, with its reports.
        actions.pop("delete_selected", None)
        return actions

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Report)
class ReportAdmin(_Moderation, admin.ModelAdmin):
    list_display = [
        "created_at",
        "message_text",
        "author",
        "game",
        "reporter",
        "reason",
        "outcome",
    ]
    list_filter = ["outcome", "reason"]
    list_select_related = ["message__author", "reporter"]
    search_fields = ["message__text", "message__author__username", "reporter__username"]
    actions = ["delete_messages", "suspend_authors", "dismiss"]
    fields = [
        "message_text",
        "author",
        "game",
        "room",
        "context",
        "reporter",
        "reason",
        "created_at",
        "outcome",
        "handled_at",
        "handled_by",
    ]
    readonly_fields = fields

    def _messages(self, queryset):
        return Message.objects.filter(pk__in=queryset.values("message_id"))

    @admin.display(description="Message")
    def message_text(self, report):
        deleted = " (deleted)" if report.message.deleted_at else ""
        return f"{report.message.text}{deleted}"

    @admin.display(description="Author")
    def author(self, report):
        return report.message.author.username

    @admin.display(description="Game")
    def game(self, report):
        return _game_link(report.message.game_id)

    @admin.display(description="Room")
    def room(self, report):
        return report.message.get_room_display()

    @admin.display(description="Around it, in its room")
    def context(self, report):
        return _context(report.message)

    @admin.action(description="Dismiss the reports")
    def dismiss(self, request, queryset):
        count = services.reports_dismiss(reports=queryset, by=request.user)
        self.message_user(request, f"{count} report(s) dismissed.", messages.SUCCESS)

    def has_change_permission(self, request, obj=None):
        return False  # read-only: the actions change things


@admin.register(Message)
class MessageAdmin(_Moderation, admin.ModelAdmin):
    list_display = [
        "pk",
        "created_at",
        "game_id",
        "room",
        "author",
        "text",
        "deleted_at",
    ]
    list_filter = ["room", ("deleted_at", admin.EmptyFieldListFilter)]
    list_select_related = ["author"]
    search_fields = ["text", "author__username", "game__pk"]
    actions = ["delete_messages", "suspend_authors"]
    fields = ["text", "author", "game", "room", "created_at", "context", "deleted_at"]
    readonly_fields = fields

    def _messages(self, queryset):
        return queryset

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description="Game")
    def game(self, message):
        return _game_link(message.game_id)

    @admin.display(description="Around it, in its room")
    def context(self, message):
        return _context(message)


@admin.register(Suspension)
class SuspensionAdmin(admin.ModelAdmin):
    """Lift a suspension by deleting it, or by setting `until` in the past."""

    list_display = ["user", "until", "reason", "created_by", "created_at"]
    raw_id_fields = ["user"]
    readonly_fields = ["created_by", "created_at"]
    search_fields = ["user__username"]

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(Mute)
class MuteAdmin(admin.ModelAdmin):
    list_display = ["user", "muted", "created_at"]
    raw_id_fields = ["user", "muted"]
    search_fields = ["user__username", "muted__username"]
