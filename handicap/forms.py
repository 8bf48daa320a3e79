from django import forms
from django.utils.translation import gettext_lazy as _

from members.models import Member

from .calc import CalcInputError, calculate, parse_handicaps, parse_number

SCORING_CHOICES = [
    ("topscore", _("Topscore (result in percent)")),
    ("imp", _("IMPs (result in IMPs per board)")),
]
KIND_CHOICES = [
    ("pairs", _("Pairs")),
    ("individual", _("Individual")),
    ("teams", _("Team match")),
]


def _number_input():
    return forms.TextInput(attrs={"inputmode": "decimal", "size": 8})


class CalculatorForm(forms.Form):
    """The inputs of ``manage.py handicap_calc``; the checks are :func:`handicap.calc.calculate`'s."""

    scoring = forms.ChoiceField(label=_("Scoring"), choices=SCORING_CHOICES, initial="topscore")
    kind = forms.ChoiceField(label=_("Kind"), choices=KIND_CHOICES, initial="pairs")
    boards = forms.IntegerField(label=_("Boards"), initial=24)
    played = forms.IntegerField(
        label=_("Boards you played"),
        required=False,
        help_text=_("Leave empty when you played them all."),
    )
    owner = forms.CharField(
        label=_("Handicaps of your pair or team"),
        help_text=_(
            "Yours first, then your partner's (a team: all four), separated by commas: "
            "26, 18.5 – or by semicolons with decimal commas: 26; 18,5."
        ),
        widget=forms.TextInput(attrs={"size": 24}),
    )
    field = forms.CharField(
        label=_("Field handicap"),
        help_text=_(
            "The average handicap of the rest of the field; in a team match the "
            "opponents' team handicap."
        ),
        widget=_number_input(),
    )
    result = forms.CharField(
        label=_("Result"),
        help_text=_("Topscore: your percentage (57.5). IMPs: IMPs per board (0.8)."),
        widget=_number_input(),
    )

    calculation = None

    def clean_owner(self):
        return self._parsed(parse_handicaps, "owner")

    def clean_field(self):
        return self._parsed(parse_number, "field")

    def clean_result(self):
        return self._parsed(parse_number, "result")

    def _parsed(self, parse, name):
        try:
            return parse(self.cleaned_data[name], name)
        except CalcInputError as exc:
            raise forms.ValidationError(exc.message) from exc

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            self.calculation = calculate(
                scoring=data["scoring"],
                kind=data["kind"],
                boards=data["boards"],
                played=data.get("played"),
                owner=data["owner"],
                field=data["field"],
                result=data["result"],
            )
        except CalcInputError as exc:
            self.add_error(exc.field, exc.message)
        return data


class PartnerSearchForm(forms.Form):
    """The calculator's partner, found by name or MID (the member search's rule)."""

    partner = forms.CharField(
        label=_("Your partner: name or MID"),
        max_length=100,
        widget=forms.TextInput(attrs={"size": 24, "autocomplete": "off"}),
    )

    def clean_partner(self):
        text = self.cleaned_data["partner"].strip()
        # One letter would list half the federation: a name needs two.
        if not text.isdigit() and len(text) < 2:
            raise forms.ValidationError(_("Type at least two letters of the name, or the MID."))
        return text


# The organiser's field: one entry a line, its players' MIDs (a pair two, a team four).
ENTRY_SIZES = (2, 4)
MAX_ENTRIES = 200


