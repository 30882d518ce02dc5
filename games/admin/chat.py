"""Table chat and mutes in the admin, for moderation (games.chat)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from games.models import ChatMessage, TableMute


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """Table chat (games.chat), for moderation: `hidden` lines are those taken down when
    their writer was muted; staff may take down or restore a line here."""

    list_display = ["created_at", "table", "name", "text", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["text", "name", "table__name"]
    list_editable = ["hidden"]
    raw_id_fields = ["table", "user"]
    readonly_fields = ["table", "user", "name", "text", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        # Players write the lines (games.chat); every field of the form is read-only, so
        # an "add" could only save a line of no table (a 500 from the database).
        return False


@admin.register(TableMute)
class TableMuteAdmin(admin.ModelAdmin):
    list_display = ["table", "user", "muted_by", "created_at"]
    raw_id_fields = ["table", "user", "muted_by"]
