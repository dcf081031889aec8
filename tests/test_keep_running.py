"""scripts/keep-running: what the Procfile runs each process under, so that one
process that exits does not make honcho stop the whole site."""

import os
import signal
import subprocess
import time
from pathlib import Path

from tests.processes import wait_for

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "keep-running"


def test_every_procfile_process_runs_under_keep_running():
    lines = (ROOT / "Procfile").read_text().strip().splitlines()
    commands = dict(line.split(": ", 1) for line in lines)
    assert set(commands) == {"web", "worker", "beat"}
    for name in ("web", "worker", "beat"):
        assert commands[name].startswith("scripts/keep-running "), name


def test_a_command_that_exits_is_started_again(tmp_path):
    runs = tmp_path / "runs"
    keeper = subprocess.Popen(
        [SCRIPT, "sh", "-c", f"echo run >> {runs}; exit 3"],
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        wait_for(
            lambda: runs.exists() and len(runs.read_text().split()) >= 2,
            timeout=10,
            what="a second run",
        )
        assert keeper.poll() is None
    finally:
        os.killpg(keeper.pid, signal.SIGTERM)
    keeper.wait(10)
    assert b"exited with status 3; starting it again in 1 s" in keeper.stderr.read()


def test_term_stops_the_command_and_the_loop(tmp_path):
    pid_file = tmp_path / "pid"
    keeper = subprocess.Popen(
        [SCRIPT, "sh", "-c", f"echo $$ > {pid_file}; exec sleep 60"],
        start_new_session=True,
    )
    child = int(
        wait_for(lambda: pid_file.exists() and pid_file.read_text(), timeout=10)
    )
    keeper.send_signal(signal.SIGTERM)  # the loop alone, as a supervisor may
    assert keeper.wait(10) == 0
    time.sleep(0.2)
    assert not Path(f"/proc/{child}").exists()
