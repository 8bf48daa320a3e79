"""The sanctions as an app of its own: the models move here from the tournaments app
with their tables (db_table keeps the old names), so nothing in the database changes
but the content types, which follow the models (their permissions and admin history
with them)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = ("sanction", "sanctionaction",)


def move_content_types(apps, schema_editor, *, source="tournaments", target="sanctions"):
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label=target, model=model).exists():
            content_type.objects.filter(app_label=source, model=model).update(app_label=target)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="sanctions", target="tournaments")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('members', '0002_notifications'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('contenttypes', '0002_remove_content_type_name'),
        ('tournaments', '0006_licences'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Sanction',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('level', models.CharField(choices=[('silver', 'silver'), ('gold', 'gold')], max_length=8, verbose_name='medal level')),
                        ('form_of_play', models.CharField(choices=[('pairs', 'pairs'), ('teams', 'teams'), ('team_barometer', 'team barometer'), ('individual', 'individual')], max_length=16, verbose_name='form of play')),
                        ('name', models.CharField(max_length=200, verbose_name='name of the event')),
                        ('state', models.CharField(choices=[('draft', 'draft'), ('submitted', 'submitted'), ('endorsed', 'endorsed by the district'), ('approved', 'approved'), ('rejected', 'rejected'), ('withdrawn', 'withdrawn'), ('held', 'held'), ('results_reported', 'results reported')], db_index=True, default='draft', max_length=20, verbose_name='state')),
                        ('home_endorsement', models.CharField(blank=True, choices=[('', 'not needed'), ('pending', 'awaited'), ('endorsed', 'endorsed'), ('refused', 'not endorsed')], default='', max_length=10, verbose_name="home district's endorsement")),
                        ('start_date', models.DateField(db_index=True, verbose_name='first playing day')),
                        ('end_date', models.DateField(verbose_name='last playing day')),
                        ('alternative_days', models.CharField(blank=True, max_length=200, verbose_name='alternative playing days')),
                        ('entries', models.PositiveIntegerField(verbose_name='number of teams/pairs')),
                        ('boards', models.PositiveIntegerField(verbose_name='number of boards')),
                        ('championship_qualifier', models.BooleanField(default=False, verbose_name='championship qualifier')),
                        ('spring_autumn', models.BooleanField(default=False, verbose_name='spring/autumn silver event')),
                        ('bridge_week', models.CharField(blank=True, max_length=100, verbose_name='bridge week')),
                        ('open', models.BooleanField(default=True, verbose_name='open to all')),
                        ('handicap', models.BooleanField(default=False, verbose_name='played with handicap')),
                        ('expected_players', models.PositiveIntegerField(blank=True, null=True, verbose_name='expected players')),
                        ('expected_players_other_clubs', models.PositiveIntegerField(blank=True, null=True, verbose_name='of whom from other clubs')),
                        ('contact_name', models.CharField(max_length=200, verbose_name="the club's contact")),
                        ('contact_email', models.EmailField(max_length=254, verbose_name='e-mail')),
                        ('address', models.CharField(blank=True, max_length=200, verbose_name='address')),
                        ('phone', models.CharField(blank=True, max_length=40, verbose_name='phone')),
                        ('postcode', models.CharField(blank=True, max_length=20, verbose_name='postcode')),
                        ('town', models.CharField(blank=True, max_length=100, verbose_name='town')),
                        ('jubilee', models.CharField(blank=True, max_length=200, verbose_name='jubilee or similar')),
                        ('director', models.CharField(blank=True, max_length=200, verbose_name='tournament director')),
                        ('last_gold_event', models.CharField(blank=True, max_length=200, verbose_name='last gold event held')),
                        ('venue', models.CharField(blank=True, max_length=200, verbose_name='venue')),
                        ('framing', models.TextField(blank=True, verbose_name='framing of the event')),
                        ('submitted_by_name', models.CharField(blank=True, max_length=200, verbose_name='application submitted by')),
                        ('submitted_by_phone', models.CharField(blank=True, max_length=40, verbose_name='phone')),
                        ('outside_calendar_deadline', models.BooleanField(default=False, verbose_name='after the calendar deadline')),
                        ('decision_reason', models.TextField(blank=True, verbose_name='reason for the decision')),
                        ('submitted_at', models.DateTimeField(blank=True, null=True, verbose_name='submitted')),
                        ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided')),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('updated', models.DateTimeField(auto_now=True)),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='sanctions', to='members.club', verbose_name='club')),
                        ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('district', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='sanctions', to='members.district', verbose_name='district where it is played')),
                        ('tournament', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='sanction', to='tournaments.tournament', verbose_name='reported results')),
                    ],
                    options={
                        'verbose_name': 'sanction',
                        'verbose_name_plural': 'sanctions',
                        'db_table': 'tournaments_sanction',
                        'ordering': ['start_date', 'name'],
                    },
                ),
                migrations.CreateModel(
                    name='SanctionAction',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('created', 'created'), ('edited', 'edited'), ('submitted', 'submitted'), ('home_endorsed', 'endorsed by the home district'), ('home_refused', 'not endorsed by the home district'), ('endorsed', 'endorsed by the district'), ('approved', 'approved'), ('rejected', 'rejected'), ('withdrawn', 'withdrawn'), ('held', 'held'), ('results_reported', 'results reported')], max_length=20, verbose_name='action')),
                        ('from_state', models.CharField(blank=True, max_length=20, verbose_name='from')),
                        ('to_state', models.CharField(max_length=20, verbose_name='to')),
                        ('actor_name', models.CharField(blank=True, max_length=200, verbose_name='by')),
                        ('actor_role', models.CharField(blank=True, max_length=200, verbose_name='as')),
                        ('note', models.TextField(blank=True, verbose_name='note')),
                        ('at', models.DateTimeField(verbose_name='when')),
                        ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('sanction', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='actions', to='sanctions.sanction')),
                    ],
                    options={
                        'verbose_name': 'sanction step',
                        'verbose_name_plural': 'sanction steps',
                        'db_table': 'tournaments_sanctionaction',
                        'ordering': ['at', 'pk'],
                    },
                ),
                migrations.AddIndex(
                    model_name='sanction',
                    index=models.Index(fields=['club', 'start_date'], name='sanction_club_date_idx'),
                ),
                migrations.AddConstraint(
                    model_name='sanction',
                    constraint=models.CheckConstraint(condition=models.Q(('end_date__gte', models.F('start_date'))), name='sanction_end_not_before_start'),
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
