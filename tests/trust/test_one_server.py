"""One server per instance folder: a second `companion serve` on the same folder refuses to
start and says which process holds it and how to open that one; the lock of a process that
died (SIGKILL) is taken over; another folder can be served beside it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest
from trustlib import ROOT, Client, ServeProcess, free_port, wait_for_port

from companion.serving import LOCK_NAME


@pytest.fixture
def servers(tmp_path) -> Iterator[list[ServeProcess]]:
    """Servers a test starts; every one is stopped at the end, whatever happens."""
    started: list[ServeProcess] = []
    try:
        yield started
    finally:
        for server in started:
            server.stop()


def serve(servers: list[ServeProcess], tmp_path, instance, wait: bool = True) -> ServeProcess:
    log = tmp_path / f"server{len(servers)}.log"
    server = ServeProcess(instance, free_port(), log)
    servers.append(server)
    server.start(wait=wait)
    return server


def test_a_second_server_on_the_same_folder_refuses_and_names_the_first(servers, tmp_path):
    instance = tmp_path / "instance"
    first = serve(servers, tmp_path, instance)

    second = serve(servers, tmp_path, instance, wait=False)
    code = second.proc.wait(30)

    said = second.log.read_text()
    assert code == 1
    assert f"pid {first.proc.pid}" in said
    assert first.url in said, "it says where the running one is"
    assert f"{first.url}/referee/{first.referee_token}" in said
    assert "stop the other first" in said
    assert "Traceback" not in said
    referee = Client(first.port)  # the first one serves on, undisturbed
    referee.login(first.referee_token)
    assert referee.get("/healthz").body == "ok"


def test_the_lock_of_a_killed_server_is_taken_over(servers, tmp_path):
    instance = tmp_path / "instance"
    first = serve(servers, tmp_path, instance)
    os.kill(first.proc.pid, signal.SIGKILL)
    first.proc.wait(10)
    stale = json.loads((instance / LOCK_NAME).read_text())
    assert stale["pid"] == first.proc.pid  # the dead process's note is still there

    second = serve(servers, tmp_path, instance)

    assert second.proc.poll() is None
    assert json.loads((instance / LOCK_NAME).read_text())["pid"] == second.proc.pid
    referee = Client(second.port)
    referee.login(second.referee_token)
    assert referee.get("/").status == 200


def test_a_lock_file_left_by_a_dead_process_does_not_block(servers, tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / LOCK_NAME).write_text(json.dumps({"pid": 999999, "url": "http://gone:1"}))

    server = serve(servers, tmp_path, instance)

    assert server.proc.poll() is None
    assert json.loads((instance / LOCK_NAME).read_text())["url"] == server.url


def test_two_folders_are_served_side_by_side(servers, tmp_path):
    one = serve(servers, tmp_path, tmp_path / "one")
    two = serve(servers, tmp_path, tmp_path / "two")

    for server in (one, two):
        assert server.proc.poll() is None
        assert Client(server.port).get("/healthz").body == "ok"


def test_a_server_stopped_with_ctrl_c_frees_the_folder(servers, tmp_path):
    instance = tmp_path / "instance"
    first = serve(servers, tmp_path, instance)
    first.stop()
    assert first.proc.returncode is not None

    again = serve(servers, tmp_path, instance)

    assert again.proc.poll() is None


def test_the_refusal_without_a_known_address_still_says_what_to_do(tmp_path):
    # A holder that wrote nothing yet (it is starting): the message still names the way out.
    instance = tmp_path / "instance"
    instance.mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(instance / LOCK_NAME)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        port = free_port()
        done = subprocess.run(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1"]
            + ["--port", str(port), "--instance", str(instance)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        holder.kill()
        holder.wait(10)
    assert done.returncode == 1
    assert "pid unknown" in done.stderr
    assert "Open the address it printed when it started." in done.stderr
    with pytest.raises(TimeoutError):
        wait_for_port(port, 0.5)


HOLD = """
import fcntl, sys, time
f = open(sys.argv[1], "a+")
fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
print("held", flush=True)
time.sleep(60)
"""


def test_restore_refuses_while_a_server_runs_on_the_folder(servers, tmp_path):
    instance = tmp_path / "instance"
    first = serve(servers, tmp_path, instance)
    done = companion("backup", "--instance", str(instance))
    assert done.returncode == 0, done.stderr
    backup = done.stdout.strip().removeprefix("backed up to ")
    before = (instance / "companion.db").stat().st_mtime_ns

    refused = companion("restore", backup, "--instance", str(instance))

    assert refused.returncode == 1
    assert f"pid {first.proc.pid}" in refused.stderr
    assert "Stop it before restoring a backup." in refused.stderr
    assert (instance / "companion.db").stat().st_mtime_ns == before
    first.stop()
    restored = companion("restore", backup, "--instance", str(instance))
    assert restored.returncode == 0, restored.stderr


def companion(*args: str) -> subprocess.CompletedProcess:
    """The `companion` command, run to its end."""
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