class CorrectionsForm(forms.Form):
    """The entered field of a handicap tournament, for its starting corrections.

    ``cleaned_data["entries"]`` is a list of lists of MIDs, a list a line; each bad
    line is named by its number, so the organiser can find it on the sheet.
    """

    entries = forms.CharField(
        label=_("The entered field: one pair (two MIDs) or team (four MIDs) a line"),
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 10, "cols": 40, "spellcheck": "false"}),
    )

    def clean_entries(self):
        entries: list[list[int]] = []
        problems: list[str] = []
        seen: dict[int, int] = {}
        numbers: list[int] = []
        for number, text in enumerate(self.cleaned_data["entries"].splitlines(), start=1):
            words = text.replace(",", " ").replace(";", " ").split()
            if not words:
                continue
            bad = [word for word in words if not (word.isdigit() and len(word) < 10)]
            if bad:
                problems.append(
                    _("Line %(line)d: “%(word)s” is not a MID.") % {"line": number, "word": bad[0]}
                )
                continue
            if len(words) not in ENTRY_SIZES:
                problems.append(
                    _("Line %(line)d: a pair has two MIDs and a team four, not %(count)d.")
                    % {"line": number, "count": len(words)}
                )
                continue
            mids = [int(word) for word in words]
            for mid in mids:
                if mid in seen:
                    problems.append(
                        _("Line %(line)d: MID %(mid)d is already on line %(first)d.")
                        % {"line": number, "mid": mid, "first": seen[mid]}
                    )
                seen.setdefault(mid, number)
            entries.append(mids)
            numbers.append(number)
        if not problems and len({len(entry) for entry in entries}) > 1:
            problems.append(_("Every line must be a pair, or every line a team: not both."))
        if not problems and len(entries) < 2:
            problems.append(_("A field needs at least two entries."))
        if len(entries) > MAX_ENTRIES:
            problems.append(_("At most %(count)d entries a sheet.") % {"count": MAX_ENTRIES})
        if problems:
            raise forms.ValidationError(problems)
        known = set(Member.objects.filter(mid__in=list(seen)).values_list("mid", flat=True))
        unknown = [
            _("Line %(line)d: no member has MID %(mid)d.") % {"line": seen[mid], "mid": mid}
            for mid in seen
            if mid not in known
        ]
        if unknown:
            raise forms.ValidationError(unknown)
        self.lines = numbers
        return entries


class StartEstimateForm(forms.Form):
    """The office's estimated start of a player from abroad (002 5.2, lines 441-443):
    estimated master points that reflect the level of play, or a handicap directly."""

    mid = forms.IntegerField(label=_("Membership number (MID)"), min_value=1)
    master_points = forms.DecimalField(
        label=_("Estimated master points"),
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=2,
        help_text=_("The start then follows from them as from anybody's (equation 10)."),
        widget=_number_input(),
    )
    handicap = forms.DecimalField(
        label=_("Or an estimated handicap"),
        required=False,
        # 002 line 425 names -10 as the lowest handicap a scale may come to.
        min_value=-10,
        max_digits=6,
        decimal_places=2,
        help_text=_("Over 52 counts as 52."),
        widget=_number_input(),
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=300,
        help_text=_("What the estimate rests on, e.g. the player's level abroad."),
    )

    member: Member

    def clean_mid(self):
        mid = self.cleaned_data["mid"]
        member = Member.objects.filter(mid=mid).first()
        if member is None:
            raise forms.ValidationError(_("No member has MID %(mid)s."), params={"mid": mid})
        self.member = member
        return mid

    def clean(self):
        data = super().clean()
        given = [name for name in ("master_points", "handicap") if data.get(name) is not None]
        if len(given) != 1 and not {"master_points", "handicap"} & set(self.errors):
            self.add_error(
                "master_points",
                _("Give either estimated master points or an estimated handicap, not both.")
                if given
                else _("Give estimated master points or an estimated handicap."),
            )
        return data


class ListActivityForm(forms.Form):
    """A handicap list's choice to show the inactive members too (``domain.activity``)."""

    inactive = forms.BooleanField(label=_("Show inactive players too"), required=False)

    @property
    def show_inactive(self) -> bool:
        return self.is_valid() and self.cleaned_data["inactive"]


class AdjustmentForm(forms.Form):
    """The collective adjustment's three factors (002 6.1 lines 507-508, "adjust certain
    factors") and the reason. The bounds are ours: wide enough for any sensible scale,
    narrow enough that a slip of the keyboard cannot give a system that does not move
    (docs/handicap.md, "The check-up")."""

    impact = forms.FloatField(
        label=_("Impact divisor"),
        help_text=_("Boards over which a result's weight is spread: 480 in SBF 2007 (4.1)."),
        min_value=100,
        max_value=5000,
        localize=True,
    )
    topscore_slope = forms.FloatField(
        label=_("Expected result per handicap unit"),
        help_text=_("Percentage points per handicap unit in topscore: 0.4 in SBF 2007."),
        min_value=0.1,
        max_value=2,
        localize=True,
    )
    start_mp_factor = forms.FloatField(
        label=_("Start factor C"),
        help_text=_(
            "C in the start handicap 52 / (1 + C × master points): 0.01 in SBF 2007 (5.1)."
        ),
        min_value=0,
        max_value=0.1,
        localize=True,
    )
    reason = forms.CharField(
        label=_("Reason"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Needed to apply: what the check-up found."),
    )

    def factors(self) -> dict[str, float]:
        return {
            name: self.cleaned_data[name]
            for name in ("impact", "topscore_slope", "start_mp_factor")
        }
