import django_filters
from django.utils.translation import gettext_lazy as _

from . import services
from .models import Licence, Organisation


class OfficeQueueFilter(django_filters.FilterSet):
    state = django_filters.ChoiceFilter(
        label=_("State"), choices=Licence.State.choices, empty_label=_("All states")
    )
    overdue = django_filters.ChoiceFilter(
        label=_("Overdue duties"),
        choices=[("yes", _("yes")), ("no", _("no"))],
        empty_label=_("Either"),
        method="filter_overdue",
    )
    organisation = django_filters.ModelChoiceFilter(
        label=_("Organiser"),
        queryset=Organisation.objects.order_by("name"),
        empty_label=_("All organisers"),
    )
    licence_type = django_filters.ChoiceFilter(
        label=_("Licence type"), choices=Licence.Type.choices, empty_label=_("All types")
    )

    class Meta:
        model = Licence
        fields: list[str] = []

    def filter_overdue(self, queryset, name, value):
        late = [licence.pk for licence in services.overdue()]
        if value == "yes":
            return queryset.filter(pk__in=late)
        return queryset.exclude(pk__in=late)
