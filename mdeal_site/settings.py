"""Settings for mdeal, read from the environment with safe development defaults.

DATABASE_URL  default: SQLite file in var/
REDIS_URL     unset: in-memory channel layer, file-system Celery broker, local-memory
              cache; set: Redis for all three
EMAIL_URL     default: console (DEBUG on) or smtp://localhost:25/?tls=0 (DEBUG off);
              smtp://user:password@host:port/?tls=1, smtps://..., file:///dir, locmem:
SECRET_KEY    required when DEBUG is off
VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY, VAPID_SUBJECT
              Web Push keys; unset: made once into var/ (DEBUG on) or push off
"""

import os
import sys
import tempfile
from email.utils import parseaddr
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse, urlunparse

import dj_database_url
from kombu import Queue

from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("MDEAL_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [
        item.strip()
        for item in os.environ.get(name, default).split(",")
        if item.strip()
    ]


DEBUG = env_bool("DEBUG", True)
TESTING = "pytest" in sys.modules or os.environ.get("MDEAL_TESTING") == "1"

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # Django's admin behind the site's login and a second factor.
    "accounts.apps.StaffAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "accounts",
    "games",
    "games.notifications",
    "games.chat",
    "games.tournaments",
    "games.api",
    "games.social",
    # Development tools (benchmarks, the load harness, their data commands):
    # nothing in the apps above imports it.
    "bench",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "mdeal_site.middleware.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before the session is read: a NUL byte never reaches a query.
    "mdeal_site.middleware.NulBytesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "mdeal_site.middleware.UserTimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

# The load harness's sequential run reads each response's queries and CPU time.
if env_bool("MDEAL_REQUEST_COST_HEADERS", False):
    MIDDLEWARE.insert(0, "mdeal_site.middleware.RequestCostMiddleware")

