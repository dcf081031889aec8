from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """Emails and pushes that call players back (inside games/, label kept)."""

    name = "games.notifications"
    label = "notifications"

    def ready(self):
        from django.core import checks

        from games.notifications import addresses, vapid

        addresses.connect_signals()
        checks.register(vapid.keys_check, "notifications", deploy=True)
