"""Forms for manual results entry: a team event, a team match, a small pairs event.

The pairs form is the manual-entry "importer": :func:`pairs_report` maps its
cleaned data to the common :class:`ReportedEvent`, which the report service
saves like any uploaded file (standings, import log, replacement, pipeline).
"""

from __future__ import annotations

import json

from django import forms
from django.forms import formset_factory
from django.utils.translation import gettext_lazy as _

from members.models import Member
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
from .services import MANUAL, HalfLineup, manual_event_id

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
    award_table = forms.ChoiceField(
        label=_("Award table"),
        choices=award_tables.choices,
        help_text=_(
            "The master points table the event is played for (the rulebook's team "
            "tables B1-G3): it fixes the colour of the points and what a match or a "
            "place earns."
        ),
    )
    teams = forms.CharField(
        label=_("Teams"),
        widget=TEXTAREA,
        help_text=_('One team a line: its number, then its name, e.g. "1 Lag Andersson".'),
    )

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
    def label_from_instance(self, obj: Entry) -> str:
        return f"{obj.number} {obj.name}".strip()


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
    penalty_home = forms.DecimalField(
        label=_("VP penalty, home team"),
        required=False,
        min_value=0,
        max_digits=5,
        decimal_places=2,
        initial=0,
    )
    penalty_away = forms.DecimalField(
        label=_("VP penalty, away team"),
        required=False,
        min_value=0,
        max_digits=5,
        decimal_places=2,
        initial=0,
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

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        teams = Entry.objects.filter(section__tournament=tournament).order_by("number")
        self.fields["home"].queryset = teams
        self.fields["away"].queryset = teams
        section = tournament.sections.first()
        self.fields["boards"].initial = section.boards if section else None

    def clean(self):
        data = super().clean()
        if not data.get("walkover_by"):
            for name in ("imps_home", "imps_away"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Give the IMPs of a played match (0 if none)."))
        return data


class HalfLineupForm(forms.Form):
    """One half's line-ups: four MIDs per team; a half left empty was not played."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for side, label in (("home", _("Home")), ("away", _("Away"))):
            for seat in range(1, PLAYERS_PER_HALF + 1):
                self.fields[f"{side}_{seat}"] = forms.IntegerField(
                    label=f"{label} {seat}",
                    required=False,
                    min_value=1,
                    widget=forms.NumberInput(attrs={"placeholder": "MID"}),
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
        return HalfLineup(half=half, home=mids["home"], away=mids["away"])


HalfLineupFormSet = formset_factory(
    HalfLineupForm, extra=2, min_num=0, max_num=2, absolute_max=2, validate_max=True
)


def lineups_from(formset) -> list[HalfLineup]:
    """The halves that were filled in, numbered by their position (half 1, half 2)."""
    halves = [form.lineup(index) for index, form in enumerate(formset.forms, start=1)]
    return [h for h in halves if h is not None]


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
