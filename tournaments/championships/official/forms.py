"""The official's forms: a heat, a registration, and the small steps on a registration
and a confirmed place. Each check is a rule of ``domain.official_checks``; a refusal
lands on the field it is about, in the page's language."""

from __future__ import annotations

import re

from django import forms
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from members.models import Club, Member
from tournaments.models import Entry, Tournament

from ..domain import official_checks as checks
from ..models import Championship, Heat, RegisteredPlayer, Registration, Stage
from .services import HEAT_STAGES, _text, heat_closes, player_districts, stage_period


def _add(form: forms.Form, finding: checks.Finding | None) -> bool:
    if finding is None:
        return False
    name = finding.field if finding.field in form.fields else None
    form.add_error(name, _text(finding.en, finding.sv))
    return True


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class HeatForm(forms.ModelForm):
    """A heat of a stage (003 lines 159-163, 419-425, 500): the refusals stop it; a late
    invitation only warns (``warnings``)."""

    tournament_id = forms.IntegerField(
        label=_("Results: tournament id"), required=False, min_value=1,
        help_text=_("The id of the reported tournament that holds the heat's results."),
    )  # fmt: skip
    pick = forms.TypedChoiceField(
        label=_("Or pick one of the organiser's tournaments of that day"), required=False,
        coerce=int, empty_value=None,
    )  # fmt: skip
    note = forms.CharField(
        label=_("Note for the trail"), required=False, max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )  # fmt: skip

    class Meta:
        model = Heat
        fields = [
            "name", "club", "day", "invitation_sent_on", "registration_closes",
            "max_entries", "contact", "sessions",
        ]  # fmt: skip
        widgets = {
            "day": DateInput(),
            "invitation_sent_on": DateInput(),
            "registration_closes": DateInput(),
        }

    def clean_sessions(self) -> int:
        return self.cleaned_data.get("sessions") or 1

    def __init__(self, *args, stage: Stage, **kwargs):
        super().__init__(*args, **kwargs)
        self.stage = stage
        self.instance.stage = stage
        self.warnings: list[str] = []
        self.warnings_en: list[str] = []
        championship = stage.championship
        # One session unless the official says otherwise (003 line 183).
        self.fields["sessions"].required = False
        self.fields["club"].queryset = Club.objects.filter(
            district_id=championship.district_id
        ).order_by("name")
        self.fields["club"].required = True
        self.fields["day"].required = True
        if self.instance.tournament_id:
            self.fields["tournament_id"].initial = self.instance.tournament_id
        club_id = self.data.get("club") or self.instance.club_id
        day = self.instance.day
        if self.data.get("day"):
            try:
                day = forms.DateField().to_python(self.data["day"])
            except forms.ValidationError:
                day = None  # the field's own error says why
        if not str(club_id or "").isdigit():
            club_id = None
        choices: list[tuple[str, str]] = [("", "—")]
        if club_id and day:
            found = Tournament.objects.filter(
                organiser_club_id=club_id, start_date__lte=day, end_date__gte=day
            ).filter(Q(heat=None) | Q(heat=self.instance.pk) if self.instance.pk else Q(heat=None))
            choices += [(str(t.pk), f"{t.name} ({t.pk})") for t in found.order_by("pk")[:50]]
        self.fields["pick"].choices = choices

    def clean(self):
        data = super().clean()
        day = data.get("day")
        if day is not None:
            _add(self, checks.heat_day_in_period(day, stage_period(self.stage)))
        club = data.get("club")
        if club is not None and self.stage.kind in HEAT_STAGES:
            others = Heat.objects.filter(
                stage__championship=self.stage.championship,
                stage__kind__in=HEAT_STAGES,
                club=club,
            ).exclude(pk=self.instance.pk)
            _add(self, checks.one_heat_per_club(self.stage.championship.form, others.count()))
        typed, picked = data.get("tournament_id"), data.get("pick")
        if typed and picked and typed != picked:
            self.add_error(
                "pick", _("Give the tournament by its id or pick it, not two different ones.")
            )
        chosen = typed or picked
        self.tournament = None
        if chosen:
            self.tournament = Tournament.objects.filter(pk=chosen).first()
            if self.tournament is None:
                self.add_error(
                    "tournament_id", _("No tournament has the id %(id)s.") % {"id": chosen}
                )
            elif (
                Heat.objects.filter(tournament=self.tournament)
                .exclude(pk=self.instance.pk)
                .exists()
            ):
                self.add_error(
                    "tournament_id", _("That tournament already holds another heat's results.")
                )
        if day is not None and not self.errors:
            late = checks.invitation_notice(day, data.get("invitation_sent_on"))
            if late is not None:
                self.warnings.append(_text(late.en, late.sv))
                self.warnings_en.append(late.en)
        return data

    def save(self, commit: bool = False):
        heat = super().save(commit=False)
        heat.tournament = self.tournament
        return heat


