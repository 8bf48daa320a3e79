from django.apps import AppConfig


class KloverConfig(AppConfig):
    """The wiring above every app: the pipeline that follows a report, its Celery tasks
    and the demo federation. Like urls.py, it may import every app; no app imports it."""

    name = "config"
    label = "klover"
    verbose_name = "Klöver"

    def ready(self) -> None:
        from celery.schedules import crontab

        from handicap import tasks as handicap_tasks
        from members.tasks import sweep_webhook_deliveries
        from tournaments.signals import results_changed, results_withdrawn

        from . import pipeline, tasks
        from .celery import app

        results_changed.connect(tasks.on_results_changed, dispatch_uid="klover-pipeline")
        results_withdrawn.connect(pipeline.on_results_withdrawn, dispatch_uid="klover-withdrawn")
        # Celery beat (production): the sweep that runs again reports whose messages
        # were lost. The embedded default's runner thread sweeps by itself.
        app.conf.beat_schedule = {
            "sweep-stuck-reports": {"task": tasks.sweep_stuck_reports.name, "schedule": 60.0},
            # The handicaps by scoring (002 7.1), informative: once a night is enough.
            "recompute-form-handicaps": {
                "task": handicap_tasks.recompute_form_handicaps.name,
                "schedule": crontab(hour=3, minute=30),
            },
            # Webhook deliveries whose messages were lost (members.webhooks.sweep).
            "sweep-webhooks": {"task": sweep_webhook_deliveries.name, "schedule": 60.0},
        }
