"""Master points pages: the award calculator, ranking lists, promotions and certificates."""

from django.contrib.auth.decorators import login_required
from django.db.models import F, Window
from django.db.models.functions import Rank
from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from members.models import Club, Member
from members.permissions import can_edit_club, require
from members.services import current_season

from .domain.core import OutOfRange, UnknownScale
from .filters import RankingFilter
from .forms import CalculatorForm
from .models import Promotion, RankingScore
from .rulebooks import not_built, rulebook
from .selectors import CLASS_BY_CODE, class_name, in_language
from .services import scale_rows
from .tables import RankingTable


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


def ranking_list(request):
    season = current_season()
    scores = RankingScore.objects.filter(points__gt=0).select_related("member")
    ranking_filter = RankingFilter(request.GET or None, queryset=scores, season=season)
    ranked = ranking_filter.qs.annotate(
        rank_place=Window(Rank(), order_by=F("points").desc())
    ).order_by("-points", "member__last_name", "member__first_name")
    table = RankingTable(ranked)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "awards/ranking_list.html",
        {"filter": ranking_filter, "table": table, "no_rulebook": in_language(not_built())},
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
