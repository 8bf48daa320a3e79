import django_filters
from django.utils.translation import gettext_lazy as _

from members.models import District

from .models import Sanction


class CalendarFilter(django_filters.FilterSet):
    level = django_filters.ChoiceFilter(
        label=_("Medal level"), choices=Sanction.Level.choices, empty_label=_("All levels")
    )
    district = django_filters.ModelChoiceFilter(
        label=_("District"),
        queryset=District.objects.order_by("name"),
        empty_label=_("All districts"),
    )

    class Meta:
        model = Sanction
        fields: list[str] = []
