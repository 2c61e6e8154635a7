"""QR codes: SVG for pages (no Pillow) and text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def qr_svg(data: str) -> str:
    """An inline SVG QR code of the text."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    svg = buffer.getvalue().decode("utf-8")
    return svg[svg.index("<svg") :]


def qr_text(data: str) -> str:
    """The QR code drawn with block characters, for the terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(data)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
