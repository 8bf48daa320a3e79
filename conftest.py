"""Project-wide pytest fixtures.

The real results files written by other scoring programs live outside the
repository, in ``../shared/fixtures/`` (see its README). Tests that read them
skip cleanly when the folder is absent (a clone outside this setup).
"""

import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent


def shared_fixtures_dir() -> Path:
    override = os.environ.get("KLOVER_SHARED_FIXTURES")
    return Path(override) if override else REPO_ROOT.parent / "shared" / "fixtures"


@pytest.fixture
def shared_fixtures() -> Path:
    """Path of ../shared/fixtures; skips the test when it is not there."""
    path = shared_fixtures_dir()
    if not path.is_dir():
        pytest.skip(f"shared fixtures not found at {path}")
    return path
