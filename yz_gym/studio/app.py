"""The studio's HTTP server: one page, its script and style sheet, and a JSON API.

Starlette and uvicorn (the `web` extra). Bound to 127.0.0.1 unless told otherwise; requests must
name this host (no DNS rebinding) and API posts must be JSON from the page's own origin (no
cross-site form posts); a request body is at most MAX_BODY bytes and its JSON is checked against
the scenario limits before anything reads it. Files are read and written inside the folder only
(workspace.py)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any, Final

from jinja2 import Environment, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from yz_gym.design.variation import space_of
from yz_gym.scenario.reading import MAX_YAML_BYTES
from yz_gym.studio import drafts
from yz_gym.studio.drafts import DraftError
from yz_gym.studio.jobs import JobError, Jobs, settings
from yz_gym.studio.workspace import OutsideFolder, Workspace

MAX_BODY: Final = 2 * MAX_YAML_BYTES + 4096  # a scenario's text or data, JSON-quoted, and the settings
LOCAL_HOSTS: Final = ("127.0.0.1", "localhost", "::1")
STATIC: Final = {"studio.js": "text/javascript", "studio.css": "text/css", "shapes.js": "text/javascript"}
CSP: Final = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'"


class BadRequest(ValueError):
    """A request the API refuses: too big, not JSON, from another origin."""


def _asset(name: str) -> str:
    """A file of the page (the shape painter is the replay page's, shared)."""
    package = "yz_gym.evaluation" if name == "shapes.js" else "yz_gym.studio"
    folder = "templates" if name == "shapes.js" else "static"
    return resources.files(package).joinpath(folder, name).read_text(encoding="utf-8")


def _page(workspace: Workspace) -> str:
    env = Environment(autoescape=select_autoescape(default=True, default_for_string=True))
    return env.from_string(_asset("studio.html")).render(folder=str(workspace.root))


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, refused past MAX_BODY bytes, from another origin or not JSON."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise BadRequest("send the request as application/json")
    origin = request.headers.get("origin")
    if origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}":
        raise BadRequest("requests from other sites are refused")
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadRequest(f"the request is larger than {MAX_BODY:,} bytes")
        chunks.append(chunk)
    try:
        value = json.loads(b"".join(chunks))
    except (ValueError, RecursionError):
        raise BadRequest("the request is not JSON") from None
    if not isinstance(value, dict):
        raise BadRequest("the request must be a JSON object")
    return value


def _error(field: str, message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"ok": False, "errors": [{"field": field, "message": message}]}, status_code=status)


def _draft(body: dict[str, Any]) -> drafts.Draft:
    """The draft a request carries: its `yaml` text, or its `data` from the form."""
    if "data" in body:
        return drafts.from_data(body["data"])
    return drafts.from_text(body.get("yaml"))


def replay(draft: drafts.Draft, agents: Any, seed: Any) -> dict[str, Any]:
    """One seeded sample game of the draft, recorded and re-simulated into the replay page's frames
    (`yz-gym replay --html`: the same shapes and narration) for the page to step through."""
    from yz_gym.evaluation.html import page_data
    from yz_gym.evaluation.replay import ReplayError, record_game

    settings(1, seed, agents, draft.loaded)
    try:
        title, _, data = page_data(record_game(draft.loaded, agents, seed))
    except ReplayError as err:
        raise JobError(f"replay: {err}") from None
    return {"ok": True, "title": title, **{k: v for k, v in data.items() if k != "replayFile"}}


