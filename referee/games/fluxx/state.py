"""The Zombie Fluxx position: the rules in play, the Goal, what is in front of each
player, the hands (counts and known cards), the piles, whose turn and what it still owes.

A :class:`State` is never changed once an event has produced it: its containers are
read-only (:mod:`.frozen`: they read and compare as plain lists, dicts, Counters and
:class:`~referee.cards.Hand`\\ s, and raise :class:`TypeError` on any change), so a
position can be shared, and a value worked out from it cannot go stale.  A step works
on :meth:`State.draft`, a shallow copy, and replaces each container it changes by a
draft copy the first time it writes to it (:meth:`State.own`), or, for a hand and the
cards in front of a seat, by a new frozen one (:meth:`State.hand_add`,
:meth:`State.add_front`, ...); :meth:`State.settle` freezes the drafts.  A position with other
contents (set-up in tests, ``advise``'s what-ifs) is made by :meth:`State.edited`.

Values worked out from a position are remembered in it, each beside the very read-only
containers (compared by identity) and the plain values it was worked out from, and
carried over by the steps that change none of them: who meets the Goal (``_met``), who
is pushed over a limit (``_pushed``, also forgotten when another seat's hand or Keepers
change), the kills the rules in play give (``_kills``).  None is remembered from a draft
container still changing, and :meth:`State.edited` forgets ``_pushed``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from referee.cards import Hand

from .catalogue import Card, Catalogue
from .frozen import (DraftCounter, DraftDict, DraftList, FrozenCounter, FrozenDict, FrozenHand,
                     FrozenList, freeze_hand, frozen_counter, frozen_dict, frozen_hand, frozen_list)

HAND_SIZE = 3           #: cards dealt to each player
BARE_HANDS = "bare-hands"

_new = object.__new__
EMPTY = frozen_list()   #: the empty list of a position (frozen: one for all)


def copy_counter(c: Counter) -> Counter:
    """A plain copy of ``c`` (plain dict copying: ``Counter(c)`` goes through ``update``)."""
    new = dict.__new__(Counter)
    dict.update(new, c)
    return new


def join(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


#: the containers of a position (each frozen): lists, dicts, Counters, and per seat
_LISTS = ("others", "top", "discard", "trash", "replacements", "subplays")
_DICTS = ("rules", "composition", "index")
_COUNTERS = ("kills_used", "flee")
_SEATS = ("hands", "keepers", "creepers")
#: the draft class of each frozen container (:meth:`State.own`)
_DRAFT = {FrozenList: DraftList, FrozenDict: DraftDict}
#: the frozen class of each draft container (:meth:`State.settle`)
_FROZEN = {DraftList: FrozenList, DraftDict: FrozenDict, DraftCounter: FrozenCounter}


@dataclass(eq=True)
class State:
    """Everything the rules of Zombie Fluxx need (see the module docstring).

    ``players`` and ``index`` (lower-case name -> seat) are fixed at set-up; ``cat`` and
    ``composition`` (copies of each card in the deck) change only by a card line (spec
    ruling 23).  ``hands`` hold counts and known cards; ``keepers`` and ``creepers`` are
    Counters per seat; ``rules`` maps the four slots to the rule card in play (None:
    the Basic Rules), ``others`` the rules without a slot; ``goal`` the Goal or Ungoal in
    the Goal's place (ruling 17); ``pile`` the draw pile's size with ``top`` the known
    cards on it (last = top), ``discard`` (None: a card discarded unseen) and ``trash``.
    ``replacements`` are the first-round replacement draws owed; ``subplays`` the plays
    owed to Actions (a stack); ``trio`` a killed Trio waiting for its direction; ``flee``
    the Pairs that must flee, by name.

    ``names`` (not a field: set with ``cat``, see :func:`card_names`) maps each exact
    card name to its card, the fast path of :meth:`card`."""

    players: list[str]
    index: dict[str, int]
    cat: Catalogue
    composition: dict[str, int]
    zombies_out: bool
    hands: list[Hand]
    keepers: list[Counter]
    creepers: list[Counter]
    rules: dict[str, str | None]
    others: list[str]
    goal: str | None
    pile: int
    top: list[str]
    discard: list[str | None]
    trash: list[str]
    first_round: bool
    replacements: list[int]
    turn: int
    current: int
    drawn: int
    played: int
    subplays: list[int]
    kills_used: Counter
    trio: str | None
    flee: Counter
    winner: str | None
    ending: str | None

    # -- copies ------------------------------------------------------------------------

    def draft(self) -> "State":
        """A shallow copy for a step to change (copy on write: see :meth:`own`)."""
        new = _new(State)
        d = self.__dict__.copy()
        d["_own"] = set()
        new.__dict__ = d
        return new

    def settle(self) -> "State":
        """End of a step: this draft becomes a position, every container it wrote to
        frozen in place (its class reassigned: no copy).  Returns the position."""
        d = self.__dict__
        owned = d.pop("_own", None)
        if owned:
            for key in owned:
                value = d[key]
                value.__class__ = _FROZEN[type(value)]
        return self

    def own(self, key: str) -> Any:
        """The container ``key`` (a list, dict or Counter attribute), copied first the
        first time a draft writes to it."""
        owned = self.__dict__["_own"]
        value = self.__dict__[key]
        if key not in owned:
            owned.add(key)
            t = type(value)
            if t is FrozenCounter:
                value = dict.__new__(DraftCounter)
                dict.update(value, self.__dict__[key])
            else:
                value = _DRAFT[t](value)
            self.__dict__[key] = value
        return value

    # Hands and the Counters in front of the seats are values: a change puts a new
    # frozen one in the seat's place (the list of seats copied on first write), sharing
    # what did not change (a hand's known cards when only unseen ones come and go).

    def _front(self, kind: str, p: int, name: str, delta: int) -> None:
        d = self.__dict__
        owned = d["_own"]
        if kind in owned:
            fronts = d[kind]
        else:
            owned.add(kind)
            fronts = d[kind] = DraftList(d[kind])
        if kind == "keepers" and p != d["current"]:
            d.pop("_pushed", None)          # another seat's Keepers: the limits again
        old = fronts[p]
        new = dict.__new__(FrozenCounter)
        dict.update(new, old)
        k = old.get(name, 0) + delta
        if k > 0:
            dict.__setitem__(new, name, k)
        elif name in new:
            dict.__delitem__(new, name)
        fronts[p] = new

    def take_front(self, kind: str, p: int, name: str) -> None:
        """One ``name`` fewer in seat ``p``'s ``kind`` (``keepers`` / ``creepers``)."""
        self._front(kind, p, name, -1)

    def add_front(self, kind: str, p: int, name: str) -> None:
        """One ``name`` more in seat ``p``'s ``kind`` (``keepers`` / ``creepers``)."""
        self._front(kind, p, name, 1)

    def _hands(self, p: int) -> list:
        d = self.__dict__
        if p != d["current"]:
            d.pop("_pushed", None)          # another seat's hand: the limits again
        owned = d["_own"]
        if "hands" in owned:
            return d["hands"]
        owned.add("hands")
        hands = d["hands"] = DraftList(d["hands"])
        return hands

    def hand_take(self, p: int, name: str | None) -> None:
        """``name`` out of seat ``p``'s hand: a known one if held, else an unseen one
        (None: an unseen one), as :meth:`~referee.cards.Hand.take`."""
        hands = self._hands(p)
        old = hands[p]
        known = old.known
        k = known.get(name, 0) if name is not None else 0
        unknown = old.unknown
        if k:
            known = dict.__new__(FrozenCounter)
            dict.update(known, old.known)
            if k > 1:
                dict.__setitem__(known, name, k - 1)
            else:
                dict.__delitem__(known, name)
        else:
            unknown -= 1
        h = hands[p] = _new(FrozenHand)
        h.__dict__.update(known=known, unknown=unknown, size=old.size - 1)

    def hand_add(self, p: int, name: str | None) -> None:
        """``name`` into seat ``p``'s hand (None: an unseen card)."""
        hands = self._hands(p)
        old = hands[p]
        known = old.known
        unknown = old.unknown
        if name is None:
            unknown += 1
        else:
            known = dict.__new__(FrozenCounter)
            dict.update(known, old.known)
            dict.__setitem__(known, name, known.get(name, 0) + 1)
        h = hands[p] = _new(FrozenHand)
        h.__dict__.update(known=known, unknown=unknown, size=old.size + 1)

    def deep(self) -> "State":
        """A copy of the position (what ``copy.deepcopy`` of a game holds): a shallow
        one, as no container of a position ever changes."""
        new = _new(State)
        d = self.__dict__.copy()
        d.pop("_own", None)
        new.__dict__ = d
        return new

    def edited(self, **changes: Any) -> "State":
        """A new position: this one with ``changes`` (field name -> value), every
        container frozen.  ``hands``, ``keepers`` and ``creepers`` take a list, or a dict
        seat -> value for the seats that change (a hand: a :class:`~referee.cards.Hand`,
        or a ``(known, unknown)`` pair); ``rules`` a dict of the slots that change.
        :class:`KeyError` for a name that is no field.  A new ``cat`` renews the
        names (:attr:`names`).  For set-up in tests and ``advise``'s what-ifs: the events
        themselves go through the steps."""
        d = self.__dict__.copy()
        d.pop("_own", None)
        d.pop("_pushed", None)
        for key, value in changes.items():
            if key not in self.__dataclass_fields__:
                raise KeyError(f"a Zombie Fluxx position has no field {key!r}")
            if key in _SEATS:
                seats = list(d[key])
                for q, v in (value.items() if isinstance(value, dict) else enumerate(value)):
                    seats[q] = v
                if key == "hands":
                    value = frozen_list(freeze_hand(h) if isinstance(h, Hand) else frozen_hand(*h)
                                        for h in seats)
                else:
                    value = frozen_list(c if type(c) is FrozenCounter else frozen_counter(c)
                                        for c in seats)
                    kind = key[:-1]         # keeper, creeper: what seen() relies on
                    for c in value:
                        for name in c:
                            if self.card(name).type != kind:
                                raise ValueError(f"{name} is not a {kind.title()}: it cannot be among the {key}")
            elif key == "rules":
                value = frozen_dict({**d["rules"], **value})
            elif key in _LISTS:
                value = value if type(value) is FrozenList else frozen_list(value)
            elif key in _DICTS:
                value = value if type(value) is FrozenDict else frozen_dict(value)
            elif key in _COUNTERS:
                value = value if type(value) is FrozenCounter else frozen_counter(value)
            elif key == "players":
                value = frozen_list(value)
            d[key] = value
        new = _new(State)
        new.__dict__ = d
        if "cat" in changes:
            new.names = card_names(new.cat)
        return new

    # -- derived -----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.ending is not None

    def card(self, name: str) -> Card:
        """The card called ``name`` (exact name first: the engine writes canonical names)."""
        found = self.names.get(name)
        return found if found is not None else self.cat.find(name) or self.cat.card(name)

    def rule_value(self, slot: str) -> Any:
        """The value of the rule in ``slot`` (the Basic Rules: draw 1, play 1, no limits)."""
        name = self.rules[slot]
        if name is None:
            return 1 if slot == "draw" or slot == "play" else None
        found = self.names.get(name)
        return (found if found is not None else self.card(name)).value

    def rules_in_play(self) -> list[Card]:
        names, card = self.names, self.card
        return [names.get(n) or card(n) for n in [*self.rules.values(), *self.others] if n]

    def available(self) -> int:
        """Cards that can still be drawn: the pile and, reshuffled, the discard pile."""
        return self.pile + len(self.discard)

    def drawable(self) -> int:
        """Cards that can still be drawn and kept: the Creepers known on top of the pile
        are laid down, not kept."""
        return self.pile + len(self.discard) - len(self.top)

    def draws_owed(self) -> int:
        """Cards the player whose turn it is must still draw under the Draw rule."""
        if self.ending is not None or self.first_round and any(self.replacements):
            return 0
        rule = self.rules["draw"]
        owed = (1 if rule is None else (self.names.get(rule) or self.card(rule)).value) - self.drawn
        if owed <= 0:
            return 0
        can = self.pile + len(self.discard) - len(self.top)       # min() without the call
        return owed if owed < can else can

    def plays_owed(self) -> int:
        """Plays still owed this turn (Action plays first; Play All: the hand's size);
        zero when the hand is empty."""
        if self.ending is not None or self.first_round and any(self.replacements):
            return 0
        size = self.hands[self.current].size
        subplays = self.subplays
        if subplays:
            owed = subplays[-1]
            return owed if owed < size else size
        rule = self.rules["play"]
        rule = 1 if rule is None else (self.names.get(rule) or self.card(rule)).value
        if rule == "all":
            return size
        owed = rule - self.played                   # min(max(0, owed), size) without the calls
        return 0 if owed <= 0 else owed if owed < size else size

    def hand_excess(self, p: int) -> int:
        """Cards ``p`` holds over the Hand Limit (0 without one)."""
        rule = self.rules["hand-limit"]
        if rule is None:
            return 0
        over = self.hands[p].size - (self.names.get(rule) or self.card(rule)).value
        return over if over > 0 else 0

    def keeper_excess(self, p: int) -> int:
        """Keepers ``p`` has over the Keeper Limit (0 without one)."""
        rule = self.rules["keeper-limit"]
        if rule is None:
            return 0
        over = sum(self.keepers[p].values()) - (self.names.get(rule) or self.card(rule)).value
        return over if over > 0 else 0

    def pushed(self) -> list[int]:
        """Players other than the one whose turn it is who are over a limit now.

        Remembered in the position (``_pushed``) with the rules dict (read-only), the
        catalogue's names, whose turn, ``first_round`` and ``ending`` it was worked out
        for; a hand or the Keepers of another seat changing forgets it
        (:meth:`hand_take`, :meth:`hand_add`, :meth:`take_front`, :meth:`add_front`,
        :meth:`edited`: the only ways they change, as the containers are read-only).
        A step that touches only the hand of the player whose turn it is (a draw, most
        plays) keeps it.  Worked out in a draft still changing the rules, hands or
        Keepers, it is not remembered."""
        d = self.__dict__
        memo = d.get("_pushed")
        if (memo is not None and memo[0] is d["rules"] and memo[1] == d["current"] and memo[2] is d["names"]
                and memo[3] == d["first_round"] and memo[4] == d["ending"]):
            return list(memo[5])
        out = self._over_limits()
        if type(d["rules"]) is FrozenDict and type(d["hands"]) is FrozenList and type(d["keepers"]) is FrozenList:
            d["_pushed"] = (d["rules"], d["current"], d["names"], d["first_round"], d["ending"], tuple(out))
        return out

    def _over_limits(self) -> list[int]:
        if self.ending is not None or self.first_round:
            return []
        rules = self.rules
        hand_rule, keep_rule = rules["hand-limit"], rules["keeper-limit"]
        if hand_rule is None and keep_rule is None:
            return []
        names = self.names
        hand = None if hand_rule is None else (names.get(hand_rule) or self.card(hand_rule)).value
        keep = None if keep_rule is None else (names.get(keep_rule) or self.card(keep_rule)).value
        current = self.current
        out = []
        if keep is None:
            for p, h in enumerate(self.hands):
                if p != current and h.size > hand:
                    out.append(p)
            return out
        keepers = self.keepers
        for p, h in enumerate(self.hands):
            if p != current and (hand is not None and h.size > hand
                                 or sum(keepers[p].values()) > keep):
                out.append(p)
        return out

    def visible(self) -> Counter:
        """Copies of each card the referee can see: in play, in front of players, known
        in hands, on the discard pile, out of the game, known on top of the pile."""
        seen: Counter = Counter(n for n in [*self.rules.values(), *self.others, self.goal,
                                            self.trio] if n)
        for p in range(len(self.players)):
            seen.update(self.keepers[p])
            seen.update(self.creepers[p])
            seen.update(self.hands[p].known)
        seen.update(n for n in self.discard if n)
        seen.update(self.trash)
        seen.update(self.top)
        return seen

    def seen(self, name: str) -> int:
        """Copies of ``name`` the referee can see: ``visible()[name]`` without counting
        every other card (the check of one event needs one name).  Only where a card of
        its type can be: Keepers in front of seats only as Keepers, Creepers only as
        Creepers, a rule only in play as a rule, a Goal or Ungoal only in the Goal's
        place, a killed Trio waiting only as a Creeper (steps and :meth:`edited` keep
        to this)."""
        card = self.names.get(name) or self.card(name)
        t = card.type
        n = 0
        if t == "keeper":
            for c in self.keepers:
                n += c.get(name, 0)
        elif t == "creeper":
            for c in self.creepers:
                n += c.get(name, 0)
            if self.trio == name:
                n += 1
        elif t == "rule":
            n = (*self.rules.values(), *self.others).count(name)
        elif self.goal == name:
            n = 1
        for h in self.hands:
            known = h.known
            if known:
                n += known.get(name, 0)
        return n + self.discard.count(name) + self.trash.count(name) + self.top.count(name)

    def unseen(self, name: str, seen: Counter | None = None) -> int:
        """Copies of ``name`` in the deck the referee cannot see (``seen``: a
        :meth:`visible` count already made, when many names are asked)."""
        return self.composition.get(name, 0) - (self.seen(name) if seen is None else seen[name])

    def zombies_in_front(self, p: int) -> int:
        """Zombies in front of ``p``, counted as the cards show them (a Trio is 3)."""
        names, card = self.names, self.card
        return sum([n * (names.get(c) or card(c)).zombie for c, n in self.creepers[p].items()])

    @property
    def ungoal(self) -> str | None:
        """The card in the Goal's place when it is an Ungoal (ruling 17), else None."""
        return self.goal if self.goal and self.card(self.goal).type == "ungoal" else None

    def _needs(self, goal: Card) -> dict[str, int]:
        """The Keepers and Creepers ``goal`` needs, by canonical name and count (kept
        with the catalogue, which a card line replaces whole)."""
        memo = self.cat.__dict__.get("_needs")
        if memo is None:
            memo = self.cat.__dict__["_needs"] = {}
        need = memo.get(goal.name)
        if need is None:
            need = {}
            for n in goal.needs:
                c = self.card(n).name
                need[c] = need.get(c, 0) + 1
            memo[goal.name] = need
        return need

    def meets(self, p: int, name: str | None, extra: str | None = None) -> bool:
        """Whether player ``p`` meets the Goal (or Ungoal) ``name`` (``extra``: a Keeper
        to count as if in front of them)."""
        if name is None:
            return False
        goal = self.card(name)
        if goal.needs is None:
            return False
        return self._meets(p, goal, self._needs(goal), extra)

    def meeting(self, name: str) -> tuple[int, ...]:
        """The seats that meet the Goal (or Ungoal) ``name`` now.  Remembered in the
        position (``_met``) with what it depends on: the Goal's name, the catalogue,
        ``zombies_out`` and the very ``keepers`` and ``creepers`` lists (read-only, see
        the module docstring, so the same lists hold the same cards); a step that
        touches no Keeper or Creeper (a draw, an end) finds it there.  Lists a draft is
        still changing are never remembered."""
        d = self.__dict__
        keepers, creepers = d["keepers"], d["creepers"]
        met = d.get("_met")
        if (met is not None and met[1] is keepers and met[2] is creepers and met[0] == name
                and met[3] is d["cat"] and met[4] == d["zombies_out"]):
            return met[5]
        out = self._meeting(name)
        if type(keepers) is FrozenList and type(creepers) is FrozenList:   # not a draft's, still changing
            d["_met"] = (name, keepers, creepers, d["cat"], d["zombies_out"], out)
        return out

    def _meeting(self, name: str) -> tuple[int, ...]:
        goal = self.card(name)
        if goal.needs is None:
            return ()
        need = self._needs(goal).items()
        out = []
        creepers = self.creepers
        for p, keepers in enumerate(self.keepers):     # the cards first, cheaply
            c = creepers[p]
            for n, k in need:
                if keepers.get(n, 0) + c.get(n, 0) < k:
                    break
            else:
                if self._meets(p, goal, self._needs(goal), None):
                    out.append(p)
        return tuple(out)

    def _meets(self, p: int, goal: Card, need: dict[str, int], extra: str | None) -> bool:
        keepers, creepers = self.keepers[p], self.creepers[p]
        for c, k in need.items():
            have = keepers.get(c, 0) + creepers.get(c, 0)
            if have < 0:                     # as Counter + counts (max without the call)
                have = 0
            if extra and c == extra:
                have += 1
            if have < k:
                return False
        if self.zombies_out:
            # the zombie conditions are ignored; a card with nothing else to meet is never met
            return bool(goal.needs) or not (goal.zombies != "any" or goal.zombies_min
                                             or goal.table_zombies_min)
        if goal.zombies == "any" and not goal.zombies_min and not goal.table_zombies_min:
            return True
        z = self.zombies_in_front(p)
        if goal.zombies == "none" and z or goal.zombies == "need" and not z:
            return False
        if z < goal.zombies_min:
            return False
        if goal.table_zombies_min and sum(
                self.zombies_in_front(q) for q in range(len(self.players))) < goal.table_zombies_min:
            return False
        return True

    def kill_allowance(self, p: int, source: str) -> int:
        """Kills a turn the ``source`` (a Keeper in front of ``p``, or bare hands) allows."""
        bare, weapon = self._kill_rules()
        if source == BARE_HANDS:
            return bare
        copies = self.keepers[p].get(source, 0)
        if not copies:
            return 0
        keeper = self.card(source)
        return copies * (keeper.kills + (weapon if keeper.weapon else 0))

    def _kill_rules(self) -> tuple[int, int]:
        """The bare-hand kills and the Weapon bonus the rules in play give.  Remembered
        in the position (``_kills``) with the very ``rules`` and ``others`` it was
        counted from (read-only); a draft's, still changing, are not remembered."""
        d = self.__dict__
        memo = d.get("_kills")
        if memo is not None and memo[0] is d["rules"] and memo[1] is d["others"] and memo[2] is d["names"]:
            return memo[3]
        bare = weapon = 0
        for r in self.rules_in_play():
            bare += r.bare_hand_kills
            weapon += r.weapon_kills
        if type(d["rules"]) is FrozenDict and type(d["others"]) is FrozenList:
            d["_kills"] = (d["rules"], d["others"], d["names"], (bare, weapon))
        return bare, weapon

    def owes(self) -> dict[str, Any]:
        """What the player whose turn it is still owes this turn, and who else must discard."""
        if self.over or self.first_round:
            return {"draws": 0, "plays": 0, "action_plays": 0, "discards": 0, "drops": 0, "pushed": {}}
        p = self.current
        plays = self.plays_owed()
        return {"draws": self.draws_owed(), "plays": 0 if self.subplays else plays,
                "action_plays": plays if self.subplays else 0,
                "discards": self.hand_excess(p), "drops": self.keeper_excess(p),
                "pushed": {self.players[q]: {"discards": self.hand_excess(q), "drops": self.keeper_excess(q)}
                           for q in self.pushed()}}


