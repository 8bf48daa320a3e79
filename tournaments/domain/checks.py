"""The answer of one rule to one application, shared by the sanction rules (SBF,
seed 000) and the licence rules (EBU, seed 001): passed or not, how much it
matters, why in both languages, and where the rule is written. Standard library
only."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    REFUSAL = "refusal"  # the decider must not grant it as applied for
    WARNING = "warning"  # shown to the decider; it may still be granted


@dataclass(frozen=True)
class Check:
    """``passed`` False with severity ``warning`` is a flag for the decider, not a
    refusal. ``seed_ref`` names the place: "000 chapter 5, lines 336-352" or
    "EBU 1.7.9"."""

    rule_id: str
    passed: bool
    severity: Severity
    message_en: str
    message_sv: str
    seed_ref: str

    @property
    def refuses(self) -> bool:
        return not self.passed and self.severity is Severity.REFUSAL
