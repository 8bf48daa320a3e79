"""The fees of the district championships: what a pair, a team and a club pay, and why.

Source: seed ``003_796cec548aee39db.txt``:

- DM-par, "Startavgifter, kvalperioder m.m." (lines 346-365): the start fee per player,
  110 kr in a heat and 180 kr in the final (lines 350-355); Hcp 30+ 200 kr with every
  fee included (lines 352, 357); the qualifying fee per qualifying pair invoiced to the
  organising club (line 361); SBF's competition fee of 110 kr per qualifying player,
  charged to the district (line 362); the final's fee paid by the pairs that start in it
  (line 363).
- DM Lag, "Avgifter" (lines 433-464): 600 kr per team (line 437); 200 kr per team and
  round in the semifinal and the final (lines 445, 624; a heat's own table fee is the
  organiser's, line 443); the junior discount (line 449); "Nykomlingen" (lines 455-464).

Tables are data with their lines; the functions take plain numbers and return amounts
(``Decimal``, kronor) with the reason in both languages. The readings where the seed is
silent are in docs/district-championships.md, "Fees".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from .semifinal_places import FINAL_ROUNDS_BY_DAY


@dataclass(frozen=True)
class Rate:
    """One fee of the seed's tables: its amount, what it is counted per, and its lines.
    ``own`` marks the championship's own figure in place of the seed's."""

    key: str
    amount: Decimal
    per_en: str
    per_sv: str
    lines: str
    en: str
    sv: str
    own: bool = False


# --- DM-par (003 lines 350-365) -------------------------------------------------------
PAIRS_HEAT_FEE: Final = Rate(
    "pairs_heat", Decimal(110), "player", "spelare", "351, 353-355",
    "start fee in a heat", "startavgift i kvalheat",
)  # fmt: skip
PAIRS_FINAL_FEE: Final = Rate(
    "pairs_final", Decimal(180), "player", "spelare", "351, 353-355, 363",
    "fee in the final", "avgift i finalen",
)  # fmt: skip
HCP30_FEE: Final = Rate(
    "hcp30", Decimal(200), "player", "spelare", "352, 357",
    "start fee, every fee included (Hcp 30+)", "startavgift, samtliga avgifter (Hcp 30+)",
)  # fmt: skip
# SBF's fee, charged to the district for each qualifying player (line 362): the district
# pays it, no club or pair sees it on a statement.
COMPETITION_FEE: Final = Rate(
    "competition", Decimal(110), "qualifying player", "kvalande spelare", "362",
    "SBF's competition fee", "SBF:s tävlingsavgift",
)  # fmt: skip
PLAYERS_PER_PAIR: Final = 2

# --- DM Lag (003 lines 433-464) -------------------------------------------------------
TEAM_START_FEE: Final = Rate(
    "team_start", Decimal(600), "team", "lag", "437",
    "start fee", "startavgift",
)  # fmt: skip
SEMIFINAL_TABLE_FEE: Final = Rate(
    "semifinal_table", Decimal(200), "team and round", "lag och rond", "445, 624",
    "table fee in the semifinal", "bordsavgift i semifinalen",
)  # fmt: skip
FINAL_TABLE_FEE: Final = Rate(
    "final_table", Decimal(200), "team and round", "lag och rond", "445",
    "table fee in the final", "bordsavgift i finalen",
)  # fmt: skip
JUNIOR_DISCOUNT_STEP: Final = Decimal("0.125")  # line 449: 12,5 % per junior
JUNIOR_FILL_TO: Final = 4  # line 449: "för att fylla upp till fyra deltagare"
NEWCOMER_MOST_RECENT: Final = 2  # line 459: "högst två spelare"
# Lines 459-462, for 2024-2025: recent is 2021-2022 or later, three seasons back.
NEWCOMER_SEASONS_BACK: Final = 3
SEMIFINAL_TEAMS: Final = 4  # line 602: semifinals of four teams, a single series (606)
FINAL_ROUNDS: Final = sum(FINAL_ROUNDS_BY_DAY)  # lines 693, 699: 3 + 3 + 3

CENT: Final = Decimal("0.01")


def _money(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def kr(amount: Decimal, language: str) -> str:
    """An amount as the statement prints it: whole kronor without decimals."""
    text = f"{amount:.0f}" if amount == amount.to_integral_value() else f"{amount:.2f}"
    return text.replace(".", ",").replace("-", "−") if language == "sv" else text


def percent(rate: Decimal, language: str) -> str:
    text = f"{(rate * 100).normalize():f}"
    return text.replace(".", ",") if language == "sv" else text


def season_name(season: int) -> str:
    """2021 → "2021-22", as the seed names seasons (line 459: "säsongen 2021–2022")."""
    return f"{season}-{(season + 1) % 100:02d}"


@dataclass(frozen=True)
class Rates:
    """A championship's fees: the seed's, or its own where the championship sets one."""

    pairs_heat: Rate = PAIRS_HEAT_FEE
    pairs_final: Rate = PAIRS_FINAL_FEE
    hcp30: Rate = HCP30_FEE
    competition: Rate = COMPETITION_FEE
    team_start: Rate = TEAM_START_FEE
    semifinal_table: Rate = SEMIFINAL_TABLE_FEE
    final_table: Rate = FINAL_TABLE_FEE


def _own(rate: Rate, *amounts: Decimal | None) -> Rate:
    for amount in amounts:
        if amount is not None:
            return replace(rate, amount=Decimal(amount), own=True)
    return rate


def championship_rates(
    *,
    entry_fee: Decimal | None = None,
    heat_fee: Decimal | None = None,
    semifinal_fee: Decimal | None = None,
    final_fee: Decimal | None = None,
) -> Rates:
    """The fees with the championship's own figures in place of the seed's: a stage's fee
    for that stage, the championship's entry fee for the start fee (per player in a pairs
    heat or the Hcp 30+ final, per team in DM Lag). SBF's competition fee is SBF's."""
    return Rates(
        pairs_heat=_own(PAIRS_HEAT_FEE, heat_fee, entry_fee),
        pairs_final=_own(PAIRS_FINAL_FEE, final_fee),
        hcp30=_own(HCP30_FEE, final_fee, entry_fee),
        team_start=_own(TEAM_START_FEE, entry_fee),
        semifinal_table=_own(SEMIFINAL_TABLE_FEE, semifinal_fee),
        final_table=_own(FINAL_TABLE_FEE, final_fee),
    )


@dataclass(frozen=True)
class Line:
    """One line of a statement: what, how much, and the rule (seed lines) behind it."""

    key: str
    en: str
    sv: str
    amount: Decimal
    lines: str
    # Who is paid: the district, or the heat's organiser (a pairs heat's start fee,
    # which the district then invoices the organiser as the qualifying fee, line 361).
    payee: str = "district"

    def text(self, language: str) -> str:
        return self.sv if language == "sv" else self.en


@dataclass(frozen=True)
class Statement:
    lines: tuple[Line, ...]

    @property
    def total(self) -> Decimal:
        return _money(sum((line.amount for line in self.lines), Decimal(0)))

    @property
    def to_district(self) -> Decimal:
        return _money(sum((ln.amount for ln in self.lines if ln.payee == "district"), Decimal(0)))


def _times(count: int, rate: Rate, payee: str = "district") -> Line:
    amount = _money(rate.amount * count)
    return Line(
        rate.key,
        f"{rate.en}: {count} × {kr(rate.amount, 'en')} kr per {rate.per_en}",
        f"{rate.sv}: {count} × {kr(rate.amount, 'sv')} kr per {rate.per_sv}",
        amount,
        rate.lines,
        payee,
    )


# --- DM-par ---------------------------------------------------------------------------


def pair_statement(
    rates: Rates, *, hcp30: bool, in_heat: bool, in_final: bool, players: int = PLAYERS_PER_PAIR
) -> Statement:
    """A pair's fees: the heat's start fee (paid in the heat, line 361) and the final's
    fee (paid to the district by the pairs that start in the final, line 363); Hcp 30+
    pays one fee with everything included (line 357)."""
    if hcp30:
        return Statement((_times(players, rates.hcp30),) if in_final or in_heat else ())
    lines = []
    if in_heat:
        lines.append(_times(players, rates.pairs_heat, payee="organiser"))
    if in_final:
        lines.append(_times(players, rates.pairs_final))
    return Statement(tuple(lines))


def qualifying_fee(rates: Rates, *, qualifying_pairs: int) -> Line:
    """What the district invoices a heat's organising club (line 361): each qualifying
    pair's start fee in the heat (lines 351-355), the two players' 110 kr."""
    per_pair = rates.pairs_heat.amount * PLAYERS_PER_PAIR
    return Line(
        "qualifying",
        f"qualifying fee: {qualifying_pairs} qualifying pairs × {kr(per_pair, 'en')} kr",
        f"kvalavgift: {qualifying_pairs} kvalande par × {kr(per_pair, 'sv')} kr",
        _money(per_pair * qualifying_pairs),
        f"361; {rates.pairs_heat.lines}",
    )


def competition_fee(rates: Rates, *, qualifying_pairs: int) -> Line:
    """SBF's fee to the district for the qualifying players (line 362)."""
    return _times(qualifying_pairs * PLAYERS_PER_PAIR, rates.competition)


