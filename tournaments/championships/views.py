"""The public pages of the district championships: the list, and each championship's
stages, heats and qualification with the rule behind each place."""

from django.shortcuts import get_object_or_404, render

from .models import Championship
from .selectors import (
    bonus_view,
    final_field,
    qualification,
    semifinal_qualification,
    sm_view,
    stage_rows,
)


def championship_list(request):
    championships = Championship.objects.select_related("district").order_by(
        "-season", "district__name", "form", "discipline"
    )
    return render(request, "championships/list.html", {"championships": championships})


def championship_detail(request, pk: int):
    championship = get_object_or_404(Championship.objects.select_related("district"), pk=pk)
    qualified = qualification(championship)
    return render(
        request,
        "championships/detail.html",
        {
            "championship": championship,
            "stages": stage_rows(championship),
            "qualification": qualified,
            "field": final_field(championship, qualified),
            "sm": sm_view(championship),
            "bonus": bonus_view(championship),
            "semifinals": semifinal_qualification(championship),
        },
    )
