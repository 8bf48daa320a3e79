import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .models import Tournament


class TournamentTable(tables.Table):
    start_date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    name = tables.Column(verbose_name=_("Tournament"), linkify=True)
    organiser = tables.Column(
        verbose_name=_("Organiser"),
        accessor="organiser",
        order_by=("organiser_club__name", "organiser_district__name"),
        linkify=lambda record: record.organiser.get_absolute_url() if record.organiser else None,
        default="–",
    )
    level = tables.Column(verbose_name=_("Medal level"))
    kind = tables.Column(verbose_name=_("Kind"))
    entries_count = tables.Column(verbose_name=_("Entries"), attrs={"td": {"class": "num"}})
    pipeline_status = tables.Column(verbose_name=_("Processing"))

    class Meta:
        model = Tournament
        fields = (
            "start_date",
            "name",
            "organiser",
            "level",
            "kind",
            "entries_count",
            "pipeline_status",
        )
        attrs = {"class": "table table-sm", "id": "tournaments"}
        empty_text = _("No tournament matches.")
