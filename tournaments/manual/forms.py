"""Forms for manual results entry: a team event, a team match, a small pairs event.

The pairs form is the manual-entry "importer": :func:`pairs_report` maps its
cleaned data to the common :class:`ReportedEvent`, which the report service
saves like any uploaded file (standings, import log, replacement, pipeline).
"""

from __future__ import annotations

import json

from django import forms
from django.db.models import F, FilteredRelation, Q
from django.forms import formset_factory
from django.utils.translation import gettext_lazy as _

from members.federation import current
from members.models import Member
from members.services import current_season
from tournaments.domain.teams import PLAYERS_PER_HALF, SIDES
from tournaments.forms import ClubChoiceForm
from tournaments.importers.report import (
    ReportedEntry,
    ReportedEvent,
    ReportedLine,
    ReportedPlayer,
    ReportedSection,
)
from tournaments.importers.text import Text, gettext_noop
from tournaments.models import Entry, Tournament

from . import award_tables
from .rosters import (
    LOOKUP_LIMIT,
    ROSTER_MAXIMUM,
    ROSTER_MINIMUM,
    player_label,
    player_reference,
)
from .services import (
    MANUAL,
    BoardScore,
    DelayedTable,
    HalfLineup,
    LateArrival,
    manual_event_id,
    roster_field,
)

TEXTAREA = forms.Textarea(attrs={"rows": 8, "cols": 50, "spellcheck": "false"})


def _numbered_lines(text: str):
    """(line number, words) of every non-empty line."""
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if words:
            yield number, words


