"""The harness's CPU figures (bench/load/cpu.py) and what it runs the site with."""

import os
import socket
import sys

import pytest

from bench.load import cpu, run

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc: Linux only"
)


def test_the_meter_counts_user_and_kernel_time_and_says_the_kernel_share():
    meter = cpu.Meter({"tests": os.getpid()})
    meter.start()
    total = 0
    for i in range(300_000):  # user time
        total += i * i
    left, right = socket.socketpair()
    with left, right:
        # System calls, the kernel's time, until it shows: /proc counts in
        # ticks (10 ms), and 40,000 calls have taken less than one.
        kernel_before = cpu.user_and_system([os.getpid()])[1]
        for _ in range(200):
            for _ in range(5_000):
                left.send(b"x")
                right.recv(1)
            if cpu.user_and_system([os.getpid()])[1] > kernel_before:
                break
    spent = meter.stop()

    assert spent["tests"] > 0
    assert 0 < meter.system["tests"] <= spent["tests"]
    [line] = meter.lines(moves=10)
    share = round(100 * meter.system["tests"] / spent["tests"])
    assert line.startswith("CPU of the tests: ")
    assert line.endswith(f"(10 moves; the kernel's share {share}%)")


def test_user_and_system_add_up_to_the_seconds():
    user, system = cpu.user_and_system([os.getpid()])
    assert user > 0 and system >= 0
    assert cpu.seconds([os.getpid()]) >= user + system


def test_the_site_reviews_finished_games_only_when_asked():
    # A review is per game (seconds of the worker's CPU) and on two cores it
    # slows the moves measured beside it: off unless --reviews.
    quiet = run.site_env(run.arguments(["--sequential", "10"]))
    assert quiet["MDEAL_REVIEW_AFTER_GAME"] == "0"
    asked = run.site_env(run.arguments(["--sequential", "10", "--reviews"]))
    assert asked.get("MDEAL_REVIEW_AFTER_GAME") != "0"
