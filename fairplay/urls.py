from django.urls import path

from fairplay.views import blocks, moderation, pairs, reports

app_name = "fairplay"

urlpatterns = [
    path("tables/<int:pk>/", reports.table, name="table"),
    path("tables/<int:pk>/report/", reports.report_at_table, name="report_at_table"),
    path("people/<str:username>/report/", reports.report_profile, name="report_profile"),
    path("people/<str:username>/block/", blocks.block, name="block"),
    path("blocks/", blocks.blocked_list, name="blocks"),
    path("moderation/", moderation.queue, name="queue"),
    path("moderation/<int:pk>/", moderation.report, name="report"),
    path("pairs/", pairs.site_pairs, name="pairs"),
    path("clubs/<slug:slug>/pairs/", pairs.club_pairs, name="club_pairs"),
]
