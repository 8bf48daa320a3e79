from django import forms
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .domain.api_access import DEFAULT_RATE_PER_MINUTE, SCOPES, allowed_scopes
from .models import Club, Member


class PrivateDetailsForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["email", "phone", "street_address", "postcode", "town"]


class PromotionListsForm(forms.ModelForm):
    """Whether the member appears in the published monthly promotion lists."""

    class Meta:
        model = Member
        fields = ["in_promotion_lists"]
        labels = {"in_promotion_lists": _("Show me in the published promotion lists")}
        help_texts = {
            "in_promotion_lists": _(
                "Your promotions stand either way and are always shown on your own page."
            )
        }


class ClubDetailsForm(forms.ModelForm):
    website = forms.URLField(label=_("website"), required=False, assume_scheme="https")

    class Meta:
        model = Club
        fields = ["name", "town", "email", "website"]


class MemberImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"))
    season = forms.IntegerField(
        label=_("Season (start year)"), required=False, min_value=1900, max_value=2200
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        raw = upload.read()
        for encoding in ("utf-8-sig", "cp1252"):
            try:
                return upload.name, raw.decode(encoding)
            except UnicodeDecodeError:
                continue
        raise forms.ValidationError(_("The file is neither UTF-8 nor Windows-1252 text."))


class ApiTokenForm(forms.Form):
    """A new API token (docs/api.md, "Tokens and scopes"). Which fields show follows
    the kind and who makes it: a club token names one of ``clubs``; a program token
    its clubs (the office only); a member token its member by MID (the office) or is
    the maker's own; the rate is the office's to set."""

    name = forms.CharField(label=_("Name"), max_length=100)
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none())
    clubs = forms.ModelMultipleChoiceField(
        label=_("Clubs the program reports for"), queryset=Club.objects.none(), required=False
    )
    mid = forms.IntegerField(label=_("MID"), min_value=1, max_value=999_999_999)
    scopes = forms.MultipleChoiceField(label=_("Scopes"), widget=forms.CheckboxSelectMultiple)
    expires = forms.DateField(
        label=_("Valid through"),
        required=False,
        help_text=_("Leave empty for a token that does not expire."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    rate_per_minute = forms.IntegerField(
        label=_("Requests per minute"),
        min_value=1,
        max_value=10_000,
        initial=DEFAULT_RATE_PER_MINUTE,
        required=False,
    )

    def __init__(self, *args, kind: str, clubs, office: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.kind = kind
        swedish = (get_language() or "").startswith("sv")
        allowed = allowed_scopes(kind)
        self.fields["scopes"].choices = [
            (name, f"{name} – {SCOPES[name].sv if swedish else SCOPES[name].en}")
            for name in allowed
        ]
        if len(allowed) == 1:
            self.fields["scopes"].initial = list(allowed)
        if kind == "club":
            self.fields["club"].queryset = clubs
        else:
            del self.fields["club"]
        if kind == "program":
            self.fields["clubs"].queryset = clubs
        else:
            del self.fields["clubs"]
        if kind != "member" or not office:
            del self.fields["mid"]
        if not office:
            del self.fields["rate_per_minute"]

    def clean_mid(self):
        mid = self.cleaned_data["mid"]
        member = Member.objects.filter(mid=mid).first()
        if member is None:
            raise forms.ValidationError(_("No member has this MID."))
        return member

    def clean_expires(self):
        day = self.cleaned_data["expires"]
        if day is not None and day < timezone.localdate():
            raise forms.ValidationError(_("The date has passed."))
        return day
