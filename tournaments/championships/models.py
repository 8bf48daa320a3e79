"""A district championship as data (seed 003): a season's DM of one discipline, its
stages from the heats to the final and the SM places, and each heat's results.

The rules that read these rows are plain Python in ``domain/`` (final places, semifinal
places); docs/district-championships.md maps each to its seed lines.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from members.models import Club, District
from tournaments.models import Tournament


class Championship(models.Model):
    """One district's DM in one discipline for one season (003 "DM-tävlingar, par",
    "DM-tävlingar, lag"): closed to the district's clubs unless it says otherwise (000
    line 1760: "Ett DM är slutet om inget annat uttryckligen skrivs")."""

    class Discipline(models.TextChoices):
        OPEN = "open", _("open")
        LADIES = "ladies", _("ladies")
        MIXED = "mixed", _("mixed")
        VETERANS = "veterans", _("veterans")
        JUNIORS = "juniors", _("juniors")
        HCP30 = "hcp30", _("handicap 30+")

    class Form(models.TextChoices):
        PAIRS = "pairs", _("pairs")
        TEAMS = "teams", _("teams")

    district = models.ForeignKey(
        District, on_delete=models.PROTECT, related_name="championships", verbose_name=_("district")
    )
    season = models.PositiveSmallIntegerField(_("season"), help_text=_("the year it starts"))
    discipline = models.CharField(_("discipline"), max_length=10, choices=Discipline.choices)
    form = models.CharField(_("form"), max_length=5, choices=Form.choices)
    name = models.CharField(_("name"), max_length=200)
    closed = models.BooleanField(_("only the district's clubs"), default=True)
    registration_opens = models.DateField(_("registration opens"), null=True, blank=True)
    registration_closes = models.DateField(_("registration closes"), null=True, blank=True)
    entry_fee = models.DecimalField(
        _("entry fee per player"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    # The SM places the district has in this discipline (003: "SM-platser").
    sm_places = models.PositiveSmallIntegerField(_("SM places"), default=0)
    # DM Lag: the places in the semifinals the heats share (003 lines 571-573).
    semifinal_places = models.PositiveSmallIntegerField(
        _("places in the semifinals"), default=0, db_default=0
    )

    class Meta:
        verbose_name = _("district championship")
        verbose_name_plural = _("district championships")
        ordering = ["-season", "district", "form", "discipline"]
        constraints = [
            models.UniqueConstraint(
                fields=["district", "season", "form", "discipline"], name="championship_once"
            )
        ]

    def __str__(self) -> str:
        return self.name


class Stage(models.Model):
    """A stage of a championship: club heats, silver or bronze heats, semifinals, the
    final, or the SM places (003 "Kvaltävlingar i DM", "platser i DM-final", DM Lag's
    "Viktiga datum")."""

    class Kind(models.TextChoices):
        CLUB_HEATS = "club_heats", _("club heats")
        SILVER_HEATS = "silver_heats", _("silver heats")
        BRONZE_HEATS = "bronze_heats", _("bronze heats")
        SEMIFINALS = "semifinals", _("semifinals")
        FINAL = "final", _("final")
        SM_PLACES = "sm_places", _("SM places")

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="stages")
    kind = models.CharField(_("stage"), max_length=14, choices=Kind.choices)
    starts_on = models.DateField(_("first day"), null=True, blank=True)
    ends_on = models.DateField(_("last day"), null=True, blank=True)
    fee = models.DecimalField(
        _("fee per player or round"), max_digits=8, decimal_places=2, null=True, blank=True
    )

    class Meta:
        verbose_name = _("championship stage")
        verbose_name_plural = _("championship stages")
        ordering = ["championship", "starts_on", "pk"]
        constraints = [models.UniqueConstraint(fields=["championship", "kind"], name="stage_once")]

    def __str__(self) -> str:
        return f"{self.championship}: {self.get_kind_display()}"


class Heat(models.Model):
    """One heat of a stage, run by a club, and the tournament that holds its results."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="heats")
    name = models.CharField(_("heat"), max_length=100)
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("organiser"),
    )  # fmt: skip
    day = models.DateField(_("date"), null=True, blank=True)
    tournament = models.OneToOneField(
        Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="heat",
        verbose_name=_("results"),
    )  # fmt: skip

    class Meta:
        verbose_name = _("championship heat")
        verbose_name_plural = _("championship heats")
        ordering = ["stage", "day", "name"]

    def __str__(self) -> str:
        return f"{self.stage}: {self.name}"
