"""Tournament pages: the list, one tournament's results, and reporting a results file."""

import re
from collections import defaultdict

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from members.common.lists import Column, link_html, rows_html, sorting
from members.common.pages import TOURNAMENT_LIST, cached, filtered, filtered_list, reader
from members.common.paging import page_after, page_of
from members.permissions import administered_club_ids, is_office_staff, require
from members.views import not_found

from . import services
from .domain.standings import close_up
from .filters import TournamentFilter
from .forms import ReportUploadForm
from .importers.report import logged_problem
from .models import BoardResult, Entry, EntryPlayer, Standing, TeamMatch, Tournament
from .pages import TOURNAMENT_PAGE
from .progress import STATE_FIELDS, pipeline_state
from .reported import AWARD_QUEUE, reported_vs_ours
from .standings import PRINTED_NOTE
from .tables import ProcessingTable, figure, result_columns, team_imps
from .teams import counted, exclusions

# A report with hundreds of unknown MIDs would bury the page under messages;
# the import log keeps every warning.
MAX_WARNING_MESSAGES = 20


DIRECTION_LABELS = {
    Entry.Direction.NS: gettext_lazy("North-South"),
    Entry.Direction.EW: gettext_lazy("East-West"),
}

DIRECTION_SHORT = {
    Entry.Direction.NS: pgettext_lazy("direction", "NS"),
    Entry.Direction.EW: pgettext_lazy("direction", "EW"),
}

SEATS = {
    "N": pgettext_lazy("seat", "N"),
    "E": pgettext_lazy("seat", "E"),
    "S": pgettext_lazy("seat", "S"),
    "W": pgettext_lazy("seat", "W"),
}
SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"), "C": ("♣", "clubs")}
CONTRACT = re.compile(r"^(?P<level>[1-7])(?P<strain>NT|N|S|H|D|C)(?P<doubled>X{0,2})$", re.I)


TOURNAMENT_COLUMNS = [
    # Newest first; a day's tournaments by name.
    Column("date", gettext_lazy("Date"), ("start_date", "-name", "pk")),
    Column("name", gettext_lazy("Tournament"), ("name", "start_date", "pk")),
    Column(
        "organiser",
        gettext_lazy("Organiser"),
        ("organiser_club__name", "organiser_district__name", "start_date", "pk"),
    ),
    Column("level", gettext_lazy("Medal level")),
    Column("kind", gettext_lazy("Kind")),
    Column("entries", gettext_lazy("Entries"), css="num"),
    Column("processing", gettext_lazy("Processing")),
]
TOURNAMENT_ROW = (
    '<tr><td>{}</td><td><a href="{}">{}</a></td><td>{}</td><td>{}</td><td>{}</td>'
    '<td class="num">{}</td><td>{}</td></tr>'
)


LISTED_COLUMNS = (
    "pk", "start_date", "name", "level", "kind", "pipeline_status",
    "organiser_club", "organiser_club__name",
    "organiser_district", "organiser_district__name", "entries_count",
)  # fmt: skip


def tournament_list(request):
    """Tournaments, newest first, 50 a page, filtered and sorted; the table kept under
    the tournament list's version (members/common/pages.py, cached_list)."""

    fields, table = filtered_list(
        TOURNAMENT_LIST,
        request,
        TournamentFilter,
        "tournaments/includes/_tournament_table.html",
        tournament_table,
    )
    return render(
        request,
        "tournaments/tournament_list.html",
        {
            "filter_fields": fields,
            "table": table,
            "filtered": any(request.GET.get(name) for name in TournamentFilter.base_filters),
            "can_report": _can_report(request.user),
        },
    )