ROOT_URLCONF = "mdeal_site.urls"
# A form refused for its token: a page saying so (an htmx one reloads).
CSRF_FAILURE_VIEW = "mdeal_site.csrf.csrf_failure"
ASGI_APPLICATION = "mdeal_site.asgi.application"
WSGI_APPLICATION = "mdeal_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A fixed, small pool per process, whatever the load. Persistent connections
    # (CONN_MAX_AGE) under ASGI keep one connection for every thread that ever
    # served a request, and ran PostgreSQL out of connections at ten clients.
    # A request waits up to `timeout` seconds for a free connection.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(os.environ.get("DATABASE_POOL_MIN", 1)),
        "max_size": int(os.environ.get("DATABASE_POOL_SIZE", 8)),
        "timeout": float(os.environ.get("DATABASE_POOL_TIMEOUT", 20)),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes (web, worker, beat) share the file: wait for locks.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
    # A file, not memory, so the browser tests' live server threads see the
    # test database; one per test run, so runs side by side do not collide.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"mdeal-test-{os.getpid()}.sqlite3")
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
_VALIDATORS = "django.contrib.auth.password_validation."
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": _VALIDATORS + "UserAttributeSimilarityValidator"},
    {"NAME": _VALIDATORS + "MinimumLengthValidator"},
    {"NAME": _VALIDATORS + "CommonPasswordValidator"},
    {"NAME": _VALIDATORS + "NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"

# django-allauth (65.x): login by username or email, mandatory verification.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
# A taken email is not said on the sign-up form: the form answers as for a new
# address and the address's owner gets an "account already exists" email, so
# nobody can probe which addresses have accounts (usernames are public anyway).
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[mdeal] "
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_LOGIN_ON_PASSWORD_RESET = False
# Confirming the email in the browser that signed up signs in there, so an
# invitation opened before signing up (accounts.adapter) is followed at once.
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_USER_DISPLAY = "accounts.models.user_display"
ACCOUNT_RATE_LIMITS = {
    # Failed logins, per account from any address and per address and account
    # (the policy: accounts.adapter). allauth keeps its defaults for the keys
    # not named here, so each is named.
    "login_failed": "20/1h/key",
    "login_failed_from_address": "5/5m/key",
    # Every login posted from one address, right or wrong, whatever the
    # account: a flood only (allauth's 30 a minute let one player behind a
    # shared address lock out everyone behind it).
    "login": "120/m/ip",
}
# The second factor: an authenticator app (TOTP) and recovery codes, offered
# to everyone on the profile and required of staff before the admin opens
# (accounts.admin).
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "mdeal"
# Proxies in front of the site, each appending the address it saw to
# X-Forwarded-For: allauth takes the client's address from that header (the
# entry this many from the end), and ignores it, as anyone can send it, at 0.
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", 0))

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Serve straight from static/ (no collectstatic) in development and tests,
# including under uvicorn, where runserver's static handler is absent.
WHITENOISE_USE_FINDERS = DEBUG or TESTING
WHITENOISE_AUTOREFRESH = DEBUG and not TESTING
if DEBUG or TESTING:
    STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns when it is missing.
# In development and tests the ASGI app answers /static/ itself, asynchronously
# (asgi.py); in production WhiteNoise serves the collected, hashed files.
SERVE_STATIC_FROM_ASGI = env_bool("SERVE_STATIC_FROM_ASGI", DEBUG or TESTING)
# The web process loads its URLs and table templates at start, then calls
# gc.freeze() (mdeal_site.asgi): not under the tests, whose process is shared.
WARM_UP_AND_FREEZE = env_bool("MDEAL_GC_FREEZE", not TESTING)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG or TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Redis feeds Channels, Celery and the cache when it is set; otherwise embedded
# stand-ins that need no server.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL and TESTING and os.environ.get("PYTEST_XDIST_WORKER"):
    # One Redis database per xdist worker, so one worker's flush spares the rest.
    _worker = int("".join(c for c in os.environ["PYTEST_XDIST_WORKER"] if c.isdigit()))
    REDIS_URL = urlunparse(urlparse(REDIS_URL)._replace(path=f"/{1 + _worker % 15}"))


def redis_channel_layer(url: str) -> dict:
    """The channel layer on Redis: publish and subscribe. A group's message is
    one PUBLISH, which each web process hears once on the one connection it
    subscribes on and hands to its sockets in that group; Channels' list-based
    layer pushed a copy to every socket's list by script and each process
    polled them with BRPOP: 10% more of the web's CPU a move, and pushes a
    fifth later (docs/load.md). What it sends is a nudge: a message lost
    while Redis restarts is late news (the pages poll), as with the other.

    Pub/sub channels belong to the whole Redis server, not to one of its
    databases: the names carry the database's number, so sites (and test
    workers) on other databases of one server do not hear each other."""
    database = urlparse(url).path.strip("/") or "0"
    return {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [url], "prefix": f"mdeal.{database}."},
    }


