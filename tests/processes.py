"""The site's own processes (uvicorn, a Celery worker, beat, a private Redis),
started for a test against the test database, and stopped by it.

Tests that need the real thing (a pool of connections under load, a worker
that loses its broker) run these as separate processes, as production does.
The data they read must be committed: such tests use ``transactional_db``.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.db import connection

from mdeal_site.server import UVICORN_OPTIONS

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def shared_database_url(**options: str) -> str:
    """A DATABASE_URL for the test database this test run uses."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = quote(settings["USER"] or "")
    password = quote(settings["PASSWORD"] or "")
    auth = f"{user}:{password}@" if password else f"{user}@"
    query = "&".join(f"{key}={quote(value)}" for key, value in options.items())
    return (
        f"postgres://{auth}{settings['HOST'] or '127.0.0.1'}:"
        f"{settings['PORT'] or 5432}/{settings['NAME']}"
        + (f"?{query}" if query else "")
    )


def site_env(**overrides: str) -> dict[str, str]:
    """The environment of a site process sharing this test run's database."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST", "DJANGO_ALLOW"))
    }
    env.pop("REDIS_URL", None)
    if settings.REDIS_URL:  # this run's own Redis database (one per xdist worker)
        env["REDIS_URL"] = settings.REDIS_URL
    env.update(
        DATABASE_URL=shared_database_url(),
        # Test-run settings (plain static files storage), but real Celery.
        MDEAL_TESTING="1",
        CELERY_TASK_ALWAYS_EAGER="0",
        LOG_LEVEL="INFO",
        PYTHONUNBUFFERED="1",
    )
    env.update(overrides)
    return env


class Process:
    """One child process, its output in a temporary log file."""

    def __init__(self, name: str, args: list[str], env: dict[str, str]):
        self.name = name
        self.log_path = Path(
            tempfile.mkstemp(prefix=f"mdeal-{name}-", suffix=".log")[1]
        )
        self._log = self.log_path.open("wb")
        self.popen = subprocess.Popen(
            args,
            cwd=ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def alive(self) -> bool:
        return self.popen.poll() is None

    def output(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")

    def kill(self, sig: int = signal.SIGTERM, timeout: float = 10) -> None:
        if self.alive:
            try:
                os.killpg(self.popen.pid, sig)
                self.popen.wait(timeout)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(self.popen.pid, signal.SIGKILL)
                self.popen.wait(5)
        self._log.close()

    def stop(self) -> None:
        self.kill()
        self.log_path.unlink(missing_ok=True)


def wait_for(predicate, *, timeout: float, every: float = 0.1, what: str = "it"):
    """Poll `predicate` until it returns a true value; fail after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"{what} did not happen within {timeout} s")


def port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), 0.2).close()
    except OSError:
        return False
    return True


def python(*args: str) -> list[str]:
    return [sys.executable, *args]


def uvicorn(port: int, env: dict[str, str]) -> Process:
    """The web server as the Procfile starts it."""
    process = Process(
        "web",
        python(
            "-m",
            "uvicorn",
            *UVICORN_OPTIONS,
            *("--host", "127.0.0.1", "--port", str(port)),
            "mdeal_site.asgi:application",
        ),
        env,
    )
    wait_for(lambda: port_open(port) or not process.alive, timeout=30, what="uvicorn")
    assert process.alive, process.output()
    return process


def redis_binary() -> str | None:
    return shutil.which("redis-server")


def redis_server(port: int, workdir: Path) -> Process:
    process = Process(
        "redis",
        [
            redis_binary(),
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
        ],
        os.environ.copy(),
    )
    wait_for(lambda: port_open(port), timeout=10, what="redis-server")
    return process


def solo_worker(redis_url: str, var_dir: Path) -> Process:
    """A Celery worker on `redis_url`, one task at a time, reading the queues
    the settings declare (no -Q), as production starts it."""
    return Process(
        "worker",
        python(
            *("-m", "celery", "--app", "mdeal_site", "worker"),
            *("--loglevel", "INFO", "--pool", "solo"),
        ),
        site_env(REDIS_URL=redis_url, MDEAL_VAR_DIR=str(var_dir)),
    )


def configured(name: str, **env: str | None):
    """Setting ``name`` as settings.py builds it under these variables (None
    unsets one), read in a fresh process."""
    environ = {**os.environ, "DJANGO_SETTINGS_MODULE": "mdeal_site.settings"}
    for key, value in env.items():
        if value is None:
            environ.pop(key, None)
        else:
            environ[key] = value
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps(settings.{name}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)
