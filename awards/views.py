"""Master points pages: the award calculator, ranking lists, promotions and certificates."""

from decimal import Decimal

from django.contrib.auth.decorators import login_required
from django.db.models import Count, F, FilteredRelation, OrderBy, Q, Window
from django.db.models.functions import Rank
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from members.common.bulk import fetch_rows
from members.common.exports import csv_response, table_page, wants_export
from members.common.lists import Column, Heading, link_html, rows_html, sorting
from members.common.pages import (
    MASTERPOINTS_LIST,
    RANKING_LIST,
    cached_list,
    filter_fields,
    filtered,
    filtered_list,
    list_version,
)
from members.common.paging import page_window
from members.common.pdf import attachment_name, pdf_response
from members.federation import current as current_federation
from members.models import Club, Member
from members.permissions import can_edit_club, require
from members.services import current_season

from .domain.core import OutOfRange, UnknownScale
from .domain.ebu.core import EbuResult
from .domain.ebu.rulebook import EBU as EBU_RULEBOOK
from .domain.sbf.ranking import RankingRow, shared_places
from .filters import MasterPointsFilter, RankingFilter
from .forms import CalculatorForm, EbuCalculatorForm
from .models import MasterPointHolding, Promotion, RankingScore
from .rulebooks import rulebook
from .selectors import CLASS_BY_CODE, class_name, class_names, in_language
from .selectors import member_awards as member_awards_of
from .services import scale_rows
from .tables import MemberAwardsTable


def calculator(request):
    """The award calculator of the federation's rulebook; from the SBF's, the EBU
    Handbook's can be tried too (``?rulebook=ebu``)."""
    home = current_federation().rulebook
    scheme = request.GET.get("rulebook", home)
    if scheme not in ("sbf", "ebu") or (home == "ebu" and scheme == "sbf"):
        # An EBU database holds no SBF tables (awards.rulebooks): its page is the EBU's.
        scheme = home
    switch = home == "sbf"
    if scheme == "ebu":
        return ebu_calculator(request, switch=switch)
    form = CalculatorForm(request.GET if _asked(request) else None)
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
            "scheme": "sbf",
            "switch": switch,
        },
    )


def _asked(request) -> bool:
    """Whether the visitor asked for a calculation (not only for a scheme)."""
    return any(key != "rulebook" for key in request.GET)


def ebu_calculator(request, *, switch: bool):
    """The EBU Handbook's calculator (awards.domain.ebu.calculator): the options, the
    scale and factor used, each place's points and the Handbook rules behind them."""
    form = EbuCalculatorForm(request.GET if _asked(request) else None)
    result = form.result if form.is_valid() else None
    return render(
        request,
        "awards/calculator.html",
        {
            "form": form,
            "scheme": "ebu",
            "switch": switch,
            "rules": EBU_RULEBOOK.version,
            "result": result and ebu_summary(result),
        },
    )


def ebu_summary(result: EbuResult) -> dict:
    """What the page shows of an EBU result, in the reader's language."""
    data = result.as_json()
    return {
        "scale": data["scale"],
        "status": EBU_STATUS_LABELS.get(result.status, result.status),
        "factor": data["factor"],
        "colour": result.colour,
        "awards": data["awards"],
        "extra": [(EBU_EXTRA_LABELS[key], _extra_value(key, data[key])) for key, _ in result.extra],
        "places": data["places"],
        "gold": any("gold" in row for row in data["places"]),
        "rules": [in_language(rule) for rule in result.rules],
        "why": in_language(result.why),
    }


def _extra_value(key: str, value: object) -> object:
    """An extra figure as the page prints it: the green awards a pairs final passes to
    the best non-qualifiers (6.3.1) as "0.5 (local −50)" each, in place order."""
    if key != "unallocated" or not isinstance(value, list):
        return value
    return ", ".join(
        gettext("%(points)s (local points −%(reduction)s)")
        % {"points": row["points"], "reduction": row["local_reduction"]}
        for row in value
    )


