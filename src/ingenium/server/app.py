"""The FastAPI application: API and websocket routes, error answers, body limit, static client."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import ingenium
from ingenium.server.account_routes import build_account_router, session_reader
from ingenium.server.accounts import Accounts
from ingenium.server.api import build_router
from ingenium.server.chat import build_chat_router
from ingenium.server.clocks import ClockKeeper, build_clock_router
from ingenium.server.collector import scheduled_collections
from ingenium.server.docs import add_docs
from ingenium.server.errors import BAD_REQUEST, TOO_LARGE, UNPROCESSABLE, ApiError
from ingenium.server.glossary import build_glossary_router
from ingenium.server.settings import Settings
from ingenium.server.tables import TableManager
from ingenium.server.ws import build_socket_router

API_PREFIX = "/api/"
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("ingenium.server")


def create_app(database_url: str | None = None) -> FastAPI:
    """The whole web app; the database URL falls back to INGENIUM_DATABASE_URL, then SQLite."""
    settings = Settings.resolve(database_url)
    manager = TableManager(settings)
    clocks = ClockKeeper(manager)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        await clocks.start()
        log.info("ingenium: tables stored in %s", manager.store.engine.url.render_as_string())
        async with scheduled_collections(settings.gc_seconds):
            yield
        await clocks.stop()
        await manager.stop()

    app = FastAPI(title="Ingenium", version=ingenium.__version__, lifespan=lifespan,
                  docs_url=None, redoc_url=None,  # served offline by add_docs below
                  description="Play Ingenium's board games in the browser: lobby, tables, "
                              "moves, undo, live updates and replays.")
    app.state.manager = manager
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(ApiMethods, routes_of=app)
    app.add_exception_handler(ApiError, _api_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _validation_error)  # type: ignore[arg-type]
    accounts = Accounts(manager.store)
    signed_in = session_reader(manager, accounts)
    app.include_router(build_router(manager, clocks, signed_in))
    app.include_router(build_account_router(manager, accounts, signed_in))
    app.include_router(build_glossary_router())
    app.include_router(build_chat_router(manager))
    app.include_router(build_clock_router(manager, clocks))
    app.include_router(build_socket_router(manager, settings.max_body_bytes))
    add_docs(app)
    app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    return app


async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
    return JSONResponse({"detail": exc.detail}, status_code=exc.status, headers=exc.headers)


async def _validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
    """Bad JSON is a 400; a well-formed body with wrong fields a 422, both in plain words."""
    errors: list[dict[str, Any]] = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        return JSONResponse({"detail": "the request body is not valid JSON"},
                            status_code=BAD_REQUEST)
    words = "; ".join(
        f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
        for e in errors)
    return JSONResponse({"detail": f"invalid request: {words}",
                         "errors": [{"loc": [p if isinstance(p, int) else str(p)
                                             for p in e.get("loc", ())],
                                     "msg": str(e.get("msg"))} for e in errors]},
                        status_code=UNPROCESSABLE)


class ApiMethods:
    """Under /api, an unknown path is a JSON 404 and a method no route takes a 405 whose
    `Allow` lists exactly the methods of that path (the static client never answers there)."""

    def __init__(self, app: ASGIApp, routes_of: FastAPI) -> None:
        self.app = app
        self.routes_of = routes_of
        self._routes: list[tuple[re.Pattern[str], set[str]]] | None = None

    def _api_routes(self) -> list[tuple[re.Pattern[str], set[str]]]:
        """The documented paths (from the OpenAPI schema) and their methods."""
        if self._routes is None:
            self._routes = []
            for template, operations in self.routes_of.openapi()["paths"].items():
                if template.startswith(API_PREFIX):
                    pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template))
                    methods = {m.upper() for m in operations}
                    if "GET" in methods:
                        methods.add("HEAD")
                    self._routes.append((re.compile(f"^{pattern}$"), methods))
        return self._routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith(API_PREFIX):
            await self.app(scope, receive, send)
            return
        allowed: set[str] = set()
        for pattern, methods in self._api_routes():
            if pattern.match(path):
                allowed |= methods
        if not allowed:
            response = JSONResponse({"detail": f"no API path {path[:80]!r}"}, status_code=404)
        elif scope["method"] not in allowed:
            response = JSONResponse({"detail": f"{scope['method'][:16]} is not allowed here"},
                                    status_code=405,
                                    headers={"Allow": ", ".join(sorted(allowed))})
        else:
            await self.app(scope, receive, send)
            return
        await response(scope, receive, send)


class BodyLimit:
    """Refuse request bodies over `limit` bytes with a 413, before any route reads them."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._refuse(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(bytes(body), receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"detail": f"request body larger than {self.limit} bytes"},
                                status_code=TOO_LARGE)
        await response(scope, receive, send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that hands over the buffered body once, then waits for the real channel."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
