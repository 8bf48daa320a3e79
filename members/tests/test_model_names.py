"""Every model of Klöver's apps names itself in the reader's language (issue 18,
point 4): the admin's lists, breadcrumbs and messages use these names."""

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation
from django.utils.functional import Promise

from members.models import Role

from .factories import give_role, member_with_login

OURS = ("members", "tournaments", "sanctions", "licences", "awards", "handicap")


def models():
    return [
        model
        for label in OURS
        for model in apps.get_app_config(label).get_models()
        if not model._meta.auto_created
    ]


@pytest.mark.parametrize("model", models(), ids=lambda model: model._meta.label)
def test_each_model_has_translated_names_of_its_own(model):
    meta = model._meta
    # Named in Meta, not made up by Django from the class name ("import log" in English
    # on a Swedish page), and marked for the catalogue.
    assert {"verbose_name", "verbose_name_plural"} <= set(meta.original_attrs), meta.label
    assert isinstance(meta.verbose_name, Promise) and isinstance(meta.verbose_name_plural, Promise)
    with translation.override("sv"):
        swedish = (str(meta.verbose_name), str(meta.verbose_name_plural))
    with translation.override("en"):
        english = (str(meta.verbose_name), str(meta.verbose_name_plural))
    # Lower case, as Django capitalises them where needed (docs/translations.md).
    assert all(name[:1] == name[:1].lower() for name in swedish + english), meta.label
    assert swedish != english, (meta.label, swedish)


@pytest.mark.django_db
def test_the_office_reads_the_admin_in_swedish(client):
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    office.user.is_staff = office.user.is_superuser = True
    office.user.save()
    client.force_login(office.user)
    body = client.get(reverse("admin:index"), HTTP_ACCEPT_LANGUAGE="sv").content.decode()
    assert "Importloggar" in body and "Import logs" not in body
    assert "Tävlingar" in body
