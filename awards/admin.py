from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.admin import AWARD_FACTS
from tournaments.signals import results_changed

from .models import AwardFacts, ForeignConversion
from .rulebooks import rulebook
from .services import refresh_holdings


class AwardFactsForm(forms.ModelForm):
    """Checks the award facts against the federation's rulebook, which names its
    tables and the facts it reads."""

    class Meta:
        model = AwardFacts
        fields = ("award_table", "award_options")  # the admin adds the others

    def clean_award_table(self) -> str:
        table = self.cleaned_data["award_table"].strip()
        names = rulebook().table_names()
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
        problems = rulebook().check_options(options)
        if problems:
            raise ValidationError(problems)
        return options


@admin.register(AwardFacts)
class AwardFactsAdmin(admin.ModelAdmin):
    form = AwardFactsForm
    fields = ("name", "start_date", "organiser_club", *AWARD_FACTS)
    readonly_fields = ("name", "start_date", "organiser_club")
    list_display = ("name", "start_date", "organiser_club", "level", "award_table")
    list_filter = ("level", "kind", "handicap_event")
    search_fields = ("name", "event_id", "organiser_club__name")
    date_hierarchy = "start_date"
    list_select_related = ("organiser_club",)

    def has_add_permission(self, request) -> bool:
        return False  # tournaments come from reports

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and set(AWARD_FACTS) & set(form.changed_data):
            # The awards follow the facts at once: the pipeline runs again for this report.
            results_changed.send(AwardFacts, tournament_id=obj.pk, version=obj.report_version)
            messages.info(request, _("The awards of this tournament are being computed again."))


@admin.register(ForeignConversion)
class ForeignConversionAdmin(admin.ModelAdmin):
    """The conversions for the record: made on the office's conversion page, which
    credits them and rebuilds the holding (000 §8), so the admin only shows them."""

    list_display = (
        "member",
        "federation",
        "bronze",
        "silver",
        "gold",
        "converted_on",
        "recorded_by",
    )
    search_fields = ("member__mid", "member__last_name", "federation")
    list_select_related = ("member", "recorded_by")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def delete_model(self, request, obj):
        # A conversion undone: the holding and class follow the ledger again.
        member_id = obj.member_id
        super().delete_model(request, obj)
        refresh_holdings({member_id})

    def delete_queryset(self, request, queryset):
        member_ids = set(queryset.values_list("member_id", flat=True))
        super().delete_queryset(request, queryset)
        refresh_holdings(member_ids)
