import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .models import Tournament
from .progress import step_label


class TournamentColumn(tables.Column):
    """A row's tournament by name, linked to its page (the row has ``tournament``)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Tournament"))
        kwargs.setdefault("accessor", "tournament__name")
        kwargs.setdefault("linkify", lambda record: record.tournament.get_absolute_url())
        super().__init__(**kwargs)


class ProcessingTable(tables.Table):
    """The office's failed and stuck reports (``services.failed_or_stuck``): where each
    stopped, why in the reader's language, the exception, and a button to run it again."""

    caption = _("Failed and stuck reports")

    since = tables.DateTimeColumn(
        verbose_name=_("Since"), accessor="pipeline_updated", format="Y-m-d H:i", default="–"
    )
    name = tables.Column(verbose_name=_("Tournament"), linkify=True)
    organiser = tables.Column(verbose_name=_("Organiser"), accessor="organiser", default="–")
    report_version = tables.Column(verbose_name=_("Version"), attrs={"td": {"class": "num"}})
    pipeline_status = tables.Column(verbose_name=_("Processing"))
    pipeline_step = tables.Column(verbose_name=_("Step"), default="–")
    reason = tables.Column(verbose_name=_("Why"), accessor="pk", attrs={"td": {"class": "reason"}})
    pipeline_error = tables.TemplateColumn(
        verbose_name=_("Error"),
        template_name="tournaments/includes/_pipeline_error.html",
        attrs={"td": {"class": "error"}},
    )
    run_again = tables.TemplateColumn(
        verbose_name=_("Run again"),
        accessor="pk",
        template_name="tournaments/includes/_run_again.html",
    )

    class Meta:
        model = Tournament
        fields = ()
        sequence = (
            "since",
            "name",
            "organiser",
            "report_version",
            "pipeline_status",
            "pipeline_step",
            "reason",
            "pipeline_error",
            "run_again",
        )
        orderable = False
        attrs = {"class": "table table-sm", "id": "processing"}
        empty_text = _("No report has failed or stuck: every report's steps are done or moving.")

    def render_pipeline_status(self, record):
        if record.pipeline_status == Tournament.Pipeline.FAILED:
            return record.get_pipeline_status_display()
        return _("stuck (%(status)s)") % {"status": record.get_pipeline_status_display()}

    def render_pipeline_step(self, record):
        return step_label(record.pipeline_step)

    def render_reason(self, record):
        if record.pipeline_status == Tournament.Pipeline.FAILED:
            return record.pipeline_reason or "–"
        return _("No step has moved since then: the sweep runs it again by itself.")
