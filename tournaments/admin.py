from django.contrib import admin
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .importers.report import logged_problem
from .models import ImportLog, ReportedAward, Section, TeamRosterPlayer, Tournament
from .services import withdraw_report


class SectionInline(admin.TabularInline):
    model = Section
    extra = 0
    show_change_link = True


# What the award rules read: changed in the awards app's "award facts", which checks
# them against the federation's rulebook and runs the pipeline again.
AWARD_FACTS = ("level", "kind", "handicap_event", "boards", "award_table", "award_options")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
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
    actions = ["withdraw_selected"]

    def get_actions(self, request):
        # The plain delete would leave the players' points and handicaps as they were.
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def delete_model(self, request, obj):
        withdraw_report(obj)

    @admin.action(description=_("Withdraw the selected reports (points and handicaps follow)"))
    def withdraw_selected(self, request, queryset):
        for tournament in queryset:
            withdraw_report(tournament)

    readonly_fields = (
        *AWARD_FACTS,
        "report_version",
        "reported_at",
        *Tournament.PIPELINE_FIELDS,
    )


@admin.register(ImportLog)
class ImportLogAdmin(admin.ModelAdmin):
    list_display = ("created", "filename", "organiser_club", "source_format", "outcome", "user")
    list_filter = ("outcome", "source_format")
    search_fields = ("filename", "checksum", "organiser_club__name")
    # The stored problems are shown as a table in the reader's language, not as JSON.
    fields = [
        *(f.name for f in ImportLog._meta.fields if f.name != "errors"),
        "problems",
    ]
    readonly_fields = fields

    @admin.display(description=_("problems"))
    def problems(self, log: ImportLog):
        rows = [logged_problem(entry).translated(gettext) for entry in log.errors]
        if not rows:
            return "–"
        return format_html(
            '<table class="import-problems"><thead><tr><th>{}</th><th>{}</th></tr></thead>'
            "<tbody>{}</tbody></table>",
            gettext("Where"),
            gettext("Problem"),
            format_html_join(
                "", "<tr><td>{}</td><td>{}</td></tr>", ((r["where"], r["what"]) for r in rows)
            ),
        )


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows the office looks up but changes elsewhere, where their rules are checked."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(TeamRosterPlayer)
class TeamRosterPlayerAdmin(ReadOnlyAdmin):
    """The rosters of team events entered by hand, for the office to look up. Read only:
    a roster is changed on the event's roster page, which checks one team per player
    and keeps the matches' players in step."""

    list_display = ("member", "entry", "tournament")
    list_select_related = ("member", "entry", "tournament")
    search_fields = ("member__mid", "member__last_name", "entry__name", "tournament__name")
    raw_id_fields = ("tournament", "entry", "member")


@admin.register(ReportedAward)
class ReportedAwardAdmin(ReadOnlyAdmin):
    """What a scorer's file says it awarded, for the office to look up beside the
    ledger. Read only: it comes with the report and goes when the report is replaced."""

    list_display = ("player", "points", "point_type", "tournament")
    list_select_related = ("player", "tournament")
    search_fields = ("player__member__mid", "player__temporary_id", "tournament__name")
    raw_id_fields = ("tournament", "player")
