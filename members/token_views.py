"""The API tokens' pages (issue 23; docs/api.md, "Tokens and scopes"): the office sees,
makes and revokes every kind; a club administrator their clubs' club tokens; a member
their own member tokens. A new token's key is shown once, on the page that made it."""

from __future__ import annotations

import datetime as dt

import django_tables2 as tables
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from .domain.api_access import CLUB, DEFAULT_RATE_PER_MINUTE, KINDS, MEMBER
from .forms import ApiTokenForm
from .models import ApiToken, Club
from .permissions import administered_club_ids, is_office_staff, member_of, require
from .tokens import TokenRefused, create_token, revoke_token

TOKENS_PER_PAGE = 50
# The token's page shows its newest this many audit entries.
AUDIT_SHOWN = 50


class Maker:
    """What the user may do with tokens: read once per request."""

    def __init__(self, user) -> None:
        self.office = is_office_staff(user)
        self.clubs = administered_club_ids(user)
        self.member = member_of(user)

    def kinds(self) -> tuple[str, ...]:
        if self.office:
            return KINDS
        mine: list[str] = []
        if self.clubs:
            mine.append(CLUB)
        if self.member is not None:
            mine.append(MEMBER)
        return tuple(mine)

    def visible(self):
        found = ApiToken.objects.select_related("club", "member").prefetch_related("clubs")
        if self.office:
            return found
        own = Q(kind=ApiToken.Kind.CLUB, club_id__in=self.clubs)
        if self.member is not None:
            own |= Q(kind=ApiToken.Kind.MEMBER, member=self.member)
        return found.filter(own)

    def clubs_to_choose(self):
        return Club.objects.all() if self.office else Club.objects.filter(pk__in=self.clubs)


def owner_of(token: ApiToken) -> str:
    if token.kind == ApiToken.Kind.CLUB and token.club is not None:
        return token.club.name
    if token.kind == ApiToken.Kind.MEMBER and token.member is not None:
        return f"{token.member.full_name} ({token.member.mid})"
    return ", ".join(club.name for club in token.clubs.all()) or "–"


class TokenTable(tables.Table):
    name = tables.Column(
        verbose_name=gettext_lazy("Name"), linkify=("members:token", {"pk": tables.A("pk")})
    )
    kind = tables.Column(verbose_name=gettext_lazy("Kind"))
    owner = tables.Column(verbose_name=gettext_lazy("For"), empty_values=(), orderable=False)
    scopes = tables.Column(verbose_name=gettext_lazy("Scopes"), orderable=False)
    created_at = tables.DateTimeColumn(verbose_name=gettext_lazy("Created"), format="Y-m-d H:i")
    last_used_at = tables.DateTimeColumn(verbose_name=gettext_lazy("Last used"), format="Y-m-d H:i")
    expires_at = tables.DateTimeColumn(verbose_name=gettext_lazy("Expires"), format="Y-m-d H:i")
    revoked_at = tables.DateTimeColumn(verbose_name=gettext_lazy("Revoked"), format="Y-m-d H:i")

    class Meta:
        model = ApiToken
        fields = (
            "name",
            "kind",
            "owner",
            "scopes",
            "created_at",
            "last_used_at",
            "expires_at",
            "revoked_at",
        )
        attrs = {"class": "table table-sm", "id": "api-tokens"}

    def render_owner(self, record: ApiToken) -> str:
        return owner_of(record)

    def render_scopes(self, value) -> str:
        return format_html_join(" ", "<code>{}</code>", ((scope,) for scope in value))


@login_required
def tokens(request):
    maker = Maker(request.user)
    kinds = maker.kinds()
    require(bool(kinds))
    table = TokenTable(maker.visible())
    RequestConfig(request, paginate={"per_page": TOKENS_PER_PAGE}).configure(table)
    return render(request, "members/tokens/list.html", {"table": table, "kinds": kinds})


def _expiry(day: dt.date | None) -> dt.datetime | None:
    """A token valid through ``day`` stops at the midnight after it."""
    if day is None:
        return None
    return timezone.make_aware(dt.datetime.combine(day + dt.timedelta(days=1), dt.time.min))


@login_required
def token_create(request, kind: str):
    maker = Maker(request.user)
    require(kind in maker.kinds())
    form = ApiTokenForm(
        request.POST or None, kind=kind, clubs=maker.clubs_to_choose(), office=maker.office
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        member = data.get("mid") if maker.office else maker.member
        try:
            token, key = create_token(
                kind=kind,
                name=data["name"],
                scopes=data["scopes"],
                club=data.get("club"),
                clubs=data.get("clubs") or (),
                member=member if kind == ApiToken.Kind.MEMBER else None,
                created_by=request.user,
                expires_at=_expiry(data.get("expires")),
                rate_per_minute=data.get("rate_per_minute") or DEFAULT_RATE_PER_MINUTE,
            )
        except TokenRefused as refused:
            form.add_error(None, str(refused))
        else:
            # The key is shown here once and never again; nothing keeps it.
            response = render(request, "members/tokens/created.html", {"token": token, "key": key})
            response["Cache-Control"] = "private, no-store"
            return response
    return render(
        request,
        "members/tokens/form.html",
        {"form": form, "kind": kind, "kind_label": ApiToken.Kind(kind).label},
    )


def _token_for(request, pk: int) -> ApiToken:
    return get_object_or_404(Maker(request.user).visible(), pk=pk)


@login_required
def token_detail(request, pk: int):
    token = _token_for(request, pk)
    return render(
        request,
        "members/tokens/detail.html",
        {
            "token": token,
            "owner": owner_of(token),
            "audit": token.audit.all()[:AUDIT_SHOWN],
            "webhooks": token.webhooks.all(),
        },
    )


@login_required
@require_POST
def token_revoke(request, pk: int):
    token = _token_for(request, pk)
    revoke_token(token)
    messages.success(request, _("The token was revoked; its key no longer works."))
    return redirect("members:token", pk=token.pk)
