"""The score sheet's forms: the sheet's options and one row per deal.

Every refusal is a message naming the field, in the UI's language; the page adds
the row ("Deal 3 – Result: ..."). The domain's own ``ValueError`` texts (English,
for programmers) never reach the page.
"""

from __future__ import annotations

import re

from django import forms
from django.forms import formset_factory
from django.utils.translation import gettext_lazy as _

from tournaments.domain.contract import (
    BOOK,
    MAX_LEVEL,
    MAX_TRICKS,
    MIN_LEVEL,
    PASS,
    Contract,
    PassedOut,
    Side,
    Strain,
    format_contract,
    format_result,
    parse_contract,
    parse_result,
    parse_seat,
)
from tournaments.domain.rubber import (
    HONOURS_FOUR,
    Honours,
    PlayedDeal,
)

RUBBER, CHICAGO = "rubber", "chicago"
SEATS = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("W", _("West"))]
HONOURS = [
    ("", _("no honours")),
    ("NS100", _("N–S 100: four trump honours")),
    ("NS150", _("N–S 150: five trump honours or four aces")),
    ("EW100", _("E–W 100: four trump honours")),
    ("EW150", _("E–W 150: five trump honours or four aces")),
]
_LEVEL = re.compile(r"^\s*(\d+)")
_RESULT = re.compile(r"^(?:=|(?P<sign>[+-])(?P<diff>\d+)|(?P<taken>\d+))$")


class SheetForm(forms.Form):
    """What kind of sheet, and who keeps it."""

    game = forms.ChoiceField(
        label=_("Kind of game"),
        choices=[(RUBBER, _("Rubber bridge")), (CHICAGO, _("Chicago (four deals)"))],
        initial=RUBBER,
        required=False,
    )
    we = forms.ChoiceField(
        label=_("“We” are"),
        choices=[(Side.NS.value, _("North–South")), (Side.EW.value, _("East–West"))],
        initial=Side.NS.value,
        required=False,
        help_text=_("The scorer's side: the “We” column of the sheet."),
    )
    first_dealer = forms.ChoiceField(
        label=_("First dealer (Chicago)"), choices=SEATS, initial="N", required=False
    )
    ended = forms.BooleanField(
        label=_("The rubber stops here, unfinished"),
        required=False,
        help_text=_(
            "Scores the bonuses for an unfinished rubber (300 for a game, 100 for a part-score)."
        ),
    )

    # A shortened address (``?game=chicago``) means the usual sheet.
    def clean_game(self) -> str:
        return self.cleaned_data.get("game") or RUBBER

    def clean_we(self) -> str:
        return self.cleaned_data.get("we") or Side.NS.value

    def clean_first_dealer(self) -> str:
        return self.cleaned_data.get("first_dealer") or "N"


