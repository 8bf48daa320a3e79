from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .models import Club, District, Federation, Member, Membership, Notification, Role


@admin.register(Federation)
class FederationAdmin(admin.ModelAdmin):
    list_display = ("code", "name")


@admin.register(District)
class DistrictAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "federation")
    search_fields = ("name", "number")
    list_filter = ("federation",)
    filter_horizontal = ("neighbours",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "district", "town", "members_count")
    search_fields = ("name", "number", "town")
    list_filter = ("district",)
    readonly_fields = ("members_count",)


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("club",)


class RoleInline(admin.TabularInline):
    model = Role
    extra = 0
    autocomplete_fields = ("club",)


@admin.register(Member)
class MemberAdmin(admin.ModelAdmin):
    list_display = ("mid", "last_name", "first_name", "status", "gender", "birth_date")
    search_fields = ("=mid", "search_name", "email")
    list_filter = ("status", "gender", "memberships__season", "roles__kind")
    inlines = (MembershipInline, RoleInline)
    raw_id_fields = ("user",)
    list_per_page = 50
    show_full_result_count = False

    def get_readonly_fields(self, request, obj=None):
        # The MID is the key every report uses: given once, never changed.
        return ("mid", "created") if obj else ("created",)

    def save_model(self, request, obj, form, change):
        obj.search_name = Member.make_search_name(obj.first_name, obj.last_name)
        super().save_model(request, obj, form, change)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("member", "club", "season", "kind", "represents")
    list_filter = ("season", "kind", "represents")
    search_fields = ("=member__mid", "member__search_name", "club__name")
    autocomplete_fields = ("member", "club")


@admin.register(Role)
class RoleAdmin(admin.ModelAdmin):
    list_display = ("member", "kind", "club", "district")
    list_filter = ("kind",)
    autocomplete_fields = ("member", "club")


admin.site.site_header = _("Klöver – federation office")
admin.site.site_title = _("Klöver")


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("created", "recipient", "text_en", "read_at")
    list_select_related = ("recipient",)
    raw_id_fields = ("recipient",)
    date_hierarchy = "created"