# --- DM Lag ---------------------------------------------------------------------------


@dataclass(frozen=True)
class JuniorDiscount:
    """Line 449: 12,5 % of the start and table fees for each junior needed to fill the
    team up to four when the other members are fewer than four."""

    juniors: int
    others: int
    counted: int
    rate: Decimal

    def text(self, language: str) -> str:
        if language == "sv":
            if not self.juniors:
                return "inga juniorer i laget (003 rad 449)"
            if not self.counted:
                return (
                    f"{self.juniors} juniorer, {self.others} övriga: de övriga är minst "
                    f"{JUNIOR_FILL_TO}, ingen rabatt (003 rad 449)"
                )
            return (
                f"{self.juniors} juniorer, {self.others} övriga: {self.counted} juniorer "
                f"fyller upp till {JUNIOR_FILL_TO}, {self.counted} × 12,5 % = "
                f"{percent(self.rate, 'sv')} % (003 rad 449)"
            )
        if not self.juniors:
            return "no juniors in the team (003 line 449)"
        if not self.counted:
            return (
                f"{self.juniors} juniors, {self.others} others: the others are at least "
                f"{JUNIOR_FILL_TO}, no discount (003 line 449)"
            )
        return (
            f"{self.juniors} juniors, {self.others} others: {self.counted} juniors fill up "
            f"to {JUNIOR_FILL_TO}, {self.counted} × 12.5 % = {percent(self.rate, 'en')} % "
            "(003 line 449)"
        )


