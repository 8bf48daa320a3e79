"""The club's application form, the deciders' step form, and the calendar filter's
helpers. Which fields a silver or gold application needs is data here."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from members.models import Club, District

from .models import Sanction

# The event, as every application gives it.
EVENT_FIELDS = (
    "district",
    "level",
    "form_of_play",
    "name",
    "start_date",
    "end_date",
    "alternative_days",
    "entries",
    "boards",
    "championship_qualifier",
    "spring_autumn",
    "bridge_week",
    "open",
    "handicap",
    "expected_players",
    "expected_players_other_clubs",
    "field_limit",
    "entry_deadline",
)
CONTACT_FIELDS = (
    "contact_name",
    "contact_email",
    "address",
    "phone",
    "postcode",
    "town",
    "director",
    "venue",
    "submitted_by_name",
    "submitted_by_phone",
)
# Asked on the gold form only; optional (and hidden) for silver.
GOLD_ONLY_FIELDS = ("jubilee", "last_gold_event", "framing")
# What a silver application uses (the model's docstring points here).
SILVER_FIELDS = EVENT_FIELDS + CONTACT_FIELDS
# The gold form, seed 000 chapter 4 lines 222-243 ("Följande underlag ska klubben
# fylla i vid ansökan om guldsanktion"): contact ("Klubbens kontaktman"), e-mail,
# address, phone, postcode, town ("Postadress"), tournament director, venue
# ("Tävlingslokal"), "Ansökan inlämnad av" and its phone. The jubilee, the last gold
# event and the framing are asked for but may honestly be empty.
GOLD_REQUIRED = frozenset(CONTACT_FIELDS)

# What the pre-checks cannot do without, and what they read if it is there.
PRE_CHECK_NEEDS = ("district", "level", "form_of_play", "start_date", "entries", "boards")
PRE_CHECK_READS = (
    "end_date",
    "name",
    "championship_qualifier",
    "spring_autumn",
    "bridge_week",
    "open",
    "handicap",
    "expected_players",
    "expected_players_other_clubs",
    "field_limit",
    "entry_deadline",
)


class SanctionForm(forms.ModelForm):
    """A club's application, or a district's own gold application (``club`` None,
    ``applicant_district`` given; 000 ch. 4 lines 251-253). The applicant comes from
    the page (never from the form). A club's district defaults to the club's and may
    be changed: a silver event played in another district is then decided there after
    the home district endorses it. A district applies for gold in its own district."""

    class Meta:
        model = Sanction
        fields = EVENT_FIELDS + CONTACT_FIELDS + GOLD_ONLY_FIELDS
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "entry_deadline": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "field_limit": forms.NumberInput(attrs={"min": 1}),
            "framing": forms.Textarea(attrs={"rows": 3}),
            "entries": forms.NumberInput(attrs={"min": 1}),
            "boards": forms.NumberInput(attrs={"min": 1}),
        }

    def __init__(
        self,
        *args,
        club: Club | None,
        applicant_district: District | None = None,
        today: dt.date | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        if (club is None) == (applicant_district is None):
            raise ValueError("an application has one applicant: a club or a district")
        self.club = club
        self.applicant_district = applicant_district
        self.today = today or timezone.localdate()
        self.instance.club = club
        district = self.fields["district"]
        district.empty_label = None
        if applicant_district is not None:
            # lines 251-253: the district arranges gold, in its own district
            district.queryset = District.objects.filter(pk=applicant_district.pk)
            self.initial["district"] = applicant_district.pk
            self.fields["level"].choices = [(Sanction.Level.GOLD.value, Sanction.Level.GOLD.label)]
            self.initial["level"] = Sanction.Level.GOLD.value
        else:
            district.queryset = District.objects.order_by("name")
            if self.instance.pk is None and not self.is_bound:
                self.initial.setdefault("district", club.district_id)
            self.fields["level"].choices = Sanction.Level.choices
        for name in GOLD_REQUIRED:
            self.fields[name].widget.attrs["data-gold-required"] = "1"

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start is not None and start <= self.today:
            self.add_error(
                "start_date",
                _("The first playing day must be after today (%(today)s).")
                % {"today": self.today.isoformat()},
            )
        if start is not None and end is not None and end < start:
            self.add_error(
                "end_date", _("Impossible dates: the last playing day is before the first.")
            )
        deadline, limit = data.get("entry_deadline"), data.get("field_limit")
        if deadline is not None and start is not None and deadline >= start:
            self.add_error(
                "entry_deadline", _("The entry deadline must be before the first playing day.")
            )
        entries = data.get("entries")
        if limit is not None and entries is not None and limit < entries:
            self.add_error(
                "field_limit", _("The field limit is below the planned number of teams/pairs.")
            )
        players = data.get("expected_players")
        others = data.get("expected_players_other_clubs")
        if players is not None and others is not None and others > players:
            self.add_error(
                "expected_players_other_clubs",
                _("More players from other clubs than players in all."),
            )
        if data.get("level") == Sanction.Level.GOLD:
            for name in sorted(GOLD_REQUIRED):
                if name not in self.errors and not data.get(name):
                    self.add_error(name, _("Required for a gold application."))
        return data


def unsaved_sanction(
    form: SanctionForm, *, pk: int | None = None
) -> tuple[Sanction | None, list[str]]:
    """An unsaved Sanction from whatever the form's fields hold, for the pre-checks,
    or None and the labels of the fields they need that are missing or wrong.

    Each field is cleaned on its own, so a half-filled form (or one with a past
    date) still shows the checks its values allow."""
    values, missing = {}, []
    for name in PRE_CHECK_NEEDS + PRE_CHECK_READS:
        field = form.fields[name]
        try:
            value = field.clean(form[name].data)
        except ValidationError:
            value = None
        if name in PRE_CHECK_NEEDS and value in (None, ""):
            missing.append(str(field.label))
        values[name] = value
    if missing:
        return None, missing
    end = values.pop("end_date")
    if end is None or end < values["start_date"]:
        end = values["start_date"]
    players, others = values["expected_players"], values["expected_players_other_clubs"]
    if players is not None and others is not None and others > players:
        values["expected_players_other_clubs"] = None
    sanction = Sanction(
        pk=pk,
        club=form.club,
        end_date=end,
        **{k: ("" if v is None and k in ("name", "bridge_week") else v) for k, v in values.items()},
    )
    return sanction, []


class StepForm(forms.Form):
    """One workflow step as the page showed it: ``state`` and ``home_endorsement``
    are what the user saw, so that a step on a stale page is told who was first."""

    state = forms.ChoiceField(choices=Sanction.State.choices)
    home_endorsement = forms.ChoiceField(choices=Sanction.HomeEndorsement.choices, required=False)
    reason = forms.CharField(required=False, max_length=2000)
