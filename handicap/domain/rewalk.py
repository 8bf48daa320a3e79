"""A late report without walking everything after it: only the competitions whose
players' handicaps before them changed are computed again.

Seed ``002_4426357e9a32e88f.txt``: equation (1) applies the competitions "in turn"
(lines 86-99), so a competition's rows follow from its results and its players'
handicaps before it; when those are as the history holds them, so are its rows. The
algorithm and why it gives the full walk's rows: docs/handicap.md, "Order, late
reports, monthly batch".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

from .changes import resolve
from .competition import Competition, Entry, PlayerChange, Resolved, check, compute
from .errors import HandicapInputError
from .policy import SBF_2007, HandicapPolicy

# Handicaps are carried from competition to competition as the history stores them.
PLACES = 2


class Stored(NamedTuple):
    """A player's row of a competition as the history holds it: the handicap before
    the competition and after it, at two decimals."""

    old: float
    new: float


# before(players) -> the handicaps the history carries into the competition for these
# players who have no row in it and whose handicap did not change (their last row
# before it, or their start handicap).
Before = Callable[[list[str]], Mapping[str, float]]


def carried(value: float) -> float:
    """A handicap as it is carried on: rounded to the history's two decimals."""
    return round(value, PLACES)


class Rewalk:
    """The players whose handicap differs from the stored history, as a walk goes.

    ``now`` holds each such player's handicap as computed again, ``was`` the one the
    history holds at the same point. Feed it the competitions in (date, id) order:
    :meth:`redo` those with a player in ``now`` (and the ones reported anew), and
    :meth:`remove` rows that go. A competition with no player in ``now`` keeps its
    stored rows and is never read. Per competition only (``monthly_batch`` carries
    unrounded handicaps between months, which the history does not hold).
    """

    def __init__(self, policy: HandicapPolicy = SBF_2007) -> None:
        if policy.monthly_batch:
            raise ValueError("the incremental walk is per competition; walk a monthly batch")
        self.policy = policy
        self.now: dict[str, float] = {}
        self.was: dict[str, float] = {}
        self.entered: set[str] = set()  # players put in ``now`` since the caller cleared it

    def touches(self, players: Iterable[str]) -> bool:
        now = self.now
        return any(player in now for player in players)

    def state(self) -> tuple[dict[str, float], dict[str, float]]:
        return dict(self.now), dict(self.was)

    def restore(self, state: tuple[dict[str, float], dict[str, float]]) -> None:
        self.now, self.was = dict(state[0]), dict(state[1])

    def redo(
        self,
        competition: Competition,
        stored: Mapping[str, Stored],
        before: Before,
    ) -> tuple[PlayerChange, ...] | None:
        """The competition's rows computed again; ``stored`` is its rows in the history
        by player. Each member starts from their handicap in ``now``, else their
        stored ``old``, else ``before``. Returns the counted rows, or None when the
        rules refuse the competition (it counts for nobody, as in a full walk)."""
        outsiders = competition.guests | competition.non_members
        now = self.now
        values: dict[str, float] = {}
        missing: list[str] = []
        for entry in competition.entries:
            for player in entry.players:
                if player in outsiders:
                    continue
                if player in now:
                    values[player] = now[player]
                elif player in stored:
                    values[player] = stored[player].old
                else:
                    missing.append(player)
        # A member whose row does not count (their entry's handicap is temporary, 5.4)
        # moves nobody's handicap: any value will do, and only those who count are
        # looked up.
        placeholder = self.policy.start_handicap
        for player in missing:
            values[player] = placeholder
        try:
            rows = _rows(competition, values, self.policy)
        except HandicapInputError:
            rows = None
        if rows is not None and missing:
            wanted = set(missing)
            lookup = [row.player for row in rows if row.counted and row.player in wanted]
            if lookup:
                values.update(before(lookup))
                rows = _rows(competition, values, self.policy)
        counted = tuple(row for row in rows if row.counted) if rows is not None else ()
        seen: set[str] = set()
        was = self.was
        for row in counted:
            player = row.player
            seen.add(player)
            mine = stored.get(player)
            if mine is not None:
                history = mine.new
            elif player in now:
                history = was[player]
            else:
                history = values[player]
            value = round(row.new_handicap, PLACES)  # carried()
            if value == history and player not in now:
                continue  # most players: as stored before, as stored after
            self._settle(player, value, history)
        gone = {player: mine for player, mine in stored.items() if player not in seen}
        if gone:
            self.remove(gone)
        return counted if rows is not None else None

    def remove(self, stored: Mapping[str, Stored]) -> None:
        """These stored rows go and nothing takes their place (a report withdrawn, a
        player no longer in it): the player carries on with what they had before."""
        for player, mine in stored.items():
            self._settle(player, self.now.get(player, mine.old), mine.new)

    def _settle(self, player: str, value: float, history: float) -> None:
        if value == history:
            self.now.pop(player, None)
            self.was.pop(player, None)
            return
        if player not in self.now:
            self.entered.add(player)
        self.now[player] = value
        self.was[player] = history


def _rows(
    competition: Competition, values: Mapping[str, float], policy: HandicapPolicy
) -> list[PlayerChange]:
    layout = check(competition)
    outsiders = competition.guests | competition.non_members
    if not outsiders:  # members only: the handicaps as they are (walk's fast path)
        used = [tuple(map(values.__getitem__, entry.players)) for entry in competition.entries]
        return compute(competition, Resolved(used, used, None, None), layout, policy)

    def handicap_of(player: str, entry: Entry, seat: int) -> float | None:
        if player in outsiders:
            return entry.handicaps[seat] if entry.handicaps else None
        return values[player]

    return compute(competition, resolve(competition, policy, handicap_of), layout, policy)
