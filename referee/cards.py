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

:func:`parse_counts` reads the ``CARD=COUNT`` lists of the ``[Deck]`` tags.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import BadInputError
from .numbers import is_number


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


# -- immutable forms (copy-on-write game states) ---------------------------------------

class Held:
    """An immutable hand: ``known`` card names (a sorted tuple, each as often as held)
    and ``unknown`` hidden cards.  Every change returns a new hand, so a game position
    holding one is copied by reference.

    >>> h = Held(("F",), 2).take("L")[0].add_known("B")
    >>> h.known, h.unknown, h.size
    (('B', 'F'), 1, 3)
    """

    __slots__ = ("known", "unknown")

    def __init__(self, known: tuple[str, ...] = (), unknown: int = 0) -> None:
        self.known = tuple(known)
        self.unknown = unknown

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Held) and self.known == other.known and self.unknown == other.unknown

    def __hash__(self) -> int:
        return hash((self.known, self.unknown))

    def __repr__(self) -> str:
        return f"Held(known={self.known!r}, unknown={self.unknown})"

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown

    def holds(self, card: str) -> bool:
        """Whether ``card`` is among the known cards."""
        return card in self.known

    def known_list(self) -> list[str]:
        return list(self.known)

    def add_known(self, card: str) -> "Held":
        return Held(tuple(sorted((*self.known, card))), self.unknown)

    def add_unknown(self, n: int = 1) -> "Held":
        return Held(self.known, self.unknown + n)

    def take(self, card: str) -> tuple["Held", str]:
        """The hand without ``card`` (a known one if held, else an unknown one) and
        where it came from, ``"known"`` or ``"unknown"``; :class:`CardError` if neither."""
        known = self.known
        if card in known:
            i = known.index(card)
            return Held(known[:i] + known[i + 1:], self.unknown), "known"
        if self.unknown > 0:
            return Held(known, self.unknown - 1), "unknown"
        raise CardError(f"the hand holds no {card} card")

    def take_unknown(self) -> "Held":
        if self.unknown <= 0:
            raise CardError("the hand holds no unshown card")
        return Held(self.known, self.unknown - 1)

    def reveal(self, card: str) -> "Held":
        """One unknown card shown to be ``card``."""
        if self.unknown <= 0:
            raise CardError("the hand holds no unshown card")
        return Held(tuple(sorted((*self.known, card))), self.unknown - 1)


