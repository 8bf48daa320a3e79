

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('awards', '0002_award_bonus_part'),
        ('tournaments', '0007_sanctions_licences_apps'),
    ]

    operations = [
        migrations.CreateModel(
            name='AwardFacts',
            fields=[
            ],
            options={
                'verbose_name': 'award facts of a tournament',
                'verbose_name_plural': 'award facts of tournaments',
                'proxy': True,
                'indexes': [],
                'constraints': [],
            },
            bases=('tournaments.tournament',),
        ),
    ]
