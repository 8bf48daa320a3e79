import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .models import Club, District, Member


class MemberFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label=_("Name or MID"), method="filter_q")

    class Meta:
        model = Member
        fields: list[str] = []

    def filter_q(self, queryset, name, value):
        value = value.strip()
        if value.isdigit():
            return queryset.filter(mid=int(value))
        return queryset.search(value)


class ClubFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label=_("Club name, town or number"), method="filter_q")

    class Meta:
        model = Club
        fields: list[str] = []

    def filter_q(self, queryset, name, value):
        value = value.strip()
        if value.isdigit():
            return queryset.filter(number=int(value))
        for word in value.split():
            queryset = queryset.filter(Q(name__icontains=word) | Q(town__icontains=word))
        return queryset


class DistrictFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label=_("Name or number"), method="filter_q")

    class Meta:
        model = District
        fields: list[str] = []

    def filter_q(self, queryset, name, value):
        value = value.strip()
        if value.isdigit():
            return queryset.filter(number=int(value))
        return queryset.filter(name__icontains=value)
