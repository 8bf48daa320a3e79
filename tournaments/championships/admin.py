from django.contrib import admin

from .models import (
    Championship,
    FinalPlace,
    Heat,
    OfficialStep,
    RegisteredPlayer,
    Registration,
    Stage,
)


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


class RegisteredPlayerInline(admin.TabularInline):
    model = RegisteredPlayer
    extra = 0
    raw_id_fields = ("member",)


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("championship", "name", "heat", "registered_on", "withdrawn_on")
    list_filter = ("championship__season",)
    raw_id_fields = ("championship", "heat", "club", "entry")
    inlines = [RegisteredPlayerInline]


@admin.register(FinalPlace)
class FinalPlaceAdmin(admin.ModelAdmin):
    list_display = ("championship", "name", "rule", "group", "position", "declined_on")
    list_filter = ("rule",)
    raw_id_fields = ("championship", "stage", "heat", "entry", "registration")


@admin.register(OfficialStep)
class OfficialStepAdmin(admin.ModelAdmin):
    list_display = ("championship", "kind", "actor_name", "at")
    list_filter = ("kind",)
    readonly_fields = ("championship", "kind", "actor", "actor_name", "note", "at")
