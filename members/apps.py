from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MembersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "members"
    verbose_name = _("Member registry")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .security import start_session_clock

        user_logged_in.connect(start_session_clock, dispatch_uid="klover-session-clock")