class DealForm(forms.Form):
    """One deal: contract, declarer, result and any honours."""

    contract = forms.CharField(
        label=_("Contract"),
        max_length=12,
        required=False,
        widget=forms.TextInput(
            attrs={"size": 6, "autocapitalize": "characters", "spellcheck": "false"}
        ),
        help_text=_("e.g. 4S, 3NT, 4HX, 2DXX or Pass"),
    )
    declarer = forms.ChoiceField(label=_("Declarer"), choices=[("", "–"), *SEATS], required=False)
    result = forms.CharField(
        label=_("Result"),
        max_length=6,
        required=False,
        widget=forms.TextInput(attrs={"size": 4, "spellcheck": "false"}),
        help_text=_("= made, +1 one overtrick, -2 down two, or the tricks taken 0–13"),
    )
    honours = forms.ChoiceField(label=_("Honours"), choices=HONOURS, required=False)

    def clean_contract(self) -> Contract | PassedOut | None:
        text = self.cleaned_data["contract"].strip()
        if not text:
            raise forms.ValidationError(
                _("Write the contract (e.g. 4SX) or Pass."), code="required"
            )
        try:
            return parse_contract(text)
        except ValueError:
            level = _LEVEL.match(text)
            if level and not MIN_LEVEL <= int(level[1]) <= MAX_LEVEL:
                raise forms.ValidationError(
                    _("“%(value)s” is impossible: a contract is for 1 to 7 odd tricks."),
                    code="level",
                    params={"value": text},
                ) from None
            raise forms.ValidationError(
                _(
                    "“%(value)s” is not a contract: write the level 1–7, the suit C, D, H, S "
                    "or NT, then X or XX if doubled (e.g. 4SX)."
                ),
                code="unreadable",
                params={"value": text},
            ) from None

    def clean(self) -> dict:
        data = super().clean()
        contract = data.get("contract")
        if contract is None:
            return data
        declarer, result, honours = (
            data.get("declarer"),
            data.get("result", "").strip(),
            data.get("honours"),
        )
        if isinstance(contract, PassedOut):
            if declarer:
                self.add_error("declarer", _("A passed-out deal has no declarer."))
            if result not in ("", "=", "0"):
                self.add_error("result", _("A passed-out deal has no result."))
            if honours:
                self.add_error("honours", _("A passed-out deal scores no honours."))
            if not self.errors:
                data["played"] = PlayedDeal(PASS, None, 0)
            return data
        if not declarer and "declarer" not in self.errors:
            self.add_error("declarer", _("Choose the declarer."))
        tricks = self._tricks(contract, result)
        if honours and contract.strain is Strain.NOTRUMP and honours.endswith(str(HONOURS_FOUR)):
            self.add_error(
                "honours",
                _("In notrump only all four aces in one hand count (150), not four honours."),
            )
        if self.errors or tricks is None:
            return data
        held = None
        if honours:
            held = Honours(Side(honours[:2]), int(honours[2:]))
        try:
            data["played"] = PlayedDeal(contract, parse_seat(declarer), tricks, held)
        except ValueError:
            # The checks above should leave nothing for the domain to refuse.
            self.add_error(None, _("This deal cannot be scored: please check it."))
        return data

    def _tricks(self, contract: Contract, result: str) -> int | None:
        """Tricks taken, or None with the result's error added."""
        if not result:
            self.add_error(
                "result", _("Write the result: = for made, +1, -2, or the tricks taken.")
            )
            return None
        text = result.replace("−", "-").replace("–", "-").replace(" ", "")
        try:
            return parse_result(text, contract)
        except ValueError:
            pass
        match = _RESULT.match(text)
        if match is None:
            message = _("“%(value)s” is not a result: write =, +1, -2 or the tricks taken (0–13).")
            self.add_error("result", forms.ValidationError(message, params={"value": result}))
        elif match["diff"] is not None and int(match["diff"]) == 0:
            self.add_error("result", _("Write = for a contract made exactly."))
        else:
            if match["taken"] is not None:
                taken = int(match["taken"])
            else:
                diff = int(match["diff"])
                taken = contract.level + BOOK + (diff if match["sign"] == "+" else -diff)
            message = _(
                "“%(value)s” is impossible for %(contract)s: that is %(tricks)s tricks, "
                "and a deal has 0 to %(most)s."
            )
            params = {
                "value": result,
                "contract": format_contract(contract),
                "tricks": taken,
                "most": MAX_TRICKS,
            }
            self.add_error("result", forms.ValidationError(message, params=params))
        return None


def normalised_row(played: PlayedDeal) -> dict[str, str]:
    """A played deal written back as the row's fields, in the sheet's own notation."""
    if isinstance(played.contract, PassedOut) or played.declarer is None:
        return {"contract": "Pass", "declarer": "", "result": "", "honours": ""}
    honours = ""
    if played.honours is not None:
        honours = f"{played.honours.side.value}{played.honours.points}"
    return {
        "contract": format_contract(played.contract),
        "declarer": played.declarer.value,
        "result": format_result(played.contract, played.tricks),
        "honours": honours,
    }


# Rows left empty are skipped (every row is an "extra" form, so may stay empty) and a
# row marked "Remove" is not checked. A long rubber has some twenty deals.
MAX_DEALS = 60
DealFormSet = formset_factory(
    DealForm, extra=1, can_delete=True, max_num=MAX_DEALS, absolute_max=MAX_DEALS
)