if REDIS_URL:
    CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS_URL)}
    CACHES = {
        "default": {
            # An empty cache, not a 500, while Redis is down: rate limits fail
            # open. Short timeouts, so an outage costs little time.
            "BACKEND": "mdeal_site.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # Sessions read from Redis, written through to the database: every
    # request reads its session, and the query cost more CPU than the read.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    celery_dir = VAR_DIR / "celery"
    (celery_dir / "queue").mkdir(parents=True, exist_ok=True)
    (celery_dir / "processed").mkdir(parents=True, exist_ok=True)
    # kombu's filesystem transport, stopping at once when the worker is told
    # to (the scheme is registered in mdeal_site/celery.py).
    CELERY_BROKER_URL = "mdealfiles://"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(celery_dir / "queue"),
        "data_folder_out": str(celery_dir / "queue"),
        "processed_folder": str(celery_dir / "processed"),
        "control_folder": str(celery_dir / "control"),
        "store_processed": False,
    }

CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", TESTING)
# Two queues, read in this order by a worker started without -Q: bot moves a
# human waits for (games.tasks.MOVES_QUEUE), then everything else (games of
# bots only, emails, sweeps). With Redis the first is always emptied first
# (queue_order_strategy below); the embedded broker takes them in turn.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_QUEUES = [
    Queue(name, routing_key=name) for name in ("moves", CELERY_TASK_DEFAULT_QUEUE)
]
# No results are kept (the disabled backend holds nothing), so one backend
# serves every thread. Celery otherwise makes one per thread, and under ASGI
# every request has a thread of its own: each move that queued a task looked
# the backend up again, scanning the installed packages (4% of a move).
CELERY_RESULT_BACKEND_THREAD_SAFE = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
# A worker that loses its broker keeps trying to reconnect, for ever.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# Queuing a task while Redis is down must not hold up the move that queued it:
# one quick retry, then the error is logged and the beat sweep finds the work
# again in PostgreSQL.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.1,
    "interval_max": 0.1,
}
if REDIS_URL:
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "socket_connect_timeout": 1,
        "socket_timeout": 5,
        "retry_on_timeout": True,
        # ETA tasks wait unacknowledged in a worker; Redis hands a task to
        # another worker after this long. Deadline tasks are queued only when
        # due within games.services.notify.DEADLINE_ETA_HORIZON (minutes), far less.
        "visibility_timeout": 60 * 60,
        # BRPOP asks the queues in CELERY_TASK_QUEUES's order every time,
        # rather than turning them round after each task.
        "queue_order_strategy": "priority",
    }
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Every follow-up a game owes is due in PostgreSQL (Game.deadline_at: a human's
# deadline, or a bot's short due time), so this sweep finds it whether or not
# its task was ever queued.
SWEEP_SECONDS = float(os.environ.get("MDEAL_SWEEP_SECONDS", 30))
# Seconds the expert bot thinks over a decision (in the Celery worker).
BOT_EXPERT_SECONDS = float(os.environ.get("MDEAL_BOT_EXPERT_SECONDS", 1.0))
# The expert's review of a finished game (games.reviews, docs/review.md): queued
# when a game ends (off in tests, which queue it themselves), judged with this
# many guesses a decision (work, not seconds: the same seed gives the same
# review), at most this many human decisions a game.
REVIEW_AFTER_GAME = env_bool("MDEAL_REVIEW_AFTER_GAME", not TESTING)
REVIEW_GUESSES = int(os.environ.get("MDEAL_REVIEW_GUESSES", 8))
REVIEW_DECISIONS = int(os.environ.get("MDEAL_REVIEW_DECISIONS", 300))
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {
        "task": "games.tasks.deadlines_sweep",
        "schedule": SWEEP_SECONDS,
    },
    # Tournaments due to start, and rounds whose game-over task was lost or
    # whose hard end passed.
    "sweep-tournaments": {
        "task": "games.tournaments.tasks.tournaments_sweep",
        "schedule": SWEEP_SECONDS,
    },
}


def parse_email_url(url: str) -> dict:
    """Turn EMAIL_URL into Django's MAILERS["default"] (console when empty).

    console:  locmem:  file:///path/to/dir  smtp://user:pass@host:587/?tls=1
    smtps://user:pass@host:465
    """
    backends = "django.core.mail.backends."
    if not url or url.startswith("console:"):
        return {"BACKEND": "mdeal_site.mail.ReadableConsoleBackend"}
    if url.startswith("locmem:"):
        return {"BACKEND": backends + "locmem.EmailBackend"}
    parts = urlparse(url)
    if parts.scheme == "file":
        return {
            "BACKEND": "mdeal_site.mail.ReadableFileBackend",
            "OPTIONS": {"file_path": unquote(parts.path)},
        }
    if parts.scheme not in {"smtp", "smtps"}:
        raise ValueError(f"EMAIL_URL: unknown scheme {parts.scheme!r}")
    query = parse_qs(parts.query)
    use_ssl = parts.scheme == "smtps"
    return {
        "BACKEND": backends + "smtp.EmailBackend",
        "OPTIONS": {
            "host": parts.hostname or "localhost",
            "port": parts.port or (465 if use_ssl else 587),
            "username": unquote(parts.username or ""),
            "password": unquote(parts.password or ""),
            "use_ssl": use_ssl,
            "use_tls": not use_ssl and query.get("tls", ["1"])[0] == "1",
            "timeout": 20,
        },
    }


