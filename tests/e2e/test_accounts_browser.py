def test_smoke(page, asgi_live_server, screenshot):
    page.goto("/")
    screenshot(page, "home")
    assert "mdeal" in page.content()
