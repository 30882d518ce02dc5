from django.urls import path

from notifications import push_views, quiet_views, views

app_name = "notifications"

urlpatterns = [
    path("", views.notification_list, name="list"),
    path("read/", views.read_all, name="read_all"),
    path("<int:pk>/open/", views.open_notification, name="open"),
    path("preferences/", views.preferences_page, name="preferences"),
    path("push/subscriptions/", push_views.subscribe, name="push_subscribe"),
    path("push/subscriptions/<int:pk>/remove/", push_views.remove, name="push_remove"),
    path("quiet-hours/", quiet_views.save, name="quiet_hours"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("clubs/<slug:slug>/announce/", views.announce, name="announce"),
]
