"""Webhook notifications: POSTs order events as signed JSON to a merchant URL."""
import hashlib
import hmac
import json

try:
    import httpx
except ImportError:
    httpx = None

from ..registry import register
from .base import Notifier

SIGNATURE_HEADER = "X-Shopkit-Signature"


def sign(body: bytes, secret: str) -> str:
    """HMAC-SHA256 signature of a request body, hex encoded, for the receiver to verify."""
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@register("notifier", "webhook")
class WebhookNotifier(Notifier):
    """Posts events to an HTTP endpoint with an HMAC signature header."""

    channel = "webhook"

    def __init__(self, url="http://localhost:8080/hooks", secret="whsec_demo", send=None):
        super().__init__()
        self.url = url
        self.secret = secret
        self._send = send or self._http_post

    def _http_post(self, url, body, headers):
        if httpx is None:
            raise RuntimeError("webhooks need the optional 'httpx' package")
        httpx.post(url, content=body, headers=headers, timeout=5.0)

    def deliver(self, event, payload):
        body = json.dumps({"event": event, "data": payload}, sort_keys=True).encode()
        headers = {"Content-Type": "application/json", SIGNATURE_HEADER: sign(body, self.secret)}
        self._send(self.url, body, headers)
