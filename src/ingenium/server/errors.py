"""The one error type the table service raises; the app turns it into a JSON 4xx answer."""

from __future__ import annotations

BAD_REQUEST = 400
FORBIDDEN = 403
NOT_FOUND = 404
TIMEOUT = 408
CONFLICT = 409
TOO_LARGE = 413
UNPROCESSABLE = 422
TOO_MANY = 429
HEADERS_TOO_LARGE = 431


class ApiError(Exception):
    """A request the server refuses, with the HTTP status and a message a person understands."""

    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers or {}
