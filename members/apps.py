from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MembersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "members"
    verbose_name = _("Member registry")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_delete, post_save

        from . import webhooks
        from .api import schema  # noqa: F401  (registers the token's OpenAPI scheme)
        from .common.pages import START_PAGE, Part
        from .models import Club, District, Member, Membership
        from .security import start_session_clock
        from .selectors import club_part, office_part
        from .services import on_club_changed, on_member_changed
        from .tasks import deliver_webhook

        webhooks.ATTEMPT.register(deliver_webhook)
        user_logged_in.connect(start_session_clock, dispatch_uid="klover-session-clock")
        # The member page keeps the name, status and clubs under the page version.
        for signal in (post_save, post_delete):
            for model in (Member, Membership):
                signal.connect(
                    on_member_changed, sender=model, dispatch_uid=f"klover-page-{model.__name__}"
                )
            for model in (Club, District):
                signal.connect(
                    on_club_changed, sender=model, dispatch_uid=f"klover-search-{model.__name__}"
                )
        START_PAGE.add(Part("clubs", club_part, {"club": "members/start/_clubs.html"}, order=10))
        START_PAGE.add(
            Part("registry", office_part, {"office": "members/start/_office.html"}, order=50)
        )
