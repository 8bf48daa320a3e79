from celery import shared_task

from . import services


@shared_task(bind=True, autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=5)
def refresh_members_count(self, season: int | None = None) -> int:
    """Recount every club's members for the season; safe to run twice."""
    return services.refresh_members_count(season=season)
