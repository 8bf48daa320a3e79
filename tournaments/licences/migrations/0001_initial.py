"""The licences as an app of its own: the models move here from the tournaments app
with their tables (db_table keeps the old names), so nothing in the database changes
but the content types, which follow the models (their permissions and admin history
with them)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = ("organisation", "allowanceuse", "feerate", "licence", "licenceaction",)


def move_content_types(apps, schema_editor, *, source="tournaments", target="licences"):
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        if not content_type.objects.filter(app_label=target, model=model).exists():
            content_type.objects.filter(app_label=source, model=model).update(app_label=target)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="licences", target="tournaments")


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
                    name='FeeRate',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('licence_type', models.CharField(max_length=24, verbose_name='licence type')),
                        ('payer', models.CharField(choices=[('standard', 'standard'), ('charity', 'charity (reduced)'), ('commercial', 'commercial organiser')], max_length=12, verbose_name='payer')),
                        ('per_table_session', models.DecimalField(decimal_places=2, max_digits=8, verbose_name='per table and session (£)')),
                        ('per_heat', models.DecimalField(decimal_places=2, default=0, max_digits=8, verbose_name='per heat (£)')),
                        ('minimum', models.DecimalField(decimal_places=2, default=0, max_digits=8, verbose_name='minimum (£)')),
                        ('valid_from', models.DateField(verbose_name='valid from')),
                    ],
                    options={
                        'verbose_name': 'licence fee rate',
                        'verbose_name_plural': 'licence fee rates',
                        'db_table': 'tournaments_feerate',
                        'ordering': ['licence_type', 'payer', '-valid_from'],
                        'constraints': [models.UniqueConstraint(fields=('licence_type', 'payer', 'valid_from'), name='fee_rate_once')],
                    },
                ),
                migrations.CreateModel(
                    name='Licence',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('licence_type', models.CharField(choices=[('open_event', 'open event'), ('club_open_event', 'club open event'), ('novice_annual', 'novice/beginner annual licence'), ('teams_league', 'teams league'), ('simultaneous_pairs', 'simultaneous pairs'), ('charity', 'charity event'), ('package', 'package operator'), ('special', 'special licence')], max_length=24, verbose_name='licence type')),
                        ('state', models.CharField(choices=[('submitted', 'submitted'), ('approved', 'approved'), ('rejected', 'rejected'), ('results_received', 'results received'), ('paid', 'paid'), ('closed', 'closed'), ('revoked', 'revoked')], db_index=True, default='submitted', max_length=20, verbose_name='state')),
                        ('event_name', models.CharField(max_length=200, verbose_name='event')),
                        ('start_date', models.DateField(db_index=True, verbose_name='first day')),
                        ('end_date', models.DateField(verbose_name='last day')),
                        ('sessions', models.PositiveSmallIntegerField(verbose_name='sessions')),
                        ('expected_tables', models.PositiveIntegerField(verbose_name='expected tables')),
                        ('heats', models.PositiveIntegerField(default=0, verbose_name='heats')),
                        ('members_only', models.BooleanField(default=False, verbose_name='EBU members only')),
                        ('wide_appeal', models.BooleanField(default=False, verbose_name='significant entry from outside the area')),
                        ('systems_level', models.PositiveSmallIntegerField(default=2, verbose_name='systems level')),
                        ('systems_authorised', models.BooleanField(default=False, verbose_name='other systems level authorised')),
                        ('sponsor', models.CharField(blank=True, max_length=200, verbose_name='sponsor')),
                        ('prizes', models.TextField(blank=True, verbose_name='prizes')),
                        ('max_prize_per_player', models.DecimalField(decimal_places=2, default=0, max_digits=8, verbose_name='largest prize per player (£)')),
                        ('prize_approved', models.BooleanField(default=False, verbose_name='larger prize applied for')),
                        ('head_to_head_knockout', models.BooleanField(default=False, verbose_name='head-to-head knock-out')),
                        ('blue_points', models.BooleanField(default=False, verbose_name='blue point event')),
                        ('county_support', models.BooleanField(default=False, verbose_name='supported by the county')),
                        ('major_event', models.BooleanField(default=False, verbose_name='asks for major event status')),
                        ('last_year_best_four_avg_tables', models.DecimalField(blank=True, decimal_places=1, max_digits=6, null=True, verbose_name="last year's average tables, four best sessions")),
                        ('side_event', models.BooleanField(default=False, verbose_name='open pairs/teams side event')),
                        ('consolation', models.BooleanField(default=False, verbose_name='consolation event')),
                        ('peripheral_activities', models.TextField(blank=True, verbose_name='peripheral activities')),
                        ('special_requirements', models.TextField(blank=True, verbose_name='special entry requirements')),
                        ('charity_agreement', models.FileField(blank=True, upload_to='licences/charity/%Y/', verbose_name="the charity's written agreement")),
                        ('charity_remuneration_statement', models.FileField(blank=True, upload_to='licences/charity/%Y/', verbose_name="statement of the fund raiser's remuneration")),
                        ('charity_donation_statement', models.FileField(blank=True, upload_to='licences/charity/%Y/', verbose_name='statement of the donation')),
                        ('package_protection', models.CharField(blank=True, choices=[('', 'not stated'), ('bonding', 'bonding (e.g. ABTA)'), ('insurance', 'insurance for each customer'), ('trust_fund', 'trust fund'), ('no_deposits', 'no deposits or pre-payments')], max_length=12, verbose_name='protection against insolvency')),
                        ('proposed_status', models.PositiveSmallIntegerField(choices=[(1, 'Club'), (2, 'District'), (3, 'County'), (4, 'Regional'), (5, 'National')], null=True, verbose_name='proposed status')),
                        ('status_reasons', models.JSONField(blank=True, default=list, verbose_name='why this status')),
                        ('status', models.PositiveSmallIntegerField(blank=True, choices=[(1, 'Club'), (2, 'District'), (3, 'County'), (4, 'Regional'), (5, 'National')], null=True, verbose_name='status level')),
                        ('conditions', models.JSONField(blank=True, default=list, verbose_name='conditions')),
                        ('special_conditions', models.TextField(blank=True, verbose_name='special conditions')),
                        ('checks', models.JSONField(blank=True, default=list, verbose_name='checks')),
                        ('fee', models.DecimalField(blank=True, decimal_places=2, max_digits=9, null=True, verbose_name='fee (£)')),
                        ('decision_reason', models.TextField(blank=True, verbose_name='reason')),
                        ('results_file', models.FileField(blank=True, upload_to='licences/results/%Y/', verbose_name='results file')),
                        ('results_received_at', models.DateTimeField(blank=True, null=True, verbose_name='results received')),
                        ('amount_paid', models.DecimalField(blank=True, decimal_places=2, max_digits=9, null=True, verbose_name='amount paid (£)')),
                        ('paid_on', models.DateField(blank=True, null=True, verbose_name='paid on')),
                        ('payment_reference', models.CharField(blank=True, max_length=100, verbose_name='payment reference')),
                        ('accounts_received_on', models.DateField(blank=True, null=True, verbose_name='accounts received')),
                        ('submitted_at', models.DateTimeField(verbose_name='submitted')),
                        ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided')),
                        ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'licence',
                        'verbose_name_plural': 'licences',
                        'db_table': 'tournaments_licence',
                        'ordering': ['-start_date', 'event_name'],
                    },
                ),
                migrations.CreateModel(
                    name='LicenceAction',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(max_length=24, verbose_name='action')),
                        ('from_state', models.CharField(blank=True, max_length=20, verbose_name='from')),
                        ('to_state', models.CharField(max_length=20, verbose_name='to')),
                        ('actor_name', models.CharField(blank=True, max_length=200, verbose_name='by')),
                        ('note', models.TextField(blank=True, verbose_name='note')),
                        ('at', models.DateTimeField(verbose_name='when')),
                        ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('licence', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='actions', to='licences.licence')),
                    ],
                    options={
                        'verbose_name': 'licence step',
                        'verbose_name_plural': 'licence steps',
                        'db_table': 'tournaments_licenceaction',
                        'ordering': ['at', 'pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Organisation',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=200, unique=True, verbose_name='name')),
                        ('kind', models.CharField(choices=[('affiliated_club', 'affiliated club'), ('county', 'county association'), ('national_body', 'national body'), ('other', 'other organisation'), ('club_league', 'club teams league'), ('district_league', 'district teams league'), ('county_league', 'county teams league'), ('inter_county_league', 'inter-county teams league')], max_length=20, verbose_name='kind')),
                        ('commercial', models.BooleanField(default=False, verbose_name='commercial organiser')),
                        ('email', models.EmailField(blank=True, max_length=254, verbose_name='e-mail')),
                        ('administrators', models.ManyToManyField(blank=True, related_name='organisations', to='members.member', verbose_name='administrators')),
                        ('club', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to='members.club', verbose_name='club')),
                        ('county', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='organisations', to='members.district', verbose_name='county')),
                    ],
                    options={
                        'verbose_name': 'organisation',
                        'verbose_name_plural': 'organisations',
                        'db_table': 'tournaments_organisation',
                        'ordering': ['name'],
                    },
                ),
                migrations.AddField(
                    model_name='licence',
                    name='organisation',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='licences', to='licences.organisation', verbose_name='organiser'),
                ),
                migrations.CreateModel(
                    name='AllowanceUse',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('major_pairs', 'major championship, pairs'), ('major_teams', 'major championship, teams'), ('ladder', 'ladder'), ('county_simultaneous', 'county simultaneous pairs'), ('county_blue_point', 'county blue point event'), ('other_counties_event', 'event for other counties')], max_length=24, verbose_name='kind')),
                        ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                        ('name', models.CharField(max_length=200, verbose_name='event')),
                        ('date', models.DateField(verbose_name='date')),
                        ('boards', models.PositiveIntegerField(blank=True, null=True, verbose_name='boards')),
                        ('blue_points', models.BooleanField(default=False, verbose_name='blue point event')),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('organisation', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='allowances', to='licences.organisation')),
                    ],
                    options={
                        'verbose_name': 'allowance used',
                        'verbose_name_plural': 'allowances used',
                        'db_table': 'tournaments_allowanceuse',
                        'ordering': ['-date'],
                    },
                ),
                migrations.AddIndex(
                    model_name='licence',
                    index=models.Index(fields=['organisation', 'start_date'], name='licence_org_date_idx'),
                ),
                migrations.AddConstraint(
                    model_name='licence',
                    constraint=models.CheckConstraint(condition=models.Q(('end_date__gte', models.F('start_date'))), name='licence_end_not_before_start'),
                ),
                migrations.AddIndex(
                    model_name='allowanceuse',
                    index=models.Index(fields=['organisation', 'year'], name='allowance_org_year_idx'),
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
