"""Master points pages: the award calculator, ranking lists, promotions and certificates."""

from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from members.common.exports import table_page
from members.common.lists import rows_html
from members.common.pages import RANKING_LIST, filtered, filtered_list
from members.common.paging import page_window
from members.models import Club, Member
from members.permissions import can_edit_club, require
from members.services import current_season

from .domain.core import OutOfRange, UnknownScale
from .domain.sbf.ranking import RankingRow
from .filters import RankingFilter
from .forms import CalculatorForm
from .models import Promotion, RankingScore
from .rulebooks import not_built, rulebook
from .selectors import CLASS_BY_CODE, class_name, in_language, ranking_place
from .selectors import member_awards as member_awards_of
from .services import scale_rows
from .tables import MemberAwardsTable


def calculator(request):
    form = CalculatorForm(request.GET or None)
    rows, problem = None, ""
    if form.is_valid():
        data = form.cleaned_data
        try:
            rows = scale_rows(
                data["table"],
                entries=data["entries"],
                boards=data["boards"],
                met=data["met"],
                level=data["level"] or None,
            )
        except UnknownScale as exc:
            problem = str(exc)
        except OutOfRange as exc:
            problem = in_language(exc.reason)
    return render(
        request,
        "awards/calculator.html",
        {
            "form": form,
            "rows": rows,
            "problem": problem,
            "rules": rulebook().version,
            "no_rulebook": in_language(not_built()),
        },
    )


def display_points(value: Decimal) -> str:
    """Ranking points as the list prints them: no trailing zeros (12, 7.5, 3.25)."""
    return f"{value.normalize():f}" if value else "0"


# A row of the ranking list. The busiest lists print their rows from Python: Django's
# template engine takes about 60 microseconds a row, more than all the page's queries
# (docs/performance.md).
RANKING_ROW = (
    '<tr><td>{}</td><td><a href="{}{}/">{}</a></td><td>{}</td><td class="num">{}</td></tr>'
)


def ranking_rows(rows: list[tuple], places: list[str]) -> str:
    # One reverse() for the page, not one a row.
    member_url = reverse("members:member", args=[0]).removesuffix("0/")
    return rows_html(
        RANKING_ROW,
        (
            (place, member_url, mid, mid, f"{first} {last}", display_points(points))
            for place, (points, _member, _place, _to, mid, first, last) in zip(
                places, rows, strict=True
            )
        ),
    )


def national_places(rows: list[tuple]) -> list[str]:
    """The stored places, a shared one as "2–3" (docs/master-classes-and-ranking.md, 7)."""
    return [
        RankingRow(place, place_to, str(mid), points).place_label
        for points, _member, place, place_to, mid, *_name in rows
    ]


def filtered_places(rows: list[tuple], listed, pager) -> list[str]:
    """Places within a filtered list: the first row's is a count of those above it, a
    shared place's end a count of those level with it (one grouped query for the
    page); the others follow from the order."""
    if not rows:
        return []
    level = dict(
        listed.filter(points__in={row[0] for row in rows})
        .values("points")
        .annotate(n=Count("pk"))
        .values_list("points", "n")
    )
    first = ranking_place(rows[0][0], among=listed)
    labels, place = [], first
    for n, (points, *_rest) in enumerate(rows):
        if n and points != rows[n - 1][0]:
            place = pager.offset + n + 1
        labels.append(RankingRow(place, place + level[points] - 1, "", points).place_label)
    return labels


def ranking_list(request):
    """The ranking, national or filtered, 50 a page; its table kept under the ranking's
    version (members/common/pages.py, cached_list)."""

    fields, table = filtered_list(
        RANKING_LIST,
        request,
        RankingFilter,
        "awards/includes/_ranking_table.html",
        ranking_table,
    )
    return render(
        request,
        "awards/ranking_list.html",
        {
            "filter_fields": fields,
            "table": table,
            "no_rulebook": in_language(not_built()),
        },
    )


def ranking_table(request) -> tuple[dict, RankingFilter | None]:
    """The page's rows in one query whatever the page: the rows of the page's members,
    taken from the list's index (ties by member), with their national places. A filtered
    list counts its places (two queries more)."""
    scores = RankingScore.objects.filter(points__gt=0)
    ranking_filter, listed = filtered(RankingFilter, request, scores)
    window, pager_of = page_window(request)
    national = ranking_filter is None
    # The page's rows, one more for "is there a next page?": the national list's by
    # their stored positions, a filtered one's from its index.
    if national:
        found = RankingScore.objects.filter(position__gt=window.start, position__lte=window.stop)
    else:
        found = RankingScore.objects.filter(
            member_id__in=listed.order_by("-points", "member_id").values("member_id")[window]
        )
    rows = sorted(
        found.values_list(
            "points", "member_id", "place", "place_to", "member__mid", "member__first_name",
            "member__last_name",
        ),
        key=lambda row: (-row[0], row[1]),
    )  # fmt: skip
    pager = pager_of(len(rows))
    rows = rows[: pager.per_page]
    places = national_places(rows) if national else filtered_places(rows, listed, pager)
    return {"rows": ranking_rows(rows, places), "pager": pager}, ranking_filter


def member_awards(request, mid: int):
    """Every award of a member, 50 a page, and as CSV."""
    member = get_object_or_404(Member, mid=mid)
    return table_page(
        request,
        MemberAwardsTable(member_awards_of(member)),
        filename=f"awards-{member.mid}.csv",
        template="awards/member_awards.html",
        context={"member": member},
    )


@login_required
def club_promotions(request, pk: int):
    """The promotions of the club's members: the club hands out pins and certificates."""
    club = get_object_or_404(Club, pk=pk)
    require(can_edit_club(request.user, club))
    promotions = list(
        Promotion.objects.filter(
            member__memberships__club=club,
            member__memberships__season=current_season(),
            member__memberships__represents=True,
        )
        .select_related("member", "tournament")
        .order_by("-reached_on", "member__last_name")[:500]
    )
    for p in promotions:
        p.master_class_name = class_name(p.master_class)
    return render(request, "awards/club_promotions.html", {"club": club, "promotions": promotions})


def certificate(request, mid: int, code: str):
    member = get_object_or_404(Member, mid=mid)
    promotion = get_object_or_404(Promotion, member=member, master_class=code)
    cls = CLASS_BY_CODE.get(code)
    return render(
        request,
        "awards/certificate.html",
        {
            "member": member,
            "promotion": promotion,
            "class_name": class_name(code),
            "stars": cls.stars if cls else 0,
        },
    )
