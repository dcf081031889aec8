from django.contrib.admin.apps import AdminConfig


class StaffAdminConfig(AdminConfig):
    """Django's admin, with the site's login and a second factor in front."""

    default_site = "mdeal_site.admin.StaffAdminSite"