# Development prints emails; production without EMAIL_URL uses a local MTA.
MAILERS = {
    "default": parse_email_url(
        os.environ.get(
            "EMAIL_URL", "console:" if DEBUG else "smtp://localhost:25/?tls=0"
        )
    )
}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "mdeal <noreply@localhost>")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
# Notifications: a "your move" email waits this long, and is not sent when the
# player moved or had the table open meanwhile. Beat sweeps for anything due
# every minute and starts the 08:00 local digests every 15 minutes.
NOTIFY_GRACE_SECONDS = int(os.environ.get("MDEAL_NOTIFY_GRACE_SECONDS", 120))
# Web Push (notifications.vapid): the site's VAPID key pair. The private key as
# PEM, or base64url (raw 32 bytes or DER); the public key, if given, must be its
# pair. Unset in development and tests: a pair is made once into VAPID_KEY_DIR.
# Unset in production: no Web Push (the profile and table offer none).
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_SUBJECT = os.environ.get(
    "VAPID_SUBJECT", "mailto:" + parseaddr(DEFAULT_FROM_EMAIL)[1]
)
VAPID_KEY_DIR = VAR_DIR if DEBUG or TESTING else None
# Push endpoints must be https; http://127.0.0.1 and localhost are accepted too
# with DEBUG on or this set (the browser tests' stand-in push service).
PUSH_ALLOW_LOCAL_ENDPOINTS = env_bool("MDEAL_PUSH_ALLOW_LOCAL_ENDPOINTS", False)
# The push services the site sends to (a subscription's endpoint must be one of
# these hosts or under one): Chrome and Edge's, Firefox's, Safari's, Windows'.
PUSH_SERVICE_HOSTS = env_list(
    "MDEAL_PUSH_SERVICE_HOSTS",
    "fcm.googleapis.com,android.googleapis.com,push.services.mozilla.com,"
    "push.apple.com,notify.windows.com",
)
CELERY_BEAT_SCHEDULE |= {
    "sweep-notifications": {
        "task": "games.notifications.tasks.notifications_sweep",
        "schedule": 60.0,
    },
    "start-digests": {
        "task": "games.notifications.tasks.digests_start",
        "schedule": 15 * 60.0,
    },
}
# Friends and challenges (games.social): expire challenges nobody answered in
# time; forget inbox lines untouched for 90 days.
CELERY_BEAT_SCHEDULE |= {
    "sweep-challenges": {
        "task": "games.social.tasks.challenges_sweep",
        "schedule": 60.0,
    },
    "prune-inbox": {
        "task": "games.notifications.tasks.inbox_prune",
        "schedule": 24 * 60 * 60.0,
    },
}
# A periodic task that waited in the queue longer than its period is dropped
# by the worker: the next one is already on its way. Each sweep queues all
# that is due; without this, a worker back from an hour down ran sixty
# notification sweeps in a row, each queuing every due email again, and a
# worker slower than a minute behind its queue was sent the same records
# again by every sweep (3,200 reminders a minute in the load database).
for _entry in CELERY_BEAT_SCHEDULE.values():
    _entry.setdefault("options", {})["expires"] = _entry["schedule"]
# Shows /healthz's per-part results to a monitor (`Authorization: Bearer ...`).
HEALTHZ_TOKEN = os.environ.get("HEALTHZ_TOKEN", "")

# Content Security Policy: scripts, styles, images and connections from this
# site only; inline script or style only with the response's nonce; no eval.
# CSP3 'self' covers ws:/wss: to this host (Chromium 71+, Safari 16+); the
# table's WebSocket at SITE_URL is named too, for older browsers.
_site = urlparse(SITE_URL)
SITE_WEBSOCKET_ORIGIN = f"{'wss' if _site.scheme == 'https' else 'ws'}://{_site.netloc}"
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "connect-src": [CSP.SELF, SITE_WEBSOCKET_ORIGIN],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# Browser features no page uses, switched off for every response
# (mdeal_site.middleware). Notifications and push stay on for Web Push.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in [
        "accelerometer",
        "autoplay",
        "browsing-topics",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "serial",
        "usb",
        "xr-spatial-tracking",
    ]
)

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 30))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
