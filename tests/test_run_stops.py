"""Ctrl-C under ./scripts/run: honcho sends SIGTERM to the web server, the
worker and beat, and SIGKILL to whatever still runs five seconds later. Each
must stop by itself before then."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.processes import free_port, port_open, wait_for

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
QUEUE_A_TASK = (
    "from mdeal_site.celery import app; app.send_task('celery.accumulate', (1,))"
)


def running_in(groups: set[int]) -> list[tuple[int, int]]:
    """(pid, group) of the live processes of these process groups (a zombie
    waiting for init to reap it is not running)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, group = fields[0], int(fields[2])
        if group in groups and state != "Z":
            found.append((int(stat.parent.name), group))
    return found


def test_ctrl_c_stops_web_worker_and_beat_without_a_kill(tmp_path):
    # The embedded defaults a newcomer runs with: no Redis, SQLite, var/ here.
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST", "DJANGO_", "MDEAL_", "CELERY_"))
        and key not in {"REDIS_URL", "DATABASE_URL", "EMAIL_URL"}
    }
    env.update(
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
        MDEAL_VAR_DIR=str(tmp_path / "var"),
        PYTHONUNBUFFERED="1",
    )
    port = free_port()
    log = tmp_path / "honcho.log"
    command = [BIN / "honcho", "--procfile", "Procfile", "--app-root", ROOT]
    # As scripts/run starts them (after its set-up and migrate).
    with log.open("wb") as out:
        honcho = subprocess.Popen(
            [*command, "start", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for(
            lambda: (
                port_open(port)
                and re.search(r"celery@\S+ ready", log.read_text())
                and "beat: Starting" in log.read_text()
            ),
            timeout=120,
            what="web, worker and beat starting",
        )
        # The worker takes work from the embedded broker (its transport's own
        # loop, mdeal_site/broker.py).
        subprocess.run(
            [sys.executable, "-c", QUEUE_A_TASK], cwd=ROOT, env=env, check=True
        )
        wait_for(
            lambda: re.search(r"celery\.accumulate\[\S+\] succeeded", log.read_text()),
            timeout=30,
            what="the worker running a task",
        )
        time.sleep(1)  # the worker's next wait for work under way

        honcho.send_signal(signal.SIGINT)  # what Ctrl-C in its terminal sends
        started = time.monotonic()
        honcho.wait(30)
        took = time.monotonic() - started
    finally:
        if honcho.poll() is None:
            honcho.terminate()
            honcho.wait(30)
        # Each process runs in a session of its own: nothing may be left.
        groups = {
            int(pid) for pid in re.findall(r"started \(pid=(\d+)\)", log.read_text())
        }
        left = running_in(groups)
        for group in {group for _, group in left}:
            os.killpg(group, signal.SIGKILL)

    output = log.read_text()
    assert not left, f"still running: {left}"
    assert "SIGKILL" not in output, output[-3000:]
    # Honcho's limit is 5 s; each stops in about one (the worker waited for
    # work for 3 to 5 s before it stopped, mdeal_site/broker.py).
    assert took < 3, output[-3000:]
    assert "Warm shutdown" in output
    stopped = re.findall(r"(web|worker|beat)\.1 stopped", output)
    assert sorted(stopped) == ["beat", "web", "worker"]
