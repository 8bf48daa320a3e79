from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from members.common.pages import START_PAGE, TOURNAMENT_LIST, Part, lists_changed


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from members.models import Club, District

        from . import selectors
        from .models import Tournament
        from .pages import TOURNAMENT_PAGE
        from .teams import EXCLUSIONS_PART, SCORING_PART

        # The tournament list keeps its table under its version: a tournament, or the
        # name of its organiser, saved or deleted one by one.
        for signal in (post_save, post_delete):
            for model in (Tournament, Club, District):
                signal.connect(
                    tournament_list_changed,
                    sender=model,
                    dispatch_uid=f"klover-tournament-list-{model.__name__}",
                )
        START_PAGE.add(
            Part(
                "results",
                selectors.results_part,
                {"player": "tournaments/start/_results.html"},
                order=30,
            )
        )
        START_PAGE.add(
            Part(
                "reports",
                selectors.reports_part,
                {"club": "tournaments/start/_reports.html"},
                order=20,
            )
        )
        START_PAGE.add(
            Part(
                "processing",
                selectors.office_part,
                {"office": "tournaments/start/_office.html"},
                order=20,
            )
        )
        TOURNAMENT_PAGE.add(EXCLUSIONS_PART)
        TOURNAMENT_PAGE.add(SCORING_PART)


def tournament_list_changed(sender, **kwargs) -> None:
    lists_changed(TOURNAMENT_LIST)
