from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .domain.core import Colour, Rulebook
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