class TeamEventForm(ClubChoiceForm):
    name = forms.CharField(label=_("Event"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    boards_per_match = forms.IntegerField(
        label=_("Boards per match"), min_value=1, max_value=60, initial=20
    )
    # Not required: a form without them (an older page, a script) makes the usual
    # event, VPs on the WBF scale.
    scoring = forms.ChoiceField(
        label=_("Scoring"),
        required=False,
        choices=[
            (Tournament.Scoring.TEAM_VP, _("IMPs converted to VPs")),
            (Tournament.Scoring.BOARD_A_MATCH, _("Board-a-match: 1, ½ or 0 points a board")),
        ],
        initial=Tournament.Scoring.TEAM_VP,
        help_text=_(
            "Board-a-match compares the two rooms' N-S scores board by board (seed 004, "
            '"Matchpoint scoring"): a board won scores 1, a tie ½.'
        ),
    )
    vp_scale = forms.ChoiceField(
        label=_("VP scale"),
        required=False,
        choices=Tournament.VpScale.choices,
        initial=Tournament.VpScale.WBF,
        help_text=_(
            "How an IMP margin becomes VPs: the WBF continuous 20-0 scale for the boards "
            'played, or the discrete 20- or 30-point scale (seed 004, "Victory Point '
            'scoring"). Not used in board-a-match.'
        ),
    )
    team_handicap_form = forms.ChoiceField(
        label=_("Team results for the handicap"),
        required=False,
        choices=Tournament.TeamHandicapForm.choices,
        initial=Tournament.TeamHandicapForm.MATCH,
        help_text=_(
            "How the matches move the players' handicaps (handicap paper, seed 002 "
            "3.3.3.1-3): each match team against team; or each pair across the field, "
            "round by round (3.3.3.2) or over the whole event when every team keeps its "
            "pairs in the same rooms (3.3.3.3). Across the field needs each match's "
            "boards and which room each player sat in; a match without them counts "
            "team against team."
        ),
    )
    award_table = forms.ChoiceField(
        label=_("Award table"),
        choices=award_tables.choices,
        help_text=_(
            "The master points table the event is played for (the rulebook's team "
            "tables B1-G3): it fixes the colour of the points and what a match or a "
            "place earns."
        ),
    )
    field_order = [
        "club", "name", "date", "boards_per_match", "scoring", "vp_scale", "team_handicap_form",
    ]  # fmt: skip
    teams = forms.CharField(
        label=_("Teams"),
        widget=TEXTAREA,
        help_text=_('One team a line: its number, then its name, e.g. "1 Lag Andersson".'),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not current().runs_sanctions:
            # The EBU awards from the event's facts and its licence (chapter 1), not
            # from an SBF table (awards/domain/ebu/licensed.py).
            del self.fields["award_table"]

    def clean_scoring(self) -> str:
        return self.cleaned_data.get("scoring") or Tournament.Scoring.TEAM_VP

    def clean_vp_scale(self) -> str:
        return self.cleaned_data.get("vp_scale") or Tournament.VpScale.WBF

    def clean_team_handicap_form(self) -> str:
        return self.cleaned_data.get("team_handicap_form") or Tournament.TeamHandicapForm.MATCH

    def clean_teams(self) -> list[tuple[int, str]]:
        teams, errors = [], []
        for line, words in _numbered_lines(self.cleaned_data["teams"]):
            if not words[0].isdigit() or len(words) < 2:
                errors.append(
                    forms.ValidationError(
                        _(
                            'Line %(line)s: write the team number, then its name ("1 Lag Andersson").'
                        ),
                        params={"line": line},
                    )
                )
                continue
            teams.append((int(words[0]), " ".join(words[1:])))
        if errors:
            raise forms.ValidationError(errors)
        return teams


class TeamChoiceField(forms.ModelChoiceField):
    @staticmethod
    def team_label(obj: Entry) -> str:
        return f"{obj.number} {obj.name}".strip()

    def label_from_instance(self, obj: Entry) -> str:
        return self.team_label(obj)


class MatchForm(forms.Form):
    round = forms.IntegerField(label=_("Round"), min_value=1)
    home = TeamChoiceField(label=_("Home team"), queryset=Entry.objects.none())
    away = TeamChoiceField(label=_("Away team"), queryset=Entry.objects.none())
    boards = forms.IntegerField(label=_("Boards"), min_value=1)
    imps_home = forms.DecimalField(
        label=_("IMPs, home team"), required=False, min_value=0, max_digits=7, decimal_places=2
    )
    imps_away = forms.DecimalField(
        label=_("IMPs, away team"), required=False, min_value=0, max_digits=7, decimal_places=2
    )
    board_scores = forms.CharField(
        label=_("Boards, both rooms"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 30, "spellcheck": "false"}),
        help_text=_(
            "One board a line: board, N-S score in the open room (home team N-S), N-S "
            'score in the closed room, e.g. "1 420 -50". The IMPs are then read from '
            "the boards; leave the IMPs empty."
        ),
    )
    late_home = forms.IntegerField(
        label=_("Late arrival, home team (minutes)"),
        required=False,
        min_value=0,
        max_value=600,
        help_text=_("Whole minutes after the announced start; a started minute counts."),
    )
    warned_home = forms.BooleanField(
        label=_("Home team warned for late arrival earlier in the event"),
        required=False,
        help_text=_(
            "Tick only for a warning Klöver has not recorded: a late arrival entered "
            "for an earlier round counts by itself."
        ),
    )
    late_away = forms.IntegerField(
        label=_("Late arrival, away team (minutes)"),
        required=False,
        min_value=0,
        max_value=600,
        help_text=_("Whole minutes after the announced start; a started minute counts."),
    )
    warned_away = forms.BooleanField(
        label=_("Away team warned for late arrival earlier in the event"),
        required=False,
        help_text=_(
            "Tick only for a warning Klöver has not recorded: a late arrival entered "
            "for an earlier round counts by itself."
        ),
    )
    penalty_home = forms.DecimalField(
        label=_("Other VP penalty, home team"),
        required=False,
        min_value=0,
        max_digits=5,
        decimal_places=2,
        initial=0,
        help_text=_("The director's or the committee's other rulings, in VP."),
    )
    penalty_away = forms.DecimalField(
        label=_("Other VP penalty, away team"),
        required=False,
        min_value=0,
        max_digits=5,
        decimal_places=2,
        initial=0,
        help_text=_("The director's or the committee's other rulings, in VP."),
    )
    walkover_by = forms.ChoiceField(
        label=_("W.O."),
        required=False,
        choices=[
            ("", _("No: the match was played")),
            ("home", _("The home team gave W.O.")),
            ("away", _("The away team gave W.O.")),
        ],
    )

    def __init__(self, *args, tournament: Tournament, rosters: dict[int, list[Member]], **kwargs):
        super().__init__(*args, **kwargs)
        # The page sets the time penalties apart from the result.
        self.time_fields = ["late_home", "warned_home", "late_away", "warned_away"]
        self.other_fields = ["penalty_home", "penalty_away"]
        teams = Entry.objects.filter(section__tournament=tournament).order_by("number")
        self.fields["home"].queryset = teams
        self.fields["away"].queryset = teams
        section = tournament.sections.first()
        self.fields["boards"].initial = section.boards if section else None
        self.rosters = rosters
        self.board_a_match = tournament.scoring == Tournament.Scoring.BOARD_A_MATCH
        if self.board_a_match:
            # Scored board by board: the boards are the result, there are no IMPs.
            del self.fields["imps_home"], self.fields["imps_away"]
            self.fields["board_scores"].required = True
            self.fields["board_scores"].help_text = _(
                "One board a line: board, N-S score in the open room (home team N-S), "
                'N-S score in the closed room, e.g. "1 420 -50". Each board scores 1, ½ '
                "or 0 (seed 004)."
            )

    def clean_board_scores(self) -> list[BoardScore]:
        scores, errors = [], []
        for line, words in _numbered_lines(self.cleaned_data.get("board_scores") or ""):
            try:
                board, open_ns, closed_ns = (int(w) for w in words)
            except ValueError:
                errors.append(
                    forms.ValidationError(
                        _(
                            "Line %(line)s: write the board, the open room's and the "
                            "closed room's N-S score."
                        ),
                        params={"line": line},
                    )
                )
                continue
            scores.append(BoardScore(board, open_ns, closed_ns, line))
        if errors:
            raise forms.ValidationError(errors)
        return scores

    def result_fields(self):
        """The match's own fields, before the time penalties."""
        apart = set(self.time_fields) | set(self.other_fields)
        return [field for field in self if field.name not in apart]

    def late_fields(self):
        return [self[name] for name in self.time_fields]

    def penalty_fields(self):
        return [self[name] for name in self.other_fields]

    def late_arrivals(self) -> list[LateArrival]:
        data = self.cleaned_data
        return [
            LateArrival(
                side=side,
                minutes=data[f"late_{side}"],
                warned_before=bool(data.get(f"warned_{side}")),
            )
            for side in SIDES
            if data.get(f"late_{side}")
        ]

    def clean(self):
        data = super().clean()
        if not data.get("walkover_by"):
            for name in ("imps_home", "imps_away"):
                if self.board_a_match or data.get("board_scores"):
                    break  # the IMPs come from the boards, or there are none
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Give the IMPs of a played match (0 if none)."))
            # The line-ups offer the rosters' players only (a substitute joins the
            # roster first), so a short roster is said at the team, not at every seat.
            for side in SIDES:
                team = data.get(side)
                count = len(self.rosters.get(team.pk, [])) if team else ROSTER_MINIMUM
                if count < ROSTER_MINIMUM:
                    self.add_error(
                        side,
                        _(
                            "%(team)s has %(count)s players on its roster and a match "
                            "needs at least %(min)s: add players to the roster first."
                        )
                        % {
                            "team": TeamChoiceField.team_label(team),
                            "count": count,
                            "min": ROSTER_MINIMUM,
                        },
                    )
        return data


class DelayedTableForm(forms.Form):
    """One table that played over time: its number, the minutes over the allowed time
    and whose pair was to blame; a row left empty is no delayed table."""

    table = forms.IntegerField(label=_("Table number"), required=False, min_value=1, max_value=999)
    minutes = forms.IntegerField(
        label=_("Minutes over time"), required=False, min_value=0, max_value=600
    )
    side = forms.ChoiceField(
        label=_("To blame"),
        required=False,
        choices=[
            ("", "–"),
            ("home", _("Home team")),
            ("away", _("Away team")),
            ("both", _("Both teams (shared equally)")),
        ],
    )

    def clean(self):
        data = super().clean()
        given = [data.get("table") is not None, data.get("minutes") is not None]
        if any(given) and not all(given):
            name = "minutes" if given[0] else "table"
            if name not in self.errors:
                self.add_error(
                    name,
                    _("Give both the table and the minutes over time of a delayed table."),
                )
        if any(given) and not data.get("side") and "side" not in self.errors:
            self.add_error("side", _("Say whose pair was to blame."))
        return data

    def delayed(self, row: int) -> DelayedTable | None:
        data = self.cleaned_data
        if data.get("table") is None and data.get("minutes") is None:
            return None
        return DelayedTable(
            table=data["table"], minutes=data["minutes"], side=data["side"], row=row
        )


DelayedTableFormSet = formset_factory(
    DelayedTableForm, extra=2, min_num=0, max_num=4, absolute_max=4, validate_max=True
)


def delayed_tables_from(formset) -> list[DelayedTable]:
    """The delayed tables filled in, each with its row (1, 2, ...)."""
    rows = [form.delayed(index) for index, form in enumerate(formset.forms, start=1)]
    return [r for r in rows if r is not None]


def roster_choices(teams, rosters: dict[int, list[Member]]) -> list:
    """The line-up seats' choices: each team's roster under the team's name."""
    return [
        (
            TeamChoiceField.team_label(team),
            [(m.mid, player_label(m.first_name, m.last_name, m.mid)) for m in rosters[team.pk]],
        )
        for team in teams
        if rosters.get(team.pk)
    ]


# LineupSlot.room: the open room, where the home team sits N-S, and the closed room.
OPEN_ROOM, CLOSED_ROOM = 1, 2
ROOMS = [("", "–"), (OPEN_ROOM, _("open room")), (CLOSED_ROOM, _("closed room"))]


class HalfLineupForm(forms.Form):
    """One half's line-ups: four players per team, chosen from the rosters (each seat's
    value is the player's MID); a half left empty was not played. Each seat may say
    its room (results across the field, 002 3.3.3.2-3); :func:`check_rooms` sees that
    a team's rooms, when given, hold two players each."""

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "–"), *players]
        # The page names the half and the team around each team's four seats.
        for side in SIDES:
            for seat in range(1, PLAYERS_PER_HALF + 1):
                self.fields[f"{side}_{seat}"] = forms.TypedChoiceField(
                    label=_("Player %(row)s") % {"row": seat},
                    required=False,
                    choices=choices,
                    coerce=int,
                    empty_value=None,
                )
                self.fields[f"{side}_{seat}_room"] = forms.TypedChoiceField(
                    label=_("Room of player %(row)s") % {"row": seat},
                    required=False,
                    choices=ROOMS,
                    coerce=int,
                    empty_value=None,
                )

    def clean(self):
        data = super().clean()
        names = [f"{side}_{seat}" for side in SIDES for seat in range(1, PLAYERS_PER_HALF + 1)]
        if any(data.get(n) for n in names):
            for n in names:
                if data.get(n) is None and n not in self.errors:
                    self.add_error(
                        n, _("Give all four players of both teams for a half that was played.")
                    )
        return data

    def lineup(self, half: int) -> HalfLineup | None:
        data = self.cleaned_data
        mids = {
            side: tuple(
                data[f"{side}_{seat}"]
                for seat in range(1, PLAYERS_PER_HALF + 1)
                if data.get(f"{side}_{seat}")
            )
            for side in SIDES
        }
        if not mids["home"] and not mids["away"]:
            return None
        rooms = {side: self.rooms(side) for side in SIDES}
        return HalfLineup(
            half=half,
            home=mids["home"],
            away=mids["away"],
            home_rooms=rooms["home"],
            away_rooms=rooms["away"],
        )

    def rooms(self, side: str) -> tuple[int | None, ...]:
        """The rooms of ``side``'s players, in seat order; () when none is given."""
        data = self.cleaned_data
        seats = [seat for seat in range(1, PLAYERS_PER_HALF + 1) if data.get(f"{side}_{seat}")]
        found = tuple(data.get(f"{side}_{seat}_room") for seat in seats)
        return found if any(found) else ()


