import os

from celery import Celery
from kombu import transport

# The embedded broker (no REDIS_URL): kombu's filesystem transport, stopping at
# once when the worker is told to (mdeal_site/broker.py). Named by its own URL
# scheme rather than set as the app's transport, so that a connection made to
# another URL (a test's private Redis) is that URL's transport.
transport.TRANSPORT_ALIASES.setdefault("mdealfiles", "mdeal_site.broker:Transport")

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mdeal_site.settings")

app = Celery("mdeal_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
