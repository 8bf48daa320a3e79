"""Which lines of a DM-par heat's results play the qualification.

Source: seed ``003_796cec548aee39db.txt``: in a silver heat every pair plays the
qualification (line 181); in a bronze heat each pair declares before the start whether
it does, and the start and the results list must show it (lines 185-187); a pair struck
for qualifying twice in the discipline is taken off the results and does not count in
the district's SM quota (lines 193-195).

The committee's reading (docs, part "pairs"): a bronze heat's line with no registration
did not declare, so it does not play the qualification; the page says so beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .pairs_words import Reason

# What a line's mark says on the page, by its state.
DECLARED = "declared"  # bronze: declared for the qualification
NOT_DECLARED = "not_declared"  # bronze: declared it does not play the qualification
UNREGISTERED = "unregistered"  # bronze: no registration, so no declaration
EVERY_PAIR = "every_pair"  # silver or club heat: every pair plays it
STRUCK = "struck"  # struck from the results (lines 193-195)


@dataclass(frozen=True)
class LineState:
    mark: str
    counts: bool  # counts in H_k and may hold a place
    reason: Reason


def line_state(*, bronze: bool, registered: bool, declared: bool, struck: str = "") -> LineState:
    """A heat line's part in the qualification (lines 181, 185-187, 193-195):
    ``registered``: the line has a registration of the championship; ``declared``: its
    ``plays_qualification``; ``struck``: the reason it was struck, "" if not."""
    if struck:
        return LineState(
            STRUCK, False,
            Reason("struck", 0, f"Struck from the results: {struck}. Does not count and holds no place.",
                   f"Struken ur resultatlistan: {struck}. Räknas inte och tar ingen plats.",
                   "003 lines 193-195"),
        )  # fmt: skip
    if not bronze:
        return LineState(
            EVERY_PAIR, True,
            Reason("qualifying", 0, "Plays the qualification (every pair of a silver heat).",
                   "Deltar i kvalspelet (varje par i ett silverkval).", "003 line 181"),
        )  # fmt: skip
    if not registered:
        return LineState(
            UNREGISTERED, False,
            Reason("qualifying", 0,
                   "Not registered, so not declared before the start: not in the qualification.",
                   "Inte anmäld och alltså inte deklarerad före start: deltar inte i kvalet.",
                   "003 lines 185-187 (decision)"),
        )  # fmt: skip
    if not declared:
        return LineState(
            NOT_DECLARED, False,
            Reason("qualifying", 0, "Declared before the start: does not play the qualification.",
                   "Anmälde före start: deltar inte i kvalet.", "003 lines 185-187"),
        )  # fmt: skip
    return LineState(
        DECLARED, True,
        Reason("qualifying", 0, "Declared before the start: plays the qualification.",
               "Anmälde före start: deltar i kvalet.", "003 lines 185-187"),
    )  # fmt: skip