def check_rooms(formset, teams: dict[str, Entry]) -> bool:
    """Rooms, where a half gives them, put two players of each team in each room
    (one pair a room, 002 3.3.3.2); each half that does not says so, naming the team
    and the half. True when every half passes."""
    passed = True
    for half, form in enumerate(formset.forms, start=1):
        if not form.is_valid():
            continue
        for side in SIDES:
            rooms = form.rooms(side)
            if rooms and not (rooms.count(OPEN_ROOM) == rooms.count(CLOSED_ROOM) == 2):
                form.add_error(
                    None,
                    _(
                        "Half %(half)s, %(team)s: put two players in the open room and two "
                        "in the closed room, or give no rooms."
                    )
                    % {"half": half, "team": TeamChoiceField.team_label(teams[side])},
                )
                passed = False
    return passed


HalfLineupFormSet = formset_factory(
    HalfLineupForm, extra=2, min_num=0, max_num=2, absolute_max=2, validate_max=True
)


def lineups_from(formset) -> list[HalfLineup]:
    """The halves that were filled in, numbered by their position (half 1, half 2)."""
    halves = [form.lineup(index) for index, form in enumerate(formset.forms, start=1)]
    return [h for h in halves if h is not None]


class TeamRosterForm(forms.Form):
    """A team's roster, a player a row, by MID or by name (or as the lookup writes
    them, "Anna Ek (12345)"). A name one member has is taken; a name several share is
    never guessed: the form lists them to choose from (radio buttons ``pick_<row>``)
    and keeps nothing until every row names one member."""

    def __init__(self, *args, rows: int = ROSTER_MAXIMUM, **kwargs):
        super().__init__(*args, **kwargs)
        # A roster grown past the rows by substitutes who played is shown whole.
        self.row_count = max(rows, ROSTER_MAXIMUM)
        for row in range(1, self.row_count + 1):
            self.fields[roster_field(row)] = forms.CharField(
                label=_("Player %(row)s") % {"row": row},
                required=False,
                max_length=200,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "spellcheck": "false",
                        "data-member-lookup": "",
                    }
                ),
            )
        self.candidates: dict[int, list[Member]] = {}

    @staticmethod
    def initial_for(members: list[Member]) -> dict[str, str]:
        return {
            roster_field(row): player_label(m.first_name, m.last_name, m.mid)
            for row, m in enumerate(members, start=1)
        }

    def rows(self):
        """(row, bound field, the members to choose from or None), for the template."""
        for row in range(1, self.row_count + 1):
            yield row, self[roster_field(row)], self.candidates.get(row)

    def clean(self):
        data = super().clean()
        mids: list[int | None] = []
        understood: dict[str, str] = {}
        for row in range(1, self.row_count + 1):
            name = roster_field(row)
            reference = player_reference(data.get(name) or "")
            if reference is None or isinstance(reference, int):
                # A MID: the service says whether a member has it, at this row.
                mids.append(reference)
                continue
            mids.append(None)
            found = list(
                Member.objects.search(reference)
                # The club each represents tells apart members of one name.
                .annotate(
                    represented=FilteredRelation(
                        "memberships",
                        condition=Q(
                            memberships__season=current_season(), memberships__represents=True
                        ),
                    ),
                    club_name=F("represented__club__name"),
                )
                .order_by("last_name", "first_name", "mid")[: LOOKUP_LIMIT + 1]
            )
            # A choice made from an earlier answer counts while the row still says
            # what the members were found by.
            picked = self.data.get(f"pick_{row}")
            chosen = next((m for m in found if str(m.mid) == picked), None)
            if chosen is None and len(found) == 1:
                chosen = found[0]
            params = {"row": row, "text": reference, "count": len(found), "limit": LOOKUP_LIMIT}
            if chosen is not None:
                mids[-1] = chosen.mid
                understood[name] = player_label(chosen.first_name, chosen.last_name, chosen.mid)
            elif not found:
                self.add_error(
                    name,
                    _('Row %(row)s: no member\'s name matches "%(text)s". Give the MID.') % params,
                )
            elif len(found) > LOOKUP_LIMIT:
                self.add_error(
                    name,
                    _(
                        'Row %(row)s: more than %(limit)s members match "%(text)s". Write '
                        "more of the name, or the MID."
                    )
                    % params,
                )
            else:
                self.candidates[row] = found
                self.add_error(
                    name,
                    _('Row %(row)s: %(count)s members match "%(text)s". Choose one below.')
                    % params,
                )
        if understood:
            # Shown again (a problem elsewhere), a row says whom its name was taken for.
            self.data = self.data.copy()
            for name, label in understood.items():
                self.data[name] = label
        data["mids"] = mids
        return data


