"""Response headers the site adds to every response."""

from django.conf import settings
from django.utils.deprecation import MiddlewareMixin


class PermissionsPolicyMiddleware(MiddlewareMixin):
    """Send settings.PERMISSIONS_POLICY as the Permissions-Policy header."""

    def process_response(self, request, response):
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response
