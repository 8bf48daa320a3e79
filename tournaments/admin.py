from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from .models import ImportLog, Section, Tournament


class TournamentAdminForm(forms.ModelForm):
    """Checks the award facts against the rulebook in use (settings.AWARDS_RULEBOOK),
    which names its tables and the facts it reads."""

    class Meta:
        model = Tournament
        fields = ("award_table", "award_options")  # the admin adds the others

    def clean_award_table(self) -> str:
        table = self.cleaned_data["award_table"].strip()
        names = import_string(settings.AWARDS_RULEBOOK).table_names()
        if table and table not in names:
            raise ValidationError(
                _("There is no award table %(table)s; the tables are %(names)s.")
                % {"table": table, "names": ", ".join(names)}
            )
        return table

    def clean_award_options(self) -> dict:
        options = self.cleaned_data["award_options"] or {}
        if not isinstance(options, dict):
            raise ValidationError(_('Award facts are named values, e.g. {"division": 2}.'))
        problems = import_string(settings.AWARDS_RULEBOOK).check_options(options)
        if problems:
            raise ValidationError(problems)
        return options


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0
    show_change_link = True


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentAdminForm
    list_display = (
        "name",
        "start_date",
        "organiser_club",
        "kind",
        "scoring",
        "level",
        "pipeline_status",
        "report_version",
    )
    list_filter = ("level", "kind", "scoring", "pipeline_status", "handicap_event")
    search_fields = ("name", "event_id", "organiser_club__name")
    date_hierarchy = "start_date"
    raw_id_fields = ("organiser_club", "organiser_district")
    inlines = (SectionInline,)
    readonly_fields = (
        "report_version",
        "reported_at",
        "pipeline_status",
        "pipeline_step",
        "pipeline_error",
        "pipeline_updated",
    )

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        award_fields = {"level", "kind", "handicap_event", "award_table", "award_options", "boards"}
        if change and award_fields & set(form.changed_data):
            # The awards follow the facts at once: the pipeline runs again for this report.
            from .tasks import start_pipeline

            version = obj.report_version
            transaction.on_commit(lambda: start_pipeline(obj.pk, version))
            messages.info(request, _("The awards of this tournament are being computed again."))


@admin.register(ImportLog)
class ImportLogAdmin(admin.ModelAdmin):
    list_display = ("created", "filename", "organiser_club", "source_format", "outcome", "user")
    list_filter = ("outcome", "source_format")
    search_fields = ("filename", "checksum", "organiser_club__name")
    readonly_fields = [f.name for f in ImportLog._meta.fields]
