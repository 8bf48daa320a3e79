from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LicencesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.licences"
    label = "licences"
    verbose_name = _("Licences")

    def ready(self) -> None:
        # Imported here: the page's registry and the selectors read models.
        from members.common.pages import START_PAGE, Part
        from tournaments.reported import LICENCE_FACTS

        from . import selectors

        # A results file's scale and charge code are checked against its licence.
        LICENCE_FACTS.answer_with(selectors.licence_facts_for)
        start = "licences/start/"
        START_PAGE.add(
            Part(
                "licences", selectors.organiser_part, {"club": f"{start}_organiser.html"}, order=30
            )
        )
        START_PAGE.add(
            Part("office_licences", selectors.office_part, {"office": f"{start}_office.html"})
        )
