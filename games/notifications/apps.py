from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self):
        from django.core import checks

        from notifications import addresses, vapid

        addresses.connect_signals()
        checks.register(vapid.keys_check, "notifications", deploy=True)