class Tally:
    """Cards seen so far against a deck ``composition`` (immutable: ``see`` returns a new
    tally, and the dictionaries are never changed once made).  Counts of the cards named
    in ``guessed`` are a guess (no deck said them): such a card is never refused for its
    count, and :meth:`left` never goes below zero.

    >>> t = Tally({"F": 1}, guessed=frozenset({"L"}))
    >>> t = t.see("F").see("L").see("L"); t.allows("F"), t.allows("L"), t.left("L")
    (False, True, 0)
    """

    __slots__ = ("composition", "seen", "guessed")

    def __init__(self, composition: dict[str, int], seen: dict[str, int] | None = None,
                 guessed: frozenset = frozenset()) -> None:
        self.composition = dict(composition)
        self.seen = dict(seen or {})
        self.guessed = frozenset(guessed)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Tally) and self.composition == other.composition
                and self.seen == other.seen and self.guessed == other.guessed)

    def __repr__(self) -> str:
        return f"Tally({self.composition!r}, seen={self.seen!r}, guessed={set(self.guessed) or '{}'})"

    @property
    def checked(self) -> bool:
        """True when every count comes from the players (none is a guess)."""
        return not self.guessed

    @property
    def deck(self) -> dict[str, int]:
        return dict(self.composition)

    def playable(self, order: tuple[str, ...] | list[str] = ()) -> list[str]:
        """The cards worth listing as plays, draws or candidates: every card the
        composition holds, and every card whose count is only a guess (such a card may
        be played whatever the guessed mix says).  Cards in ``order`` come first, in
        that order.  The one place listings ask, so none assumes a default mix.

        >>> Tally({"F": 2, "L": 0}, guessed=frozenset({"F", "L", "LB"})).playable(("F", "L", "LB"))
        ['F', 'L', 'LB']
        >>> Tally({"F": 2, "L": 0}).playable(("F", "L", "LB"))
        ['F']
        """
        out = [c for c in order if self.composition.get(c, 0) > 0 or c in self.guessed]
        out += [c for c, n in self.composition.items() if n > 0 and c not in out]
        return out

    def count_of(self, card: str) -> int:
        return self.composition.get(card, 0)

    def seen_of(self, card: str) -> int:
        return self.seen.get(card, 0)

    def seen_counts(self) -> dict[str, int]:
        return dict(self.seen)

    def left(self, card: str) -> int:
        """How many cards of this name the composition leaves unseen (a guessed count
        never below zero)."""
        left = self.composition.get(card, 0) - self.seen.get(card, 0)
        return max(left, 0) if card in self.guessed else left

    def allows(self, card: str) -> bool:
        """Whether one more ``card`` may be seen (always, for a guessed count)."""
        return card in self.guessed or self.composition.get(card, 0) > self.seen.get(card, 0)

    def see(self, card: str) -> "Tally":
        """One more ``card`` seen; :class:`CardError` past a checked count."""
        if not self.allows(card):
            have = self.count_of(card)
            n = self.seen_of(card)
            raise CardError(f"the deck holds only {have} {card} card{'s' if have != 1 else ''}, "
                            f"and {n} {'have' if n != 1 else 'has'} been seen already")
        new = object.__new__(Tally)
        new.composition, new.guessed = self.composition, self.guessed
        new.seen = seen = self.seen.copy()
        seen[card] = seen.get(card, 0) + 1
        return new

    def corrected(self, counts: dict[str, int]) -> "Tally":
        """The composition with ``counts`` given by the players (no longer guesses)."""
        return Tally({**self.composition, **counts}, self.seen, self.guessed - set(counts))


def parse_counts(text: str, parse_name: Callable[[str], str], bad: str, twice: str, *,
                 width: int | None = None, last: bool = False, name_required: bool = False) -> dict[str, int]:
    """``"F=10, L=4 R=4"`` -> ``{"F": 10, "L": 4, "R": 4}``: a deck's ``CARD=COUNT``
    entries, separated by spaces or commas, in the order given (Zombies Want Fluffy's
    and Zombie Attack's ``[Deck]`` tags).

    ``parse_name`` turns the text before ``=`` into the card's name (raising the game's
    own error for an unknown card); ``last`` splits at the last ``=`` rather than the
    first.  :class:`BadInputError` with the game's own messages: ``bad`` (its ``{!r}``
    is the entry, cut to ``width`` characters) when an entry has no ``=``, its count is
    not ASCII digits (at most :data:`referee.numbers.MAX_DIGITS`), or (``name_required``)
    nothing stands before the ``=``; ``twice`` (its ``{}`` is the card) when a card is
    named twice.

    >>> parse_counts("F=10, L=4", str.upper, "bad entry {!r}", "{} twice")
    {'F': 10, 'L': 4}
    >>> parse_counts("F=10 f=2", str.upper, "bad entry {!r}", "{} twice")
    Traceback (most recent call last):
    ...
    referee.errors.BadInputError: F twice
    >>> parse_counts("F=ten", str.upper, "bad entry {!r}", "{} twice")
    Traceback (most recent call last):
    ...
    referee.errors.BadInputError: bad entry 'F=ten'
    """
    counts: dict[str, int] = {}
    for token in text.replace(",", " ").split():
        name, sep, count = token.rpartition("=") if last else token.partition("=")
        if not sep or not is_number(count) or (name_required and not name):
            raise BadInputError(bad.format(token if width is None else token[:width]))
        card = parse_name(name)
        if card in counts:
            raise BadInputError(twice.format(card))
        counts[card] = int(count)
    return counts
