"""The API documentation pages (/docs: Swagger UI, /redoc: ReDoc), served with their scripts and
styles by the server itself, so they work offline and behind firewalls (FastAPI's defaults load
them from a CDN). The assets come from the `fastapi-offline` package; two links out are cut:
Swagger UI's validator badge (`validatorUrl: null`) and the Redocly logo of ReDoc's sidebar,
which loads from Redocly's CDN (the bundle is served with our favicon in its place)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import fastapi_offline
from fastapi import FastAPI
from fastapi.openapi.docs import (
    get_redoc_html,
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).resolve().parent / "static"
ASSETS_URL = "/docs-assets"
FAVICON = "/favicon.svg"  # the web client's
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"


@cache
def redoc_bundle() -> bytes:
    """ReDoc's script with its one outside image pointed at our favicon."""
    script = (ASSETS / "redoc.standalone.js").read_text(encoding="utf-8")
    return script.replace(REDOC_LOGO, FAVICON).encode("utf-8")


def add_docs(app: FastAPI, openapi_url: str = "/openapi.json") -> None:
    """Mount the assets and add /docs, its OAuth2 redirect page and /redoc (create the app
    with docs_url=None and redoc_url=None, and call this before the catch-all static mount)."""
    redirect = "/docs/oauth2-redirect"

    @app.get(f"{ASSETS_URL}/redoc.standalone.js", include_in_schema=False)
    async def redoc_script() -> Response:
        return Response(redoc_bundle(), media_type="text/javascript",
                        headers={"Cache-Control": "public, max-age=86400"})

    app.mount(ASSETS_URL, StaticFiles(directory=ASSETS), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url, title=f"{app.title} API",
            oauth2_redirect_url=redirect,
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=FAVICON,
            swagger_ui_parameters={"validatorUrl": None})

    @app.get(redirect, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> HTMLResponse:
        return get_redoc_html(
            openapi_url=openapi_url, title=f"{app.title} API (ReDoc)",
            redoc_js_url=f"{ASSETS_URL}/redoc.standalone.js",
            redoc_favicon_url=FAVICON, with_google_fonts=False)
