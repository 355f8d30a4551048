"""The API documentation renders with the network blocked. Every request
that does not go to the server under test is refused, as on a machine without internet; Swagger
UI (/docs) and ReDoc (/redoc) must still draw the API from the server's own assets, and the
header's API link must lead there."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from web_helpers import shot

from ingenium.server.testing import LiveServer

pytestmark = pytest.mark.browser


def block_the_network(page: Any, server: LiveServer) -> list[str]:
    """Abort every request to another host; the list collects the refused URLs."""
    own = urlsplit(server.url).netloc
    refused: list[str] = []

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if urlsplit(url).netloc == own:
            request_route.continue_()
        else:
            refused.append(url)
            request_route.abort("internetdisconnected")

    page.context.route("**/*", route)
    return refused


def test_swagger_ui_renders_offline_from_the_header_link(page: Any,
                                                         web_server: LiveServer) -> None:
    refused = block_the_network(page, web_server)
    page.goto(web_server.url + "/")
    link = page.wait_for_selector("header nav a:has-text('API')")
    assert link.get_attribute("href") == "/docs"
    page.goto(web_server.url + link.get_attribute("href"))
    page.wait_for_selector(".swagger-ui .info .title", timeout=20_000)
    assert "Ingenium" in page.inner_text(".swagger-ui .info .title")
    page.wait_for_selector(".opblock-tag", timeout=20_000)
    assert page.locator(".opblock").count() >= 5  # the operations are drawn
    shot(page, "docs-swagger-offline")
    assert refused == [], f"the docs page reached outside the server: {refused}"


def test_redoc_renders_offline(page: Any, web_server: LiveServer) -> None:
    refused = block_the_network(page, web_server)
    page.goto(web_server.url + "/redoc")
    page.wait_for_selector("h1", timeout=20_000)
    assert "Ingenium" in page.inner_text("h1")
    page.wait_for_selector("[data-section-id^='tag/'], [data-section-id^='operation/']",
                           timeout=20_000)
    shot(page, "docs-redoc-offline")
    assert refused == [], f"ReDoc reached outside the server: {refused}"


def test_docs_assets_are_served_by_the_server(web_server: LiveServer) -> None:
    page = httpx.get(web_server.url + "/docs", timeout=10).text
    assert "cdn." not in page and "/docs-assets/swagger-ui-bundle.js" in page
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css", "redoc.standalone.js"):
        answer = httpx.get(f"{web_server.url}/docs-assets/{asset}", timeout=10)
        assert answer.status_code == 200 and len(answer.content) > 10_000, asset
