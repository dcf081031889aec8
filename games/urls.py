app_name = "games"

urlpatterns: list = []
