"""Telling people what happened: one in-site notification per user, and the same
news by e-mail through Django's mail backend once the change has committed."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mass_mail
from django.db import transaction
from django.utils import timezone

from .models import Member, Notification, Role


def users_with_role(kind: str, *, club_id: int | None = None, district_id: int | None = None):
    """Logins of members holding a role (a club's admins, a district's officials, the office)."""
    roles = Role.objects.filter(kind=kind)
    if club_id is not None:
        roles = roles.filter(club_id=club_id)
    if district_id is not None:
        roles = roles.filter(district_id=district_id)
    return get_user_model().objects.filter(
        member__in=Member.objects.filter(roles__in=roles), is_active=True
    )


def notify(
    users: Iterable,
    *,
    text_sv: str,
    text_en: str,
    url: str = "",
    extra_emails: Iterable[str] = (),
) -> list[Notification]:
    """Write the in-site notifications now; send the e-mails after the commit, so
    nobody is told of a change that was rolled back."""
    # Notes and reasons come from text areas: one line for the list and the
    # subject (a line break in a subject header is refused by the mail library).
    text_sv, text_en = " ".join(text_sv.split()), " ".join(text_en.split())
    now = timezone.now()
    users = {u.pk: u for u in users}
    notes = Notification.objects.bulk_create(
        Notification(
            recipient=u, text_sv=text_sv[:300], text_en=text_en[:300], url=url, created=now
        )
        for u in users.values()
    )
    addresses = {
        m.email for m in Member.objects.filter(user_id__in=users.keys()).exclude(email="")
    } | {e for e in extra_emails if e}
    if addresses:
        body = f"{text_sv}\n\n{text_en}\n"
        if url:
            body += f"\n{settings.SITE_URL.rstrip('/')}{url}\n"
        subject = text_sv[:150]
        messages = [
            (subject, body, settings.DEFAULT_FROM_EMAIL, [address]) for address in sorted(addresses)
        ]
        # robust: a mail server that fails is logged; the step has committed and
        # the in-site notification is there, so the person's page must not fail.
        transaction.on_commit(lambda: send_mass_mail(messages, fail_silently=False), robust=True)
    return notes


def unread_count(user) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return Notification.objects.filter(recipient=user, read_at__isnull=True).count()
