from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _lazy

from .models import (
    AllowanceUse,
    FeeRate,
    Licence,
    LicenceAction,
    Organisation,
    UmsEvent,
    UmsRate,
    UmsStatement,
    UmsStatementLine,
)


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
    raw_id_fields = ("organisation", "previous_licence")
    filter_horizontal = ("partners",)
    readonly_fields = (
        "state",
        "major_standing",
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


@admin.register(UmsRate)
class UmsRateAdmin(admin.ModelAdmin):
    """The standard Universal Membership price and the counties' charges (EBU 1.3.2)."""

    list_display = ("valid_from", "county", "per_player_session")
    list_filter = ("county",)
    list_editable = ("per_player_session",)


@admin.register(UmsEvent)
class UmsEventAdmin(admin.ModelAdmin):
    list_display = ("tournament", "charge_code", "sessions", "master_points", "special_exemption")
    list_filter = ("charge_code", "special_exemption")
    raw_id_fields = ("tournament",)
    readonly_fields = ("updated_by", "updated_at")


class UmsStatementLineInline(admin.TabularInline):
    model = UmsStatementLine
    extra = 0
    can_delete = False
    readonly_fields = [f.name for f in UmsStatementLine._meta.fields if f.name != "id"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(UmsStatement)
class UmsStatementAdmin(admin.ModelAdmin):
    """Read only: statements are issued and paid through the office's pages, in steps."""

    list_display = ("month", "club", "total", "due_date", "state", "paid_on")
    list_filter = ("state",)
    search_fields = ("club__name",)
    list_select_related = ("club",)
    inlines = [UmsStatementLineInline]

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False