def _mids(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text or "")]


class RegistrationForm(forms.Form):
    """A pair (two MIDs) or a team (captain and its players by MID, 003 lines 401,
    427-431) for a heat or straight to the final."""

    heat = forms.ModelChoiceField(
        label=_("Heat"), queryset=Heat.objects.none(), required=False,
        empty_label=_("Straight to the final"),
    )  # fmt: skip
    name = forms.CharField(label=_("Name"), max_length=200, required=False)
    registered_on = forms.DateField(label=_("Registered on"), widget=DateInput())
    plays_qualification = forms.BooleanField(
        label=_("Plays the qualification (bronze heat)"), required=False, initial=True
    )
    reigning_champions = forms.BooleanField(label=_("Reigning champions"), required=False)
    dispensation = forms.BooleanField(
        label=_("The committee gave its dispensation (players from another district)"),
        required=False,
    )

    def __init__(self, *args, championship: Championship, **kwargs):
        super().__init__(*args, **kwargs)
        self.championship = championship
        self.fields["heat"].queryset = (
            Heat.objects.filter(stage__championship=championship)
            .select_related("stage")
            .order_by("day", "name")
        )
        self.fields["registered_on"].initial = timezone.localdate()
        if championship.form == Championship.Form.PAIRS:
            self.fields["player_1"] = forms.IntegerField(label=_("Player 1 (MID)"), min_value=1)
            self.fields["player_2"] = forms.IntegerField(label=_("Player 2 (MID)"), min_value=1)
        else:
            del self.fields["reigning_champions"]
            del self.fields["plays_qualification"]
            self.fields["name"].label = _("Team name")
            self.fields["captain"] = forms.IntegerField(label=_("Captain (MID)"), min_value=1)
            self.fields["players"] = forms.CharField(
                label=_("The other players (MIDs)"), required=False,
                help_text=_("Up to seven, separated by spaces or commas: eight players at most."),
                widget=forms.Textarea(attrs={"rows": 2}),
            )  # fmt: skip
        # The fields in the order a person fills them in.
        first = ["player_1", "player_2", "captain", "players"]
        self.order_fields([f for f in first if f in self.fields] + ["name", "heat"])

    def _members(self, data) -> list[Member]:
        if self.championship.form == Championship.Form.PAIRS:
            wanted = [("player_1", data.get("player_1")), ("player_2", data.get("player_2"))]
        else:
            wanted = [("captain", data.get("captain"))]
            wanted += [("players", mid) for mid in _mids(data.get("players", ""))]
        found = Member.objects.in_bulk([m for _f, m in wanted if m], field_name="mid")
        members: list[Member] = []
        for name, mid in wanted:
            if mid is None:
                continue
            member = found.get(mid)
            if member is None:
                self.add_error(name, _("No member has the MID %(mid)s.") % {"mid": mid})
            elif member in members:
                self.add_error(name, _("%(name)s is given twice.") % {"name": member.full_name})
            else:
                members.append(member)
        return members

    def clean(self):
        data = super().clean()
        c = self.championship
        members = self._members(data)
        self.members = members
        self.captain = members[0] if members and c.form == Championship.Form.TEAMS else None
        if c.form == Championship.Form.TEAMS:
            _add(self, checks.team_size(len(members)))
        registered_on = data.get("registered_on")
        heat = data.get("heat")
        if registered_on is not None:
            _add(
                self,
                checks.registration_window(
                    registered_on, c.registration_opens, c.registration_closes
                ),
            )
            if heat is not None:
                entered = heat.registrations.filter(withdrawn_on=None).count()
                _add(
                    self,
                    checks.heat_open(registered_on, heat_closes(heat), entered, heat.max_entries),
                )
        direct = c.discipline == Championship.Discipline.HCP30 or data.get("reigning_champions")
        if heat is None and not direct:
            self.add_error(
                "heat",
                _(
                    "Choose a heat: only Hcp 30+ (a direct final, 003 line 234) and the reigning champions (lines 272-276) go straight to the final."
                ),
            )
        if data.get("reigning_champions") and registered_on is not None:
            period = stage_period(heat.stage) if heat else _heats_period(c)
            _add(self, checks.champions_in_time(registered_on, period[1] if period else None))
        if (
            heat is not None
            and heat.stage.kind == Stage.Kind.BRONZE_HEATS
            and registered_on is not None
            and not data.get("plays_qualification", True)
        ):
            _add(self, checks.declaration_open(heat.day, registered_on))
        if members and len(members) >= (2 if c.form == Championship.Form.PAIRS else 1):
            districts = player_districts(members, c.season)
            if checks.needs_dispensation(c.form, c.district_id, list(districts.values())):
                if not data.get("dispensation"):
                    _add(self, checks.dispensation_missing(c.form))
            self._check_taken(members, heat)
        return data

    def _check_taken(self, members: list[Member], heat: Heat | None) -> None:
        active = Registration.objects.filter(championship=self.championship, withdrawn_on=None)
        if self.championship.form == Championship.Form.TEAMS:
            taken = RegisteredPlayer.objects.filter(
                registration__in=active, member__in=members
            ).select_related("member")
            _add(self, checks.one_team_per_player({p.member.full_name for p in taken}))
        elif heat is not None:
            twice = active.filter(heat=heat, players__member__in=members).exists()
            if twice:
                self.add_error(None, _("A player of this pair is already registered in this heat."))


