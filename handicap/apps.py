from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HandicapConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "handicap"
    verbose_name = _("Handicap")

    def ready(self) -> None:
        # Imported here: the page's registry and the selectors read models.
        from members.common.pages import MEMBER_PAGE, START_PAGE, Part

        from . import selectors

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
