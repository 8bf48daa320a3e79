"""Tournaments and their reported results.

A report (USEBIO, PBN, CSV or manual entry) becomes one Tournament with its
sections, entries, players, board results or team matches; the pipeline then
writes standings, awards, handicaps and rankings from them.
"""

from django.conf import settings
from django.db import models
from django.db.models import Count, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from members.common.pages import TOURNAMENT_LIST, lists_changed
from members.models import Club, District, Member


class SourceFormat(models.TextChoices):
    """How a report came in (``Tournament.source_format``, ``ImportLog.source_format``)."""

    USEBIO = "usebio", "USEBIO"
    PBN = "pbn", "PBN"
    CSV = "csv", _("CSV ranking list")
    MANUAL = "manual", _("entered by hand")
    # tournaments.demo's invented results, for a site shown without real data
    DEMO = "demo", _("demo data")


class Tournament(models.Model):
    class Kind(models.TextChoices):
        PAIRS = "pairs", _("pairs")
        TEAMS = "teams", _("teams")
        INDIVIDUAL = "individual", _("individual")

    class Scoring(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("matchpoints (topscore)")
        BUTLER = "butler", _("IMPs against a datum")
        CROSS_IMPS = "cross_imps", _("cross-IMPs")
        TEAM_VP = "team_vp", _("team matches with VP")
        BOARD_A_MATCH = "bam", _("board-a-match")
        RANKING_ONLY = "ranking", _("ranking list only")

    class VpScale(models.TextChoices):
        """How a team match's IMP margin becomes VPs (docs/scoring.md, "Victory Points")."""

        WBF = "wbf", _("WBF continuous 20-0 scale (seed 003)")
        POINTS_20 = "20", _("20-point scale (seed 004)")
        POINTS_30 = "30", _("30-point scale (seed 004)")

    class TeamHandicapForm(models.TextChoices):
        """How a team event's results move handicaps (seed 002 3.3.3)."""

        MATCH = "team_match", _("each match, team against team (002 3.3.3.1)")
        MATCH_IAF = "team_match_iaf", _("each pair across the field, match by match (002 3.3.3.2)")
        DUPLICATE_IAF = (
            "duplicate_teams_iaf",
            _("each pair across the field, duplicate teams (002 3.3.3.3)"),
        )

    class Level(models.TextChoices):
        BRONZE = "bronze", _("bronze")
        SILVER = "silver", _("silver")
        GOLD = "gold", _("gold")

    class Pipeline(models.TextChoices):
        QUEUED = "queued", _("queued")
        PROCESSING = "processing", _("processing")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    class Step(models.TextChoices):
        """The pipeline's steps by name (``pipeline_step``; config.pipeline runs them)."""

        STANDINGS = "standings", _("standings")  # before issue 14; the report computes them
        SANCTION = "sanction", _("sanction")
        HANDICAP_LIST = "handicap_list", _("handicap list")
        AWARDS = "awards", _("master points")
        HANDICAPS = "handicaps", _("handicaps")
        RANKINGS = "rankings", _("rankings")
        LATER_HANDICAPS = "later_handicaps", _("later handicaps")

    organiser_club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("organising club"),
    )
    organiser_district = models.ForeignKey(
        District,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("organising district"),
    )
    # Identifies the event within the organiser's reports, so that a second
    # report of the same event replaces the first.
    event_id = models.CharField(_("event id"), max_length=100)
    name = models.CharField(_("name"), max_length=200)
    start_date = models.DateField(_("start date"), db_index=True)
    end_date = models.DateField(_("end date"))
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    scoring = models.CharField(_("scoring"), max_length=12, choices=Scoring.choices)
    level = models.CharField(
        _("medal level"), max_length=8, choices=Level.choices, default=Level.BRONZE, db_index=True
    )
    level_reason = models.CharField(_("why this level"), max_length=300, blank=True)
    # Set by the pipeline's sanction step: the field checks of a sanctioned event run
    # again on the real field (rule_id, passed, severity, en, sv, seed), see
    # tournaments.sanctions.level.apply_sanction.
    level_checks = models.JSONField(_("level checks"), default=list, blank=True)
    handicap_event = models.BooleanField(_("handicap event"), default=False)
    championship_stage = models.CharField(_("championship stage"), max_length=100, blank=True)
    carry_over = models.BooleanField(_("carry-over from an earlier stage"), default=False)
    # What the award rules need that no results file carries: the table fixed by the
    # sanction or the series (blank: the rulebook picks it from kind and level) and the
    # rulebook's named facts (division, strength groups, A-final, spring/autumn silver...).
    award_table = models.CharField(_("award table"), max_length=20, blank=True)
    award_options = models.JSONField(_("award facts"), default=dict, blank=True)
    boards = models.PositiveSmallIntegerField(_("boards"), default=0)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=0)
    # Team events scored with VPs: the scale their IMP margins are read on.
    team_handicap_form = models.CharField(
        _("team results for the handicap"),
        max_length=20,
        choices=TeamHandicapForm.choices,
        default=TeamHandicapForm.MATCH,
    )
    vp_scale = models.CharField(
        _("VP scale"), max_length=3, choices=VpScale.choices, default=VpScale.WBF
    )
    all_met_all = models.BooleanField(_("every entry met every other"), default=True)
    # One winner over all sections (USEBIO WINNER_TYPE 1) or a winner per direction and section.
    one_winner = models.BooleanField(_("one winner"), default=False)
    standings_note = models.CharField(_("about the standings"), max_length=300, blank=True)
    source_format = models.CharField(
        _("reported as"), max_length=10, choices=SourceFormat.choices, blank=True
    )
    report_version = models.PositiveIntegerField(_("report version"), default=1)
    reported_at = models.DateTimeField(_("reported"), auto_now_add=True)
    pipeline_status = models.CharField(
        _("processing"), max_length=12, choices=Pipeline.choices, default=Pipeline.QUEUED
    )
    pipeline_step = models.CharField(_("processing step"), max_length=20, blank=True)
    # A failed step: the exception for the office, and what the page tells the club
    # (which rule or fact is missing, config.failures) in both languages.
    pipeline_error = models.TextField(_("processing error"), blank=True)
    pipeline_reason_sv = models.CharField(_("why it failed (Swedish)"), max_length=500, blank=True)
    pipeline_reason_en = models.CharField(_("why it failed (English)"), max_length=500, blank=True)
    pipeline_updated = models.DateTimeField(
        _("processing updated"), null=True, blank=True, db_index=True
    )
    # Kept by every writer of entries (count_entries): the list shows it for 50
    # tournaments without counting their entries.
    entries_count = models.PositiveIntegerField(_("entries"), default=0, db_default=0)
    # What an EBU scorer's file says of the master points and the charge (USEBIO 1.2
    # and 1.3), kept to compare with the licence and our ledger, never credited
    # (docs/usebio_ebu.md); file_warnings: where the file contradicts file_licence.
    file_mp_scale = models.CharField(_("master point scale in the file"), max_length=20, blank=True)
    file_event_rating = models.CharField(_("event rating in the file"), max_length=20, blank=True)
    file_mp_type = models.CharField(_("master point type in the file"), max_length=20, blank=True)
    file_mps_awarded = models.BooleanField(_("the file awards master points"), null=True)
    file_charge_code = models.CharField(_("charge code in the file"), max_length=10, blank=True)
    file_p2p_rate = models.DecimalField(
        _("pay-to-play rate in the file"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    file_licence = models.CharField(_("licence compared"), max_length=20, blank=True)
    file_warnings = models.JSONField(_("the file against its licence"), default=list, blank=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-start_date", "name"]
        # The tournament list's orders (tournaments.views.tournament_list): a page is
        # read from the index, at page 1,000 as at page 1.
        indexes = [
            models.Index(fields=["-start_date", "name", "-id"], name="tournament_list_date_idx"),
            models.Index(fields=["name", "start_date", "id"], name="tournament_list_name_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(organiser_club__isnull=True) | Q(organiser_district__isnull=True),
                name="tournament_one_organiser",
            ),
            models.UniqueConstraint(
                fields=["organiser_club", "event_id"],
                condition=Q(organiser_club__isnull=False),
                name="tournament_club_event_once",
            ),
            models.UniqueConstraint(
                fields=["organiser_district", "event_id"],
                condition=Q(organiser_district__isnull=False),
                name="tournament_district_event_once",
            ),
            models.UniqueConstraint(
                fields=["event_id"],
                condition=Q(organiser_club__isnull=True, organiser_district__isnull=True),
                name="tournament_federation_event_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.start_date})"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    # What the pipeline's progress is made of (config.pipeline, the sweep, the office).
    PIPELINE_FIELDS = (
        "pipeline_status",
        "pipeline_step",
        "pipeline_error",
        "pipeline_reason_sv",
        "pipeline_reason_en",
        "pipeline_updated",
    )

    def set_pipeline(self, status: str, step: str = "") -> None:
        """Where the report's processing stands: any earlier failure cleared, and the
        sweep's clock (``pipeline_updated``) set to now. The caller saves it, with
        ``update_fields=Tournament.PIPELINE_FIELDS`` where nothing else changed."""
        self.pipeline_status = status
        self.pipeline_step = step
        self.pipeline_error = ""
        self.pipeline_reason_sv = self.pipeline_reason_en = ""
        self.pipeline_updated = timezone.now()

    @property
    def pipeline_reason(self) -> str:
        """Why the pipeline failed, in the reader's language."""
        swedish = (get_language() or "").startswith("sv")
        return (self.pipeline_reason_sv if swedish else self.pipeline_reason_en) or (
            self.pipeline_reason_en or self.pipeline_reason_sv
        )

    @property
    def organiser(self):
        return self.organiser_club or self.organiser_district

    @staticmethod
    def count_entries(tournament_ids) -> None:
        """Store the entries of these tournaments (a queryset or ids): phantom pairs only
        fill a movement, nobody played in them."""
        lists_changed(TOURNAMENT_LIST)
        Tournament.objects.filter(pk__in=tournament_ids).update(
            entries_count=Coalesce(
                Subquery(
                    Entry.objects.filter(section__tournament=OuterRef("pk"), phantom=False)
                    .values("section__tournament")
                    .annotate(n=Count("pk"))
                    .values("n")
                ),
                0,
            )
        )


class Section(models.Model):
    class Movement(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")
        TEAMS = "teams", _("team matches")
        NONE = "", _("not stated")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="sections", verbose_name=_("tournament")
    )
    name = models.CharField(_("section"), max_length=20, blank=True)
    movement = models.CharField(_("movement"), max_length=10, choices=Movement.choices, blank=True)
    boards = models.PositiveSmallIntegerField(_("boards"), default=0)

    class Meta:
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        ordering = ["tournament", "name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="section_once")]

    def __str__(self) -> str:
        return self.name or "–"


class Entry(models.Model):
    """A pair, team or individual player as entered in one section."""

    class Direction(models.TextChoices):
        NS = "NS", _("North-South")
        EW = "EW", _("East-West")
        NONE = "", _("none")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField(_("number"))
    direction = models.CharField(
        _("direction"), max_length=2, choices=Direction.choices, blank=True
    )
    name = models.CharField(_("name"), max_length=200, blank=True)
    handicap = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    phantom = models.BooleanField(default=False)
    # The standings line the scoring program printed, when the report carried one.
    printed_place = models.PositiveIntegerField(null=True, blank=True)
    printed_score = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    printed_percentage = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    opponents_met = models.PositiveSmallIntegerField(null=True, blank=True)
    strength_group = models.PositiveSmallIntegerField(null=True, blank=True)
    # Struck from the results (003 lines 193-195: a pair that qualified twice in a
    # discipline): its boards still count for the others, it takes no place and no
    # master points. The reason as the results list shows it; "" when not struck.
    struck = models.CharField(
        _("struck from the results"), max_length=300, blank=True, default="", db_default=""
    )

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["section", "direction", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "direction", "number"], name="entry_once_per_section"
            )
        ]

    def __str__(self) -> str:
        return f"{self.number}{self.direction}" + (f" {self.name}" if self.name else "")


class EntryPlayer(models.Model):
    """A player of an entry: a member by MID, or a guest under a temporary id."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="players")
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    temporary_id = models.CharField(max_length=40, blank=True)
    name = models.CharField(max_length=200, blank=True)
    boards_played = models.PositiveSmallIntegerField(null=True, blank=True)
    halves_played = models.PositiveSmallIntegerField(null=True, blank=True)
    reserve = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("player of an entry")
        verbose_name_plural = _("players of entries")
        constraints = [
            models.CheckConstraint(
                condition=Q(member__isnull=False) | ~Q(temporary_id=""),
                name="entry_player_identified",
            ),
            models.UniqueConstraint(
                fields=["entry", "member"],
                condition=Q(member__isnull=False),
                name="entry_player_member_once",
            ),
        ]

    def __str__(self) -> str:
        return self.name or str(self.member or self.temporary_id)

    @property
    def player_id(self) -> str:
        return str(self.member.mid) if self.member_id else self.temporary_id


class ReportedAward(models.Model):
    """The master points a scorer's file awards one player (EBU awards are per player,
    seed 001 3.3.1), kept beside ours and never credited. It goes with its player when
    the report is replaced, and the new file's take its place."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="reported_awards"
    )
    player = models.OneToOneField(
        EntryPlayer, on_delete=models.CASCADE, related_name="reported_award"
    )
    points = models.DecimalField(_("points in the file"), max_digits=10, decimal_places=2)
    point_type = models.CharField(_("master point type in the file"), max_length=20, blank=True)

    class Meta:
        verbose_name = _("award in the results file")
        verbose_name_plural = _("awards in the results files")

    def __str__(self) -> str:
        return f"{self.player_id}: {self.points} {self.point_type}"


class BoardResult(models.Model):
    """One traveller line: a board played between an NS and an EW entry."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="board_results")
    board = models.PositiveSmallIntegerField(_("board"))
    ns_entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    ew_entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    contract = models.CharField(max_length=8, blank=True)
    declarer = models.CharField(max_length=1, blank=True)
    lead = models.CharField(max_length=3, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    score_ns = models.IntegerField(null=True, blank=True)
    adjusted = models.CharField(max_length=12, blank=True)
    not_played = models.BooleanField(default=False)
    points_ns = models.DecimalField(max_digits=9, decimal_places=4, null=True, blank=True)
    points_ew = models.DecimalField(max_digits=9, decimal_places=4, null=True, blank=True)

    class Meta:
        verbose_name = _("board result")
        verbose_name_plural = _("board results")
        ordering = ["section", "board", "ns_entry__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "board", "ns_entry"], name="board_result_once"
            ),
            models.CheckConstraint(
                condition=Q(declarer__in=["", "N", "E", "S", "W"]),
                name="board_result_declarer_is_a_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"board {self.board}: {self.ns_entry_id}-{self.ew_entry_id} {self.contract}"


class TeamMatch(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField(_("round"))
    home = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="home_matches")
    away = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="away_matches")
    boards = models.PositiveSmallIntegerField(_("boards"))
    imps_home = models.DecimalField(max_digits=7, decimal_places=2)
    imps_away = models.DecimalField(max_digits=7, decimal_places=2)
    vp_home = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    vp_away = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    penalty_home = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    penalty_away = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    walkover = models.BooleanField(default=False)

    class Meta:
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        ordering = ["tournament", "round", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round", "home"], name="match_once")
        ]

    def __str__(self) -> str:
        return f"round {self.round}: {self.home_id}-{self.away_id}"


class MatchBoard(models.Model):
    """One board of a team match as the two rooms scored it, North-South's score in
    each; the home team sits N-S in the open room (room 1). Its IMPs (team IMPs) or
    board points (board-a-match) are read from these by the domain, never typed."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="board_scores")
    board = models.PositiveSmallIntegerField(_("board"))
    open_ns_score = models.IntegerField(_("N-S score, open room"))
    closed_ns_score = models.IntegerField(_("N-S score, closed room"))

    class Meta:
        verbose_name = _("board of a team match")
        verbose_name_plural = _("boards of team matches")
        ordering = ["match", "board"]
        constraints = [models.UniqueConstraint(fields=["match", "board"], name="match_board_once")]

    def __str__(self) -> str:
        return f"{self.match_id} board {self.board}: {self.open_ns_score}/{self.closed_ns_score}"


class MatchTimePenalty(models.Model):
    """Late arrival or slow play in a team match, entered in minutes as the director
    reported it and converted to VP by the seed's scales (003 lines 794-818)."""

    class Kind(models.TextChoices):
        LATE = "late", _("late arrival")
        SLOW = "slow", _("slow play")

    class Side(models.TextChoices):
        HOME = "home", _("home team")
        AWAY = "away", _("away team")

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="time_penalties")
    kind = models.CharField(_("kind"), max_length=4, choices=Kind.choices)
    side = models.CharField(_("team"), max_length=4, choices=Side.choices)
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    minutes = models.PositiveSmallIntegerField(_("minutes"))
    warned_before = models.BooleanField(_("warned before in the event"), default=False)
    vp = models.DecimalField(_("VP deducted"), max_digits=5, decimal_places=2, default=0)
    to_committee = models.BooleanField(_("for the committee"), default=False)

    class Meta:
        verbose_name = _("time penalty")
        verbose_name_plural = _("time penalties")
        ordering = ["match", "kind", "side", "table", "pk"]

    def __str__(self) -> str:
        return f"{self.match_id} {self.kind} {self.side} {self.minutes} min"


class LineupSlot(models.Model):
    """Who played for a team in one half of a match (teams may change at half-time)."""

    match = models.ForeignKey(TeamMatch, on_delete=models.CASCADE, related_name="lineups")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    half = models.PositiveSmallIntegerField()
    player = models.ForeignKey(EntryPlayer, on_delete=models.CASCADE, related_name="halves")
    # 1 open room, 2 closed: which of the team's pairs sat where, for results across
    # the field (IAF/TAF, 002 3.3.3.2-3). Blank when the report did not say.
    room = models.PositiveSmallIntegerField(_("room"), null=True, blank=True)

    class Meta:
        verbose_name = _("line-up place")
        verbose_name_plural = _("line-up places")
        constraints = [
            models.UniqueConstraint(fields=["match", "half", "player"], name="lineup_once")
        ]

    def __str__(self) -> str:
        return f"{self.player} half {self.half}"


class TeamRosterPlayer(models.Model):
    """A player named for a team of a team event entered by hand: whom the match form
    offers. Who actually played, and for how many halves, is ``EntryPlayer``; a player
    counts as the team's only after a half (seed 003), so the roster is kept apart."""

    # The event again beside the team, so that the database itself keeps a player to
    # one team of an event ("Spelare får inte delta i fler lag än ett").
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    entry = models.ForeignKey(
        Entry, on_delete=models.CASCADE, related_name="roster", verbose_name=_("team")
    )
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, related_name="+", verbose_name=_("member")
    )

    class Meta:
        verbose_name = _("roster player")
        verbose_name_plural = _("roster players")
        ordering = ["entry", "member__last_name", "member__first_name", "member__mid"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "member"], name="roster_player_one_team_per_event"
            )
        ]

    def __str__(self) -> str:
        return f"{self.member} ({self.entry})"