def tournament_table(request) -> tuple[dict, TournamentFilter | None]:
    """One query whatever the page and the federation's size: the page's tournaments
    from the list's index (a page follows on from the last row of the one before) with
    their organisers and stored entry counts."""
    tournament_filter, listed = filtered(TournamentFilter, request, Tournament.objects.all())
    order, headings = sorting(request, TOURNAMENT_COLUMNS, "-date")
    if order[0].startswith(("organiser", "-organiser")):
        # An organiser is a club or a district (one of them empty): numbered pages.
        ids, pager = page_of(listed.order_by(*order).values_list("pk", flat=True), request)
        found = dict(
            (row[0], row)
            for row in Tournament.objects.filter(pk__in=ids).values_list(*LISTED_COLUMNS)
        )
        rows, onward = [found[pk] for pk in ids], None
    else:
        rows, onward = page_after(listed, order, request, columns=LISTED_COLUMNS)
        pager = None
    return {
        "headings": headings,
        "rows": rows_html(TOURNAMENT_ROW, _listed(rows)),
        "pager": pager,
        "onward": onward,
    }, tournament_filter


def _listed(rows: list[tuple]):
    """The list's rows as printed: each label and address made once a page."""
    levels = {value: str(label) for value, label in Tournament.Level.choices}
    kinds = {value: str(label) for value, label in Tournament.Kind.choices}
    statuses = {value: str(label) for value, label in Tournament.Pipeline.choices}
    tournament_url = reverse("tournaments:detail", args=[0]).removesuffix("0/")
    club_url = reverse("members:club", args=[0]).removesuffix("0/")
    district_url = reverse("members:district", args=[0]).removesuffix("0/")
    for (
        pk,
        day,
        name,
        level,
        kind,
        status,
        club,
        club_name,
        district,
        district_name,
        entries,
    ) in rows:
        if club:
            organiser = link_html(f"{club_url}{club}/", club_name)
        elif district:
            organiser = link_html(f"{district_url}{district}/", district_name)
        else:
            organiser = "–"
        yield (
            f"{day:%Y-%m-%d}", f"{tournament_url}{pk}/", name, organiser,
            levels.get(level, "–"), kinds.get(kind, kind), entries,
            statuses.get(status, status),
        )  # fmt: skip


# The fields the results page's cache key reads (with STATE_FIELDS, the live line).
KEY_FIELDS = ("name", "report_version", "pipeline_updated")


def tournament_detail(request, pk: int):
    """The results page. Its facts, results, travellers and the parts other apps add
    change only when the report does or its pipeline moves, so they are kept in the
    cache under the report's version and the pipeline's last move: a visitor's view
    reads the tournament; a user's also the sanction (whose link depends on who)."""
    # What the key and the live processing line read; the rest only when it is shown.
    tournament = Tournament.objects.only(*STATE_FIELDS, *KEY_FIELDS).filter(pk=pk).first()
    if tournament is None:
        return not_found(request)
    visitor = reader(request) == "visitor"
    whole = None

    def whole_tournament() -> Tournament:
        nonlocal whole
        if whole is None:
            whole = Tournament.objects.select_related("organiser_club", "organiser_district").get(
                pk=pk
            )
        return whole

    moved = tournament.pipeline_updated.timestamp() if tournament.pipeline_updated else 0
    key = (
        f"tournament-page:{tournament.pk}:{tournament.report_version}:"
        f"{tournament.pipeline_status}:{moved}:{get_language()}"
    )

    def kept() -> dict:
        full = whole_tournament()
        shown = _results(request, full)
        parts = TOURNAMENT_PAGE.kept(full, request)
        if visitor:  # nothing live for a visitor: the facts' level line too is theirs
            context = {
                "tournament": full,
                "parts": TOURNAMENT_PAGE.merged(parts, {}),
                "section_facts": mark_safe(shown["section_facts"]),  # noqa: S308
            }
            shown["facts"] = str(
                render_to_string("tournaments/includes/_facts.html", context, request)
            )
        return {**shown, "parts": parts}

    shown = cached(f"{key}:{reader(request)}", kept)
    if not visitor:
        tournament = whole_tournament()  # the facts are rendered for each user
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "pipeline": pipeline_state(tournament),
            **{
                name: mark_safe(html)  # noqa: S308 (our templates)
                for name, html in shown.items()
                if name != "parts"
            },
            "parts": TOURNAMENT_PAGE.merged(
                shown["parts"], TOURNAMENT_PAGE.live(tournament, request)
            ),
            "file_awards": None if visitor else _file_awards(request, tournament),
        },
    )


