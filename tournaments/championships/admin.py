from django.contrib import admin

from .models import Championship, Heat, Stage


class StageInline(admin.TabularInline):
    model = Stage
    extra = 0


class HeatInline(admin.TabularInline):
    model = Heat
    extra = 0
    raw_id_fields = ("club", "tournament")


@admin.register(Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ("name", "district", "season", "form", "discipline", "closed")
    list_filter = ("season", "form", "discipline", "district")
    search_fields = ("name",)
    inlines = [StageInline]


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ("championship", "kind", "starts_on", "ends_on")
    list_filter = ("kind",)
    inlines = [HeatInline]
