"""Ratings per kind of game: a Rating row per (account, kind), the existing ones
becoming Monopoly Deal's; each RatingChange names its game's kind."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

FIELDS = ("user_id", "bot", "mu", "sigma", "value", "games", "last_played_at")


def copy_to_kinds(apps, schema_editor):
    """Every rating so far was won at Monopoly Deal."""
    old = apps.get_model("games", "Rating")
    new = apps.get_model("games", "KindRating")
    new.objects.bulk_create(
        (new(kind="deal", **row) for row in old.objects.values(*FIELDS).iterator()),
        batch_size=2000,
    )


def copy_back(apps, schema_editor):
    """Back to one rating per account: its Monopoly Deal one."""
    old = apps.get_model("games", "Rating")
    new = apps.get_model("games", "KindRating")
    rows = new.objects.filter(kind="deal").values(*FIELDS).iterator()
    old.objects.bulk_create((old(**row) for row in rows), batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_game_kind"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="KindRating",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True,
                        primary_key=True,
                        serialize=False,
                        verbose_name="ID",
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        default="deal",
                        help_text="The game rated (Game.kind).",
                        max_length=20,
                    ),
                ),
                (
                    "bot",
                    models.CharField(
                        blank=True,
                        default="",
                        help_text="The bot kind this account plays (Seat.Bot); "
                        "empty for people.",
                        max_length=10,
                    ),
                ),
                ("mu", models.FloatField(default=25.0)),
                ("sigma", models.FloatField(default=8.333333333333334)),
                (
                    "value",
                    models.IntegerField(default=1000, help_text="The shown rating."),
                ),
                (
                    "games",
                    models.PositiveIntegerField(
                        default=0, help_text="Rated games played."
                    ),
                ),
                ("last_played_at", models.DateTimeField(blank=True, null=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [
                    models.Index(
                        fields=["kind", "-value", "user"],
                        name="rating_kind_board_idx",
                    ),
                    models.Index(
                        fields=["kind", "last_played_at"],
                        name="rating_kind_active_idx",
                    ),
                ],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("user", "kind"), name="rating_once_per_kind"
                    )
                ],
            },
        ),
        migrations.RunPython(copy_to_kinds, copy_back),
        migrations.DeleteModel(name="Rating"),
        migrations.RenameModel(old_name="KindRating", new_name="Rating"),
        migrations.AddField(
            model_name="ratingchange",
            name="kind",
            field=models.CharField(
                default="deal",
                help_text="The game's kind (Game.kind).",
                max_length=20,
            ),
        ),
        migrations.AddIndex(
            model_name="ratingchange",
            index=models.Index(
                fields=["user", "kind", "-id"], name="rating_change_kind_idx"
            ),
        ),
    ]
