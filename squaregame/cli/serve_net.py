"""``serve``'s address: a host checked, resolved and bound before anything says "open …".

The listening sockets are made here, so a busy port, an address this machine does not have
or a name that does not resolve is one clear line (exit 2), never a traceback after the
"open http://…" line; the server is then handed the sockets already bound.
"""

from __future__ import annotations

import errno
import ipaddress
import socket
import threading
from dataclasses import dataclass

from squaregame.cli.common import UsageError
from squaregame.text import os_reason

SHOWN = 60  # characters of a typed value echoed in a message
RESOLVE_TIMEOUT = 10.0  # seconds for a name to resolve (a broken DNS must not hang serve)
WILDCARDS = {"0.0.0.0", "::"}
_PROBE = "192.0.2.1"  # TEST-NET-1: connecting a UDP socket there sends nothing


def shown(text: str, limit: int = SHOWN) -> str:
    """A typed value as a message may echo it: one line, at most ``limit`` characters."""
    one_line = "".join(c if c.isprintable() else "?" for c in text)
    return one_line if len(one_line) <= limit else one_line[: limit - 1] + "…"


def clean_host(text: str) -> str:
    """``--host`` as typed → the address or name to resolve: ``[::1]`` is ``::1``, and an
    IPv4 address written IPv6-style (``::ffff:127.0.0.1``) is that IPv4 address."""
    host = text.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not host or len(host) > 253 or any(not c.isprintable() or c.isspace() for c in host):
        raise UsageError("serve.cli.bad_host", host=shown(text))
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        if all(c.isdigit() or c == "." for c in host):  # 300.1.1.1: no name to look up
            try:
                socket.inet_aton(host)  # 127.1 is a valid (if short) spelling of 127.0.0.1
            except OSError:
                raise UsageError("serve.cli.bad_address", host=shown(host)) from None
        return host  # a name (or a short IPv4 spelling): resolved below
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return host


def _getaddrinfo(host: str, port: int) -> list[tuple[int, str]]:
    infos = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP, flags=socket.AI_PASSIVE
    )
    found: list[tuple[int, str]] = []
    for family, _type, _proto, _name, sockaddr in infos:
        item = (int(family), str(sockaddr[0]))
        if family in (socket.AF_INET, socket.AF_INET6) and item not in found:
            found.append(item)
    return found


def resolve(host: str, port: int, timeout: float | None = None) -> list[tuple[int, str]]:
    """The (family, address) pairs ``host`` names; a name that does not resolve (or takes
    longer than ``timeout``: the lookup runs in a thread nobody waits for) is a UsageError."""
    result: list[list[tuple[int, str]]] = []
    failed: list[BaseException] = []

    def look_up() -> None:
        try:
            result.append(_getaddrinfo(host, port))
        except (OSError, UnicodeError, ValueError) as exc:
            failed.append(exc)

    worker = threading.Thread(target=look_up, name="serve-resolve", daemon=True)
    worker.start()
    worker.join(RESOLVE_TIMEOUT if timeout is None else timeout)
    if not result or not result[0]:
        raise UsageError("serve.cli.unresolved", host=shown(host))
    return result[0]


