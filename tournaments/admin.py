from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from .models import (
    AllowanceUse,
    FeeRate,
    ImportLog,
    Licence,
    LicenceAction,
    Organisation,
    Sanction,
    SanctionAction,
    Section,
    Tournament,
)


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


class SanctionActionInline(admin.TabularInline):
    model = SanctionAction
    extra = 0
    can_delete = False
    fields = ("at", "kind", "from_state", "to_state", "actor_name", "actor_role", "note")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Sanction)
class SanctionAdmin(admin.ModelAdmin):
    """The office reads applications here; their state moves only through the
    workflow (the sanction pages), so that every step is on the trail."""

    list_display = ("name", "club", "district", "level", "start_date", "state")
    list_filter = ("state", "level", "form_of_play", "district", "outside_calendar_deadline")
    search_fields = ("name", "club__name")
    date_hierarchy = "start_date"
    list_select_related = ("club", "district")
    raw_id_fields = ("club", "tournament", "created_by")
    readonly_fields = (
        "state",
        "home_endorsement",
        "outside_calendar_deadline",
        "decision_reason",
        "submitted_at",
        "decided_at",
        "tournament",
    )
    inlines = [SanctionActionInline]


# --- EBU licences (issue #8) ----------------------------------------------------------


@admin.register(Organisation)
class OrganisationAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "club", "county", "commercial")
    list_filter = ("kind", "commercial")
    search_fields = ("name", "club__name")
    list_select_related = ("club", "county")
    raw_id_fields = ("club",)
    filter_horizontal = ("administrators",)


@admin.register(AllowanceUse)
class AllowanceUseAdmin(admin.ModelAdmin):
    list_display = ("date", "name", "organisation", "kind", "year", "blue_points")
    list_filter = ("kind", "year")
    search_fields = ("name", "organisation__name")
    list_select_related = ("organisation",)
    readonly_fields = ("created_by", "created")


@admin.register(FeeRate)
class FeeRateAdmin(admin.ModelAdmin):
    """The office's fee table (EBU 1.11): the rates are changed in the list."""

    list_display = (
        "licence_type",
        "payer",
        "valid_from",
        "per_table_session",
        "per_heat",
        "minimum",
    )
    list_display_links = ("licence_type",)
    list_editable = ("per_table_session", "per_heat", "minimum")
    list_filter = ("licence_type", "payer")


class LicenceActionInline(admin.TabularInline):
    model = LicenceAction
    extra = 0
    can_delete = False
    fields = ("at", "kind", "from_state", "to_state", "actor_name", "note")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Licence)
class LicenceAdmin(admin.ModelAdmin):
    """The office reads licences here; their state, status, conditions and fee
    move only through the workflow (the licence pages), so that every step is on
    the trail."""

    list_display = ("event_name", "organisation", "licence_type", "start_date", "state", "status")
    list_filter = ("state", "licence_type", "status")
    search_fields = ("event_name", "organisation__name")
    date_hierarchy = "start_date"
    list_select_related = ("organisation",)
    raw_id_fields = ("organisation",)
    readonly_fields = (
        "state",
        "proposed_status",
        "status_reasons",
        "status",
        "conditions",
        "special_conditions",
        "checks",
        "fee",
        "decision_reason",
        "documents",
        "results_received_at",
        "amount_paid",
        "paid_on",
        "payment_reference",
        "accounts_received_on",
        "submitted_by",
        "submitted_at",
        "decided_at",
    )
    # The documents are private: linked through the licence pages' protected view,
    # never through MEDIA_URL.
    exclude = (
        "results_file",
        "charity_agreement",
        "charity_remuneration_statement",
        "charity_donation_statement",
    )
    inlines = [LicenceActionInline]

    @admin.display(description=_lazy("documents"))
    def documents(self, obj: Licence):
        links = [
            (
                reverse("licences:document", args=[obj.pk, name]),
                obj._meta.get_field(name).verbose_name,
            )
            for name in self.exclude
            if getattr(obj, name)
        ]
        return format_html_join(", ", '<a href="{}">{}</a>', links) or "–"
