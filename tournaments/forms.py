from django import forms
from django.utils.translation import gettext_lazy as _

from members.models import Club

from .importers import limits

MAX_REPORT_BYTES = limits.MAX_BYTES

FORMAT_CHOICES = [
    ("", _("Guess from the file")),
    ("usebio", "USEBIO (XML)"),
    ("pbn", "PBN"),
    ("csv", _("CSV ranking list")),
]


class ClubChoiceForm(forms.Form):
    """The organising club first: club administrators choose among their clubs (a
    forged POST for another club is a form error); office staff name any club by number."""

    def __init__(self, *args, office: bool, club_ids=(), **kwargs):
        super().__init__(*args, **kwargs)
        if office:
            club_field = forms.IntegerField(label=_("Club number"), min_value=1)
        else:
            clubs = Club.objects.filter(pk__in=club_ids).order_by("name")
            club_field = forms.ModelChoiceField(label=_("Club"), queryset=clubs, empty_label=None)
        # The club comes first on the page: it is the first thing to get right.
        self.fields = {"club": club_field, **self.fields}
        self.office = office

    def clean_club(self):
        club = self.cleaned_data["club"]
        if self.office:
            found = Club.objects.filter(number=club).first()
            if found is None:
                raise forms.ValidationError(
                    _("There is no club with number %(number)s."), params={"number": club}
                )
            return found
        return club


class ReportUploadForm(ClubChoiceForm):
    """A results file for one organising club.

    Club administrators choose among the clubs they administer, so another
    club is not a valid choice (a forged POST gets a form error, and nothing
    is read). Office staff may report for any club, named by its number.
    """

    file = forms.FileField(label=_("File"))
    format = forms.ChoiceField(label=_("Format"), choices=FORMAT_CHOICES, required=False)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_REPORT_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)s MB; is it really a results file?"),
                params={"size": MAX_REPORT_BYTES // (1024 * 1024)},
            )
        return upload.name, upload.read()