def _file_awards(request, tournament: Tournament) -> dict | None:
    """An EBU scorer's master point facts, where they contradict the licence, and the
    file's points beside ours: for the organising club's administrators and the office
    (docs/usebio_ebu.md). Live, not cached: the ledger moves after the report."""
    stated = (
        tournament.file_mp_scale,
        tournament.file_event_rating,
        tournament.file_mp_type,
        tournament.file_charge_code,
        tournament.file_warnings,
    )
    if not any(stated) and tournament.file_mps_awarded is None:
        return None
    user = request.user
    if not (is_office_staff(user) or tournament.organiser_club_id in administered_club_ids(user)):
        return None
    comparison = reported_vs_ours(tournament)
    facts = [
        (_("Master point scale"), tournament.file_mp_scale),
        (_("Event rating"), tournament.file_event_rating),
        (_("Master point type"), tournament.file_mp_type),
        (_("Charge code"), tournament.file_charge_code),
        (_("Licence compared"), tournament.file_licence),
    ]
    return {
        "facts": [(label, value) for label, value in facts if value],
        "warnings": [
            logged_problem(entry).translated_line(_) for entry in tournament.file_warnings
        ],
        "not_awarded": tournament.file_mps_awarded is False,
        "comparison": comparison,
        "differences": [
            {
                "line": line,
                "explanation": line.explanation
                or _("we credit this player no master points for the tournament"),
            }
            for line in comparison.differences
        ],
    }


def _results(request, tournament: Tournament) -> dict[str, str]:
    """The page's sections line, results and travellers as HTML. Five queries whatever
    the size of the event: the sections, the standings with their players (two), and
    every traveller line (and a team round robin's matches, for its IMPs); everything else
    is grouped here in Python."""
    sections, fields = tournament_standings(tournament)
    lines = (
        BoardResult.objects.filter(section__tournament=tournament)
        .select_related("ns_entry", "ew_entry")
        .order_by("section__name", "board", "ns_entry__number", "pk")
    )
    differing = sum(1 for field in fields for row in field["rows"] if row["computed"])
    shown = [row for field in fields for row in (*field["rows"], *field["struck"])]
    columns = result_columns(tournament, shown)
    for row in shown:
        row["figures"] = [figure(c.key, row[c.key]) for c in columns]
    context = {
        "tournament": tournament,
        "sections": list(sections.values()),
        "fields": fields,
        "columns": columns,
        "recomputed": differing > 0,
        "standings_note": _standings_note(tournament, differing),
        "travellers": _travellers(sections, lines),
    }
    return {
        name: str(render_to_string(f"tournaments/includes/_{name}.html", context, request))
        for name in ("section_facts", "results", "travellers")
    }


def tournament_standings(tournament: Tournament) -> tuple[dict, list[dict]]:
    """The results page's sections and standings, grouped as they were ranked
    (``_standings_fields``), also read by the API (tournaments.api). Four queries: the
    sections, the standings with their players (two), and a team round robin's matches
    for its IMPs."""
    sections = {s.pk: s for s in tournament.sections.all()}
    standings = (
        Standing.objects.filter(entry__section__tournament=tournament)
        .select_related("entry")
        .prefetch_related(
            Prefetch(
                "entry__players",
                queryset=EntryPlayer.objects.select_related("member").order_by("pk"),
            )
        )
        .order_by("entry__section__name", "entry__direction", "place", "entry__number")
    )
    imps = {}
    if tournament.scoring == Tournament.Scoring.TEAM_VP:  # one more query: the matches
        matches = list(
            TeamMatch.objects.filter(tournament=tournament).only(
                "round", "home_id", "away_id", "imps_home", "imps_away", "vp_home", "vp_away",
                "walkover",
            )
        )  # fmt: skip
        # An excluded team's matches leave the series (003 line 776), its IMPs too.
        teams = {team for m in matches for team in (m.home_id, m.away_id)}
        kept = counted(matches, exclusions(teams, matches))
        imps = team_imps((m.home_id, m.away_id, m.imps_home, m.imps_away) for m in kept)
    fields = _standings_fields(tournament, sections, standings, imps)
    return sections, fields


