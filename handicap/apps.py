from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HandicapConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "handicap"
    verbose_name = _("Handicap")