# The statuses of the EBU ladder (awards.domain.ebu.core.LADDER), as the page names them.
EBU_STATUS_LABELS = {
    "below-club": gettext_lazy("One level below Club"),
    "club": gettext_lazy("Club"),
    "district": gettext_lazy("District"),
    "county": gettext_lazy("County"),
    "regional": gettext_lazy("Regional"),
    "national": gettext_lazy("National"),
    "national+1": gettext_lazy("One level above National"),
}
# The keys only some EBU forms give (EbuResult.extra), as the page names them.
EBU_EXTRA_LABELS = {
    "per_match": gettext_lazy("Award per match won"),
    "per_draw": gettext_lazy("Award per match drawn"),
    "won_total": gettext_lazy("For the matches won"),
    "round": gettext_lazy("Round (as if all had played knock-out)"),
    "original_tables": gettext_lazy("Original entry, as deemed (full tables)"),
    "winner_minimum": gettext_lazy("Minimum for the winners"),
    "unallocated": gettext_lazy("Passed to the best non-qualifiers, by place"),
}


def display_points(value: Decimal) -> str:
    """Points as the lists print them: no trailing zeros (12, 7.5, 3.25)."""
    return f"{value.normalize():f}" if value else "0"


# The ranking's columns. By place is best first (the places go up), by points lowest
# first (the points go up): each is the other reversed.
PLACE_ORDER = ("-points", "member_id")
RANKING_COLUMNS = [
    Column("place", gettext_lazy("Place"), PLACE_ORDER),
    Column("mid", gettext_lazy("MID"), css="mid"),
    Column("name", gettext_lazy("Name"), ("member__last_name", "member__first_name", "member_id")),
    Column("club", gettext_lazy("Club"), ("club__name", "-points", "member_id")),
    Column("class", gettext_lazy("Master class"), css="master-class"),
    Column("points", gettext_lazy("Ranking points"), ("points", "-member_id"), css="num"),
]
MASTERPOINTS_COLUMNS = [
    Column("place", gettext_lazy("Place")),
    Column("mid", gettext_lazy("MID"), css="mid"),
    Column("name", gettext_lazy("Name")),
    Column("club", gettext_lazy("Club")),
    Column("class", gettext_lazy("Master class"), css="master-class"),
    Column("points", gettext_lazy("Master points"), css="num"),
]
# The master points list has one order, best first.
MASTERPOINTS_HEADINGS = [Heading(c.label, c.css, None, "") for c in MASTERPOINTS_COLUMNS]

# A row of either list. The busiest lists print their rows from Python: Django's
# template engine takes about 60 microseconds a row, more than all the page's queries
# (docs/performance.md).
LIST_ROW = (
    '<tr><td>{}</td><td class="mid">{}</td><td><a href="{}{}/">{}</a></td><td>{}</td>'
    '<td class="master-class">{}</td><td class="num">{}</td></tr>'
)
# What a row of the ranking reads: the points, the member and the club they represent
# (stored at the refresh), their class (the holding, joined) and their national place.
RANKED = (
    "points", "member_id", "member__mid", "member__first_name", "member__last_name",
    "club_id", "club__name", "member__holding__master_class", "place", "place_to",
)  # fmt: skip
# A filtered list sorted other than by place: its own places, counted over the list.
RANKED_AMONG = (*RANKED[:-2], "listed_place", "listed_to")
# The master points list's rows in the same shape, the club of this season's
# membership (the ``represented`` relation of ``listed_holdings``).
HELD = (
    "master_points", "member_id", "member__mid", "member__first_name", "member__last_name",
    "represented__club", "represented__club__name", "master_class",
)  # fmt: skip
# A club's name may be missing (a member who represents none): such rows go last, in
# either direction and on either database.
NULLABLE = {"club__name"}


def list_rows(rows: list[tuple], places: list[str]) -> str:
    """The rows of the ranking or the master points list (their first eight values as
    ``RANKED``'s), each address made once a page, not once a row."""
    member_url = reverse("members:member", args=[0]).removesuffix("0/")
    club_url = reverse("members:club", args=[0]).removesuffix("0/")
    names = class_names()
    return rows_html(
        LIST_ROW,
        (
            (
                place, mid, member_url, mid, f"{first} {last}",
                link_html(f"{club_url}{club}/", club_name) if club else "–",
                names.get(code, "–"), display_points(points),
            )
            for place, (points, _member, mid, first, last, club, club_name, code, *_place) in zip(
                places, rows, strict=True
            )
        ),
    )  # fmt: skip


