from django.contrib import admin

from .models import Sanction, SanctionAction


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
