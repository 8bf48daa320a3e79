import pytest


@pytest.fixture(autouse=True)
def _licences_on_private_media(settings, tmp_path):
    """Uploaded documents go to a folder of the test's own; the federation is the
    EBU (licences) whatever the environment says."""
    settings.MEDIA_ROOT = tmp_path
    settings.KLOVER_FEDERATION = "ebu"