class PairsEventForm(ClubChoiceForm):
    """A small pairs event typed in: pairs by MID and a traveller line per board and table."""

    name = forms.CharField(label=_("Event"), max_length=200)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    boards = forms.IntegerField(label=_("Boards"), min_value=1, max_value=200)
    pairs = forms.CharField(
        label=_("Pairs"),
        widget=TEXTAREA,
        help_text=_(
            'One pair a line: pair number, then the two players\' MIDs, e.g. "1 12345 23456".'
        ),
    )
    results = forms.CharField(
        label=_("Results"),
        widget=TEXTAREA,
        help_text=_(
            'One table\'s result a line: board, NS pair, EW pair, NS score, e.g. "1 3 4 420" or '
            '"2 1 2 -100" (negative when EW scored).'
        ),
    )

    def clean_pairs(self) -> dict[int, tuple[int, int]]:
        pairs: dict[int, tuple[int, int]] = {}
        errors = []
        for line, words in _numbered_lines(self.cleaned_data["pairs"]):
            if len(words) != 3 or not all(w.isdigit() for w in words):
                errors.append(
                    forms.ValidationError(
                        _("Line %(line)s: write the pair number and two MIDs."),
                        params={"line": line},
                    )
                )
                continue
            number, first, second = (int(w) for w in words)
            if number in pairs or number < 1:
                errors.append(
                    forms.ValidationError(
                        _("Line %(line)s: pair %(pair)s is given twice or is not positive."),
                        params={"line": line, "pair": number},
                    )
                )
            pairs[number] = (first, second)
        if errors:
            raise forms.ValidationError(errors)
        mids = [mid for pair in pairs.values() for mid in pair]
        self.members = {m.mid: m for m in Member.objects.filter(mid__in=mids)}
        for number, (first, second) in pairs.items():
            for mid in (first, second):
                if mid not in self.members:
                    errors.append(
                        forms.ValidationError(
                            _("Pair %(pair)s: no member has MID %(mid)s."),
                            params={"pair": number, "mid": mid},
                        )
                    )
            if mids.count(first) > 1 or mids.count(second) > 1:
                errors.append(
                    forms.ValidationError(
                        _("Pair %(pair)s: a player is in more than one pair."),
                        params={"pair": number},
                    )
                )
        if len(pairs) < 2:
            errors.append(forms.ValidationError(_("An event needs at least two pairs.")))
        if errors:
            raise forms.ValidationError(errors)
        return pairs

    def clean(self):
        data = super().clean()
        pairs, boards, text = data.get("pairs"), data.get("boards"), data.get("results")
        if pairs is None or boards is None or text is None:
            return data
        lines, errors = [], []
        seen: set[tuple[int, int]] = set()
        for line, words in _numbered_lines(text):
            try:
                board, ns, ew, score = (int(w) for w in words)
            except ValueError:
                errors.append(
                    forms.ValidationError(
                        _("Line %(line)s: write board, NS pair, EW pair and NS score."),
                        params={"line": line},
                    )
                )
                continue
            problem = None
            if not 1 <= board <= boards:
                problem = _("Line %(line)s: board %(board)s is not one of the %(boards)s boards.")
            elif ns not in pairs or ew not in pairs:
                problem = _("Line %(line)s: pair %(pair)s is not in the list of pairs.")
            elif ns == ew:
                problem = _("Line %(line)s: a pair cannot play against itself.")
            elif (board, ns) in seen or (board, ew) in seen:
                problem = _("Line %(line)s: a pair has two results on board %(board)s.")
            elif score % 10:
                problem = _("Line %(line)s: %(score)s is not a bridge score (a multiple of 10).")
            if problem:
                errors.append(
                    forms.ValidationError(
                        problem,
                        params={
                            "line": line,
                            "board": board,
                            "boards": boards,
                            "pair": ns if ns not in pairs else ew,
                            "score": score,
                        },
                    )
                )
                continue
            seen.update({(board, ns), (board, ew)})
            lines.append((line, board, ns, ew, score))
        if not lines and not errors:
            errors.append(forms.ValidationError(_("Give at least one result.")))
        if errors:
            self.add_error("results", errors)
        data["lines"] = lines
        return data


