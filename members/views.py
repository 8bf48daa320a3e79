from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import FilteredRelation, Q
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from . import services
from .common.exports import csv_response, wants_export
from .common.lists import Column, link_html, rows_html, sorting
from .common.pages import (
    CLUB_MEMBERS,
    MEMBER_PAGE,
    SEARCH,
    START_PAGE,
    cached,
    cached_list,
    kept_for_list,
    reader,
)
from .common.paging import page_of
from .domain.age import season_label
from .filters import ClubFilter, DistrictFilter, MemberFilter
from .forms import ClubDetailsForm, MemberImportForm, PrivateDetailsForm, PromotionListsForm
from .models import Club, District, Member, Membership, Notification
from .permissions import (
    can_edit_club,
    can_edit_private_details,
    is_office_staff,
    member_of,
    require,
    roles_of,
    viewer_of,
)
from .tables import ClubMembersTable, DistrictClubsTable

# The notifications page shows the newest this many.
NOTIFICATIONS_SHOWN = 100
# The member lookup answers with at most this many (tournaments/manual/rosters.py
# LOOKUP_LIMIT: the roster form lists as many to choose from).
MEMBER_LOOKUP_LIMIT = 20

SEARCH_KINDS = {
    "member": (MemberFilter, Member.objects.all()),
    "club": (ClubFilter, Club.objects.all()),
    "district": (DistrictFilter, District.objects.all()),
}
SEARCH_PER_PAGE = 50
CHOICE_ROW = '<tr><td><a href="{}">{}</a></td><td>{}</td><td>{}</td></tr>'
CHOICE = '<li><a href="{}">{}</a></li>'


def search(request):
    """Search District, Club or Member ("Medlem på nätet" navigation bar): one match
    opens it, several are listed 50 a page with how many matched. Without a query the
    districts are listed, and the clubs page by page; a member must be searched for."""
    kind = request.GET.get("kind", "member")
    if kind not in SEARCH_KINDS:
        kind = "member"
    query = request.GET.get("q", "").strip()
    context: dict = {"kind": kind, "query": query, "results": ""}
    if query or kind != "member":
        # Kept under the search's version, raised by whatever changes a name, a club
        # or its town (members/common/pages.py, SEARCH).
        found = kept_for_list(
            SEARCH,
            request,
            lambda: _search_results(request, kind, query),
            scope=services.current_season(),
        )
        if found["go"]:
            return redirect(found["go"])
        context["results"] = mark_safe(found["html"])  # noqa: S308 (our template)
    return render(request, "members/search.html", context)


def _search_results(request, kind: str, query: str) -> dict:
    """The search's page of results as HTML, or the one match to go to (``go``)."""
    filter_class, queryset = SEARCH_KINDS[kind]
    if query:
        queryset = filter_class(request.GET, queryset=queryset).qs
    found, pager = page_of(_search_rows(kind, queryset), request, per_page=SEARCH_PER_PAGE)
    choices = _choices(kind, found)
    if query and len(choices) == 1 and pager.number == 1 and not pager.has_next:
        return {"go": choices[0][0], "html": ""}
    count = None
    if query:
        # Only a search of more than one page needs a count (one more query); the
        # pages before a short last one were full.
        count = queryset.count() if pager.has_next else pager.offset + len(choices)
    context = {
        "kind": kind,
        "found": bool(choices),
        "shown": len(choices),
        "rows": rows_html(CHOICE if kind == "district" else CHOICE_ROW, choices),
        "pager": pager,
        "count": count,
    }
    html = render_to_string("members/includes/_search_results.html", context, request)
    return {"go": None, "html": str(html)}


def _search_rows(kind: str, found):
    """The values a result row shows, in a stable order to page by."""
    if kind == "member":
        # A member's town is a private detail (docs/decisions.md): the row shows the
        # town of the club they represent. At most one such membership a season.
        represented = FilteredRelation(
            "memberships",
            condition=Q(
                memberships__season=services.current_season(), memberships__represents=True
            ),
        )
        return (
            found.annotate(represented=represented)
            .order_by("last_name", "first_name", "mid")
            .values_list(
                "mid",
                "first_name",
                "last_name",
                "represented__club",
                "represented__club__name",
                "represented__club__town",
            )
        )
    if kind == "club":
        return found.order_by("name", "number").values_list(
            "pk", "name", "number", "town", "district", "district__name"
        )
    return found.order_by("name", "pk").values_list("pk", "name")


