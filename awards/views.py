"""Master points pages: the award calculator, ranking lists, promotions and certificates.

An EBU database's pages read the EBU's ledger (seed 001, chapter 2): the master points
list in local, blue, green and gold points with each member's rank; the ranking page
lists members by rank, the EBU having no ranking points; certificates are of a rank
reached, addressed by its number of seniority (``Promotion.rank``)."""

from datetime import date
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count, F, FilteredRelation, OrderBy, Q, Window
from django.db.models.functions import Rank
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
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
from members.domain.age import season_of
from members.federation import current as current_federation
from members.models import Club, Member
from members.permissions import can_edit_club, is_office_staff, require
from members.services import current_season

from .domain.core import OutOfRange, UnknownScale
from .domain.ebu.core import EbuResult
from .domain.ebu.rulebook import EBU as EBU_RULEBOOK
from .domain.sbf.ranking import RankingRow, shared_places
from .filters import EbuRankFilter, MasterPointsFilter, RankingFilter
from .forms import CalculatorForm, ConversionForm, EbuCalculatorForm
from .models import ForeignConversion, MasterPointHolding, Promotion, RankingScore
from .rulebooks import rulebook
from .selectors import (
    CLASS_BY_CODE,
    class_name,
    class_names,
    ebu_ledger,
    in_language,
    month_promotions,
    named_promotions,
    pin_order,
)
from .selectors import member_awards as member_awards_of
from .services import ConversionRefused, convert_foreign_holding, scale_rows
from .tables import EbuMemberAwardsTable, MemberAwardsTable


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
                dm_final=data["dm_final"] or None,
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
    if ebu_ledger():
        return ebu_ranking_list(request)
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
    ebu = ebu_ledger()
    if wants_export(request):
        return ebu_masterpoints_export(request) if ebu else masterpoints_export(request)
    season = current_season()
    built = {}
    table_of = ebu_masterpoints_table if ebu else masterpoints_table

    def build() -> str:
        context, built["filter"] = table_of(request, season)
        return render_to_string("awards/includes/_masterpoints_table.html", context, request)

    # The profile's code: the two ledgers' tables are never one another's.
    scope = f"{list_version(RANKING_LIST)}:{season}:{current_federation().code}"
    table = cached_list(MASTERPOINTS_LIST, request, build, scope=scope)
    return render(
        request,
        "awards/masterpoints_list.html",
        {
            "filter_fields": filter_fields(MasterPointsFilter, request, built.get("filter")),
            "table": table,
            "ebu": ebu,
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
    if ebu_ledger():
        table = EbuMemberAwardsTable(member_awards_of(member))
    else:
        table = MemberAwardsTable(member_awards_of(member))
    return table_page(
        request,
        table,
        filename=f"awards-{member.mid}.csv",
        template="awards/member_awards.html",
        context={
            "member": member,
            "conversions": member.foreign_conversions.all(),
            "ebu": ebu_ledger(),
        },
    )


@login_required
def club_promotions(request, pk: int):
    """The promotions of the club's members: the club hands out pins and certificates."""
    club = get_object_or_404(Club, pk=pk)
    require(can_edit_club(request.user, club))
    promotions = named_promotions(
        Promotion.objects.filter(
            member__memberships__club=club,
            member__memberships__season=current_season(),
            member__memberships__represents=True,
        )
        .select_related("member", "tournament")
        .order_by("-reached_on", "member__last_name")[:500]
    )
    return render(
        request,
        "awards/club_promotions.html",
        {"club": club, "promotions": promotions, "ebu": ebu_ledger()},
    )


def _certificate_context(mid: int, code: str) -> dict:
    member = get_object_or_404(Member, mid=mid)
    if ebu_ledger():
        return _ebu_certificate_context(member, code)
    promotion = get_object_or_404(Promotion, member=member, master_class=code)
    cls = CLASS_BY_CODE.get(code)
    return {
        "member": member,
        "promotion": promotion,
        "class_name": class_name(code),
        "stars": cls.stars if cls else 0,
        "code": code,
        "printed": timezone.localdate(),
    }


def _ebu_certificate_context(member: Member, code: str) -> dict:
    """An EBU rank's certificate: the rank is named by its number of seniority (its
    name, "** Premier Master", has stars and spaces that make a poor address); a code
    that is not a number is looked for as the promotion's name, as the SBF's are."""
    promotions = Promotion.objects.filter(member=member).select_related("tournament")
    if code.isdigit():
        promotion = promotions.filter(rank=int(code)).first() if len(code) <= 5 else None
    else:
        promotion = promotions.filter(master_class=code).first()
    if promotion is None:
        raise Http404(code)
    return {
        "member": member,
        "promotion": promotion,
        "class_name": promotion.master_class,
        "stars": 0,  # the EBU writes them in the name
        "code": code,
        "ebu": True,
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


# --- the EBU's lists (seed 001, 2.4-2.6) ------------------------------------------------

EBU_MASTERPOINTS_COLUMNS = [
    Column("place", gettext_lazy("Place")),
    Column("mid", gettext_lazy("MID"), css="mid"),
    Column("name", gettext_lazy("Name")),
    Column("club", gettext_lazy("Club")),
    Column("local", gettext_lazy("Local points"), css="num"),
    Column("blue", gettext_lazy("Blue points"), css="num"),
    Column("green", gettext_lazy("Green points"), css="num"),
    Column("gold", gettext_lazy("Gold points"), css="num"),
    Column("points", gettext_lazy("Master points"), css="num"),
    Column("rank", gettext_lazy("Rank"), css="rank"),
]
EBU_MASTERPOINTS_HEADINGS = [Heading(c.label, c.css, None, "") for c in EBU_MASTERPOINTS_COLUMNS]
# HELD's values and the holding by kind of point.
EBU_HELD = (*HELD, "local", "blue", "green", "gold_points")
EBU_LIST_ROW = (
    '<tr><td>{}</td><td class="mid">{}</td><td><a href="{}{}/">{}</a></td><td>{}</td>'
    '<td class="num">{}</td><td class="num">{}</td><td class="num">{}</td>'
    '<td class="num">{}</td><td class="num">{}</td><td class="rank">{}</td></tr>'
)
# The ranking page of an EBU database: members by rank, the most senior first, and by
# master points within a rank (the EBU has no ranking points: docs/awards-ebu.md, "The pages").
EBU_RANK_ORDER = ("-rank", "-master_points", "member_id")
EBU_RANK_COLUMNS = [
    Column("place", gettext_lazy("Place")),
    Column("mid", gettext_lazy("MID"), css="mid"),
    Column("name", gettext_lazy("Name")),
    Column("club", gettext_lazy("Club")),
    Column("rank", gettext_lazy("Rank"), css="rank"),
    Column("green", gettext_lazy("Green points"), css="num"),
    Column("points", gettext_lazy("Master points"), css="num"),
]
EBU_RANK_HEADINGS = [Heading(c.label, c.css, None, "") for c in EBU_RANK_COLUMNS]
EBU_RANK_ROW = (
    '<tr><td>{}</td><td class="mid">{}</td><td><a href="{}{}/">{}</a></td><td>{}</td>'
    '<td class="rank">{}</td><td class="num">{}</td><td class="num">{}</td></tr>'
)


def _figure(value) -> str:
    """A holding's figure as the lists print it: whole local points as they are, blue,
    green and gold points without trailing zeros."""
    return str(value) if isinstance(value, int) else display_points(value)


def _member_and_club_urls() -> tuple[str, str]:
    return (
        reverse("members:member", args=[0]).removesuffix("0/"),
        reverse("members:club", args=[0]).removesuffix("0/"),
    )


def ebu_list_rows(rows: list[tuple], places: list[str]) -> str:
    """The EBU master points list's rows (``EBU_HELD``)."""
    member_url, club_url = _member_and_club_urls()
    return rows_html(
        EBU_LIST_ROW,
        (
            (
                place, mid, member_url, mid, f"{first} {last}",
                link_html(f"{club_url}{club}/", club_name) if club else "–",
                _figure(local), _figure(blue), _figure(green), _figure(gold),
                _figure(points), rank or "–",
            )
            for place, (
                points, _member, mid, first, last, club, club_name, rank, local, blue, green, gold
            ) in zip(places, rows, strict=True)
        ),
    )  # fmt: skip


def ebu_masterpoints_table(request, season: int) -> tuple[dict, MasterPointsFilter | None]:
    """``masterpoints_table`` with the holding by kind of point and the rank: the same
    order, read from the same index."""
    holder_filter, listed = filtered(MasterPointsFilter, request, listed_holdings(season))
    window, pager_of = page_window(request)
    order = ("-master_points", "member_id")
    page = listed.order_by(*order).values("member_id")[window]
    found = listed_holdings(season).filter(member_id__in=page)
    rows = list(found.order_by(*order).values_list(*EBU_HELD))
    pager = pager_of(len(rows))
    rows = rows[: pager.per_page]
    places = filtered_places(rows, listed, pager, field="master_points")
    return {
        "headings": EBU_MASTERPOINTS_HEADINGS,
        "rows": ebu_list_rows(rows, places),
        "pager": pager,
        "columns": len(EBU_MASTERPOINTS_HEADINGS),
        "ebu": True,
    }, holder_filter


def ebu_masterpoints_export(request):
    """The EBU master points list asked for, best first, as CSV with the page's columns."""
    _filter, listed = filtered(MasterPointsFilter, request, listed_holdings(current_season()))
    order = ("-master_points", "member_id")
    rows = list(fetch_rows(listed.order_by(*order).values_list(*EBU_HELD)))
    return csv_response(
        [
            [str(c.label) for c in EBU_MASTERPOINTS_COLUMNS],
            *(
                [place, mid, f"{first} {last}", club_name or "", _figure(local), _figure(blue),
                 _figure(green), _figure(gold), _figure(points), rank]
                for place, (
                    points, _m, mid, first, last, _c, club_name, rank, local, blue, green, gold
                ) in zip(places_among(rows), rows, strict=True)
            ),
        ],
        f"masterpoints-{timezone.localdate():%Y-%m-%d}.csv",
    )  # fmt: skip


def ranked_holdings(season: int):
    """The members who hold a rank (2.6.2: Local Master, 100 master points, and up)."""
    return listed_holdings(season).filter(rank__gt=0)


def rank_places(rows: list[tuple], listed, pager) -> list[str]:
    """Places on the list by rank: members of the same rank and master points share
    one. The first row's is a count of those above it, the end of a shared place a
    count of those level with it (one grouped query for the page)."""
    if not rows:
        return []
    level_with = Q()
    for key in {(row[7], row[0]) for row in rows}:
        level_with |= Q(rank=key[0], master_points=key[1])
    level = {
        (rank, points): n
        for rank, points, n in listed.filter(level_with)
        .values("rank", "master_points")
        .annotate(n=Count("pk"))
        .values_list("rank", "master_points", "n")
    }
    rank, points = rows[0][7], rows[0][0]
    above = Q(rank__gt=rank) | Q(rank=rank, master_points__gt=points)
    place = listed.filter(above).count() + 1
    labels = []
    for n, row in enumerate(rows):
        if n and (row[7], row[0]) != (rows[n - 1][7], rows[n - 1][0]):
            place = pager.offset + n + 1
        labels.append(place_label(place, place + level[(row[7], row[0])] - 1))
    return labels


def rank_places_among(rows: list[tuple]) -> list[str]:
    """Every row's place on a whole list by rank (the download has them all)."""
    spans: dict[tuple, list[int]] = {}
    for n, row in enumerate(rows, start=1):
        spans.setdefault((row[7], row[0]), [n, n])[1] = n
    return [place_label(*spans[(row[7], row[0])]) for row in rows]


# What a row of the list by rank reads: HELD's first seven values, then the rank's
# number (where ``rank_places`` reads it), the green points and the rank's name.
RANK_ROW = (*HELD[:7], "rank", "green", "master_class")


def ebu_rank_rows(rows: list[tuple], places: list[str]) -> str:
    member_url, club_url = _member_and_club_urls()
    return rows_html(
        EBU_RANK_ROW,
        (
            (
                place, mid, member_url, mid, f"{first} {last}",
                link_html(f"{club_url}{club}/", club_name) if club else "–",
                name, _figure(green), _figure(points),
            )
            for place, (points, _m, mid, first, last, club, club_name, _rank, green, name) in zip(
                places, rows, strict=True
            )
        ),
    )  # fmt: skip


def ebu_rank_table(request) -> tuple[dict, EbuRankFilter | None]:
    """The page's rows in one query: its members from the rank index's order, then
    their names, clubs and points; their places (two queries)."""
    season = current_season()
    rank_filter, listed = filtered(EbuRankFilter, request, ranked_holdings(season))
    window, pager_of = page_window(request)
    page = listed.order_by(*EBU_RANK_ORDER).values("member_id")[window]
    found = ranked_holdings(season).filter(member_id__in=page)
    rows = list(found.order_by(*EBU_RANK_ORDER).values_list(*RANK_ROW))
    pager = pager_of(len(rows))
    rows = rows[: pager.per_page]
    places = rank_places(rows, listed, pager)
    return {
        "headings": EBU_RANK_HEADINGS,
        "rows": ebu_rank_rows(rows, places),
        "pager": pager,
        "columns": len(EBU_RANK_HEADINGS),
        "ebu": True,
    }, rank_filter


def ebu_rank_export(request):
    """Every row of the list by rank asked for, in its order, as CSV (one query)."""
    _filter, listed = filtered(EbuRankFilter, request, ranked_holdings(current_season()))
    rows = list(fetch_rows(listed.order_by(*EBU_RANK_ORDER).values_list(*RANK_ROW)))
    return csv_response(
        [
            [str(c.label) for c in EBU_RANK_COLUMNS],
            *(
                [place, mid, f"{first} {last}", club_name or "", name, _figure(green),
                 _figure(points)]
                for place, (points, _m, mid, first, last, _c, club_name, _r, green, name) in zip(
                    rank_places_among(rows), rows, strict=True
                )
            ),
        ],
        f"ranks-{timezone.localdate():%Y-%m-%d}.csv",
    )  # fmt: skip


def ebu_ranking_list(request):
    """The ranking page of an EBU database: members by rank, filtered as the master
    points list and by rank, 50 a page; kept under the ranking's version, which every
    writer of holdings, names and clubs raises."""
    if wants_export(request):
        return ebu_rank_export(request)
    built = {}

    def build() -> str:
        context, built["filter"] = ebu_rank_table(request)
        return render_to_string("awards/includes/_ranking_table.html", context, request)

    scope = f"{list_version(MASTERPOINTS_LIST)}:{current_season()}:{current_federation().code}"
    table = cached_list(RANKING_LIST, request, build, scope=scope)
    return render(
        request,
        "awards/ranking_list.html",
        {
            "filter_fields": filter_fields(EbuRankFilter, request, built.get("filter")),
            "table": table,
            "ebu": True,
        },
    )


# --- the monthly promotion lists ---------------------------------------------------------


def promotions_latest(request):
    """The latest month with a published promotion (this month when there is none)."""
    latest = (
        Promotion.objects.filter(member__in_promotion_lists=True)
        .order_by("-reached_on")
        .values_list("reached_on", flat=True)
        .first()
    ) or timezone.localdate()
    return redirect("awards:promotions_month", latest.year, latest.month)


def promotions_month(request, year: int, month: int):
    """A month's promotions as published: every member who reached a class or rank in
    it, with their club, except those who asked not to be listed; and as CSV."""
    if not (1 <= month <= 12 and 1900 <= year <= 2200):
        raise Http404(f"{year}-{month}")
    first = date(year, month, 1)
    following = date(year + month // 12, month % 12 + 1, 1)
    previous = date(year - (month == 1), (month - 2) % 12 + 1, 1)
    rows = month_promotions(first, following, season=season_of(first))
    if wants_export(request):
        return csv_response(
            [
                [gettext("Date"), gettext("MID"), gettext("Name"), gettext("Club"),
                 gettext("New rank") if ebu_ledger() else gettext("New master class")],
                *([r["reached_on"].isoformat(), r["mid"], r["name"], r["club_name"], r["title"]]
                  for r in rows),
            ],
            f"promotions-{year}-{month:02d}.csv",
        )  # fmt: skip
    today = timezone.localdate()
    return render(
        request,
        "awards/promotions_month.html",
        {
            "month": first,
            "rows": rows,
            "previous": previous,
            "next": following if following <= today else None,
            "ebu": ebu_ledger(),
        },
    )


@login_required
def conversions(request):
    """The office converts a holding brought from a foreign federation (000 §8, lines
    589-599): credited as ledger rows of their own, the member's class follows."""
    require(is_office_staff(request.user))
    if ebu_ledger():
        raise Http404  # §8 is the SBF's rule, in bronze, silver and gold
    initial = {"converted_on": timezone.localdate(), "mid": request.GET.get("mid", "")}
    form = ConversionForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            convert_foreign_holding(
                form.member,
                federation=data["federation"],
                foreign_holding=data["foreign_holding"],
                extract=data["extract"],
                bronze=data["bronze"] or Decimal(0),
                silver=data["silver"] or Decimal(0),
                gold=data["gold"] or Decimal(0),
                moved_permanently=data["moved_permanently"],
                note=data["note"],
                day=data["converted_on"],
                user=request.user,
            )
        except ConversionRefused as refused:
            for why in refused.reasons:
                form.add_error(None, in_language(why))
        else:
            messages.success(
                request,
                gettext("The holding of %(name)s was converted.") % {"name": form.member.full_name},
            )
            return redirect("awards:member_awards", mid=form.member.mid)
    recent = ForeignConversion.objects.select_related("member", "recorded_by")[:50]
    return render(request, "awards/conversions.html", {"form": form, "recent": recent})


def _period(request) -> tuple[date, date]:
    """The period a pin order covers (``?start=``, ``?end=``), this month by default; a
    date that does not read falls back to the default."""
    today = timezone.localdate()
    start, end = today.replace(day=1), today
    for name in ("start", "end"):
        raw = request.GET.get(name, "")
        try:
            value = date.fromisoformat(raw) if raw else None
        except ValueError:
            value = None
        if value is not None:
            start, end = (value, end) if name == "start" else (start, value)
    return (start, end) if start <= end else (end, start)


def _club_promotions_between(club: Club, start: date, end: date):
    return (
        Promotion.objects.filter(
            member__memberships__club=club,
            member__memberships__season=current_season(),
            member__memberships__represents=True,
            reached_on__range=(start, end),
        )
        .select_related("member")
        .order_by("reached_on", "member__last_name", "rank")
    )


def _pin_order_csv(order: dict, filename: str):
    rows: list[list] = [
        [gettext("Date"), gettext("MID"), gettext("Member"), gettext("Master class"),
         gettext("Item"), gettext("Price (kr)"), gettext("Bought if the player wants it")]
    ]  # fmt: skip
    for row in order["rows"]:
        promotion = row["promotion"]
        for item in row["items"]:
            rows.append(
                [
                    promotion.reached_on.isoformat(),
                    promotion.member.mid,
                    promotion.member.full_name,
                    row["class_name"],
                    item["name"],
                    item["item"].price,
                    gettext("yes") if item["item"].optional else gettext("no"),
                ]
            )
    return csv_response(rows, filename)


@login_required
def club_pin_orders(request, pk: int):
    """What the club orders for its members' promotions in a period: the pins sent
    with the certificates and the Klöver pins a player may buy (000 lines 47-65,
    98-100), with the seed's prices; as CSV too."""
    club = get_object_or_404(Club, pk=pk)
    require(can_edit_club(request.user, club))
    if ebu_ledger():
        raise Http404  # the SBF's pins
    start, end = _period(request)
    order = pin_order(_club_promotions_between(club, start, end))
    if wants_export(request):
        return _pin_order_csv(order, f"pins-{club.pk}-{start}-{end}.csv")
    return render(
        request,
        "awards/pin_orders.html",
        {"club": club, "start": start, "end": end, "order": order},
    )


@login_required
def pin_orders(request):
    """The office's view of every club's pin order in a period."""
    require(is_office_staff(request.user))
    if ebu_ledger():
        raise Http404
    start, end = _period(request)
    promotions = (
        Promotion.objects.filter(reached_on__range=(start, end))
        .select_related("member")
        .order_by("reached_on", "member__last_name", "rank")
    )
    order = pin_order(promotions)
    if wants_export(request):
        return _pin_order_csv(order, f"pins-{start}-{end}.csv")
    clubs = (
        Club.objects.filter(
            memberships__season=current_season(),
            memberships__represents=True,
            memberships__member__promotions__reached_on__range=(start, end),
        )
        .annotate(promoted=Count("memberships__member__promotions", distinct=True))
        .order_by("name")
    )
    return render(
        request,
        "awards/pin_orders.html",
        {"club": None, "clubs": clubs, "start": start, "end": end, "order": order},
    )
