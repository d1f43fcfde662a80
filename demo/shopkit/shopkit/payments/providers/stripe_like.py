"""An HTTP card provider modelled on Stripe's API: charges and refunds over JSON."""
import json
from decimal import Decimal

try:
    import httpx
except ImportError:  # optional dependency: fall back to the standard library client
    httpx = None
    import urllib.request as _urllib_request

from ...errors import CardDeclined, FraudSuspected, PaymentError
from ...pricing.money import Money
from ...registry import register
from ..base import PaymentResult
from ..card import CardProvider, mask_card_number

API_BASE = "https://api.payments.example.com/v1"
DECLINE_CODES = {"insufficient_funds", "expired_card", "do_not_honor"}


@register("payment", "stripe_like")
class StripeLikeProvider(CardProvider):
    """Card provider speaking a Stripe-like REST API (amounts in minor units, JSON bodies)."""

    name = "stripe_like"

    def __init__(self, api_key: str = "sk_test_demo", *, base_url: str = API_BASE, timeout: float = 10.0):
        super().__init__(timeout=timeout)
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")

    def _post(self, path: str, payload: dict) -> dict:
        """POST a JSON payload and return the decoded JSON response."""
        url = f"{self.base_url}{path}"
        headers = {"Authorization": f"Bearer {self.api_key}", "Content-Type": "application/json"}
        if httpx is not None:
            response = httpx.post(url, json=payload, headers=headers, timeout=self.timeout)
            return response.json()
        request = _urllib_request.Request(url, json.dumps(payload).encode(), headers, method="POST")
        with _urllib_request.urlopen(request, timeout=self.timeout) as response:
            return json.loads(response.read())

    @staticmethod
    def to_minor_units(amount: Money) -> int:
        """Convert an amount to integer cents, as the API expects."""
        return int(amount.amount * 100)

    def interpret(self, body: dict, amount: Money) -> PaymentResult:
        """Map an API response to a ``PaymentResult`` or the matching payment error."""
        error = body.get("error")
        if error:
            code = error.get("code", "unknown")
            if code == "fraudulent":
                raise FraudSuspected(code)
            if code in DECLINE_CODES:
                raise CardDeclined(code, retryable=code == "insufficient_funds")
            raise PaymentError(error.get("message", code))
        return PaymentResult(body["id"], amount, self.name, raw=body)

    def send_charge(self, amount, number, reference):
        body = self._post(
            "/charges",
            {
                "amount": self.to_minor_units(amount),
                "currency": amount.currency.lower(),
                "source": number,
                "description": f"order {reference} ({mask_card_number(number)})",
            },
        )
        return self.interpret(body, amount)

    def refund(self, payment_ref, amount):
        body = self._post("/refunds", {"charge": payment_ref, "amount": self.to_minor_units(amount)})
        return self.interpret(body, amount)


def fee_for(amount: Money, percent: Decimal = Decimal("1.4"), fixed: Decimal = Decimal("0.25")) -> Money:
    """Provider fee for a charge: a percentage of the amount plus a fixed part."""
    return amount * (percent / 100) + Money(fixed, amount.currency)
