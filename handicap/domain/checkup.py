"""The check-up of a handicap system that has run a while, as plain numbers.

Seed ``002_4426357e9a32e88f.txt``, 6.1 "Check ups" (lines 502-510): "say after two
years, one should have a check up to determine if the system works as planned in
respect of impact and a reasonable distribution of the players over the whole scale
0-52"; what "as planned" means for the impact is 4.1's example (lines 326-327) and
the presentation's (lines 595-596). The thresholds a finding needs are ours (the seed
gives none): docs/handicap.md, "The check-up".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from statistics import median

from .formula import change
from .policy import AVERAGE, PAIRS, TOPSCORE, HandicapPolicy

# "the whole scale 0-52" (6.1 line 506; "A handicap system from 0 to 52", line 574) in
# bands of four units: 13 bands, and one below 0 ("We even have some on minus", line 645).
BAND_WIDTH = 4.0

# 6.1 line 505: "say after two years".
CHECK_AFTER_DAYS = 730

# 4.1 lines 326-327: "exceeds the expected result with 10 per cent in a topscore
# tournament with 24 boards ... decrease the handicap with approx. one handicap unit".
REFERENCE_BOARDS = 24
PAPER_POINTS = 10.0
PAPER_CHANGE = -1.0

# Our thresholds for a finding (docs/handicap.md, "The check-up"). A fifth of the
# players at the ceiling means beginners do not leave it: the presentation's "52 might
# not be the correct ceiling" (lines 717-718).
CEILING_SHARE = 0.20
# A band holding a quarter of the players, where an even spread gives each 1/13 (7.7 %),
# is not "a reasonable distribution ... over the whole scale" (6.1 lines 505-506).
BAND_SHARE = 0.25
# "some on minus" (line 645) is expected; a twentieth of the players is more than some.
BELOW_ZERO_SHARE = 0.05
# The measured impact further than a quarter from 4.1's example (lines 326-327).
IMPACT_TOLERANCE = 0.25
# Fewer topscore pair rows than this measure no impact worth a finding.
MIN_IMPACT_ROWS = 30


@dataclass(frozen=True)
class Band:
    """Players with ``low`` <= handicap < ``high``; ``low`` None is "below 0"; the top
    band also holds the ceiling itself."""

    low: float | None
    high: float
    count: int
    share: float


@dataclass(frozen=True)
class Distribution:
    players: int
    bands: tuple[Band, ...]
    at_ceiling: int
    ceiling_share: float
    below_zero_share: float
    mean: float | None
    median: float | None


def band_edges(ceiling: float) -> tuple[float, ...]:
    """0, 4, 8, ... up to the ceiling (a last band shorter than four when the ceiling is
    not a multiple of four)."""
    edges = []
    edge = 0.0
    while edge < ceiling:
        edges.append(edge)
        edge += BAND_WIDTH
    return (*edges, ceiling)


def distribution(handicaps: Iterable[float], ceiling: float) -> Distribution:
    """The players over the scale: one band below 0, then four units a band up to
    ``ceiling`` (the policy's maximum), the share at the ceiling, the mean, the median."""
    values = sorted(float(v) for v in handicaps)
    edges = band_edges(ceiling)
    counts = [0] * len(edges)  # [below 0, 0-4, ..., last band]
    for value in values:
        if value < 0:
            counts[0] += 1
            continue
        band = len(edges) - 1
        for i in range(1, len(edges)):
            if value < edges[i]:
                band = i
                break
        counts[band] += 1
    total = len(values)

    def share(count: int) -> float:
        return count / total if total else 0.0

    bands = [Band(None, 0.0, counts[0], share(counts[0]))]
    bands += [
        Band(edges[i - 1], edges[i], counts[i], share(counts[i])) for i in range(1, len(edges))
    ]
    at_ceiling = sum(1 for v in values if v >= ceiling)
    return Distribution(
        players=total,
        bands=tuple(bands),
        at_ceiling=at_ceiling,
        ceiling_share=share(at_ceiling),
        below_zero_share=share(counts[0]),
        mean=sum(values) / total if total else None,
        median=median(values) if values else None,
    )


@dataclass(frozen=True)
class ImpactSums:
    """What the measured impact needs from the topscore pair rows: how many, and the
    sums of x*y and x*x, x the result over expectation in percentage points, y the
    change scaled to 24 boards (change * 24 / boards played). The database sums them."""

    rows: int = 0
    sxy: float = 0.0
    sxx: float = 0.0

    @classmethod
    def from_rows(cls, rows: Iterable[tuple[float, float, int]]) -> ImpactSums:
        """From (change, achieved - expected, boards played) rows."""
        n, sxy, sxx = 0, 0.0, 0.0
        for delta, over, played in rows:
            if played <= 0:
                continue
            y = float(delta) * REFERENCE_BOARDS / played
            x = float(over)
            n += 1
            sxy += x * y
            sxx += x * x
        return cls(n, sxy, sxx)


@dataclass(frozen=True)
class Impact:
    """Handicap change per percentage point over expectation in a 24-board topscore
    pairs, three ways: ``measured`` from the history (least squares through the origin,
    None without rows), ``model`` from the policy's own formula, ``paper`` 4.1's."""

    rows: int
    measured: float | None
    model: float
    paper: float

    @property
    def deviation(self) -> float | None:
        """How far the measured impact is from the paper's, as a share (0.1 = 10 % more)."""
        return None if self.measured is None else self.measured / self.paper - 1

    @property
    def model_deviation(self) -> float:
        return self.model / self.paper - 1


def model_impact(policy: HandicapPolicy) -> float:
    """The policy's change per point over expectation in 4.1's example (24 boards, all
    played, topscore pairs): -0.0935 under SBF 2007 (-0.935 for the example's 10 %)."""
    average = AVERAGE[TOPSCORE]
    delta = change(
        average + PAPER_POINTS, average, REFERENCE_BOARDS, REFERENCE_BOARDS, TOPSCORE, PAIRS, policy
    )
    return delta / PAPER_POINTS


def impact(sums: ImpactSums, policy: HandicapPolicy) -> Impact:
    measured = sums.sxy / sums.sxx if sums.rows and sums.sxx > 0 else None
    return Impact(sums.rows, measured, model_impact(policy), PAPER_CHANGE / PAPER_POINTS)


@dataclass(frozen=True)
class Span:
    """How long the system has run: the first and the last competition in the history."""

    first: date | None
    last: date | None

    @property
    def days(self) -> int:
        return (self.last - self.first).days if self.first and self.last else 0

    @property
    def years(self) -> float:
        return self.days / 365.25

    @property
    def long_enough(self) -> bool:
        return self.days >= CHECK_AFTER_DAYS


@dataclass(frozen=True)
class Finding:
    """One thing the check-up found, with the seed lines it tests, in both languages."""

    code: str
    lines: str
    en: str
    sv: str


def _num(value: float, places: int = 1) -> tuple[str, str]:
    text = f"{value:.{places}f}"
    return text, text.replace(".", ",").replace("-", "−")


def _pct(share: float) -> tuple[str, str]:
    en, sv = _num(share * 100)
    return f"{en} %", f"{sv} %"


def _band_name(band: Band) -> tuple[str, str]:
    if band.low is None:
        return "below 0", "under 0"
    low, high = _num(band.low, 0)[0], _num(band.high, 0)[0]
    return f"{low}-{high}", f"{low}-{high}"


def findings(
    dist: Distribution, measured: Impact, span: Span, ceiling: float
) -> tuple[Finding, ...]:
    """What the check-up finds against 6.1 and 4.1, by our thresholds; () when the
    system works as planned."""
    found: list[Finding] = []
    if not span.long_enough:
        years = _num(span.years)
        found.append(
            Finding(
                "too_early",
                "6.1 line 505",
                f"The system has run {years[0]} years; the paper says check up "
                '"say after two years", so the figures may not have settled.',
                f"Systemet har varit i gång i {years[1]} år; skriften säger att kontrollen "
                "görs ”säg efter två år”, så siffrorna har kanske inte stabiliserats.",
            )
        )
    cap = _num(ceiling, 0)[0]
    if dist.players and dist.ceiling_share > CEILING_SHARE:
        share, limit = _pct(dist.ceiling_share), _pct(CEILING_SHARE)
        found.append(
            Finding(
                "ceiling",
                "6.1 lines 505-506; presentation lines 717-718",
                f"{share[0]} of the players are at the ceiling {cap} (more than {limit[0]}): "
                "the scale may not reach down far enough for them.",
                f"{share[1]} av spelarna står i taket {cap} (mer än {limit[1]}): "
                "skalan räcker kanske inte för dem.",
            )
        )
    for band in dist.bands:
        if dist.players and band.share > BAND_SHARE:
            share, limit, name = _pct(band.share), _pct(BAND_SHARE), _band_name(band)
            found.append(
                Finding(
                    "crowded_band",
                    "6.1 lines 505-506",
                    f"{share[0]} of the players have a handicap {name[0]} (more than "
                    f"{limit[0]} in one band of the scale): not a reasonable spread over 0-{cap}.",
                    f"{share[1]} av spelarna har handikapp {name[1]} (mer än {limit[1]} i ett "
                    f"band av skalan): ingen rimlig spridning över 0-{cap}.",
                )
            )
    if dist.players and dist.below_zero_share > BELOW_ZERO_SHARE:
        share, limit = _pct(dist.below_zero_share), _pct(BELOW_ZERO_SHARE)
        found.append(
            Finding(
                "below_zero",
                "6.1 line 506; presentation line 645",
                f"{share[0]} of the players are below 0 (more than {limit[0]}): the best "
                "drift off the bottom of the scale.",
                f"{share[1]} av spelarna har under 0 (mer än {limit[1]}): de bästa glider "
                "ut under skalans botten.",
            )
        )
    deviation = measured.deviation
    if measured.rows < MIN_IMPACT_ROWS or deviation is None:
        rows = str(measured.rows)
        found.append(
            Finding(
                "impact_unmeasured",
                "6.1 line 505; 4.1 lines 326-327",
                f"Only {rows} topscore pairs results in the history (at least "
                f"{MIN_IMPACT_ROWS} are needed): the impact cannot be measured yet.",
                f"Bara {rows} resultat från partävlingar i topscore i historiken (minst "
                f"{MIN_IMPACT_ROWS} behövs): genomslaget kan inte mätas än.",
            )
        )
    elif abs(deviation) > IMPACT_TOLERANCE:
        assert measured.measured is not None
        ten = _num(measured.measured * PAPER_POINTS, 2)
        paper = _num(PAPER_CHANGE, 0)
        off, limit = _pct(abs(deviation)), _pct(IMPACT_TOLERANCE)
        found.append(
            Finding(
                "impact",
                "6.1 line 505; 4.1 lines 326-327",
                f"10 % over expectation in 24 boards moves a handicap {ten[0]} units, the "
                f"paper planned about {paper[0]}: off by {off[0]} (more than {limit[0]}).",
                f"10 % över förväntan på 24 brickor flyttar handikappet {ten[1]} enheter, "
                f"skriften räknade med ungefär {paper[1]}: {off[1]} fel (mer än {limit[1]}).",
            )
        )
    return tuple(found)


@dataclass(frozen=True)
class CheckUp:
    distribution: Distribution
    impact: Impact
    span: Span
    findings: tuple[Finding, ...]


def check_up(
    handicaps: Iterable[float],
    sums: ImpactSums,
    first: date | None,
    last: date | None,
    policy: HandicapPolicy,
) -> CheckUp:
    """The whole report: the distribution of ``handicaps`` (everybody's current one),
    the impact measured from ``sums`` beside the model's and the paper's, how long the
    history runs, and the findings."""
    dist = distribution(handicaps, policy.max_handicap)
    measured = impact(sums, policy)
    span = Span(first, last)
    return CheckUp(dist, measured, span, findings(dist, measured, span, policy.max_handicap))
