"""Project-wide pytest fixtures.

- ``shared_fixtures``: the real results files written by other scoring programs
  live outside the repository, in ``../shared/fixtures/`` (see its README).
  Tests that read them skip cleanly when the folder is absent.
- Celery: ordinary tests run tasks eagerly, in-process, even when REDIS_URL is
  set. Tests marked ``worker`` get a real ``celery worker`` process over Redis
  (``celery_worker_process``); they need REDIS_URL and PostgreSQL (the worker
  must see the test database) and skip otherwise, unless KLOVER_REQUIRE_WORKER
  is set, as in CI, where a skip would hide a broken pipeline and fails instead.
"""

import contextlib
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest

REPO_ROOT = Path(__file__).resolve().parent


def shared_fixtures_dir() -> Path:
    override = os.environ.get("KLOVER_SHARED_FIXTURES")
    return Path(override) if override else REPO_ROOT.parent / "shared" / "fixtures"


def production_environment(**extra: str) -> dict[str, str]:
    """This process's environment as production sets it (DEBUG off, a real secret, one
    host), without the test run's database and broker: for a subprocess that checks
    the production settings."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="a9Qw-very-long-production-secret-9e8r7t6y5u4i3o2p1zXcVbNm0lKjHgF",
        ALLOWED_HOSTS="klover.example.se",
        **extra,
    )
    return env


@pytest.fixture
def shared_fixtures() -> Path:
    """Path of ../shared/fixtures; skips the test when it is not there."""
    path = shared_fixtures_dir()
    if not path.is_dir():
        pytest.skip(f"shared fixtures not found at {path}")
    return path


@pytest.fixture(autouse=True)
def _sbf_unless_told(settings):
    """The tests are the SBF's unless one says otherwise (``settings.KLOVER_FEDERATION``),
    whatever the environment that runs them."""
    settings.KLOVER_FEDERATION = "sbf"


@pytest.fixture(autouse=True)
def _second_factor_only_where_tested(request, settings):
    """Officials log in with a second factor (members.security); the tests of pages
    log them in with force_login, and those marked ``two_factor`` test the factor."""
    settings.KLOVER_TWO_FACTOR = request.node.get_closest_marker("two_factor") is not None


@pytest.fixture(autouse=True)
def _empty_page_cache(settings):
    """Each test starts with an empty cache of its own process: a rolled-back test's
    ids are given again with the same page versions, and the test databases of
    parallel runs give the same ids (in a shared Redis they would read each other's
    pages; clearing it would also empty the broker's database)."""
    from django.core.cache import cache

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Logins made by factories hash their password; the real hasher takes a
    third of a second a login on purpose, which only slows the tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _celery_mode(request, settings):
    from config.celery import app

    if request.node.get_closest_marker("worker"):
        settings.PIPELINE_RUNNER = "celery"
        yield
        return
    # The steps run where they are started (Celery eager), in the test's transaction.
    settings.PIPELINE_RUNNER = "inline"
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


def _skip_or_fail(reason: str):
    if os.environ.get("KLOVER_REQUIRE_WORKER"):
        pytest.fail(f"KLOVER_REQUIRE_WORKER is set but {reason}")
    pytest.skip(reason)


def _database_url(settings_dict) -> str:
    user = quote(settings_dict.get("USER") or "")
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{quote(password)}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


@contextlib.contextmanager
def running_worker(
    *,
    pool: str = "solo",
    extra_env: dict[str, str] | None = None,
    app_module: str = "config",
    concurrency: int = 1,
):
    """Start `celery -A config worker` (or another app module) on a private queue
    against the test database.

    Tasks sent from this process go to that queue while the worker runs.
    """
    from django.db import connection

    from config.celery import app

    if not os.environ.get("REDIS_URL"):
        _skip_or_fail("REDIS_URL is not set: no broker for a real worker")
    if connection.vendor != "postgresql":
        _skip_or_fail("a real worker needs PostgreSQL (it cannot see SQLite's in-memory test db)")

    queue = f"klover-test-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ)
    env.update(
        DATABASE_URL=_database_url(connection.settings_dict),
        CELERY_QUEUE=queue,
        PYTHONUNBUFFERED="1",
        **(extra_env or {}),
    )
    log_path = REPO_ROOT / "test-artifacts" / f"worker-{queue}.log"
    log_path.parent.mkdir(exist_ok=True)
    log = log_path.open("w")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            app_module,
            "worker",
            f"--pool={pool}",
            f"--concurrency={concurrency}",
            "-Q",
            queue,
            "-n",
            f"{queue}@%h",
            "--loglevel=INFO",
        ],
        cwd=REPO_ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    saved = app.conf.task_default_queue, app.conf.task_always_eager
    app.conf.task_default_queue = queue
    app.conf.task_always_eager = False
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"celery worker exited with {process.returncode}: see {log_path}")
            if app.control.ping(destination=[f"{queue}@{os.uname().nodename}"], timeout=1):
                break
        else:
            pytest.fail(f"celery worker did not answer within 60 s: see {log_path}")
        process.log_path = log_path
        yield process
    finally:
        app.conf.task_default_queue, app.conf.task_always_eager = saved
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real worker shared by the tests of a session."""
    with running_worker() as process:
        yield process
