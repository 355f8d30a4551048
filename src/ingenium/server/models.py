"""Request and response bodies of the HTTP API (they document it in /openapi.json)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from ingenium.server.seats import SPEC_LENGTH, SPEC_PATTERN

MAX_SEATS = 16
SeatSpec = Annotated[StrictStr, Field(min_length=1, max_length=SPEC_LENGTH, pattern=SPEC_PATTERN,
                                      description="'human' or a bot spec, e.g. greedy:depth=2")]


class ClockSpec(BaseModel):
    """A table's clock: `realtime` gives each seat a bank (plus `increment` after each of its
    turns), `turn` gives each turn `seconds`."""

    model_config = ConfigDict(extra="forbid")
    mode: Literal["realtime", "turn"]
    seconds: int = Field(ge=2, le=30 * 86400, description="time bank, or time per turn")
    increment: int = Field(0, ge=0, le=86400, description="realtime: added after each turn")


class CreateTable(BaseModel):
    """A new table: a game, a player count and who sits where ("human" or a bot spec)."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, examples=["legendary-inventors"])
    players: int = Field(ge=1, le=MAX_SEATS, examples=[3])
    variant: str | None = Field(default=None, max_length=64)
    seats: list[SeatSpec] = Field(min_length=1, max_length=MAX_SEATS,
                                  examples=[["human", "greedy", "random"]])
    clock: ClockSpec | None = Field(default=None, description="a clock every seat joins with")
    names: list[Annotated[str, Field(max_length=256)] | None] | None = Field(
        default=None, max_length=MAX_SEATS, examples=[["Ada", None, None]],
        description="a name per seat: the humans' (null: named when they join by link); "
                    "bots are named by their level")
    account_seat: int | None = Field(
        default=None, ge=0, lt=MAX_SEATS,
        description="signed in: the human seat your account plays (default the first)")


class JoinRequest(BaseModel):
    """A player opening their invitation link: their seat's token and the name they chose."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)
    name: str | None = Field(default=None, max_length=256)


class SeatInvitation(BaseModel):
    """A seat of a new table; a human seat carries its secret token and invitation URL."""

    seat: int
    kind: str
    bot: str | None = None
    name: str
    token: str | None = None
    url: str | None = None


class CreatedTable(BaseModel):
    """The answer to table creation: the only time tokens are shown."""

    table_id: str
    game: str
    players: int
    variant: str | None
    seats: list[SeatInvitation]
    watch_url: str
    creator_token: str | None = Field(
        default=None, description="an all-bot table's: POST it to /api/tables/{id}/stop")


class StopRequest(BaseModel):
    """Stop an all-bot table: the creator's token from its creation."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)


class MoveRequest(BaseModel):
    """A move: the seat's token and an offered option (id or code)."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)
    option: StrictStr | StrictInt = Field(examples=["refresh", 42])
    expected_seq: int | None = Field(
        default=None, ge=0, description="the move number the client saw; 409 if it moved on")


class UndoRequest(BaseModel):
    """Take back the seat's last move, if the table is still at `expected_seq` (so a retried
    undo takes back one move, never two)."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)
    expected_seq: int = Field(ge=0, description="the table's `seq` the client saw; 409 if it "
                                                "moved on")


class SocketMessage(BaseModel):
    """What a client may send on the websocket: a move, an undo or a ping."""

    model_config = ConfigDict(extra="forbid")
    type: str = Field(pattern="^(move|undo|sync|ping)$")
    option: StrictStr | StrictInt | None = None
    expected_seq: int | None = Field(default=None, ge=0)


class SeatPayload(BaseModel):
    """What one seat (or a spectator, seat null) receives: nothing another seat must not see."""

    table_id: str
    game: str
    title: str
    players: int
    variant: str | None
    seat: int | None = Field(description="null for a spectator")
    seats: list[dict[str, Any]] = Field(description="who plays each seat: human or a bot spec")
    seq: int = Field(description="entries in the table's record (answers and chance outcomes); "
                                 "send it back as expected_seq")
    moves: int = Field(description="answers given so far (the record without chance)")
    status: str = Field(description="open (no move yet), running or finished")
    to_move: int | None
    your_turn: bool
    view: dict[str, Any] = Field(description="the game's view for this seat, with the decision "
                                             "(its options only for the deciding seat)")
    events_from: int = Field(description="how many of the seat's log events come before "
                                         "`events` (0: `events` is the whole log)")
    events: list[dict[str, Any]] = Field(description="the log as this seat may see it, from "
                                                     "`events_from` on")
    scores: list[int] | None
    ranking: list[int] | None = Field(description="seats best-first, once finished")
    winners: list[int] | None = Field(default=None, description="seats tied for first place, "
                                      "once finished (empty: a solo game's rival won)")
    can_undo: bool


class ErrorItem(BaseModel):
    """One invalid field of a request."""

    loc: list[str | int]
    msg: str


class ErrorBody(BaseModel):
    """Every refusal: a message a person understands (and, for a 422, the fields at fault)."""

    detail: str
    errors: list[ErrorItem] | None = None


def _error(description: str) -> dict[str, Any]:
    return {"model": ErrorBody, "description": description}


ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: _error("bad request: malformed JSON, an unknown game or bot, an illegal move"),
    403: _error("the token belongs to no seat of this table, or a spectator tried to act"),
    404: _error("no such table (or replay step)"),
    409: _error("conflict: not your turn, a stale move, nothing to undo, the game is (not) "
                "over, or a table that cannot be resumed"),
    413: _error("request body too large"),
    422: _error("a well-formed body whose fields are wrong"),
    429: _error("too many requests from your address (see Retry-After)"),
}
