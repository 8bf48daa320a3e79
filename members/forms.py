from django import forms
from django.utils.translation import gettext_lazy as _

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
