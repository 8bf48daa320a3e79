"""Sanctions and licences left the tournaments app for apps of their own
(tournaments 0007, sanctions 0001, licences 0001). A database populated before the
move migrates forward with every row, relation and content type kept."""

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tournaments.licences.models import AllowanceUse, FeeRate, Licence, LicenceAction, Organisation
from tournaments.sanctions.models import Sanction, SanctionAction

BEFORE = [("tournaments", "0006_licences"), ("sanctions", None), ("licences", None)]
MOVED = {
    "sanctions": ("sanction", "sanctionaction"),
    "licences": ("organisation", "allowanceuse", "feerate", "licence", "licenceaction"),
}


def _populate(apps) -> dict:
    """One row of every moved model, written through the models as they were."""
    model = apps.get_model
    user = model("auth", "User").objects.create(username="kansli-before")
    federation = model("members", "Federation").objects.create(code="SBF", name="SBF")
    district = model("members", "District").objects.create(
        federation=federation, number=7, name="Skåne"
    )
    club = model("members", "Club").objects.create(number=4711, name="BK Lyx", district=district)
    member = model("members", "Member").objects.create(
        mid=123456, first_name="Ada", last_name="Lind", search_name="ada lind"
    )
    day = dt.date(2026, 10, 10)
    tournament = model("tournaments", "Tournament").objects.create(
        organiser_club=club, event_id="e1", name="Höstsilver", start_date=day, end_date=day,
        kind="pairs", scoring="matchpoints",
    )  # fmt: skip
    sanction = model("tournaments", "Sanction").objects.create(
        club=club, district=district, level="silver", form_of_play="pairs",
        name="Höstsilver", start_date=day, end_date=day, entries=24, boards=48,
        contact_name="Karin", contact_email="k@example.se", state="approved",
        tournament=tournament, created_by=user,
    )  # fmt: skip
    model("tournaments", "SanctionAction").objects.create(
        sanction=sanction, kind="approved", from_state="submitted", to_state="approved",
        actor=user, actor_name="Kansliet", at=dt.datetime(2026, 9, 1, 12, tzinfo=dt.UTC),
    )  # fmt: skip
    organisation = model("tournaments", "Organisation").objects.create(
        name="Kent CBA", kind="county", county=district
    )
    organisation.administrators.add(member)
    model("tournaments", "AllowanceUse").objects.create(
        organisation=organisation, kind="county_simultaneous", year=2026, name="Sim",
        date=day, created_by=user,
    )  # fmt: skip
    model("tournaments", "FeeRate").objects.create(
        licence_type="open_event", payer="standard", per_table_session=Decimal("1.50"),
        valid_from=dt.date(2026, 1, 1),
    )  # fmt: skip
    licence = model("tournaments", "Licence").objects.create(
        organisation=organisation, licence_type="open_event", state="approved",
        event_name="Kent Congress", start_date=day, end_date=day, sessions=2,
        expected_tables=20, fee=Decimal("60.00"), submitted_by=user,
        submitted_at=dt.datetime(2026, 8, 1, 12, tzinfo=dt.UTC),
    )  # fmt: skip
    model("tournaments", "LicenceAction").objects.create(
        licence=licence, kind="approved", from_state="submitted", to_state="approved",
        actor=user, at=dt.datetime(2026, 9, 2, 12, tzinfo=dt.UTC),
    )  # fmt: skip
    return {"sanction": sanction.pk, "licence": licence.pk, "tournament": tournament.pk}


@pytest.mark.django_db(transaction=True)
def test_a_database_from_before_the_move_keeps_every_row():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old_apps = executor.loader.project_state([BEFORE[0]]).apps
    ids = _populate(old_apps)
    old_types = {
        (ct.model, ct.pk)
        for ct in ContentType.objects.filter(app_label="tournaments")
        if ct.model in MOVED["sanctions"] + MOVED["licences"]
    }
    assert len(old_types) == 7

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()

    sanction = Sanction.objects.select_related("tournament", "club").get(pk=ids["sanction"])
    assert (sanction.name, sanction.state, sanction.club.name) == (
        "Höstsilver",
        "approved",
        "BK Lyx",
    )
    assert sanction.tournament_id == ids["tournament"]
    assert sanction.tournament.sanction == sanction
    assert SanctionAction.objects.get().sanction == sanction
    licence = Licence.objects.select_related("organisation").get(pk=ids["licence"])
    assert (licence.event_name, licence.fee) == ("Kent Congress", Decimal("60.00"))
    assert [m.mid for m in licence.organisation.administrators.all()] == [123456]
    assert LicenceAction.objects.get().licence == licence
    assert AllowanceUse.objects.get().organisation == licence.organisation
    assert FeeRate.objects.get().per_table_session == Decimal("1.50")
    assert Organisation.objects.count() == 1
    # The content types (and so their permissions and admin history) moved, same keys.
    new_types = {
        (ct.model, ct.pk)
        for app, models in MOVED.items()
        for ct in ContentType.objects.filter(app_label=app, model__in=models)
    }
    assert new_types == old_types
    assert not ContentType.objects.filter(
        app_label="tournaments", model__in=MOVED["sanctions"] + MOVED["licences"]
    ).exists()