def junior_discount(*, juniors: int, others: int) -> JuniorDiscount:
    """Only the juniors needed to reach four count: 1 junior + 3 others → 12,5 %,
    2 + 2 → 25 %, 2 + 4 → 0 %, 5 juniors alone → 4 × 12,5 % = 50 % (line 449)."""
    if juniors < 0 or others < 0:
        raise ValueError("juniors and others are counts")
    counted = min(juniors, max(0, JUNIOR_FILL_TO - others))
    return JuniorDiscount(juniors, others, counted, JUNIOR_DISCOUNT_STEP * counted)


@dataclass(frozen=True)
class PlayerHistory:
    """A team member and the seasons (by start year) they played DM Lag before."""

    name: str
    seasons: tuple[int, ...] = ()


@dataclass(frozen=True)
class Newcomer:
    """Lines 457-462: free start fee when at most two players played DM Lag in the last
    three seasons and the others never, or last before that."""

    season: int
    qualifies: bool
    players: int
    recent: tuple[tuple[str, int], ...]  # (name, latest recent season)
    earlier: tuple[tuple[str, int], ...]  # played, but last before the cut-off

    @property
    def since(self) -> int:
        return self.season - NEWCOMER_SEASONS_BACK

    def text(self, language: str) -> str:
        sv = language == "sv"
        if not self.players:
            return (
                "Nykomlingen: laget har inga namngivna spelare ännu (003 rad 457-462)"
                if sv
                else "Nykomlingen: the team names no players yet (003 lines 457-462)"
            )
        named = ", ".join(f"{name} {season_name(s)}" for name, s in self.recent)
        since = season_name(self.since)
        if sv:
            head = (
                f"Nykomlingen: {len(self.recent)} av {self.players} spelare har spelat "
                f"DM Lag sedan {since}"
            )
            tail = (
                "övriga aldrig eller tidigare"
                if self.qualifies
                else f"högst {NEWCOMER_MOST_RECENT} får ha det"
            )
            verdict = "fri startavgift" if self.qualifies else "ingen fri startavgift"
            return f"{head}{f' ({named})' if named else ''}; {tail}: {verdict} (003 rad 457-462)"
        head = (
            f"Nykomlingen: {len(self.recent)} of {self.players} players played DM Lag since {since}"
        )
        tail = (
            "others never or before"
            if self.qualifies
            else f"at most {NEWCOMER_MOST_RECENT} may have"
        )
        verdict = "free start fee" if self.qualifies else "no free start fee"
        return f"{head}{f' ({named})' if named else ''}; {tail}: {verdict} (003 lines 457-462)"


