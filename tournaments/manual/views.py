"""Manual results entry pages: team events (DM Lag match reports) and small pairs events.

Club administrators enter events of their own clubs, the office any club's;
everyone else gets 403. The services do the work (tournaments/manual/services.py,
tournaments/services.report_results); these views wire forms to them.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import localize
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from members.permissions import administered_club_ids, can_edit_club, is_office_staff, require
from tournaments.domain.time_penalties import TimePenalty, late_arrival, shared, slow_play
from tournaments.models import Entry, LineupSlot, MatchTimePenalty, Standing, TeamMatch, Tournament
from tournaments.progress import pipeline_state
from tournaments.services import ReportRefused, report_results
from tournaments.teams import board_lines, scale_label, team_placings

from . import award_tables, services
from .forms import (
    DelayedTableFormSet,
    HalfLineupFormSet,
    MatchForm,
    PairsEventForm,
    TeamEventForm,
    TeamRosterForm,
    check_rooms,
    delayed_tables_from,
    lineups_from,
    pairs_report,
    roster_choices,
)
from .rosters import ROSTER_MINIMUM


def _club_rights(user) -> tuple[bool, set[int]]:
    return is_office_staff(user), administered_club_ids(user)


def _managed(request, pk: int, kind: str) -> Tournament:
    # Only events entered here: an imported event is changed by reporting it again.
    tournament = get_object_or_404(Tournament, pk=pk, kind=kind, source_format=services.MANUAL)
    club = tournament.organiser_club
    require(
        is_office_staff(request.user) or (club is not None and can_edit_club(request.user, club))
    )
    return tournament


def _show_problems(problems, form, formset=None, slow=None) -> None:
    """Put each service problem next to its field (``half-2-away-3`` in the line-ups'
    formset, ``slow-1-minutes`` in the delayed tables')."""
    for problem in problems:
        message = problem.translated()
        parts = problem.field.split("-")
        if formset is not None and parts[0] == "half" and len(parts) in (2, 4):
            index = int(parts[1]) - 1
            if index < len(formset.forms):
                target = formset.forms[index]
                target.add_error(f"{parts[2]}_{parts[3]}" if len(parts) == 4 else None, message)
                continue
        if slow is not None and parts[0] == "slow" and len(parts) == 3:
            index = int(parts[1]) - 1
            if index < len(slow.forms):
                slow.forms[index].add_error(parts[2], message)
                continue
        form.add_error(problem.field if problem.field in form.fields else None, message)


@login_required
def index(request):
    office, club_ids = _club_rights(request.user)
    require(office or bool(club_ids))
    events = Tournament.objects.filter(source_format=services.MANUAL).select_related(
        "organiser_club"
    )
    if not office:
        events = events.filter(organiser_club__in=club_ids)
    return render(request, "tournaments/manual/index.html", {"events": events[:200]})


@login_required
def team_event_create(request):
    office, club_ids = _club_rights(request.user)
    require(office or bool(club_ids))
    form = TeamEventForm(request.POST or None, office=office, club_ids=club_ids)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.create_team_event(
                organiser=data["club"],
                name=data["name"],
                date=data["date"],
                boards_per_match=data["boards_per_match"],
                teams=data["teams"],
                award_table=data.get("award_table", ""),
                scoring=data["scoring"],
                vp_scale=data["vp_scale"],
                team_handicap_form=data["team_handicap_form"],
            )
        except services.TeamEntryError as refused:
            _show_problems(refused.problems, form)
        else:
            messages.success(request, _("The team event was created. Enter its matches."))
            return redirect("manual:team_event", pk=tournament.pk)
    return render(request, "tournaments/manual/team_event_form.html", {"form": form})


def reason_text(penalty: TimePenalty) -> str:
    """The scale's reason in the reader's language."""
    return penalty.reason_sv if get_language() == "sv" else penalty.reason_en


def _penalty_lines(match: TeamMatch, time_penalties: list[MatchTimePenalty]) -> list[dict]:
    """A match's VP penalties as the report gave them: the time penalties with their
    minutes and seed line, then the other penalty (what is left of
    ``TeamMatch.penalty_*``: all of it for a match entered before minutes were)."""
    lines = []
    for side in ("home", "away"):
        team = match.home if side == "home" else match.away
        own = [p for p in time_penalties if p.side == side]
        for p in own:
            if p.kind == MatchTimePenalty.Kind.LATE:
                result = late_arrival(p.minutes, warned_before=p.warned_before)
            else:
                result = slow_play(p.minutes)
                if p.vp != result.vp:  # a table both teams were to blame for
                    result = shared(result)
            lines.append(
                {"team": team, "penalty": result, "vp": p.vp, "reason": reason_text(result)}
            )
        other = getattr(match, f"penalty_{side}") - sum((p.vp for p in own), Decimal(0))
        if other:
            lines.append({"team": team, "other": other})
    return lines


def _match_rows(tournament: Tournament) -> list[dict]:
    """Each match with its line-ups by half: {half: (home names, away names)}, and its
    VP penalties."""
    matches = list(
        TeamMatch.objects.filter(tournament=tournament)
        .select_related("home", "away")
        .prefetch_related("time_penalties", "board_scores")
    )
    names: dict[tuple[int, int, int], list[str]] = defaultdict(list)
    for slot in (
        LineupSlot.objects.filter(match__tournament=tournament)
        .select_related("player__member")
        .order_by("pk")
    ):
        names[(slot.match_id, slot.half, slot.entry_id)].append(str(slot.player))
    return [
        {
            "match": m,
            "boards": board_lines(tournament, m.board_scores.all()),
            "penalties": _penalty_lines(m, list(m.time_penalties.all())),
            "halves": [
                (half, names[(m.pk, half, m.home_id)], names[(m.pk, half, m.away_id)])
                for half in (1, 2)
                if names[(m.pk, half, m.home_id)] or names[(m.pk, half, m.away_id)]
            ],
        }
        for m in matches
    ]


@login_required
def team_event(request, pk: int):
    tournament = _managed(request, pk, Tournament.Kind.TEAMS)
    placings = {p.key: p for p in team_placings(tournament)}
    standings = [
        {"standing": s, "placing": placings.get(s.entry_id)}
        for s in Standing.objects.filter(entry__section__tournament=tournament)
        .select_related("entry")
        .order_by("place", "entry__number")
    ]
    # An excluded team stands below the line (seed 003 line 776).
    excluded = [row for row in standings if row["placing"] and row["placing"].excluded]
    standings = [row for row in standings if row not in excluded]
    rosters = services.team_rosters(tournament)
    teams = [
        {"team": team, "players": rosters.get(team.pk, [])}
        for team in Entry.objects.filter(section__tournament=tournament).order_by("number")
    ]
    return render(
        request,
        "tournaments/manual/team_event.html",
        {
            "tournament": tournament,
            "award_table": award_tables.label_of(tournament.award_table),
            "scale": scale_label(tournament),
            "board_a_match": tournament.scoring == Tournament.Scoring.BOARD_A_MATCH,
            "pipeline": pipeline_state(tournament),
            "matches": _match_rows(tournament),
            "standings": standings,
            "excluded": excluded,
            "teams": teams,
            "roster_minimum": ROSTER_MINIMUM,
        },
    )


@login_required
def team_roster(request, pk: int, team: int):
    tournament = _managed(request, pk, Tournament.Kind.TEAMS)
    entry = get_object_or_404(Entry, pk=team, section__tournament=tournament)
    current = services.team_rosters(tournament).get(entry.pk, [])
    form = TeamRosterForm(
        request.POST or None, initial=TeamRosterForm.initial_for(current), rows=len(current)
    )
    if request.method == "POST" and form.is_valid():
        try:
            roster = services.set_team_roster(team=entry, mids=form.cleaned_data["mids"])
        except services.TeamEntryError as refused:
            _show_problems(refused.problems, form)
        else:
            messages.success(
                request,
                _("The roster of %(team)s was saved: %(count)s players.")
                % {"team": entry.name or entry.number, "count": len(roster)},
            )
            return redirect(reverse("manual:team_event", args=[tournament.pk]) + "#rosters")
    return render(
        request,
        "tournaments/manual/team_roster_form.html",
        {"tournament": tournament, "team": entry, "form": form},
    )


@login_required
def team_match(request, pk: int):
    tournament = _managed(request, pk, Tournament.Kind.TEAMS)
    rosters = services.team_rosters(tournament)
    teams = list(Entry.objects.filter(section__tournament=tournament).order_by("number"))
    form = MatchForm(request.POST or None, tournament=tournament, rosters=rosters)
    formset = HalfLineupFormSet(
        request.POST or None,
        prefix="half",
        form_kwargs={"players": roster_choices(teams, rosters)},
    )
    slow = DelayedTableFormSet(request.POST or None, prefix="slow")
    preview = None
    assessed = None
    if (
        request.method == "POST"
        and form.is_valid()
        and formset.is_valid()
        and slow.is_valid()
        and check_rooms(
            formset, {"home": form.cleaned_data["home"], "away": form.cleaned_data["away"]}
        )
    ):
        data = form.cleaned_data
        arguments = {
            "tournament": tournament,
            "round": data["round"],
            "home": data["home"],
            "away": data["away"],
            "boards": data["boards"],
            "imps_home": data.get("imps_home") or 0,
            "imps_away": data.get("imps_away") or 0,
            "board_scores": data["board_scores"],
            "penalty_home": data["penalty_home"] or 0,
            "penalty_away": data["penalty_away"] or 0,
            "walkover_by": data["walkover_by"] or None,
            "late_arrivals": form.late_arrivals(),
            "delayed_tables": delayed_tables_from(slow),
        }
        if "preview" in request.POST:
            try:
                preview, items = services.preview_match(**arguments)
            except services.TeamEntryError as refused:
                _show_problems(refused.problems, form, formset, slow)
            else:
                teams_by_side = {"home": data["home"], "away": data["away"]}
                assessed = [
                    {"item": a, "team": teams_by_side[a.side], "reason": reason_text(a.penalty)}
                    for a in items
                ]
        else:
            try:
                match = services.record_team_match(
                    halves=lineups_from(formset), user=request.user, **arguments
                )
            except services.TeamEntryError as refused:
                _show_problems(refused.problems, form, formset, slow)
            else:
                messages.success(
                    request,
                    _("Round %(round)s saved: %(home)s – %(away)s, %(vp_home)s – %(vp_away)s VP.")
                    % {
                        "round": match.round,
                        "home": match.home.name,
                        "away": match.away.name,
                        "vp_home": localize(match.vp_home),
                        "vp_away": localize(match.vp_away),
                    },
                )
                return redirect("manual:team_event", pk=tournament.pk)
    return render(
        request,
        "tournaments/manual/team_match_form.html",
        {
            "tournament": tournament,
            "scale": scale_label(tournament),
            "board_a_match": form.board_a_match,
            "form": form,
            "formset": formset,
            "slow": slow,
            "preview": preview,
            "assessed": assessed,
            # Teams whose roster cannot field a match yet, named before the form.
            "short_rosters": [
                (team, len(rosters.get(team.pk, [])))
                for team in teams
                if len(rosters.get(team.pk, [])) < ROSTER_MINIMUM
            ],
            "roster_minimum": ROSTER_MINIMUM,
            "sides": [("home", _("Home team")), ("away", _("Away team"))],
        },
    )


@login_required
def pairs_event_create(request):
    office, club_ids = _club_rights(request.user)
    require(office or bool(club_ids))
    form = PairsEventForm(request.POST or None, office=office, club_ids=club_ids)
    problems = None
    if request.method == "POST" and form.is_valid():
        report, data = pairs_report(form)
        try:
            outcome = report_results(
                report=report,
                organiser=form.cleaned_data["club"],
                data=data,
                filename="manual entry",
                user=request.user,
            )
        except ReportRefused as refused:
            problems = [problem.translated_line(_) for problem in refused.problems]
        else:
            messages.success(
                request,
                _("The results replaced the earlier entry of this event.")
                if outcome.replaced
                else _("The results were saved."),
            )
            return redirect("manual:pairs_event", pk=outcome.tournament.pk)
    return render(
        request, "tournaments/manual/pairs_form.html", {"form": form, "problems": problems}
    )


@login_required
def pairs_event(request, pk: int):
    tournament = _managed(request, pk, Tournament.Kind.PAIRS)
    standings = (
        Standing.objects.filter(entry__section__tournament=tournament)
        .select_related("entry")
        .prefetch_related("entry__players__member")
        .order_by("place", "entry__number")
    )
    return render(
        request,
        "tournaments/manual/pairs_event.html",
        {"tournament": tournament, "pipeline": pipeline_state(tournament), "standings": standings},
    )