def ordering(fields: tuple[str, ...]) -> list:
    """``sorting``'s fields for ``order_by``, a nullable one's empty values last."""
    return [
        OrderBy(F(name), descending=field.startswith("-"), nulls_last=True)
        if (name := field.removeprefix("-")) in NULLABLE
        else field
        for field in fields
    ]


def place_label(place: int, place_to: int) -> str:
    return RankingRow(place, place_to, "", Decimal(0)).place_label


def national_places(rows: list[tuple]) -> list[str]:
    """The stored places, a shared one as "2–3" (docs/master-classes-and-ranking.md, 7)."""
    return [place_label(row[8], row[9]) for row in rows]


def filtered_places(rows: list[tuple], listed, pager, field: str = "points") -> list[str]:
    """Places within a list in its order of ``field`` (highest first): the first row's is
    a count of those above it, a shared place's end a count of those level with it (one
    grouped query for the page); the others follow from the order."""
    if not rows:
        return []
    level = dict(
        listed.filter(**{f"{field}__in": {row[0] for row in rows}})
        .values(field)
        .annotate(n=Count("pk"))
        .values_list(field, "n")
    )
    first = listed.filter(**{f"{field}__gt": rows[0][0]}).count() + 1
    labels, place = [], first
    for n, (points, *_rest) in enumerate(rows):
        if n and points != rows[n - 1][0]:
            place = pager.offset + n + 1
        labels.append(place_label(place, place + level[points] - 1))
    return labels


def places_among(rows: list[tuple]) -> list[str]:
    """Places of every row of a list, in any order, from their points (the first
    value) alone: a download has them all at hand."""
    places = shared_places(row[0] for row in rows)
    return [place_label(*places[row[0]]) for row in rows]


def ranking_list(request):
    """The ranking, national or filtered, sorted by a column, 50 a page; its table kept
    under the ranking's version (members/common/pages.py, cached_list); all of it as CSV."""
    if wants_export(request):
        return ranking_export(request)
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
        },
    )


def ranking_table(request) -> tuple[dict, RankingFilter | None]:
    """The page's rows in one query whatever the page: the national list by its stored
    positions, any other from the index of its order (ties by member), with the class
    joined. A filtered list by place counts its places (two queries more); sorted
    otherwise, it numbers them over the list in the same query."""
    scores = RankingScore.objects.filter(points__gt=0)
    ranking_filter, listed = filtered(RankingFilter, request, scores)
    order, headings = sorting(request, RANKING_COLUMNS, "place")
    window, pager_of = page_window(request)
    national = ranking_filter is None
    if national and order == PLACE_ORDER:
        found = RankingScore.objects.filter(position__gt=window.start, position__lte=window.stop)
        rows = list(found.order_by(*PLACE_ORDER).values_list(*RANKED))
    elif national or order == PLACE_ORDER:
        # The page's members from the order's index (with the members' names when it
        # sorts by them), then their rows: the joins read 51 rows, not the list.
        page = listed.order_by(*ordering(order)).values("member_id")[window]
        found = RankingScore.objects.filter(member_id__in=page)
        rows = list(found.order_by(*ordering(order)).values_list(*RANKED))
    else:
        # Over the list by points: the rank is the place; the count up to the row and
        # those level with it (the default frame takes in the ties) is where a shared
        # place ends. One order, so one sort.
        numbered = listed.annotate(
            listed_place=Window(Rank(), order_by=F("points").desc()),
            listed_to=Window(Count("pk"), order_by=F("points").desc()),
        )
        rows = list(numbered.order_by(*ordering(order)).values_list(*RANKED_AMONG)[window])
    pager = pager_of(len(rows))
    rows = rows[: pager.per_page]
    if national:
        places = national_places(rows)
    elif order == PLACE_ORDER:
        places = filtered_places(rows, listed, pager)
    else:
        places = [place_label(row[8], row[9]) for row in rows]
    return {"headings": headings, "rows": list_rows(rows, places), "pager": pager}, ranking_filter


def ranking_export(request):
    """Every row of the list asked for, in its order, as CSV: place, MID, name, club,
    class and points (one query)."""
    scores = RankingScore.objects.filter(points__gt=0)
    ranking_filter, listed = filtered(RankingFilter, request, scores)
    order, _headings = sorting(request, RANKING_COLUMNS, "place")
    rows = list(fetch_rows(listed.order_by(*ordering(order)).values_list(*RANKED)))
    places = national_places(rows) if ranking_filter is None else places_among(rows)
    return _list_download(RANKING_COLUMNS, rows, places, "ranking")


