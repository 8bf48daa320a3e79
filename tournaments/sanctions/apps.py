from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SanctionsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.sanctions"
    label = "sanctions"
    verbose_name = _("Sanctions")

    def ready(self) -> None:
        # Imported here: the page's registry and the selector read models.
        from members.common.pages import Part
        from tournaments.pages import TOURNAMENT_PAGE

        from . import selectors

        TOURNAMENT_PAGE.add(
            Part(
                "sanction",
                selectors.tournament_part,
                {
                    "level": "sanctions/includes/_tournament_level.html",
                    "before_results": "sanctions/includes/_tournament_card.html",
                },
                for_viewer=True,  # the link to the sanction is for those who may see it
            )
        )