def card_names(cat: Catalogue) -> dict[str, Card]:
    """Each card of ``cat`` by its exact name (what :attr:`State.names` holds)."""
    return {c.name: c for c in cat.cards.values()}


def new_state(players: list[str], cat: Catalogue, composition: dict[str, int], zombies_out: bool,
              index: dict[str, int]) -> State:
    """The position after the deal: :data:`HAND_SIZE` unseen cards each, the Basic Rules."""
    n = len(players)
    none = frozen_counter()
    state = State(
        players=frozen_list(players), index=index if type(index) is FrozenDict else frozen_dict(index),
        cat=cat,
        composition=frozen_dict(composition), zombies_out=zombies_out,
        hands=frozen_list(frozen_hand((), HAND_SIZE) for _ in players),
        keepers=frozen_list(none for _ in players), creepers=frozen_list(none for _ in players),
        rules=frozen_dict({"draw": None, "play": None, "hand-limit": None, "keeper-limit": None}),
        others=EMPTY, goal=None, pile=sum(composition.values()) - HAND_SIZE * n, top=EMPTY,
        discard=EMPTY, trash=EMPTY, first_round=True, replacements=frozen_list([0] * n), turn=1,
        current=0, drawn=0, played=0, subplays=EMPTY, kills_used=none, trio=None, flee=none,
        winner=None, ending=None)
    state.names = card_names(cat)
    return state