def masterpoints_export(request):
    """Every row of the master points list asked for, best first, as CSV: place, MID,
    name, club, class and master points (one query)."""
    _filter, listed = filtered(MasterPointsFilter, request, listed_holdings(current_season()))
    rows = list(fetch_rows(listed.order_by("-master_points", "member_id").values_list(*HELD)))
    return _list_download(MASTERPOINTS_COLUMNS, rows, places_among(rows), "masterpoints")


def _list_download(columns, rows: list[tuple], places: list[str], name: str):
    """Rows in ``RANKED``'s shape (the first eight values) as the list's CSV."""
    names = class_names()
    return csv_response(
        [
            [str(c.label) for c in columns],
            *(
                [place, mid, f"{first} {last}", club_name or "", names.get(code, ""),
                 display_points(points)]
                for place, (points, _m, mid, first, last, _c, club_name, code, *_p) in zip(
                    places, rows, strict=True
                )
            ),
        ],
        f"{name}-{timezone.localdate():%Y-%m-%d}.csv",
    )  # fmt: skip


def listed_holdings(season: int):
    """Every holding with master points, with the membership by which the member
    represents a club this season (``represented``: at most one, by its constraint)."""
    return MasterPointHolding.objects.filter(master_points__gt=0).annotate(
        represented=FilteredRelation(
            "member__memberships",
            condition=Q(member__memberships__season=season, member__memberships__represents=True),
        )
    )


def masterpoints_list(request):
    """Members by their master points, best first, filtered as the ranking, 50 a page;
    its table kept under the master points list's version, raised by every writer of
    holdings, and the ranking's, raised by every writer of the names and clubs both
    lists show (members.services, the member import)."""
    if wants_export(request):
        return masterpoints_export(request)
    season = current_season()
    built = {}

    def build() -> str:
        context, built["filter"] = masterpoints_table(request, season)
        return render_to_string("awards/includes/_masterpoints_table.html", context, request)

    scope = f"{list_version(RANKING_LIST)}:{season}"
    table = cached_list(MASTERPOINTS_LIST, request, build, scope=scope)
    return render(
        request,
        "awards/masterpoints_list.html",
        {
            "filter_fields": filter_fields(MasterPointsFilter, request, built.get("filter")),
            "table": table,
        },
    )


def masterpoints_table(request, season: int) -> tuple[dict, MasterPointsFilter | None]:
    """The page's rows in one query: its members from the list's index, then their
    names, clubs and classes; the places counted as a filtered ranking's (two queries)."""
    holder_filter, listed = filtered(MasterPointsFilter, request, listed_holdings(season))
    window, pager_of = page_window(request)
    order = ("-master_points", "member_id")
    page = listed.order_by(*order).values("member_id")[window]
    found = listed_holdings(season).filter(member_id__in=page)
    rows = list(found.order_by(*order).values_list(*HELD))
    pager = pager_of(len(rows))
    rows = rows[: pager.per_page]
    places = filtered_places(rows, listed, pager, field="master_points")
    return {
        "headings": MASTERPOINTS_HEADINGS,
        "rows": list_rows(rows, places),
        "pager": pager,
    }, holder_filter


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


def _certificate_context(mid: int, code: str) -> dict:
    member = get_object_or_404(Member, mid=mid)
    promotion = get_object_or_404(Promotion, member=member, master_class=code)
    cls = CLASS_BY_CODE.get(code)
    return {
        "member": member,
        "promotion": promotion,
        "class_name": class_name(code),
        "stars": cls.stars if cls else 0,
        "printed": timezone.localdate(),
    }


def certificate(request, mid: int, code: str):
    """The certificate of a master class reached, for the club to print and hand out."""
    return render(request, "awards/certificate.html", _certificate_context(mid, code))


def certificate_pdf(request, mid: int, code: str):
    """The same certificate as a PDF file (as public as the page)."""
    context = _certificate_context(mid, code)
    return pdf_response(
        request,
        "awards/certificate.html",
        context,
        filename=attachment_name("certificate", mid, code),
        html_url=reverse("awards:certificate", args=[mid, code]),
    )