@never_cache
def tournament_status(request, pk: int):
    """The report's processing as JSON, for the tournament page's line to follow
    (static/js/pipeline_status.js): ``status``, ``step``, ``label`` and ``detail`` in
    the reader's language, ``reason`` when a step failed, ``done`` once the pipeline
    has finished, done or failed. Public, like the page; one query."""
    tournament = Tournament.objects.only(*STATE_FIELDS).filter(pk=pk).first()
    if tournament is None:
        return JsonResponse({"error": "not found"}, status=404)
    return JsonResponse(pipeline_state(tournament))


def _standings_note(tournament, differing: int) -> str:
    # The pipeline stores the note in English with the count filled in; the
    # page says it again in the reader's language from the same msgid.
    if differing:
        return _(PRINTED_NOTE) % {"count": differing}
    return tournament.standings_note


def _recomputed(standing: Standing) -> dict | None:
    """Klöver's own line where it differs from the printed one that stands
    (the same comparison as standings._official)."""
    if not standing.as_printed or standing.computed_place is None:
        return None
    if standing.computed_place != standing.place:
        differs = True
    elif standing.percentage is not None and standing.computed_percentage is not None:
        differs = standing.computed_percentage != standing.percentage
    else:
        differs = standing.computed_score != standing.score
    if not differs:
        return None
    return {
        "place": standing.computed_place,
        "score": standing.computed_score,
        "percentage": standing.computed_percentage,
    }


def _field_title(section_name: str, direction: str, several_sections: bool) -> str:
    parts = []
    if several_sections or section_name:
        parts.append(_("Section %(name)s") % {"name": section_name or "–"})
    if direction in DIRECTION_LABELS:
        parts.append(str(DIRECTION_LABELS[direction]))
    return ", ".join(parts)


def _standings_fields(tournament, sections, standings, imps: dict | None = None) -> list[dict]:
    """Standings grouped as they were ranked: per section and direction, or
    (USEBIO's one winner) one list over the whole event."""
    several = len(sections) > 1
    one_field = tournament.one_winner
    fields: dict[tuple, dict] = {}
    for standing in standings:
        entry = standing.entry
        section = sections[entry.section_id]
        key = () if one_field else (section.name, entry.direction)
        if key not in fields:
            title = "" if one_field else _field_title(section.name, entry.direction, several)
            fields[key] = {"title": title, "rows": []}
        fields[key]["rows"].append(
            {
                "place": f"{standing.place}=" if standing.shared else str(standing.place),
                "entry": _entry_label(entry, section, several, one_field),
                "name": entry.name,
                "players": [_player(p) for p in entry.players.all()],
                "score": standing.score,
                "percentage": standing.percentage,
                "imps": (imps or {}).get(entry.pk),
                "computed": _recomputed(standing),
                "range": (standing.place, standing.place_to),
                "struck": entry.struck,
            }
        )
    for field in fields.values():
        _struck_below(field)
    if one_field:
        for field in fields.values():
            field["rows"].sort(key=lambda row: int(row["place"].rstrip("=")))
    # North-South first, as the scoring programs print it (the query sorts EW before NS).
    return [fields[key] for key in sorted(fields, key=_field_order)]


def _struck_below(field: dict) -> None:
    """Entries struck from the results (003 lines 193-195: "stryks från resultatlistan",
    their boards stand) leave the list: the others' places close up, as the awards read
    them (awards.services.struck_out), and the struck rows follow with their reason."""
    rows = field["rows"]
    field["struck"] = [row for row in rows if row["struck"]]
    if not field["struck"]:
        return
    closed = close_up((n, *row["range"], bool(row["struck"])) for n, row in enumerate(rows))
    for n, row in enumerate(rows):
        place, to = closed[n]
        row["place"] = f"{place}=" if to != place else str(place)
    field["rows"] = [row for row in rows if not row["struck"]]


