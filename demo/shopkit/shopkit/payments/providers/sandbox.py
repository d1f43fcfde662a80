"""A sandbox card provider for tests and demos: never touches the network."""
import itertools

from ...errors import CardDeclined
from ...registry import register
from ..base import PaymentResult
from ..card import TEST_CARD_PREFIXES
from .stripe_like import StripeLikeProvider

_sequence = itertools.count(1)


@register("payment", "sandbox")
class SandboxProvider(StripeLikeProvider):
    """Stripe-like provider that answers locally: test cards succeed, others are declined."""

    name = "sandbox"

    def __init__(self, **options):
        super().__init__(api_key="sk_sandbox", **options)
        self.charges = {}

    def _post(self, path, payload):
        """Answer API calls from memory instead of sending them over HTTP."""
        if path == "/charges":
            if not str(payload["source"]).startswith(TEST_CARD_PREFIXES):
                return {"error": {"code": "do_not_honor"}}
            charge_id = f"ch_sandbox_{next(_sequence)}"
            self.charges[charge_id] = payload["amount"]
            return {"id": charge_id, "amount": payload["amount"]}
        if path == "/refunds":
            if payload["charge"] not in self.charges:
                return {"error": {"code": "unknown_charge", "message": "no such charge"}}
            return {"id": f"re_{payload['charge']}", "amount": payload["amount"]}
        raise CardDeclined(f"unsupported sandbox path {path}")
