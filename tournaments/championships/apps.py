from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChampionshipsConfig(AppConfig):
    """A district's championships (DM-par and DM Lag, seed 003): qualification from the
    heats to the final and the SM places."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.championships"
    label = "championships"
    verbose_name = _("District championships")

    def ready(self) -> None:
        # Imported here: the page's registry and the selectors read models.
        from members.common.pages import START_PAGE, Part

        from . import selectors

        START_PAGE.add(
            Part(
                "championships",
                selectors.district_part,
                {"district": "championships/start/_district.html"},
                order=50,
            )
        )
