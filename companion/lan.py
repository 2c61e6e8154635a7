"""The laptop's addresses on the local network, the likely Wi-Fi one first (ifaddr)."""

from __future__ import annotations

import ipaddress

import ifaddr


def _score(adapter_name: str, ip: ipaddress.IPv4Address) -> int:
    name = adapter_name.lower()
    score = 0
    if ip.is_private:
        score += 10
    if str(ip).startswith("192.168."):
        score += 3
    if any(w in name for w in ("wl", "wi-fi", "wifi", "wireless", "airport", "en0")):
        score += 5
    if any(
        w in name
        for w in (
            "docker",
            "veth",
            "br-",
            "virbr",
            "vmnet",
            "vbox",
            "tun",
            "tap",
            "zt",
            "tailscale",
            "utun",
        )
    ):
        score -= 8
    return score


def lan_addresses() -> list[str]:
    """IPv4 addresses other than loopback and link-local, the likely Wi-Fi address first."""
    found: list[tuple[int, str]] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            addr = ipaddress.IPv4Address(ip.ip)
            if addr.is_loopback or addr.is_link_local:
                continue
            found.append((_score(adapter.nice_name or adapter.name, addr), str(addr)))
    found.sort(key=lambda p: -p[0])
    seen: list[str] = []
    for _, addr in found:
        if addr not in seen:
            seen.append(addr)
    return seen
