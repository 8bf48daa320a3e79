from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from members.models import Member

from .domain.core import Colour, OutOfRange, Rulebook
from .domain.ebu.calculator import calculate, field_name, options_from
from .domain.ebu.core import EbuInputError
from .rulebooks import rulebook

LEVELS = [
    ("", "–"),
    (Colour.BRONZE.value, _("bronze")),
    (Colour.SILVER.value, _("silver")),
    (Colour.GOLD.value, _("gold")),
]


class CalculatorForm(forms.Form):
    table = forms.ChoiceField(label=_("Table"))
    entries = forms.IntegerField(label=_("Pairs, teams or players"), min_value=1, max_value=2000)
    boards = forms.IntegerField(label=_("Boards"), min_value=1, max_value=500, required=False)
    met = forms.IntegerField(
        label=_("Opponents met (when not all met all)"),
        min_value=1,
        max_value=2000,
        required=False,
    )
    level = forms.ChoiceField(label=_("Level"), required=False, choices=LEVELS)
    dm_final = forms.ChoiceField(
        label=_("District championship final (bonus)"),
        required=False,
        choices=[
            ("", "–"),
            ("open", _("Pairs, open class: 60-40-30")),
            ("other", _("Other pairs finals: 10-5-3")),
            ("hcp30", _("Pairs Hcp 30+: 10-5-3 from 40 boards")),
            ("teams", _("Teams, open class: 42-30-21")),
        ],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        book = rulebook()
        self.fields["table"].choices = [
            (name, table_label(book, name)) for name in book.table_names()
        ]


def table_label(book: Rulebook, name: str) -> str:
    """The table's name and what it is for, in the reader's language."""
    title = book.table_title(name)
    if title is None:
        return name
    return title.en if (get_language() or "sv").startswith("en") else title.sv


# --- the EBU calculator (../shared/interfaces/ebu-calculator.md, section 1) -------------

STATUSES = [
    ("club", _("Club")),
    ("district", _("District (1½ × Club)")),
    ("county", _("County (2 × Club)")),
    ("regional", _("Regional (3 × Club)")),
    ("national", _("National (4 × Club)")),
]
MOVEMENTS = [
    ("", "–"),
    ("two-winner", _("Pairs, two winners (Mitchell)")),
    ("single-winner", _("Pairs, one winner (Howell)")),
    ("teams", _("Teams")),
    ("individual", _("Individual, one winner")),
    ("four-winner", _("Individual, four winners")),
    ("pairs", _("Pairs (a ladder)")),
]
EBU_COLOURS = [("local", _("Local points")), ("blue", _("Blue points"))]
STAGES = [
    ("", _("– (a single event)")),
    ("qualifying", _("First qualifying stage")),
    ("final", _("Final")),
    ("subsequent", _("Later qualifying stage")),
    ("consolation", _("Consolation final")),
    ("third-final", _("Third final")),
]
STRATS = [("", "–"), ("A", "A"), ("B", "B"), ("C", "C"), ("D", "D")]
KNOCKOUTS = [
    ("", "–"),
    ("single-teams", _("Teams, single elimination")),
    ("double-teams", _("Teams, double elimination")),
    ("single-pairs", _("Pairs, single elimination")),
]
ROUNDS = [
    ("", "–"),
    ("prelim", _("Preliminary round")),
    *[(str(n), str(n)) for n in range(1, 9)],
    ("65+", _("County KO: 65 or more teams")),
    ("33-64", _("County KO: 33-64 teams")),
    ("17-32", _("County KO: 17-32 teams")),
    ("9-16", _("County KO: 9-16 teams")),
    ("quarter-final", _("County KO: quarter-final")),
    ("semi-final", _("County KO: semi-final")),
    ("final", _("County KO: final")),
]
EVENTS = [
    ("", "–"),
    ("county-pairs-final", _("County pairs championship final")),
    ("county-teams-ko", _("County teams championship, knock-out")),
    ("county-teams-qualifier", _("County teams championship, qualifying heats")),
    ("swiss-teams", _("County Swiss teams")),
    ("swiss-pairs", _("County Swiss pairs")),
    ("inter-county-league", _("Inter-county teams league")),
]


def _count(label, help_text=""):
    return forms.IntegerField(
        label=label, help_text=help_text, min_value=0, max_value=100000, required=False
    )


class EbuCalculatorForm(forms.Form):
    """The EBU calculator's options in plain words: each field is the option of the same
    name (``original_tables`` is ``--original-tables``). The Handbook's refusals come
    from the calculator and stand beside the field they name."""

    # Not given is the Handbook's default (Club, local points), as on the command line.
    status = forms.ChoiceField(
        label=_("Status of the event"), choices=STATUSES, initial="club", required=False
    )
    movement = forms.ChoiceField(label=_("Movement"), choices=MOVEMENTS, required=False)
    tables = forms.CharField(
        label=_("Full tables"),
        help_text=_("Teams: the number of teams. A half table is ignored: 9½ counts as 9."),
        max_length=12,
        required=False,
    )
    boards = _count(_("Boards each competitor plays"))
    tie = forms.CharField(
        label=_("Ties"),
        help_text=_("Place:count, e.g. 4:2 when two tie for 4th; several with commas."),
        max_length=100,
        required=False,
    )
    colour = forms.ChoiceField(
        label=_("Points"), choices=EBU_COLOURS, initial="local", required=False
    )
    major = forms.BooleanField(
        label=_("A major championship (one status level up)"), required=False
    )
    stage = forms.ChoiceField(label=_("Stage"), choices=STAGES, required=False)
    original_tables = forms.CharField(
        label=_("Full tables in the first qualifying stage"), max_length=12, required=False
    )
    premier_tables = forms.CharField(
        label=_("Full tables in the finals above this one"), max_length=12, required=False
    )
    qualifying_stages = _count(_("Qualifying stages before the final"))
    boards_per_match = _count(_("Boards per match"), _("When each match won earns points."))
    won = forms.CharField(label=_("Matches won (a draw counts ½)"), max_length=12, required=False)
    divisions = _count(_("Divisions or sections of differing status"))
    division = _count(_("This division or section (1 = the top)"))
    strat = forms.ChoiceField(label=_("Stratified category"), choices=STRATS, required=False)
    knockout = forms.ChoiceField(label=_("Knock-out"), choices=KNOCKOUTS, required=False)
    round = forms.ChoiceField(label=_("Round"), choices=ROUNDS, required=False)
    entries = _count(_("Original entry (pairs or teams)"))
    remaining = _count(_("Competitors left (knock-out) or pairs in the final"))
    consolation = forms.BooleanField(
        label=_("A consolation knock-out (half awards)"), required=False
    )
    bye = forms.BooleanField(label=_("A bye for an undefeated team"), required=False)
    ladder = forms.BooleanField(label=_("A ladder (a series of games)"), required=False)
    games = _count(_("Games in the series"))
    final = forms.BooleanField(label=_("The ladder ends in a final"), required=False)
    event = forms.ChoiceField(label=_("Green-point event"), choices=EVENTS, required=False)

    # The page's groups: the first always open, the others folded until used.
    GROUPS = (
        (_("The event"), ("status", "movement", "tables", "boards", "tie", "colour", "major")),
        (
            _("Finals and consolations"),
            ("stage", "original_tables", "premier_tables", "qualifying_stages"),
        ),
        (
            _("Matches won, leagues and sections"),
            ("boards_per_match", "won", "divisions", "division"),
        ),
        (_("Stratified event"), ("strat",)),
        (
            _("Knock-out"),
            ("knockout", "round", "entries", "remaining", "consolation", "bye"),
        ),
        (_("Ladder"), ("ladder", "games", "final")),
        (_("Green-point event"), ("event",)),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.result = None

    def groups(self):
        """(title, bound fields, open) for the template: a group is open when it is the
        first, or when one of its fields is filled in or has an error."""
        shown = []
        for index, (title, names) in enumerate(self.GROUPS):
            bound = [self[name] for name in names]
            used = any(self.data.get(name) not in (None, "") or self[name].errors for name in names)
            shown.append((title, bound, index == 0 or used))
        return shown

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        try:
            self.result = calculate(options_from(data))
        except EbuInputError as exc:
            name = field_name(exc.option)
            if name == "ties":
                name = "tie"
            reason = exc.text(get_language() or "sv")
            label = self.fields[name].label if name in self.fields else None
            message = (
                f"{label} (--{exc.option}): {reason}" if label else f"--{exc.option}: {reason}"
            )
            self.add_error(name if name in self.fields else None, message)
        except OutOfRange as exc:
            reason = exc.reason
            english = (get_language() or "sv").startswith("en")
            self.add_error(None, reason.en if english else reason.sv)
        return data


def _points(label):
    return forms.DecimalField(
        label=label, min_value=0, max_digits=10, decimal_places=2, required=False, initial=0
    )


class ConversionForm(forms.Form):
    """The office's decision on converting a foreign holding (000 §8, lines 589-599)."""

    mid = forms.IntegerField(label=_("Membership number (MID)"), min_value=1)
    federation = forms.CharField(label=_("Foreign federation"), max_length=120)
    foreign_holding = forms.CharField(
        label=_("Foreign holding"),
        max_length=200,
        help_text=_("The figures as the foreign extract states them."),
    )
    extract = forms.CharField(
        label=_("Master points extract"),
        max_length=200,
        help_text=_("Reference of the extract from the foreign federation."),
    )
    moved_permanently = forms.BooleanField(
        label=_("The player has moved permanently to Sweden"), required=False
    )
    bronze = _points(_("Converted bronze points"))
    silver = _points(_("Converted silver points"))
    gold = _points(_("Converted gold points"))
    converted_on = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    note = forms.CharField(
        label=_("Note"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )

    def clean_mid(self):
        mid = self.cleaned_data["mid"]
        member = Member.objects.filter(mid=mid).first()
        if member is None:
            raise forms.ValidationError(_("No member has MID %(mid)s."), params={"mid": mid})
        self.member = member
        return mid
