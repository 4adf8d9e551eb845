"""Card hands with known and unknown cards, and counting cards against a deck.

At a real table the referee sees only some cards.  A :class:`Hand` holds the cards
whose identity is known (``known``, a multiset of card names) and a number of cards
nobody has shown (``unknown``).  Playing a card takes it from the known cards if it
is there, else from an unknown one.  :class:`CardCount` checks that no card is seen
more often than the deck holds it.

>>> h = Hand(unknown=2)
>>> h.add_known("F"); h.size
3
>>> h.take("F"), h.take("L"), h.size
('known', 'unknown', 1)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


class CardError(Exception):
    """A card move the cards themselves make impossible; engines turn it into a rule error."""


@dataclass
class Hand:
    """A hand: ``known`` cards by name (a :class:`Counter`) plus ``unknown`` hidden cards."""

    known: Counter = field(default_factory=Counter)
    unknown: int = 0

    @property
    def size(self) -> int:
        """Number of cards held, known and unknown."""
        return sum(self.known.values()) + self.unknown

    def add_known(self, card: str, n: int = 1) -> None:
        """Add ``n`` cards whose identity is known."""
        self.known[card] += n

    def add_unknown(self, n: int = 1) -> None:
        """Add ``n`` cards nobody else saw."""
        self.unknown += n

    def take(self, card: str) -> str:
        """Remove ``card``: from the known cards if there, else an unknown one.

        Returns ``"known"`` or ``"unknown"`` (where it came from); raises
        :class:`CardError` if the hand holds neither.
        """
        if self.known[card] > 0:
            self.known[card] -= 1
            if not self.known[card]:
                del self.known[card]
            return "known"
        if self.unknown > 0:
            self.unknown -= 1
            return "unknown"
        raise CardError(f"the hand holds no {card} card")

    def take_unknown(self) -> None:
        """Remove one unknown card (one played or discarded without being named)."""
        if self.unknown <= 0:
            raise CardError("the hand holds no unshown card")
        self.unknown -= 1

    def known_list(self) -> list[str]:
        """The known cards, sorted, each as often as held."""
        return sorted(self.known.elements())

    def copy(self) -> "Hand":
        return Hand(Counter(self.known), self.unknown)


@dataclass
class CardCount:
    """Cards of each name seen so far, checked against the deck's ``composition``.

    A card is *seen* once its identity is known anywhere: named in a hand, played,
    snagged, discarded by name.  ``see`` raises :class:`CardError` past the deck count.
    """

    composition: dict[str, int]
    seen: Counter = field(default_factory=Counter)

    def left(self, card: str) -> int:
        """How many cards of this name have not been seen yet."""
        return self.composition.get(card, 0) - self.seen[card]

    def see(self, card: str) -> None:
        """Count one more ``card`` as seen."""
        if self.left(card) <= 0:
            have = self.composition.get(card, 0)
            raise CardError(f"the deck holds only {have} {card} card{'s' if have != 1 else ''}, "
                            f"and {self.seen[card]} {'have' if self.seen[card] != 1 else 'has'} been seen already")
        self.seen[card] += 1

    def copy(self) -> "CardCount":
        return CardCount(self.composition, Counter(self.seen))
