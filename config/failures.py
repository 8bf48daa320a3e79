"""What a failed pipeline step tells the club and the office, in Swedish and English: the
rule or fact that is missing, never a raw exception. The exception itself is kept for
the office (``Tournament.pipeline_error``)."""

from __future__ import annotations

from awards.domain.core import OutOfRange, UnknownScale
from handicap.domain.errors import (
    BadEntry,
    BoardsNotPlayed,
    FieldTooSmall,
    HandicapInputError,
    PlayerTwice,
)
from tournaments.models import Tournament

STEP_SV = {
    Tournament.Step.SANCTION: "sanktionen",
    Tournament.Step.HANDICAP_LIST: "handikapplistan",
    Tournament.Step.AWARDS: "mästarpoängen",
    Tournament.Step.HANDICAPS: "handikappen",
    Tournament.Step.RANKINGS: "rankingen",
    Tournament.Step.LATER_HANDICAPS: "de senare handikappen",
}
STEP_EN = {
    Tournament.Step.SANCTION: "the sanction",
    Tournament.Step.HANDICAP_LIST: "the handicap list",
    Tournament.Step.AWARDS: "the master points",
    Tournament.Step.HANDICAPS: "the handicaps",
    Tournament.Step.RANKINGS: "the ranking",
    Tournament.Step.LATER_HANDICAPS: "the later handicaps",
}

# The handicap rules' refusals (seed 002; handicap/domain/errors.py), what and why.
HANDICAP_REFUSALS: tuple[tuple[type[HandicapInputError], str, str], ...] = (
    (
        BoardsNotPlayed,
        "ett resultat gäller fler brickor än som spelades",
        "a result is for more boards than were played",
    ),
    (FieldTooSmall, "fältet har färre än två bord att jämföra med", "the field has fewer than two entries to compare"),
    (PlayerTwice, "samma spelare sitter på två platser i fältet", "the same player sits in two places of the field"),
    (BadEntry, "ett par eller lag i rapporten kan inte läsas", "a pair or team in the report cannot be read"),
)  # fmt: skip


def _where(exc: HandicapInputError, swedish: bool) -> str:
    parts = []
    if exc.entry:
        parts.append(("bord/par " if swedish else "entry ") + exc.entry)
    if exc.player:
        parts.append(("spelare " if swedish else "player ") + exc.player)
    return f" ({', '.join(parts)})" if parts else ""


def explain(step: str, exc: BaseException) -> tuple[str, str]:
    """(Swedish, English): why ``step`` could not be done."""
    if isinstance(exc, OutOfRange):
        return (
            f"Inga mästarpoäng: {exc.reason.sv}.",
            f"No master points: {exc.reason.en}.",
        )
    if isinstance(exc, UnknownScale):
        return (
            "Mästarpoängen kunde inte beräknas: tävlingen anger ingen mästarpoängtabell som "
            "reglerna känner. Lagserier, cuper och guldtävlingar anger sin tabell (B1-G3); "
            "kansliet anger den under Uppgifter för mästarpoäng.",
            "The master points could not be computed: the event names no award table the "
            "rules know. Team series, cups and gold events name theirs (B1-G3); the office "
            "sets it under the award facts of the tournament.",
        )
    if isinstance(exc, HandicapInputError):
        for kind, sv, en in HANDICAP_REFUSALS:
            if isinstance(exc, kind):
                return (
                    f"Handikappen kunde inte beräknas: {sv}{_where(exc, True)}.",
                    f"The handicaps could not be computed: {en}{_where(exc, False)}.",
                )
    step_sv = STEP_SV.get(step, step)
    step_en = STEP_EN.get(step, step)
    return (
        f"Steget {step_sv} kunde inte slutföras. Kansliet ser orsaken och kan köra det igen.",
        f"The step {step_en} could not be completed. The office sees why and can run it again.",
    )
