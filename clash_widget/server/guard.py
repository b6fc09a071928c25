"""Who may reach the server at all: the ``Host`` a request names and the page it comes from.

- **Host** (DNS rebinding): a page on ``evil.example`` whose name an attacker points at the
  classroom machine would otherwise talk to the server as its own origin. A request must
  name the server by an address (any IP literal: a rebinding needs a name), ``localhost``,
  or a name the teacher allowed (``serve --allow-host NAME``).
- **Origin** (cross-site requests): a request that changes something (POST, PUT, PATCH,
  DELETE) must be JSON (a web page cannot send JSON to another site without the server's
  consent, which this one never gives), and a browser's ``Origin``, when it sends one, must
  be this server's own; a WebSocket from another site's page is refused before it opens.
  Scripts and notebooks send no ``Origin`` and are checked by their secrets as before.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from .refusals import BAD_HOST, CROSS_SITE
from .rooms import refusal

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LOCAL_NAMES = frozenset({"localhost"})


def split_host(host: str) -> tuple[str, str]:
    """``(name, port)`` of a ``Host`` header (``[::1]:8000`` -> ``("::1", "8000")``)."""
    host = host.strip().lower()
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name, rest.lstrip(":")
    name, _, port = host.rpartition(":") if host.count(":") == 1 else (host, "", "")
    return name, port


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class Guard:
    """ASGI middleware refusing requests for unknown hosts and cross-site changes."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = LOCAL_NAMES | {h.strip().lower() for h in allowed_hosts if h.strip()}

    def host_ok(self, host: str) -> bool:
        name, _ = split_host(host)
        return bool(name) and (is_ip(name) or name in self.allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if not self.host_ok(host):
            await self._refuse(scope, send, 421, BAD_HOST.refuse(f"{host or 'no Host'}"))
            return
        origin = headers.get("origin")
        if origin is not None and not same_origin(origin, host):
            if scope["type"] == "websocket" or scope.get("method") in CHANGING:
                await self._refuse(scope, send, 403, CROSS_SITE.refuse(f"from {origin}"))
                return
        if scope["type"] == "http" and scope.get("method") in ("POST", "PUT", "PATCH"):
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                detail = f"sent as {kind or 'no content type'}, not application/json"
                await self._refuse(scope, send, 415, CROSS_SITE.refuse(detail))
                return
        await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, send: Send, status: int, verdict: Any) -> None:
        if scope["type"] == "websocket":
            # Before the handshake is accepted: the browser sees the connection refused.
            await send({"type": "websocket.close", "code": 4403})
            return
        body = json.dumps(refusal(verdict)).encode("utf-8")
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode("ascii")),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def same_origin(origin: str, host: str) -> bool:
    """Whether a browser's ``Origin`` is the server the request was sent to (same host and
    port, as the ``Host`` header names it)."""
    parts = urlsplit(origin.strip().lower())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    default = "443" if parts.scheme == "https" else "80"
    origin_name = parts.hostname
    origin_port = str(parts.port) if parts.port else default
    name, port = split_host(host)
    return origin_name == name and origin_port == (port or default)
