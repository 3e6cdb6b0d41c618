"""Everything said about a Markt state, as catalog messages (English in i18n/en.po): the
view (the common envelope and its typed body, described by `view_schema`), the words of
every move (`describe`), what a move set in motion (`news`), why a move is refused
(`why`, worded from the rules' own reason), which moves deserve a second thought
(`confirm`), the names of goods and phases, and the glossary."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reichsstadt.core import CHANCE, Action, Message, Player, envelope
from reichsstadt.core.views import schema

from . import rules
from .actions import ACTIONS
from .events import DayBegins, MarketClosed, PriceMoved
from .constants import (
    GOODS, HAND_LIMIT, K_DEMAND, K_FETCH, K_SELL, K_WAIT, MARKET, N_GOODS, PER_GOOD,
    PHASE_IDS, PRICE_MAX, TOLL,
)

if TYPE_CHECKING:
    from .state import MarktState


# -- names ------------------------------------------------------------------------------------
def good_name(good: int) -> Message:
    """A good's name: "salt"."""
    return Message(f"markt.good.{GOODS[good]}")


def goods(good: int, count: int) -> Message:
    """`count` goods of a kind: "2 sacks of salt" (a plural message)."""
    return Message(f"markt.count.{GOODS[good]}", count=count)


def thalers(count: int) -> Message:
    """An amount of money: "3 thalers"."""
    return Message("markt.thalers", count=count)


def phase_name(phase_id: str) -> Message:
    """A phase's name by its id (the view's `phase`)."""
    return Message(f"markt.phase.{phase_id}")


# -- the view ---------------------------------------------------------------------------------
def view(s: MarktState, seat: int | None) -> dict[str, Any]:
    """What `seat` may know (None: a spectator): every purse and how many goods each
    merchant holds, but only its own hand; the prices, the sold pile and how many goods
    the warehouse still holds, never which."""
    seats = [{"thalers": s.thalers[p], "goods": s.hand_size(p), "hand": list(s.hands[p]) if p == seat else None}
             for p in range(s.player_count)]
    table = {
        "day": s.day, "days": s.days, "first": s.first,
        "merchant": s.merchant() if s.phase == MARKET else None,
        "drawer": s.drawer if s.drawer >= 0 else None,
        "demand": s.demand if s.demand >= 0 else None,
        "prices": list(s.prices), "sold": list(s.sold), "warehouse": sum(s.warehouse),
    }
    return envelope(s, seat, s.phase_id, seats, table)


def _counts(meaning: str, high: int) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": high},
            "minItems": N_GOODS, "maxItems": N_GOODS, "description": f"{meaning}, per good ({', '.join(GOODS)})"}


def _seat(meaning: str) -> dict[str, Any]:
    return {"type": ["integer", "null"], "minimum": 0, "description": meaning}


def view_schema(game_id: str) -> dict[str, Any]:
    """The view's JSON Schema: the envelope with Markt's seats and table, every field described."""
    seat_item = {
        "type": "object", "additionalProperties": False, "required": ["thalers", "goods", "hand"],
        "properties": {
            "thalers": {"type": "integer", "minimum": 0, "description": "the merchant's purse (public)"},
            "goods": {"type": "integer", "minimum": 0, "maximum": HAND_LIMIT,
                      "description": "how many goods the merchant holds (public)"},
            "hand": {**_counts("the goods the merchant holds", HAND_LIMIT), "type": ["array", "null"],
                     "description": "the goods the merchant holds, per good; null for everyone but the merchant"},
        },
    }
    table = {
        "additionalProperties": False,
        "required": ["day", "days", "first", "merchant", "drawer", "demand", "prices", "sold", "warehouse"],
        "properties": {
            "day": {"type": "integer", "minimum": 0, "description": "the market day (0 while the goods are dealt)"},
            "days": {"type": "integer", "minimum": 1, "description": "market days in this game"},
            "first": {"type": "integer", "minimum": 0, "description": "the seat that opens this day's turns"},
            "merchant": _seat("the seat on turn in the market, null outside the merchants' turns"),
            "drawer": _seat("the seat drawing a good from the warehouse now, null if none"),
            "demand": {"type": ["integer", "null"], "description": "the good the crier called for today (an index "
                                                                   "of the goods), null before the crier"},
            "prices": _counts(f"the price of a good, 1 to {PRICE_MAX} thalers", PRICE_MAX),
            "sold": _counts("goods sold so far (face up)", PER_GOOD),
            "warehouse": {"type": "integer", "minimum": 0, "description": "goods left in the warehouse"},
        },
    }
    out = schema(game_id, seat_item, table)
    out["properties"]["phase"] = {**out["properties"]["phase"], "enum": list(PHASE_IDS)}
    return out


