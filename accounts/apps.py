from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class AccountsConfig(AppConfig):
    name = "accounts"


class StaffAdminConfig(admin_apps.AdminConfig):
    """Django's admin, with the site's login and a second factor in front
    (accounts.admin); installed in place of django.contrib.admin."""

    # Not the config of "accounts" itself, which stays AccountsConfig.
    default = False
    default_site = "accounts.admin.StaffAdminSite"
