from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LicencesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments.licences"
    label = "licences"
    verbose_name = _("Licences")
