"""Sanctions and licences move to apps of their own (tournaments.sanctions,
tournaments.licences). Their tables keep their names and their rows: this migration
and the new apps' first ones change Django's record of the models, not the database."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0006_licences'),
        ('sanctions', '0001_initial'),
        ('licences', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='allowanceuse',
                    name='created_by',
                ),
                migrations.RemoveField(
                    model_name='allowanceuse',
                    name='organisation',
                ),
                migrations.DeleteModel(
                    name='FeeRate',
                ),
                migrations.RemoveField(
                    model_name='licence',
                    name='organisation',
                ),
                migrations.RemoveField(
                    model_name='licence',
                    name='submitted_by',
                ),
                migrations.RemoveField(
                    model_name='licenceaction',
                    name='licence',
                ),
                migrations.RemoveField(
                    model_name='licenceaction',
                    name='actor',
                ),
                migrations.RemoveField(
                    model_name='organisation',
                    name='administrators',
                ),
                migrations.RemoveField(
                    model_name='organisation',
                    name='club',
                ),
                migrations.RemoveField(
                    model_name='organisation',
                    name='county',
                ),
                migrations.RemoveField(
                    model_name='sanction',
                    name='club',
                ),
                migrations.RemoveField(
                    model_name='sanction',
                    name='created_by',
                ),
                migrations.RemoveField(
                    model_name='sanction',
                    name='district',
                ),
                migrations.RemoveField(
                    model_name='sanction',
                    name='tournament',
                ),
                migrations.RemoveField(
                    model_name='sanctionaction',
                    name='sanction',
                ),
                migrations.RemoveField(
                    model_name='sanctionaction',
                    name='actor',
                ),
                migrations.DeleteModel(
                    name='AllowanceUse',
                ),
                migrations.DeleteModel(
                    name='Licence',
                ),
                migrations.DeleteModel(
                    name='LicenceAction',
                ),
                migrations.DeleteModel(
                    name='Organisation',
                ),
                migrations.DeleteModel(
                    name='Sanction',
                ),
                migrations.DeleteModel(
                    name='SanctionAction',
                ),
            ],
        ),
    ]
