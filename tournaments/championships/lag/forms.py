"""The official's forms for DM Lag's draw: a heat's places in the semifinals and its
teams' choices (seed 003 line 586)."""

from django import forms
from django.utils.translation import gettext_lazy as _


class ChooseForm(forms.Form):
    """One heat: how many of its places TK puts in each semifinal, and the semifinal each
    placed team chooses, in placing order (a team whose choice is full is given the
    first one left, the committee's reading)."""

    def __init__(self, *args, semifinals: int, teams, **kwargs):
        super().__init__(*args, **kwargs)
        self.semifinals = semifinals
        self.teams = list(teams)
        for n in range(1, semifinals + 1):
            self.fields[f"slots_{n}"] = forms.IntegerField(
                label=_("Places in semifinal %(n)s") % {"n": n}, min_value=0, max_value=8,
                initial=0,
            )  # fmt: skip
        choices = [("", _("first one left"))] + [(str(n), str(n)) for n in range(1, semifinals + 1)]
        for rank, team in enumerate(self.teams, start=1):
            self.fields[f"wish_{team.pk}"] = forms.ChoiceField(
                label=f"{rank}. {team.name}", choices=choices, required=False
            )

    def slot_fields(self):
        return [self[f"slots_{n}"] for n in range(1, self.semifinals + 1)]

    def wish_fields(self):
        return [self[f"wish_{t.pk}"] for t in self.teams]

    def slots(self) -> dict[int, int]:
        return {n: self.cleaned_data[f"slots_{n}"] or 0 for n in range(1, self.semifinals + 1)}

    def wishes(self) -> dict[int, int | None]:
        return {
            t.pk: int(self.cleaned_data[f"wish_{t.pk}"])
            if self.cleaned_data[f"wish_{t.pk}"]
            else None
            for t in self.teams
        }
