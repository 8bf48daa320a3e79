"""A trigram index on the members' search name (PostgreSQL's pg_trgm): the search is a
substring match (``search_name LIKE '%word%'``), which no b-tree helps; without it every
search reads every member. SQLite has no such index and needs none at its size."""

from django.db import migrations

CREATE = (
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS member_search_trgm ON members_member "
    "USING gin (search_name gin_trgm_ops)",
)
DROP = ("DROP INDEX IF EXISTS member_search_trgm",)


def run(statements):
    def apply(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for statement in statements:
                schema_editor.execute(statement)

    return apply


class Migration(migrations.Migration):
    dependencies = [("members", "0003_member_page_version")]

    operations = [migrations.RunPython(run(CREATE), run(DROP))]
