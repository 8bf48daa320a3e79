from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SanctionsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.sanctions"
    label = "sanctions"
    verbose_name = _("Sanctions")

    def ready(self) -> None:
        # Imported here: the page's registry and the selector read models.
        from members.common.pages import START_PAGE, Part
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
        start = "sanctions/start/"
        START_PAGE.add(
            Part(
                "calendar", selectors.calendar_part, {"player": f"{start}_calendar.html"}, order=40
            )
        )
        START_PAGE.add(
            Part("sanctions", selectors.club_part, {"club": f"{start}_club.html"}, order=30)
        )
        START_PAGE.add(
            Part("district", selectors.district_part, {"district": f"{start}_district.html"})
        )
        START_PAGE.add(
            Part("office_sanctions", selectors.office_part, {"office": f"{start}_office.html"})
        )
