from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from . import services
from .common.exports import csv_response, wants_export
from .common.pages import MEMBER_PAGE
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
    "club": (ClubFilter, Club.objects.select_related("district")),
    "district": (DistrictFilter, District.objects.all()),
}
MAX_CHOICES = 100


def search(request):
    """Search District, Club or Member ("Medlem på nätet" navigation bar)."""
    kind = request.GET.get("kind", "member")
    if kind not in SEARCH_KINDS:
        kind = "member"
    filter_class, queryset = SEARCH_KINDS[kind]
    query = request.GET.get("q", "").strip()
    results = None
    if query:
        found = filter_class(request.GET, queryset=queryset).qs
        results = list(found[: MAX_CHOICES + 1])
        if len(results) == 1:
            return redirect(results[0])
    return render(
        request,
        "members/search.html",
        {
            "kind": kind,
            "query": query,
            "results": results[:MAX_CHOICES] if results else results,
            "more": bool(results) and len(results) > MAX_CHOICES,
        },
    )


def district_detail(request, pk: int):
    district = District.objects.filter(pk=pk).first()
    if district is None:
        return not_found(request)
    table = DistrictClubsTable(district.clubs.all())
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "members/district_detail.html", {"district": district, "table": table})


def club_detail(request, pk: int):
    club = Club.objects.select_related("district").filter(pk=pk).first()
    if club is None:
        return not_found(request)
    season = services.current_season()
    memberships = Membership.objects.filter(club=club, season=season).select_related("member")
    table = ClubMembersTable(memberships)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    if wants_export(request):
        return csv_response(table.as_values(), f"club-{club.number}-members-{season}.csv")
    return render(
        request,
        "members/club_detail.html",
        {
            "club": club,
            "table": table,
            "season": season_label(season),
            "can_edit": can_edit_club(request.user, club),
        },
    )


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


def member_detail(request, mid: int):
    member = Member.objects.filter(mid=mid).first()
    if member is None:
        return not_found(request)
    season = services.current_season()
    memberships = member.memberships.filter(season=season).select_related("club")
    return render(
        request,
        "members/member_detail.html",
        {
            "member": member,
            "memberships": memberships,
            "category": member.age_category(season),
            "season": season_label(season),
            "is_own": member_of(request.user) == member,
            "parts": MEMBER_PAGE.render(member, request=request),
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
            "parts": MEMBER_PAGE.render(member, request=request),
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
