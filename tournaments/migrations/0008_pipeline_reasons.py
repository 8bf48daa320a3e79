
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0007_sanctions_licences_apps'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='pipeline_reason_en',
            field=models.CharField(blank=True, max_length=500),
        ),
        migrations.AddField(
            model_name='tournament',
            name='pipeline_reason_sv',
            field=models.CharField(blank=True, max_length=500),
        ),
        migrations.AlterField(
            model_name='tournament',
            name='pipeline_updated',
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
    ]