# -- words of moves ---------------------------------------------------------------------------
def describe(s: MarktState, seat: int, action: Action, viewer: int | None) -> Message:
    """Words for `action` by `seat`, as `viewer` may know them: a good drawn is named only
    to the merchant who draws it."""
    kind, good, count = ACTIONS.code[action]
    if kind == K_SELL:
        price = s.prices[good]
        return Message("markt.describe.sell", goods=goods(good, count), price=thalers(price),
                       total=thalers(price * count))
    if kind == K_FETCH:
        return Message("markt.describe.fetch", toll=thalers(TOLL))
    if kind == K_WAIT:
        return Message("markt.describe.wait")
    if kind == K_DEMAND:
        return Message("markt.describe.demand", good=good_name(good))
    drawer = Player(s.drawer)
    if viewer == s.drawer:
        return Message("markt.describe.draw", player=drawer, goods=goods(good, 1))
    return Message("markt.describe.draw_hidden", player=drawer)


def news(s: MarktState, viewer: int | None) -> list[str | Message]:
    """What the last move set in motion: a price that moved, a new market day, the end."""
    out: list[str | Message] = []
    for event in s.events:
        if isinstance(event, PriceMoved):
            out.append(Message("markt.news.price", good=good_name(event.good), price=thalers(event.price)))
        elif isinstance(event, DayBegins):
            out.append(Message("markt.news.day", day=event.day, days=s.days, player=Player(event.first)))
        elif isinstance(event, MarketClosed):
            out.append(Message("markt.news.closed"))
    return out


def why(s: MarktState, seat: int, action: Action) -> Message:
    """The refusal of a move of this game that is not legal now, worded from the rule's
    own reason (rules.refusal)."""
    reason = rules.refusal(s, seat, action)
    _, good, _ = ACTIONS.code[action]
    if reason == "short":
        return Message("markt.why.short", goods=goods(good, s.hands[seat][good]))
    if reason == "toll":
        return Message("markt.why.toll", toll=thalers(TOLL))
    if reason == "full":
        return Message("markt.why.full", count=HAND_LIMIT)
    if reason is not None:  # "empty", "chance"
        return Message(f"markt.why.{reason}")
    return Message("core.refuse.not_legal")


def confirm(s: MarktState, seat: int, action: Action) -> Message | None:
    """On the last market day, fetching or waiting with goods in hand gives them up: goods
    are worth nothing at the end (§4)."""
    if s.day != s.days or action not in (ACTIONS.fetch, ACTIONS.wait) or seat == CHANCE:
        return None
    if action is ACTIONS.fetch:
        return Message("markt.confirm.fetch_last")
    held = s.hand_size(seat)
    return Message("markt.confirm.wait_last", count=held) if held else None


def glossary() -> list[tuple[Message, Message]]:
    """The pieces of the game, in the order a newcomer meets them."""
    keys = ("goods", "price", "crier", "toll", "warehouse", "sold", "thalers")
    return [(Message(f"markt.glossary.{k}"), Message(f"markt.glossary.{k}.text")) for k in keys]
