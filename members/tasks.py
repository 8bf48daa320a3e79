from celery import shared_task

from . import services


@shared_task(bind=True, autoretry_for=(ConnectionError,), retry_backoff=True, max_retries=5)
def refresh_members_count(self, season: int | None = None) -> int:
    """Recount every club's members for the season; safe to run twice."""
    return services.refresh_members_count(season=season)


@shared_task
def deliver_webhook(delivery_id: int) -> str:
    """One attempt of a webhook delivery (members.webhooks.deliver); a failed attempt
    queues the next after the backoff. Never raises: the delivery log says what went
    wrong, and the sweep sends again whatever is left pending."""
    from . import webhooks

    try:
        wait = webhooks.deliver(delivery_id)
        if wait is not None:
            webhooks.queue(delivery_id, countdown=wait)
            return "retry"
    except Exception:
        webhooks.log.exception("webhook delivery %s", delivery_id)
        return "error"
    return "done"


@shared_task
def sweep_webhook_deliveries() -> int:
    """Send again the deliveries whose messages were lost; Celery beat, every minute."""
    from . import webhooks

    return webhooks.sweep()