def _field_order(key: tuple) -> tuple:
    if not key:
        return ()
    section_name, direction = key
    return (section_name, {Entry.Direction.NS: 0, Entry.Direction.EW: 1}.get(direction, 2))


def _entry_label(entry, section, several_sections: bool, one_field: bool) -> str:
    label = str(entry.number)
    if one_field and entry.direction:
        label += f" {DIRECTION_SHORT.get(entry.direction, entry.direction)}"
    if one_field and several_sections and section.name:
        label = f"{section.name} {label}"
    return label


def _player(player: EntryPlayer) -> dict:
    if player.member_id:
        return {
            "name": player.member.full_name,
            "url": player.member.get_absolute_url(),
            "mid": player.member.mid,
        }
    return {"name": player.name or player.temporary_id, "url": None, "mid": None}


def _travellers(sections, lines) -> list[dict]:
    """Traveller lines by section, then board."""
    boards: dict[int, dict[int, list]] = defaultdict(lambda: defaultdict(list))
    for line in lines:
        boards[line.section_id][line.board].append(_traveller_line(line))
    several = len(sections) > 1
    ordered = sorted(sections.values(), key=lambda s: s.name)
    return [
        {
            "section": section,
            "title": _("Section %(name)s") % {"name": section.name or "–"} if several else "",
            "boards": [
                {"number": number, "lines": by_board[number]} for number in sorted(by_board)
            ],
        }
        for section in ordered
        if (by_board := boards.get(section.pk))
    ]


def _traveller_line(line: BoardResult) -> dict:
    if line.not_played:
        result = _("not played")
    elif line.adjusted:
        result = line.adjusted
    elif line.score_ns is not None:
        result = line.score_ns
    else:
        result = "–"
    return {
        "ns": line.ns_entry.number,
        "ew": line.ew_entry.number,
        "contract": _contract(line.contract),
        "declarer": _seat(line.declarer),
        "lead": _card(line.lead),
        "tricks": line.tricks,
        "result": result,
        "adjusted": bool(line.adjusted),
        "points_ns": line.points_ns,
        "points_ew": line.points_ew,
    }


def _suit(letter: str):
    symbol, name = SUITS[letter.upper()]
    return format_html('<span class="suit {}">{}</span>', name, symbol)


def _contract(text: str):
    """``4HX`` → 4♥X (coloured suit); ``Pass`` translated; anything else as written."""
    if not text:
        return ""
    if text.strip().lower() == "pass":
        return _("Pass")
    found = CONTRACT.match(text.strip())
    if found is None:
        return text
    strain = found["strain"].upper()
    shown = "NT" if strain in ("N", "NT") else _suit(strain)
    return format_html("{}{}{}", found["level"], shown, found["doubled"].upper())


def _card(text: str):
    """``HT`` → ♥10, as a lead card is printed on a Swedish traveller."""
    if len(text) != 2 or text[0].upper() not in SUITS:
        return text
    rank = "10" if text[1].upper() == "T" else text[1].upper()
    return format_html("{}{}", _suit(text[0]), rank)


def _seat(text: str) -> str:
    # The USEBIO importer has stored the enum's name ("Seat.WEST") rather than
    # its letter; both read as the same seat here.
    if text.startswith("Seat."):
        text = text[5:6]
    seat = SEATS.get(text.upper()[:1]) if text else None
    return str(seat) if seat is not None else text


def _can_report(user) -> bool:
    return is_office_staff(user) or bool(administered_club_ids(user))