def _heats_period(championship: Championship):
    stage = championship.stages.filter(kind__in=HEAT_STAGES).first()
    return (
        stage_period(stage)
        if stage
        else checks.qualifying_period(
            championship.form, championship.discipline, championship.season
        )
    )


class WithdrawForm(forms.Form):
    withdrawn_on = forms.DateField(label=_("Withdrawn on"), widget=DateInput())


class DeclarationForm(forms.Form):
    """A bronze heat's declaration (003 lines 185-187), refused after the heat's day."""

    plays_qualification = forms.BooleanField(label=_("Plays the qualification"), required=False)

    def __init__(self, *args, registration: Registration, **kwargs):
        super().__init__(*args, **kwargs)
        self.registration = registration

    def clean(self):
        data = super().clean()
        heat = self.registration.heat
        if heat is None or heat.stage.kind != Stage.Kind.BRONZE_HEATS:
            raise forms.ValidationError(_("Only a bronze heat's pairs declare (003 line 187)."))
        _add(self, checks.declaration_open(heat.day, timezone.localdate()))
        return data


class EntryLinkForm(forms.Form):
    entry = forms.ModelChoiceField(
        label=_("Line in the heat's results"), queryset=Entry.objects.none(), required=False,
        empty_label=_("Not linked"),
    )  # fmt: skip

    def __init__(self, *args, registration: Registration, **kwargs):
        super().__init__(*args, **kwargs)
        heat = registration.heat
        if heat is not None and heat.tournament_id:
            self.fields["entry"].queryset = Entry.objects.filter(
                section__tournament_id=heat.tournament_id, phantom=False
            ).order_by("section__name", "direction", "number")
        self.fields["entry"].initial = registration.entry_id


class StrikeForm(forms.Form):
    """Strike a pair from a heat's results (003 lines 193-195)."""

    entry = forms.ModelChoiceField(label=_("Pair"), queryset=Entry.objects.none())
    reason = forms.CharField(
        label=_("Reason"), max_length=300,
        initial=_("Qualified earlier this season in the same discipline (003 lines 193-195)"),
    )  # fmt: skip

    def __init__(self, *args, heat: Heat, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = Entry.objects.filter(
            section__tournament_id=heat.tournament_id, phantom=False, struck=""
        ).order_by("section__name", "direction", "number")


class LotForm(forms.Form):
    """The committee's draw between heats tied in T3 (003 line 270): best first."""

    def __init__(self, *args, heats: list[Heat], **kwargs):
        super().__init__(*args, **kwargs)
        self.heats = heats
        choices = [(str(h.pk), h.name) for h in heats]
        for n in range(1, len(heats) + 1):
            self.fields[f"place_{n}"] = forms.ChoiceField(
                label=_("Drawn %(n)s.") % {"n": n}, choices=choices
            )

    def clean(self):
        data = super().clean()
        order = [data.get(f"place_{n}") for n in range(1, len(self.heats) + 1)]
        if None in order or len(set(order)) != len(order):
            raise forms.ValidationError(_("Name each tied heat once."))
        by_pk = {str(h.pk): h for h in self.heats}
        self.order = [by_pk[pk] for pk in order if pk is not None]
        return data


class DeclineForm(forms.Form):
    declined_on = forms.DateField(label=_("Declined on"), widget=DateInput())