def is_loopback_address(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def is_loopback(host: str) -> bool:
    """True if every address ``host`` names is this machine's loopback (127.0.0.0/8, ::1,
    localhost, 127.1 …): decided by resolving it, not by how it is spelled."""
    try:
        addresses = resolve(clean_host(host), 0)
    except UsageError:
        return False
    return all(is_loopback_address(a) for _f, a in addresses)


@dataclass
class Bound:
    """The listening sockets and what to print about them."""

    sockets: list[socket.socket]
    host: str
    port: int

    @property
    def loopback_only(self) -> bool:
        return all(is_loopback_address(_address(s)) for s in self.sockets)

    def urls(self) -> tuple[list[str], list[str]]:
        """URLs that open the app: (on this machine, from other machines)."""
        here: list[str] = []
        others: list[str] = []
        for s in self.sockets:
            address = _address(s)
            if address in WILDCARDS:
                loop = "::1" if s.family == socket.AF_INET6 and _v6_only(s) else "127.0.0.1"
                here.append(url(loop, self.port))
                others += [url(a, self.port) for a in machine_addresses(s.family)]
            elif is_loopback_address(address):
                here.append(url(address, self.port))
            else:
                others.append(url(address, self.port))
        return _unique(here), _unique(others)

    def listen(self) -> None:
        """Start listening (bound by :func:`bind` with ``listen=False``): a connection is
        accepted only from now on."""
        for s in self.sockets:
            try:
                s.listen(128)
            except OSError as exc:
                raise _why(exc, self.host, self.port) from None

    def close(self) -> None:
        for s in self.sockets:
            s.close()


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _address(s: socket.socket) -> str:
    return str(s.getsockname()[0])


def _v6_only(s: socket.socket) -> bool:
    return bool(s.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY))


def url(address: str, port: int) -> str:
    """``http://ADDRESS:PORT/``, an IPv6 address in brackets."""
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}/"


def machine_addresses(family: int) -> list[str]:
    """This machine's addresses that other machines can reach, as far as can be told without
    sending anything: the source address of the default route, and the host name's."""
    found: list[str] = []
    families = (socket.AF_INET, socket.AF_INET6) if family == socket.AF_INET6 else (family,)
    for fam in families:
        probe = _PROBE if fam == socket.AF_INET else "2001:db8::1"
        try:
            with socket.socket(fam, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found.append(_address(s))
        except OSError:
            pass
    try:
        for fam, _t, _p, _n, sockaddr in socket.getaddrinfo(socket.gethostname(), None):
            if fam in families:
                found.append(str(sockaddr[0]))
    except (OSError, UnicodeError):
        pass
    usable = []
    for a in found:
        try:
            ip = ipaddress.ip_address(a.split("%", 1)[0])
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
            usable.append(a)
    return _unique(usable)


def _why(exc: OSError, host: str, port: int) -> UsageError:
    if exc.errno == errno.EADDRINUSE:
        return UsageError("serve.cli.port_busy", port=port, host=shown(host))
    if exc.errno in (errno.EACCES, errno.EPERM):
        return UsageError("serve.cli.port_denied", port=port)
    if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT, errno.EINVAL):
        return UsageError("serve.cli.not_here", host=shown(host))
    return UsageError("serve.cli.cannot_listen", host=shown(host), port=port, why=os_reason(exc))


def _listen(family: int, address: str, port: int, listen: bool = True) -> socket.socket:
    s = socket.socket(family, socket.SOCK_STREAM)
    try:
        if hasattr(socket, "SO_REUSEADDR") and not hasattr(socket, "SO_EXCLUSIVEADDRUSE"):
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio does on POSIX
        if family == socket.AF_INET6:
            # "::" serves IPv4 too (dual stack); any other IPv6 address only itself
            s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, int(address != "::"))
        s.bind((address, port))
        if listen:
            s.listen(128)
        s.setblocking(False)
    except BaseException:
        s.close()
        raise
    return s


def bind(host: str, port: int, listen: bool = True) -> Bound:
    """Listen on every address ``host`` names (or only bind: ``listen`` False, then
    :meth:`Bound.listen`). A busy port fails at once; an address family this machine lacks
    (``localhost``'s ::1 without IPv6) is skipped if another one works."""
    name = clean_host(host)
    sockets: list[socket.socket] = []
    first_error: OSError | None = None
    try:
        for family, address in resolve(name, port):
            try:
                sockets.append(_listen(family, address, port, listen))
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE or (exc.errno in (errno.EACCES, errno.EPERM)):
                    raise _why(exc, name, port) from None
                first_error = first_error or exc
            if address == "::" and sockets:
                break  # the dual-stack socket already serves 0.0.0.0
    except BaseException:
        for s in sockets:
            s.close()
        raise
    if not sockets:
        assert first_error is not None
        raise _why(first_error, name, port) from None
    return Bound(sockets, name, port)
