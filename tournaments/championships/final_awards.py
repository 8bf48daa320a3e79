"""A DM final's facts for the award step: which bonus it pays (the award option
``dm_final``) and which entries are not the district's (``dm_outside``), so that the
rulebook pays the bonus to the district's best three (awards/domain/sbf/dm_bonus.py;
seed 000 lines 1736-1771, seed 003 lines 321, 405, 471)."""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction

from tournaments.models import EntryPlayer, Tournament
from tournaments.services import run_again

from .districts import representation_districts
from .models import Championship, Heat, Stage

# The bonus each final pays (000 lines 1738-1755; 003 lines 327-343): DM Lag's bonus is
# for the open class only (000 line 1738), so a teams championship of another
# discipline pays none.
BONUS_KIND: dict[tuple[str, str], str] = {
    (Championship.Form.PAIRS, Championship.Discipline.OPEN): "open",
    (Championship.Form.PAIRS, Championship.Discipline.LADIES): "other",
    (Championship.Form.PAIRS, Championship.Discipline.MIXED): "other",
    (Championship.Form.PAIRS, Championship.Discipline.VETERANS): "other",
    (Championship.Form.PAIRS, Championship.Discipline.JUNIORS): "other",
    (Championship.Form.PAIRS, Championship.Discipline.HCP30): "hcp30",
    (Championship.Form.TEAMS, Championship.Discipline.OPEN): "teams",
}


def outside_entries(tournament: Tournament, district_id: int, season: int) -> list[int]:
    """The entries that are not the district's: a pair unless both players represent
    its clubs (003 line 321); a team once any of its players does not (line 405)."""
    players: dict[int, list[int | None]] = defaultdict(list)
    for entry_id, member_id in EntryPlayer.objects.filter(
        entry__section__tournament=tournament
    ).values_list("entry_id", "member_id"):
        players[entry_id].append(member_id)
    districts = representation_districts(
        (m for ms in players.values() for m in ms if m is not None), season
    )
    return sorted(
        entry_id
        for entry_id, members in players.items()
        if any(m is None or districts.get(m) != district_id for m in members)
    )


def mark_final(heat: Heat) -> bool:
    """Write the final's award facts on its tournament and run the pipeline again when
    they changed; False when the heat is not a final with results, or nothing changed."""
    if heat.tournament_id is None or heat.stage.kind != Stage.Kind.FINAL:
        return False
    championship = heat.stage.championship
    kind = BONUS_KIND.get((championship.form, championship.discipline))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=heat.tournament_id)
        options = dict(tournament.award_options or {})
        wanted = dict(options)
        wanted.pop("dm_final", None)
        wanted.pop("dm_outside", None)
        if kind:
            wanted["dm_final"] = kind
            outside = outside_entries(tournament, championship.district_id, championship.season)
            if outside:
                wanted["dm_outside"] = outside
        if wanted == options:
            return False
        tournament.award_options = wanted
        tournament.save(update_fields=["award_options"])
    run_again(tournament.pk)
    return True
