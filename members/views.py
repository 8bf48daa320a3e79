from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from . import services
from .common.exports import csv_response, wants_export
from .common.lists import Column, rows_html, sorting
from .common.pages import CLUB_MEMBERS, MEMBER_PAGE, cached, cached_list, reader
from .common.paging import page_of
from .domain.age import season_label
from .filters import ClubFilter, DistrictFilter, MemberFilter
from .forms import ClubDetailsForm, MemberImportForm, PrivateDetailsForm
from .models import Club, District, Member, Membership, Notification
from .permissions import (
    can_edit_club,
    can_edit_private_details,
    is_office_staff,
    member_of,
    require,
)
from .tables import ClubMembersTable, DistrictClubsTable

# The notifications page shows the newest this many.
NOTIFICATIONS_SHOWN = 100

SEARCH_KINDS = {
    "member": (MemberFilter, Member.objects.all()),
    "club": (ClubFilter, Club.objects.all()),
    "district": (DistrictFilter, District.objects.all()),
}
MAX_CHOICES = 100
CHOICE = '<li><a href="{}">{}</a></li>'


def search(request):
    """Search District, Club or Member ("Medlem på nätet" navigation bar): one match
    opens it, several are listed (the first MAX_CHOICES) to choose from."""
    kind = request.GET.get("kind", "member")
    if kind not in SEARCH_KINDS:
        kind = "member"
    filter_class, queryset = SEARCH_KINDS[kind]
    query = request.GET.get("q", "").strip()
    found = None
    if query:
        found = _choices(kind, filter_class(request.GET, queryset=queryset).qs)
        if len(found) == 1:
            return redirect(found[0][0])
    return render(
        request,
        "members/search.html",
        {
            "kind": kind,
            "query": query,
            "results": found[:MAX_CHOICES] if found is not None else None,
            "choices": rows_html(CHOICE, found[:MAX_CHOICES]) if found else "",
            "more": bool(found) and len(found) > MAX_CHOICES,
        },
    )


def _choices(kind: str, found) -> list[tuple[str, str]]:
    """The matches as (address, label), one more than are shown; one query."""
    if kind == "member":
        url = reverse("members:member", args=[0]).removesuffix("0/")
        return [
            (f"{url}{mid}/", f"{first} {last} ({mid})")
            for mid, first, last in found.values_list("mid", "first_name", "last_name")[
                : MAX_CHOICES + 1
            ]
        ]
    if kind == "club":
        url = reverse("members:club", args=[0]).removesuffix("0/")
        return [
            (f"{url}{pk}/", f"{name} ({number}), {district}")
            for pk, name, number, district in found.values_list(
                "pk", "name", "number", "district__name"
            )[: MAX_CHOICES + 1]
        ]
    url = reverse("members:district", args=[0]).removesuffix("0/")
    return [
        (f"{url}{pk}/", name) for pk, name in found.values_list("pk", "name")[: MAX_CHOICES + 1]
    ]


def district_detail(request, pk: int):
    district = District.objects.filter(pk=pk).first()
    if district is None:
        return not_found(request)
    table = DistrictClubsTable(district.clubs.all())
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "members/district_detail.html", {"district": district, "table": table})


CLUB_MEMBER_COLUMNS = [
    Column("mid", gettext_lazy("MID"), ("member__mid",)),
    Column("last_name", gettext_lazy("Last name"), ("member__last_name", "member__first_name")),
    Column("first_name", gettext_lazy("First name"), ("member__first_name", "member__last_name")),
    Column("kind", gettext_lazy("Membership"), ("kind", "member__last_name")),
    Column("represents", gettext_lazy("Represents the club"), ("represents", "member__last_name")),
]
CLUB_MEMBER_ROW = (
    '<tr><td><a href="{}{}/">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>'
)


def club_detail(request, pk: int):
    """A club's members this season, 50 a page, sorted by any column; as CSV, all."""
    club = Club.objects.select_related("district").filter(pk=pk).first()
    if club is None:
        return not_found(request)
    season = services.current_season()
    memberships = Membership.objects.filter(club=club, season=season)
    if wants_export(request):
        table = ClubMembersTable(memberships.select_related("member"))
        return csv_response(table.as_values(), f"club-{club.number}-members-{season}.csv")

    def table() -> str:
        return render_to_string(
            "members/includes/_club_members_table.html",
            club_members_table(request, memberships),
            request,
        )

    return render(
        request,
        "members/club_detail.html",
        {
            "club": club,
            "table": cached_list(CLUB_MEMBERS, request, table, scope=f"{club.pk}-{season}"),
            "season": season_label(season),
            "can_edit": can_edit_club(request.user, club),
        },
    )