def create_app(folder: str | Path, host: str = "127.0.0.1", jobs: Jobs | None = None) -> Starlette:
    """The studio for one folder, answering requests that name `host` (or a local name)."""
    workspace = Workspace(folder)
    jobs = jobs or Jobs()
    page = _page(workspace)

    def headers(kind: str) -> dict[str, str]:
        return {"content-security-policy": CSP, "x-content-type-options": "nosniff",
                "cache-control": "no-store", "content-type": kind}  # fmt: skip

    async def index(request: Request) -> Response:
        return HTMLResponse(page, headers=headers("text/html; charset=utf-8"))

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return Response("not found", status_code=404)
        return Response(_asset(name), headers=headers(STATIC[name] + "; charset=utf-8"))

    def scenarios(request: Request) -> Response:  # a plain function: Starlette runs it in a thread
        return JSONResponse({"folder": str(workspace.root), "scenarios": [e.to_json() for e in workspace.entries()]})

    async def api(request: Request) -> Response:
        try:
            body = await _body(request)
        except BadRequest as err:
            return _error("request", str(err))
        return await run_in_threadpool(act, request.path_params["action"], body)  # loading is blocking work

    def act(action: str, body: dict[str, Any]) -> Response:
        """Do what the page asks; every refusal is an error on the field it is about."""
        try:
            if action == "open":
                text = workspace.read(str(body.get("source", "")), str(body.get("path", "")))
                try:
                    return JSONResponse(drafts.summary(drafts.from_text(text)))
                except DraftError as err:  # the page puts the text in its editor to be fixed
                    return JSONResponse({"ok": False, "errors": [err.to_json()], "yaml": text}, status_code=422)
            if action == "check":
                return JSONResponse(drafts.summary(_draft(body)))
            if action == "save":
                draft = drafts.from_text(body.get("yaml"))
                saved = workspace.save(str(body.get("path", "")), draft.text, body.get("replace") is True)
                return JSONResponse({"ok": True, "saved": saved.relative_to(workspace.root).as_posix()})
            if action == "evaluate":
                draft = _draft(body)
                job = jobs.evaluate(draft.loaded, body.get("agents") or {}, body.get("games"), body.get("seed", 0))
                return JSONResponse({"ok": True, "job": job.to_json()})
            if action == "sensitivity":
                draft = _draft(body)
                side = body.get("side") or draft.loaded.sides[0]
                job = jobs.sensitivity(draft.loaded, body.get("agents") or {}, body.get("games"), body.get("seed", 0), side)
                return JSONResponse({"ok": True, "job": job.to_json()})
            if action == "balance":
                draft = _draft(body)
                job = jobs.balance(
                    draft.loaded, body.get("agents") or {}, body.get("vary"), body.get("target"),
                    body.get("metric") or space_of(draft.loaded.mode).metrics[0], body.get("side") or draft.loaded.sides[0],
                    body.get("games"),
                    body.get("budget"), body.get("seed", 0),
                )  # fmt: skip
                return JSONResponse({"ok": True, "job": job.to_json()})
            if action == "replay":
                return JSONResponse(replay(_draft(body), body.get("agents") or {}, body.get("seed", 0)))
            if action == "cancel":
                jobs.get(str(body.get("job", ""))).cancel.set()
                return JSONResponse({"ok": True})
        except DraftError as err:
            return JSONResponse({"ok": False, "errors": [err.to_json()]}, status_code=422)
        except OutsideFolder as err:
            field, _, message = str(err).partition(": ")
            return _error(field, message, err.status)
        except JobError as err:
            field, _, message = str(err).partition(": ")
            return _error(field, message, 409)
        return Response("not found", status_code=404)

    async def job(request: Request) -> Response:
        try:
            return JSONResponse(jobs.get(request.path_params["id"]).to_json())
        except JobError as err:
            return _error("job", str(err).partition(": ")[2], 404)

    hosts = sorted({host, *LOCAL_HOSTS})
    return Starlette(
        routes=[
            Route("/", index),
            Route("/static/{name}", static),
            Route("/api/scenarios", scenarios),
            Route("/api/jobs/{id}", job),
            Route("/api/{action}", api, methods=["POST"]),
        ],
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts)],
    )


def serve(folder: str | Path, host: str = "127.0.0.1", port: int = 8765) -> None:
    """Run the studio until interrupted."""
    import uvicorn

    uvicorn.run(create_app(folder, host), host=host, port=port, log_level="warning",
                limit_concurrency=32, timeout_keep_alive=5, h11_max_incomplete_event_size=64 * 1024)  # fmt: skip
