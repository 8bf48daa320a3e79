"""The rulebook of a federation whose master points scheme Klöver does not hold yet (the
EBU's, seed 001 chapters 2-6): it awards nothing and says so, so that the federation's
pages and pipeline work while the scheme is built."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .core import (
    AwardOutcome,
    Colour,
    Competition,
    PlaceAward,
    Reason,
    TableTitle,
    UnknownScale,
)


@dataclass(frozen=True)
class UnbuiltRulebook:
    code: str
    version: str
    name_sv: str  # the scheme, in both UI languages
    name_en: str

    @property
    def reason(self) -> Reason:
        return Reason(
            table="",
            sv=f"Klöver har ännu inte {self.name_sv}: inga mästarpoäng delas ut",
            en=f"Klöver does not have {self.name_en} yet: no master points are awarded",
        )

    def table_names(self) -> tuple[str, ...]:
        return ()

    def table_title(self, name: str) -> TableTitle | None:
        return None

    def check_options(self, options: Mapping[str, object]) -> list[str]:
        return [f"{name}: {self.reason.en}" for name in options]

    def scale(
        self,
        table: str,
        *,
        entries: int,
        boards: int | None = None,
        met: int | None = None,
        level: Colour | None = None,
    ) -> tuple[PlaceAward, ...]:
        raise UnknownScale(self.reason.en)

    def award(self, competition: Competition) -> AwardOutcome:
        return AwardOutcome(no_award=self.reason)


EBU_UNBUILT = UnbuiltRulebook(
    code="ebu",
    version="EBU (not built)",
    name_sv="EBU:s mästarpoängsystem",
    name_en="the EBU master points scheme",
)
