from django.urls import path

from accounts import deletion_views, staff_networks, views
from accounts.data_export import views as data_export

urlpatterns = [
    path("profile/", views.my_profile, name="my_profile"),
    path("preferences/", views.preferences, name="preferences"),
    path("profile/<str:username>/", views.profile, name="profile"),
    path("delete/", deletion_views.delete_account, name="delete_account"),
    path("delete/pending/", deletion_views.deletion_pending, name="deletion_pending"),
    path("delete/keep/", deletion_views.keep_account, name="keep_account"),
    # "Download my data" (docs/privacy.md#download-my-data).
    path("data/", data_export.data_page, name="data_export"),
    path("data/<int:pk>/download/", data_export.download, name="data_export_download"),
    # Staff only: rated games whose players share a network
    # (docs/privacy.md#the-network-fingerprint).
    path("staff/shared-networks/", staff_networks.shared_networks, name="staff_shared_networks"),
]
