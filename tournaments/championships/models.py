"""A district championship as data (seed 003): a season's DM of one discipline, its
stages from the heats to the final and the SM places, and each heat's results.

The rules that read these rows are plain Python in ``domain/`` (final places, semifinal
places); docs/district-championships.md maps each to its seed lines.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from members.models import Club, District, Member
from tournaments.models import Entry, Tournament


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
    # 003 lines 159-163, 419-425: announced to the district with its invitation, at
    # least four weeks before the start; the heat's own last registration day and limit.
    invitation_sent_on = models.DateField(_("invitation sent"), null=True, blank=True)
    registration_closes = models.DateField(_("last day to register"), null=True, blank=True)
    max_entries = models.PositiveSmallIntegerField(_("most pairs or teams"), null=True, blank=True)
    contact = models.CharField(_("heat contact"), max_length=200, blank=True)
    # A silver heat may be played over at most two sessions (003 line 183); the report
    # of a multi-session heat is one tournament, so the official says how many.
    sessions = models.PositiveSmallIntegerField(_("sessions"), default=1, db_default=1)

    class Meta:
        verbose_name = _("championship heat")
        verbose_name_plural = _("championship heats")
        ordering = ["stage", "day", "name"]

    def __str__(self) -> str:
        return f"{self.stage}: {self.name}"


class Registration(models.Model):
    """A pair or team entered for a championship (003 "Anmälan", lines 163, 427-431):
    in a heat, or straight to the final (Hcp 30+ direct final, line 234; reigning
    champions, lines 272-276). Once the heat is reported, ``entry`` is its line."""

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="registrations"
    )
    heat = models.ForeignKey(
        Heat, on_delete=models.SET_NULL, null=True, blank=True, related_name="registrations",
        verbose_name=_("heat"),
    )  # fmt: skip
    name = models.CharField(_("name"), max_length=200, blank=True)
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("club"),
    )  # fmt: skip
    registered_on = models.DateField(_("registered"))
    # Bronze heats: declared before the start whether the pair plays the qualification
    # (003 lines 185-187).
    plays_qualification = models.BooleanField(_("plays the qualification"), default=True)
    reigning_champions = models.BooleanField(_("reigning champions"), default=False)
    # The committee's dispensation, given in advance: a pair whose players both belong
    # to another district (003 line 167), a team with fewer of the district's players
    # than of another district's (line 403).
    dispensation = models.BooleanField(
        _("the committee's dispensation"), default=False, db_default=False
    )
    withdrawn_on = models.DateField(_("withdrawn"), null=True, blank=True)
    entry = models.OneToOneField(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="registration",
        verbose_name=_("result line"),
    )  # fmt: skip

    class Meta:
        verbose_name = _("championship registration")
        verbose_name_plural = _("championship registrations")
        ordering = ["championship", "registered_on", "pk"]

    def __str__(self) -> str:
        return self.name or f"{self.championship}: {self.pk}"


class RegisteredPlayer(models.Model):
    """A player of a registered pair or team; the team's captain is marked (line 429)."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="players")
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("player")
    )
    captain = models.BooleanField(_("captain"), default=False)

    class Meta:
        verbose_name = _("registered player")
        verbose_name_plural = _("registered players")
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "member"], name="registered_player_once"
            )
        ]

    def __str__(self) -> str:
        return str(self.member)


class FinalPlace(models.Model):
    """A place in a final or a semifinal as the official confirmed it, with the rule
    that gave it (T1-T3, direct, replacement rules 1-2; DM Lag's semifinal choice)."""

    class Rule(models.TextChoices):
        T1 = "t1", "T1"
        T2 = "t2", "T2"
        T3 = "t3", "T3"
        DIRECT = "direct", _("direct place")
        RULE_1 = "rule1", _("replacement rule 1")
        RULE_2 = "rule2", _("replacement rule 2")
        SEMIFINAL = "semifinal", _("semifinal place")
        FINAL = "final", _("final place")
        SM = "sm", _("SM place")

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="final_places"
    )
    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, null=True, blank=True, related_name="places",
        verbose_name=_("stage"),
    )  # fmt: skip
    heat = models.ForeignKey(
        Heat, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("heat"),
    )  # fmt: skip
    entry = models.ForeignKey(
        Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("result line"),
    )  # fmt: skip
    registration = models.ForeignKey(
        Registration, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("registration"),
    )  # fmt: skip
    name = models.CharField(_("pair or team"), max_length=200)
    rule = models.CharField(_("rule"), max_length=10, choices=Rule.choices)
    reason_en = models.CharField(_("reason (English)"), max_length=300, blank=True)
    reason_sv = models.CharField(_("reason (Swedish)"), max_length=300, blank=True)
    # DM Lag: the semifinal (1-5) the team chose or was given (003 lines 584-586).
    group = models.PositiveSmallIntegerField(_("semifinal"), null=True, blank=True)
    # DM Lag numbers a heat's places heat id × 100 + rank: a small integer is too small.
    position = models.PositiveIntegerField(_("order"), default=0)
    declined_on = models.DateField(_("declined"), null=True, blank=True)

    class Meta:
        verbose_name = _("confirmed place")
        verbose_name_plural = _("confirmed places")
        ordering = ["championship", "stage", "position", "pk"]

    def __str__(self) -> str:
        return f"{self.championship}: {self.name} ({self.rule})"


class OfficialStep(models.Model):
    """The audit trail of a championship: every step the official or the office took,
    who took it, when, and what it said (issue #21: "every step on an audit trail")."""

    class Kind(models.TextChoices):
        HEAT_ADDED = "heat_added", _("heat added")
        HEAT_CHANGED = "heat_changed", _("heat changed")
        REGISTERED = "registered", _("registered")
        WITHDRAWN = "withdrawn", _("withdrawn")
        STRUCK = "struck", _("struck from the results")
        CONFIRMED = "confirmed", _("places confirmed")
        DECLINED = "declined", _("place declined")
        REPLACED = "replaced", _("place replaced")
        LOT = "lot", _("lot drawn")
        EXCLUDED = "excluded", _("team excluded")
        SEMIFINAL_CHOSEN = "semi_chosen", _("semifinal chosen")
        OTHER = "other", _("other")

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="steps")
    kind = models.CharField(_("action"), max_length=14, choices=Kind.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # kept as written at the time, so the trail survives a deleted login
    actor_name = models.CharField(_("by"), max_length=200, blank=True)
    note = models.TextField(_("note"), blank=True)
    at = models.DateTimeField(_("when"))

    class Meta:
        verbose_name = _("championship step")
        verbose_name_plural = _("championship steps")
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.championship_id} {self.kind} {self.at:%Y-%m-%d %H:%M}"
