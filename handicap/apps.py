from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HandicapConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "handicap"
    verbose_name = _("Handicap")

    def ready(self) -> None:
        # Imported here: the page's registry and the selectors read models.
        from awards.field import FIELD_HANDICAP
        from members.common.pages import MEMBER_PAGE, START_PAGE, Part
        from tournaments.pages import TOURNAMENT_PAGE

        from . import selectors, services

        # The award step's raised gold reads the field's national handicaps from here.
        FIELD_HANDICAP.answer_with(services.field_average_handicaps)

        MEMBER_PAGE.add(
            Part(
                "handicap",
                selectors.member_part,
                {"main": "handicap/includes/_member_handicap.html"},
                order=20,
            )
        )
        START_PAGE.add(
            Part(
                "handicap",
                selectors.start_part,
                {"player": "handicap/start/_player.html"},
                order=20,
            )
        )
        START_PAGE.add(
            Part(
                "handicap_office",
                selectors.office_part,
                {"office": "handicap/start/_office.html"},
                order=70,
            )
        )
        # A handicap event's lists without and with handicap, after the results.
        TOURNAMENT_PAGE.add(
            Part(
                "handicap_lists",
                selectors.tournament_part,
                {"after_results": "handicap/includes/_tournament_lists.html"},
            )
        )
