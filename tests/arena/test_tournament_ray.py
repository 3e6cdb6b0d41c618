"""The tournament's Ray backend against a real local Ray head, which the test starts and
stops itself (`ray start --head --block`, ended by its process id: other Ray sessions on
the machine are left alone). Ray tests share one xdist worker (group "ray")."""

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time

import pytest

from reichsstadt.arena.tournament import tournament

from tests.arena.test_tournament import played

RAY_ENV = {
    "RAY_AUTH_MODE": "disabled",                 # token auth is on by default in Ray 2.60
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",    # otherwise Ray swaps 127.0.0.1 for the host's address
}

pytestmark = pytest.mark.xdist_group("ray")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def ray_head():
    import importlib.util

    assert importlib.util.find_spec("ray") is not None, "pip install -e '.[test]' installs Ray"
    saved = {k: os.environ.get(k) for k in RAY_ENV}
    os.environ.update(RAY_ENV)  # before the driver imports ray
    port = _free_port()
    temp = tempfile.mkdtemp(prefix="rsray", dir="/tmp")  # socket paths must stay under 107 characters
    ray_cli = shutil.which("ray")
    assert ray_cli, "the ray command is not on PATH"
    head = subprocess.Popen(
        [ray_cli, "start", "--head", f"--port={port}", "--node-ip-address=127.0.0.1", "--num-cpus=2",
         "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}", "--block"],
        env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert head.poll() is None, "ray start --head exited"
            try:
                socket.create_connection(("127.0.0.1", port), 0.5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the Ray head did not come up in 60 s"
                time.sleep(0.3)
        yield f"127.0.0.1:{port}"
    finally:
        head.send_signal(signal.SIGTERM)  # --block: the head takes its own processes down with it
        try:
            head.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def test_a_tournament_on_a_ray_cluster_plays_the_same_games_as_local_processes(ray_head):
    bots = ["mcts:4", "random", "random"]
    done = []
    on_ray = tournament("norenberc", bots, 3, 6, seed=5, backend="ray", address=ray_head, progress=done.append)
    local = tournament("norenberc", bots, 3, 6, seed=5, jobs=1)
    assert sum(done) == 6
    assert on_ray.backend == "ray"
    assert played(on_ray.games) == played(local.games)
    timing = {"seconds_per_search": 0}
    assert [s.to_json() | timing for s in on_ray.summary] == [s.to_json() | timing for s in local.summary]


def test_a_bot_of_ones_own_from_the_current_folder_travels_with_the_ray_job(ray_head, tmp_path, monkeypatch):
    """A cluster's other machines do not have the researcher's folder: the job ships the
    bot's package (and a single-module bot's file) with reichsstadt's, and its games are
    played as on local processes."""
    import glob
    import uuid

    package, single = f"policy_{uuid.uuid4().hex[:10]}", f"single_{uuid.uuid4().hex[:10]}"
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / package / "bot.py").write_text("class Bot:\n    def act(self, seat):\n"
                                               "        return seat.legal()[0]\n\n"
                                               "def make_bot(seed=0):\n    return Bot()\n")
    (tmp_path / f"{single}.py").write_text("class Bot:\n    def act(self, seat):\n"
                                           "        return seat.legal()[-1]\n")
    monkeypatch.chdir(tmp_path)
    bots = [f"{package}.bot:make_bot", f"{single}:Bot", "random"]
    on_ray = tournament("norenberc", bots, 3, 3, seed=8, backend="ray", address=ray_head)
    local = tournament("norenberc", bots, 3, 3, seed=8, jobs=1)
    assert played(on_ray.games) == played(local.games)
    # the job's files, in the session folders of ray_head's temporary folder
    shipped = os.path.join("/tmp", "rsray*", "session_*", "runtime_resources", "py_modules_files", "*", "")
    assert glob.glob(shipped + f"{package}/bot.py"), "the bot's package went with the job"
    assert glob.glob(shipped + f"{single}.py"), "the single-module bot went with the job"