def _choices(kind: str, rows) -> list[tuple]:
    """The rows as (address, label, cells...)."""
    club_url = reverse("members:club", args=[0]).removesuffix("0/")
    if kind == "member":
        url = reverse("members:member", args=[0]).removesuffix("0/")
        return [
            (
                f"{url}{mid}/",
                f"{first} {last} ({mid})",
                link_html(f"{club_url}{club}/", club_name) if club else "–",
                town or "–",
            )
            for mid, first, last, club, club_name, town in rows
        ]
    district_url = reverse("members:district", args=[0]).removesuffix("0/")
    if kind == "club":
        return [
            (
                f"{club_url}{pk}/",
                f"{name} ({number})",
                town or "–",
                link_html(f"{district_url}{district}/", district_name),
            )
            for pk, name, number, town, district, district_name in rows
        ]
    return [(f"{district_url}{pk}/", name) for pk, name in rows]


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
    """The user's start page: their own figures first, then a section for each role
    they hold (club, district, office) with what that role has to do, then their
    details (members.common.pages, START_PAGE)."""
    viewer = viewer_of(request.user)
    parts = START_PAGE.render(viewer, request=request)
    if viewer.member is None and not any(parts.values()):
        messages.info(request, _("Your login is not linked to a member."))
        return redirect("members:search")
    member = viewer.member
    return render(
        request,
        "members/my_page.html",
        {
            "member": member,
            "memberships": (
                member.memberships.select_related("club").order_by("-season") if member else ()
            ),
            "parts": parts,
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
    return render(
        request,
        "members/private_edit.html",
        {"member": member, "form": form, "listing": PromotionListsForm(instance=member)},
    )


@login_required
@require_POST
def promotion_lists_edit(request, mid: int):
    """The member's choice to appear in the published promotion lists, or not: theirs
    (and the office's, who may act for them); their own page shows every promotion."""
    member = get_object_or_404(Member, mid=mid)
    require(can_edit_private_details(request.user, member))
    form = PromotionListsForm(request.POST, instance=member)
    if form.is_valid():
        member.in_promotion_lists = form.cleaned_data["in_promotion_lists"]
        member.save(update_fields=["in_promotion_lists"])
        if member.in_promotion_lists:
            messages.success(request, _("You are shown in the published promotion lists."))
        else:
            messages.success(request, _("You are left out of the published promotion lists."))
    return redirect("members:private_edit", mid=member.mid)


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


@login_required
def member_lookup(request):
    """Members by name or MID as JSON, for the lookup of the forms that name players
    (static/js/member_lookup.js): at most 20, with the club each represents. Only for
    those who enter results, club administrators and the office."""
    roles = roles_of(request.user)
    require(roles.office or bool(roles.clubs))
    query = " ".join(request.GET.get("q", "").split())[:100]
    found = Member.objects.none()
    if query.isascii() and query.isdigit():
        # A MID is at most nine digits; a longer number names nobody.
        if len(query) <= 9:
            found = Member.objects.filter(mid=int(query))
    elif len(query) >= 2:
        found = Member.objects.search(query)
    rows = _search_rows("member", found)[:MEMBER_LOOKUP_LIMIT]
    response = JsonResponse(
        {
            "members": [
                {"mid": mid, "name": f"{first} {last}", "club": club_name or ""}
                for mid, first, last, _club, club_name, _town in rows
            ]
        }
    )
    response["Cache-Control"] = "private, no-store"
    return response


def not_found(request, exception=None):
    """The site's own 404 page; the public pages return it directly, so that a
    mistyped MID looks the same under the development server (DEBUG) as in production."""
    return render(request, "404.html", status=404)