def newcomer(season: int, players: Sequence[PlayerHistory]) -> Newcomer:
    """For the season starting in ``season``: a player is recent who played DM Lag in
    one of the three seasons before it (2021-22 to 2023-24 for 2024-25, line 459);
    seasons from ``season`` on are not history. A team without named players is not
    judged (it cannot meet line 460's test for "the other players")."""
    since = season - NEWCOMER_SEASONS_BACK
    recent, earlier = [], []
    for player in players:
        before = [s for s in player.seasons if s < season]
        if any(s >= since for s in before):
            recent.append((player.name, max(before)))
        elif before:
            earlier.append((player.name, max(before)))
    qualifies = bool(players) and len(recent) <= NEWCOMER_MOST_RECENT
    return Newcomer(season, qualifies, len(players), tuple(recent), tuple(earlier))


def team_statement(
    rates: Rates,
    *,
    semifinal_rounds: int = 0,
    final_rounds: int = 0,
    discount: JuniorDiscount | None = None,
    newcomer: Newcomer | None = None,
) -> Statement:
    """A team's fees to the district: the start fee (line 437), free for Nykomlingen
    (line 457); the table fee per round in the semifinal and the final (lines 445, 624);
    less the junior discount on what the team pays of both (line 449)."""
    start = _times(1, rates.team_start)
    lines = [start]
    if newcomer is not None and newcomer.qualifies:
        lines.append(
            Line(
                "newcomer",
                "Nykomlingen: free start fee, the district sponsors it",
                "Nykomlingen: gratis startavgift, distriktet sponsrar",
                -start.amount,
                "457-462",
            )
        )
    if semifinal_rounds:
        lines.append(_times(semifinal_rounds, rates.semifinal_table))
    if final_rounds:
        lines.append(_times(final_rounds, rates.final_table))
    payable = sum((line.amount for line in lines), Decimal(0))
    if discount is not None and discount.counted and payable:
        shown = (percent(discount.rate, "en"), percent(discount.rate, "sv"))
        lines.append(
            Line(
                "junior_discount",
                f"junior discount: {shown[0]} % of {kr(payable, 'en')} kr",
                f"juniorrabatt: {shown[1]} % av {kr(payable, 'sv')} kr",
                -_money(payable * discount.rate),
                "449",
            )
        )
    return Statement(tuple(lines))