class Standing(models.Model):
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="standing")
    place = models.PositiveIntegerField(_("place"))
    place_to = models.PositiveIntegerField(_("shared down to"))
    score = models.DecimalField(_("score"), max_digits=10, decimal_places=2)
    percentage = models.DecimalField(
        _("percentage"), max_digits=6, decimal_places=2, null=True, blank=True
    )
    # Klöver's own recomputation, kept beside the official line when the
    # scoring program's printed standings were used (docs/decisions.md).
    computed_place = models.PositiveIntegerField(null=True, blank=True)
    computed_score = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    computed_percentage = models.DecimalField(max_digits=6, decimal_places=2, null=True, blank=True)
    as_printed = models.BooleanField(_("as printed by the scoring program"), default=False)
    # Handicap events: the place on the list corrected for handicap (issue 6 writes it),
    # beside the place without handicap; the award rules read both.
    handicap_place = models.PositiveIntegerField(_("place with handicap"), null=True, blank=True)
    handicap_place_to = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        ordering = ["entry__section", "entry__direction", "place"]

    def __str__(self) -> str:
        return f"{self.place}: {self.entry}"

    @property
    def shared(self) -> bool:
        return self.place_to != self.place


class ImportLog(models.Model):
    class Outcome(models.TextChoices):
        SAVED = "saved", _("saved")
        REPLACED = "replaced", _("replaced an earlier report")
        REFUSED = "refused", _("refused")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="import_logs",
        verbose_name=_("tournament"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("sent by"),
    )
    organiser_club = models.ForeignKey(
        Club, on_delete=models.SET_NULL, null=True, blank=True, verbose_name=_("organising club")
    )
    created = models.DateTimeField(_("sent"), auto_now_add=True)
    filename = models.CharField(_("file name"), max_length=255)
    checksum = models.CharField(_("checksum"), max_length=64)
    source_format = models.CharField(_("format"), max_length=10, choices=SourceFormat.choices)
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices)
    # Each problem as {"where", "what"} in English, and its "words" to show it in the
    # reader's language (tournaments.importers.report.loggable).
    errors = models.JSONField(_("problems"), default=list, blank=True)

    class Meta:
        verbose_name = _("import log")
        verbose_name_plural = _("import logs")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.filename} ({self.outcome})"