@login_required
def report_upload(request):
    """Report a results file: a club administrator for their own clubs, the office for any."""
    office = is_office_staff(request.user)
    club_ids = set() if office else administered_club_ids(request.user)
    require(office or bool(club_ids))
    form = ReportUploadForm(
        request.POST or None, request.FILES or None, office=office, club_ids=club_ids
    )
    problems = None
    if request.method == "POST" and form.is_valid():
        filename, data = form.cleaned_data["file"]
        try:
            outcome = services.import_results(
                data=data,
                filename=filename,
                organiser=form.cleaned_data["club"],
                fmt=form.cleaned_data["format"] or None,
                user=request.user,
            )
        except services.ReportRefused as refused:
            problems = [problem.translated(_) for problem in refused.problems]
        else:
            _report_messages(request, outcome)
            return redirect(outcome.tournament)
    return render(
        request,
        "tournaments/report_upload.html",
        {"form": form, "problems": problems, "office": office},
    )


def _report_messages(request, outcome) -> None:
    tournament = outcome.tournament
    if outcome.replaced:
        saved = _(
            "The results were saved and replaced the earlier report of this "
            "tournament (now version %(version)s)."
        ) % {"version": tournament.report_version}
    else:
        saved = _("The results were saved.")
    messages.success(
        request,
        format_html(
            '{} <a href="{}#pipeline" class="status-link">{}</a>',
            saved,
            tournament.get_absolute_url(),
            _("Follow the processing"),
        ),
    )
    warnings = outcome.warnings
    if not warnings:
        return
    messages.warning(
        request,
        ngettext(
            "The report was saved with %(count)s warning:",
            "The report was saved with %(count)s warnings:",
            len(warnings),
        )
        % {"count": len(warnings)},
    )
    for warning in warnings[:MAX_WARNING_MESSAGES]:
        messages.warning(request, warning.translated_line(_))
    if len(warnings) > MAX_WARNING_MESSAGES:
        messages.warning(
            request,
            _("… and %(count)s more; the import log keeps them all.")
            % {"count": len(warnings) - MAX_WARNING_MESSAGES},
        )


@login_required
def processing(request):
    """The office's list of reports whose pipeline failed or is stuck, newest first,
    each with a button to run its steps again."""
    require(is_office_staff(request.user))
    table = ProcessingTable(services.failed_or_stuck())
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "tournaments/processing.html",
        {
            "table": table,
            "stuck_minutes": max(1, settings.PIPELINE_STUCK_AFTER // 60),
            "file_queue": _file_queue(),
            "award_queue": AWARD_QUEUE(),
        },
    )


FILE_QUEUE_SIZE = 50


def _file_queue() -> list[dict]:
    """The latest reports whose file contradicts its licence or awards no master points
    (docs/usebio_ebu.md): each with its first warning, in the reader's language."""
    flagged = (
        Tournament.objects.exclude(file_warnings=[])
        | Tournament.objects.filter(file_mps_awarded=False)
    ).only("pk", "name", "start_date", "file_warnings", "file_mps_awarded")
    return [
        {
            "tournament": t,
            "why": logged_problem(t.file_warnings[0]).translated_line(_)
            if t.file_warnings
            else _("The file says that no master points were awarded (MPS_AWARDED_FLAG N)."),
            "more": max(0, len(t.file_warnings) - 1),
        }
        for t in flagged.order_by("-reported_at", "-pk")[:FILE_QUEUE_SIZE]
    ]


@login_required
@require_POST
def run_again(request, pk: int):
    """The office's "run again": every step once more for the report's current version."""
    require(is_office_staff(request.user))
    tournament = Tournament.objects.only("name", "report_version").filter(pk=pk).first()
    if tournament is not None and services.run_again(tournament.pk):
        messages.success(
            request,
            format_html(
                '{} <a href="{}#pipeline">{}</a>',
                _(
                    "The steps of “%(name)s” (version %(version)s) were queued again, from "
                    "the first; the report leaves this list while they run and comes back "
                    "if one fails again."
                )
                % {"name": tournament.name, "version": tournament.report_version},
                tournament.get_absolute_url(),
                _("Follow the processing"),
            ),
        )
    else:
        messages.warning(request, _("That report is gone: nothing was run again."))
    return redirect("tournaments:processing")