def pairs_report(form: PairsEventForm) -> tuple[ReportedEvent, bytes]:
    """The report value of a valid pairs form, and its canonical JSON for the import log."""
    data = form.cleaned_data
    members = form.members
    entries = tuple(
        ReportedEntry(
            key=str(number),
            section="",
            number=number,
            direction="",
            players=tuple(
                ReportedPlayer(
                    national_id=str(mid),
                    name=f"{members[mid].first_name} {members[mid].last_name}",
                )
                for mid in mids
            ),
            where=Text(gettext_noop("pair %(number)s"), {"number": number}),
        )
        for number, mids in sorted(data["pairs"].items())
    )
    lines = tuple(
        ReportedLine(
            section="",
            board=board,
            ns=str(ns),
            ew=str(ew),
            score_ns=score,
            where=Text(gettext_noop("results line %(line)s"), {"line": line}),
        )
        for line, board, ns, ew, score in data["lines"]
    )
    report = ReportedEvent(
        source_format=MANUAL,
        # Same club, name and date again replaces the earlier entry (report_results).
        event_id=manual_event_id(Tournament.Kind.PAIRS, data["name"], data["date"]),
        name=data["name"].strip(),
        date=data["date"],
        kind="pairs",
        scoring="matchpoints",
        # Pairs are numbered once, not per direction: one field, like a Howell.
        sections=(ReportedSection(name="", movement="howell"),),
        entries=entries,
        lines=lines,
        boards=data["boards"],
    )
    canonical = {
        "club": data["club"].number,
        "name": report.name,
        "date": data["date"].isoformat(),
        "boards": data["boards"],
        "pairs": {str(n): list(m) for n, m in sorted(data["pairs"].items())},
        "results": [[b, ns, ew, s] for _line, b, ns, ew, s in data["lines"]],
    }
    return report, json.dumps(canonical, sort_keys=True, ensure_ascii=False).encode()