def club_members_table(request, memberships) -> dict:
    order, headings = sorting(request, CLUB_MEMBER_COLUMNS, "last_name")
    rows, pager = page_of(
        memberships.order_by(*order, "member__mid").values_list(
            "member__mid", "member__last_name", "member__first_name", "kind", "represents"
        ),
        request,
    )
    kinds = dict(Membership.Kind.choices)
    yes, no = _("Yes"), _("No")
    member_url = reverse("members:member", args=[0]).removesuffix("0/")
    return {
        "headings": headings,
        "rows": rows_html(
            CLUB_MEMBER_ROW,
            (
                (member_url, mid, mid, last, first, kinds[kind], yes if represents else no)
                for mid, last, first, kind, represents in rows
            ),
        ),
        "pager": pager,
    }


@login_required
def club_edit(request, pk: int):
    club = get_object_or_404(Club, pk=pk)
    require(can_edit_club(request.user, club))
    form = ClubDetailsForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        services.update_club_details(club=club, **form.cleaned_data)
        messages.success(request, _("The club's details were saved."))
        return redirect(club)
    return render(request, "members/club_edit.html", {"club": club, "form": form})


def member_page_key(member: Member) -> str:
    """The member page's cache key: the member's page version, the reader's language and
    the day (a ranking result counts until a date)."""
    return (
        f"member-page:{member.pk}:{member.page_version}:{get_language()}:"
        f"{timezone.localdate():%Y%m%d}"
    )


def member_detail(request, mid: int):
    """The member's page. Seen again, one query: the member with what the live parts
    read (a ranking place); the clubs and the other apps' parts are kept in the cache
    under the member's page version, raised by whatever changes them."""
    member = Member.objects.select_related(*MEMBER_PAGE.select_related).filter(mid=mid).first()
    if member is None:
        return not_found(request)
    season = services.current_season()

    def kept() -> dict:
        memberships = list(member.memberships.filter(season=season).select_related("club"))
        return {
            "clubs": str(
                render_to_string("members/includes/_clubs.html", {"memberships": memberships})
            ),
            "parts": MEMBER_PAGE.kept(member, request),
        }

    shown = cached(f"{member_page_key(member)}:page:{reader(request)}", kept)
    return render(
        request,
        "members/member_detail.html",
        {
            "member": member,
            "clubs": mark_safe(shown["clubs"]),  # noqa: S308 (our template)
            "category": member.age_category(season),
            "season": season_label(season),
            "is_own": member_of(request.user) == member,
            "parts": MEMBER_PAGE.merged(shown["parts"], MEMBER_PAGE.live(member, request)),
        },
    )


@login_required
def my_page(request):
    member = member_of(request.user)
    if member is None:
        messages.info(request, _("Your login is not linked to a member."))
        return redirect("members:search")
    return render(
        request,
        "members/my_page.html",
        {
            "member": member,
            "memberships": member.memberships.select_related("club").order_by("-season"),
            "parts": MEMBER_PAGE.render(
                member, request=request, cache_key=f"{member_page_key(member)}:parts"
            ),
        },
    )


@login_required
def notifications(request):
    """The user's notifications, newest first; those shown are read from now on."""
    found = list(Notification.objects.filter(recipient=request.user)[: NOTIFICATIONS_SHOWN + 1])
    shown = found[:NOTIFICATIONS_SHOWN]
    unread = [n.pk for n in shown if n.read_at is None]
    if unread:
        Notification.objects.filter(pk__in=unread).update(read_at=timezone.now())
    return render(
        request,
        "members/notifications.html",
        {"notifications": shown, "unread": set(unread), "more": len(found) > len(shown)},
    )


@login_required
def private_details_edit(request, mid: int):
    member = get_object_or_404(Member, mid=mid)
    require(can_edit_private_details(request.user, member))
    form = PrivateDetailsForm(request.POST or None, instance=member)
    if request.method == "POST" and form.is_valid():
        services.update_private_details(member=member, **form.cleaned_data)
        messages.success(request, _("Your details were saved."))
        return redirect("members:my_page" if member_of(request.user) == member else member)
    return render(request, "members/private_edit.html", {"member": member, "form": form})


@login_required
def member_import(request):
    require(is_office_staff(request.user))
    form = MemberImportForm(request.POST or None, request.FILES or None)
    errors = None
    summary = None
    if request.method == "POST" and form.is_valid():
        filename, text = form.cleaned_data["file"]
        try:
            summary = services.import_members(
                text=text, season=form.cleaned_data["season"], filename=filename
            )
        except services.MemberImportError as exc:
            errors = [
                {"line": e.line, "field": e.field, "text": e.translated(_)} for e in exc.errors
            ]
    return render(
        request,
        "members/member_import.html",
        {"form": form, "errors": errors, "summary": summary},
    )


def not_found(request, exception=None):
    """The site's own 404 page; the public pages return it directly, so that a
    mistyped MID looks the same under the development server (DEBUG) as in production."""
    return render(request, "404.html", status=404)
