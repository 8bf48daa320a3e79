"""An organiser's licence application, the office's and the organiser's step
forms, and the allowance form. Which fields a licence type asks for is data here."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .domain import ums
from .models import STATUS_CHOICES, AllowanceUse, Licence, Organisation

Type = Licence.Type

# The event, as every application gives it.
EVENT_FIELDS = (
    "licence_type",
    "event_name",
    "start_date",
    "end_date",
    "sessions",
    "expected_tables",
    "heats",
    "members_only",
    "wide_appeal",
    "blue_points",
    "county_support",
    "major_event",
    "last_year_best_four_avg_tables",
    "previous_licence",
    "provisional_extension",
    "side_event",
    "consolation",
    "systems_level",
    "systems_authorised",
    "sponsor",
    "prizes",
    "max_prize_per_player",
    "prize_approved",
    "head_to_head_knockout",
    "peripheral_activities",
    "special_requirements",
)
# 1.8.1-1.8.2: the copies a charity application sends with it.
CHARITY_FIELDS = (
    "charity_agreement",
    "charity_remuneration_statement",
    "charity_donation_statement",
)
# 1.9.3: a package operator's protection of its customers' money.
PACKAGE_FIELDS = ("package_protection",)
# 1.4.2 (lines 603-627): what the novice/beginner sessions are, for the typical criteria.
NOVICE_FIELDS = (
    "for_novices",
    "above_area_master_percent",
    "awards_master_points",
    "counts_for_grading",
)
# 1.2.7: the organisations the players come from and who is in charge.
INTER_ORG_FIELDS = ("inter_organisation", "partners", "responsible_person")
# The model's file fields a reader may download (through ``views.document``).
DOCUMENT_FIELDS = (*CHARITY_FIELDS, "results_file")

# What the live checks cannot do without.
PRE_CHECK_NEEDS = ("licence_type", "start_date", "sessions", "expected_tables")


class LicenceForm(forms.ModelForm):
    """The organiser's application. The organisation comes from the page, never
    from the form; the state, status, fee and post-event fields are the office's."""

    class Meta:
        model = Licence
        fields = EVENT_FIELDS + NOVICE_FIELDS + INTER_ORG_FIELDS + CHARITY_FIELDS + PACKAGE_FIELDS
        widgets = {
            "above_area_master_percent": forms.NumberInput(
                attrs={"min": 0, "max": 100, "step": "0.1"}
            ),
            "partners": forms.SelectMultiple(attrs={"size": 6}),
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "sessions": forms.NumberInput(attrs={"min": 1}),
            "expected_tables": forms.NumberInput(attrs={"min": 1}),
            "prizes": forms.Textarea(attrs={"rows": 2}),
            "peripheral_activities": forms.Textarea(attrs={"rows": 2}),
            "special_requirements": forms.Textarea(attrs={"rows": 2}),
        }

    def __init__(self, *args, organisation: Organisation, today: dt.date | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.organisation = organisation
        self.today = today or timezone.localdate()
        self.instance.organisation = organisation
        self.fields["licence_type"].choices = [("", "---------"), *Type.choices]
        self.fields["systems_level"].widget = forms.Select(
            choices=[(n, n) for n in (1, 2, 3, 4, 5)]
        )
        # 1.6.1 c: last year's licence of the event, among the organisation's licences
        # that held major status.
        previous = self.fields["previous_licence"]
        previous.queryset = (
            Licence.objects.filter(organisation=organisation)
            .exclude(major_standing="")
            .order_by("-start_date", "pk")
        )
        previous.label_from_instance = lambda lic: (
            f"{lic.number} {lic.event_name} ({lic.get_major_standing_display()})"
        )
        previous.help_text = _(
            "If the event held major status last year, its licence then (EBU Handbook 1.6.1 c)."
        )
        partners = self.fields["partners"]
        partners.queryset = Organisation.objects.exclude(pk=organisation.pk).order_by("name")
        partners.help_text = _(
            "The clubs or counties whose players qualify or are selected for this event "
            "(EBU Handbook 1.2.7)."
        )
        percent = self.fields["above_area_master_percent"]
        percent.validators += [MinValueValidator(0), MaxValueValidator(100)]

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start is not None and start <= self.today:
            self.add_error(
                "start_date",
                _("The first day must be after today (%(today)s).")
                % {"today": self.today.isoformat()},
            )
        if start is not None and end is not None and end < start:
            self.add_error("end_date", _("Impossible dates: the last day is before the first."))
        if data.get("sessions") == 0:
            self.add_error("sessions", _("An event has at least one session."))
        if data.get("expected_tables") == 0:
            self.add_error("expected_tables", _("An event has at least one table."))
        if data.get("licence_type") != Type.CHARITY:
            for name in CHARITY_FIELDS:
                data[name] = None
        if data.get("licence_type") != Type.PACKAGE:
            data["package_protection"] = ""
        if data.get("licence_type") != Type.NOVICE_ANNUAL:
            data.update(
                for_novices=False,
                above_area_master_percent=None,
                awards_master_points=False,
                counts_for_grading=False,
            )
        if not data.get("inter_organisation"):
            data.update(partners=Organisation.objects.none(), responsible_person="")
        return data


def unsaved_licence(
    form: LicenceForm,
) -> tuple[Licence | None, list[str], list[Organisation]]:
    """An unsaved Licence from whatever the form's fields hold, for the live
    checks, or None and the labels of the fields they need that are missing; and
    the partners it names (1.2.7), which an unsaved row cannot hold.

    Each field is cleaned on its own, so a half-filled form (or one with a past
    date) still shows the checks its values allow."""
    values, missing = {}, []
    for name in form.Meta.fields:
        field = form.fields[name]
        if name in CHARITY_FIELDS:
            values[name] = form.files.get(form.add_prefix(name))
            continue
        try:
            value = field.clean(form[name].data)
        except ValidationError:
            value = None
        if name in PRE_CHECK_NEEDS and value in (None, "", 0):
            missing.append(str(field.label))
        values[name] = value
    chosen = values.pop("partners", None)
    partners = list(chosen) if chosen and values.get("inter_organisation") else []
    if missing:
        return None, missing, partners
    if values["end_date"] is None or values["end_date"] < values["start_date"]:
        values["end_date"] = values["start_date"]
    model_defaults = {
        f.name: f.get_default() for f in Licence._meta.concrete_fields if f.name in values
    }
    for name, value in values.items():
        if value is None and name not in CHARITY_FIELDS:
            values[name] = model_defaults[name]
    return Licence(organisation=form.organisation, **values), [], partners


# --- the steps ----------------------------------------------------------------------------


class StepForm(forms.Form):
    """One step as the page showed it: ``state`` is what the user saw, so that a
    step on a stale page is told who was first."""

    state = forms.ChoiceField(choices=Licence.State.choices, widget=forms.HiddenInput)


class ApproveForm(StepForm):
    status = forms.TypedChoiceField(label=_("Status level"), choices=STATUS_CHOICES, coerce=int)
    major_standing = forms.ChoiceField(
        label=_("Major event status (EBU Handbook 1.6.1 c)"),
        choices=Licence.MajorStanding.choices,
        required=False,
    )
    special_conditions = forms.CharField(
        label=_("Special conditions (EBU 1.7.20)"),
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    fee = forms.DecimalField(
        label=_("Fee (£)"), required=False, min_value=0, max_digits=9, decimal_places=2
    )
    note = forms.CharField(
        label=_("Note (optional)"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 1}),
    )


class ReasonForm(StepForm):
    reason = forms.CharField(
        label=_("Reason (required)"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )


class ResultsForm(StepForm):
    results_file = forms.FileField(label=_("Results file"))


class PaymentForm(StepForm):
    amount = forms.DecimalField(
        label=_("Amount paid (£)"), min_value=0.01, max_digits=9, decimal_places=2
    )
    paid_on = forms.DateField(
        label=_("Paid on"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    reference = forms.CharField(label=_("Payment reference"), required=False, max_length=100)


class AccountsForm(StepForm):
    received_on = forms.DateField(
        label=_("Accounts received on"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )


STEP_FORMS = {
    "approve": ApproveForm,
    "reject": ReasonForm,
    "results": ResultsForm,
    "payment": PaymentForm,
    "accounts": AccountsForm,
    "close": StepForm,
    "revoke": ReasonForm,
}


# --- allowances ---------------------------------------------------------------------------


class AllowanceForm(forms.Form):
    """An event run without a licence but counted against a yearly allowance."""

    kind = forms.ChoiceField(label=_("Kind of event"), choices=AllowanceUse.Kind.choices)
    name = forms.CharField(label=_("Event"), max_length=200)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    boards = forms.IntegerField(label=_("Boards"), required=False, min_value=1)
    blue_points = forms.BooleanField(label=_("Blue Point event"), required=False)
    restricted = forms.BooleanField(
        label=_("Restricted entry (other than to members)"), required=False
    )
    sessions_at_raised_level = forms.IntegerField(
        label=_("Sessions at the raised status"), required=False, min_value=0
    )
    knockout = forms.BooleanField(label=_("Knock-out event"), required=False)


# --- Universal Membership charges (issue #20) --------------------------------------------


def charge_code_choices() -> list[tuple[str, str]]:
    """The Appendix's codes a club may use, each with its words in the reader's language."""
    swedish = (get_language() or "sv").startswith("sv")
    return [
        (str(code), f"{code} – {ums.CODE_LABELS[code][1 if swedish else 0]}")
        for code in ums.ChargeCode
        if ums.TARIFF[code].club_may_use
    ]


class UmsCodeForm(forms.Form):
    """How a tournament is charged; the EBU's exemption is the office's only."""

    charge_code = forms.ChoiceField(label=_("UMS charge code"))
    sessions = forms.IntegerField(
        label=_("Sessions"),
        min_value=1,
        max_value=99,
        required=False,
        help_text=_("Empty: the licence's sessions, else one a day."),
    )
    master_points = forms.BooleanField(label=_("Master Points awarded"), required=False)
    special_exemption = forms.BooleanField(label=_("Exempted by the EBU"), required=False)
    exemption_reason = forms.CharField(label=_("Why exempted"), required=False, max_length=200)

    def __init__(self, *args, office: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["charge_code"].choices = charge_code_choices()
        if not office:
            del self.fields["special_exemption"]
            del self.fields["exemption_reason"]


class UmsIssueForm(forms.Form):
    month = forms.RegexField(
        label=_("Month (YYYY-MM)"),
        regex=r"^\d{4}-(0[1-9]|1[0-2])$",
        error_messages={"invalid": _("Give the month as YYYY-MM, e.g. 2026-05.")},
        widget=forms.TextInput(attrs={"placeholder": "2026-05", "inputmode": "numeric"}),
    )


class UmsPaymentForm(forms.Form):
    state = forms.CharField(widget=forms.HiddenInput)
    amount = forms.DecimalField(
        label=_("Amount paid (£)"), min_value=0.01, max_digits=10, decimal_places=2
    )
    paid_on = forms.DateField(
        label=_("Paid on"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    reference = forms.CharField(label=_("Payment reference"), required=False, max_length=100)
