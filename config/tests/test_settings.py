import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from config.celery import app
from conftest import production_environment

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_production_settings_pass_check_deploy_without_warnings():
    env = production_environment()
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_development_settings_fail_check_deploy():
    # The guard works: without a real secret, check --deploy must complain.
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG"}}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "security.W009" in result.stderr + result.stdout  # the insecure SECRET_KEY


def test_tasks_run_in_process_without_redis(monkeypatch):
    if os.environ.get("REDIS_URL"):
        assert settings.CELERY_BROKER_URL == os.environ["REDIS_URL"]
        assert settings.CELERY_TASK_ALWAYS_EAGER is False
    else:
        assert settings.CELERY_TASK_ALWAYS_EAGER is True
        assert settings.CELERY_BROKER_URL == "memory://"
    assert app.conf.task_acks_late is True


def test_database_follows_database_url():
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith("postgres") else "sqlite3"
    assert settings.DATABASES["default"]["ENGINE"].endswith(expected)
