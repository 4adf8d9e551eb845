"""Zombie Fluxx: the pure engine (spec ``fluxx.md``, rulebook ``zombie-fluxx.txt``).

The referee keeps what players lose track of in Fluxx: the rules in play (Draw, Play,
the limits, the stacking New Rules), the Goal and the Ungoal, who has which Keepers
and Creepers, how many cards each hand holds (and which of them are known), what the
player whose turn it is still owes (draws, plays, discards), the draw and discard
piles.  It checks every event against the rules in play and calls the win (or the
Ungoal) the moment it happens.

Record notation (``Player: verb ...``): ``creeper C``, ``draw ? ? C ?``,
``play C [effects]``, ``kill Z with K`` / ``with bare-hands``, ``move P to Who``,
``trio left|right``, ``discard C ...``, ``drop K``, ``end``.  Card names are matched
without case or punctuation; names with spaces are written in double quotes in the
canonical text.  Action effects: ``take K from P``, ``give K to P``, ``discard K
[from P]``, ``draw ? ...``, ``trash K [from P]``, ``rule-discard R``, ``goal-discard``.
A line with no player, ``card NAME type=... field=value ...``, defines a card the
catalogue lacks, from that line on (spec ruling 23).  The Goal's one place holds a Goal
or an Ungoal (ruling 17).

Every rejection raises :class:`IllegalEventError` with a rule id from
:data:`RULE_IDS`; malformed events, unknown cards and bad tags raise
:class:`BadInputError`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from referee.cards import Hand
from referee import records
from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.words import unknown
from referee.seats import seat_index, seat_of, split_player
from referee.games.base import Applied, Blocked, EngineBase, Problem, refuse, rule_ids

from . import catalogue as catmod
from .catalogue import Card, Catalogue

# -- rule ids ---------------------------------------------------------------------------

R_OVER = "fluxx.game-over"
R_TURN = "fluxx.turn-order"
R_FIRST_ROUND = "fluxx.first-round"
R_FIRST_ROUND_FIRST = "fluxx.ruling.first-round-first"
R_DRAW = "fluxx.draw"
R_DRAWS_FIRST = "fluxx.ruling.draws-before-plays"
R_PLAY = "fluxx.play"
R_ACTION_PLAYS = "fluxx.ruling.action-plays"
R_HIDDEN = "fluxx.ruling.hidden-hands"
R_COUNT = "fluxx.card-count"
R_CREEPER = "fluxx.creepers.draw"
R_SET_ASIDE = "fluxx.set-aside"
R_HAND_LIMIT = "fluxx.hand-limit"
R_KEEPER_LIMIT = "fluxx.keeper-limit"
R_PUSHED = "fluxx.ruling.pushed-discard-first"
R_NO_DISCARD = "fluxx.ruling.discard-only-forced"
R_KILL = "fluxx.kill"
R_KILL_LIMIT = "fluxx.kill.limit"
R_KILL_TURN = "fluxx.ruling.kill-own-turn"
R_PAIR = "fluxx.zombie.pair"
R_PAIR_OTHER = "fluxx.ruling.pair-to-another-player"
R_TRIO = "fluxx.zombie.trio"
R_ZOMBIE_MOVES = "fluxx.ruling.zombie-moves-first"
R_EFFECT = "fluxx.ruling.action-effects"
R_RESHUFFLE = "fluxx.reshuffle"
R_DROP = "fluxx.ruling.creepers-not-keepers"
R_TOP = "fluxx.ruling.quartet-written-in"

#: Every rule id this engine can raise.
RULE_IDS: frozenset[str] = rule_ids(globals())

HAND_SIZE = 3           #: cards dealt to each player
MIN_PLAYERS, MAX_PLAYERS = 2, 6
BARE_HANDS = "bare-hands"
SLOT_KEYS = {"draw": "draw", "play": "play", "hand-limit": "hand_limit", "keeper-limit": "keeper_limit"}
EFFECT_WORDS = {"take", "give", "discard", "draw", "trash", "rule-discard", "goal-discard"}
#: What ``play`` takes in place of a card name to ask whether any card may be played now
#: (the event :meth:`Game.blocked_events` lists when none may).
ANY_CARD = "..."
_PLAIN_NAME = re.compile(r"^[A-Za-z0-9'!.-]+$")
_CARD_LINE = re.compile(r"^\s*card\s+(?!:)(.*)$", re.IGNORECASE | re.DOTALL)

Token = tuple[str, bool]  # (text, quoted)


def fmt(name: str | None) -> str:
    """A card name as the canonical notation writes it (quoted when it has spaces)."""
    if name is None:
        return "?"
    return name if _PLAIN_NAME.match(name) and name != "?" else f'"{name}"'


from referee.words import plural as _plural  # noqa: E402


def _copy_counter(c: Counter) -> Counter:
    """A copy of ``c`` (plain dict copying: ``Counter(c)`` goes through ``update``)."""
    new = dict.__new__(Counter)
    dict.update(new, c)
    return new


def _copy_hand(h: Hand) -> Hand:
    """A copy of ``h`` sharing nothing with it (its known cards and unknown count)."""
    new = object.__new__(Hand)
    new.__dict__.update(h.__dict__)
    new.known = _copy_counter(h.known)
    return new


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def tokenize(text: str) -> list[Token]:
    """Words and double-quoted names: ``play "Draw 3" x`` -> ``[("play", F), ("Draw 3", T), ...]``."""
    out: list[Token] = []
    for m in re.finditer(r'"([^"]*)"|(\S+)', text):
        if m.group(1) is not None:
            out.append((" ".join(m.group(1).split()), True))
        else:
            if '"' in m.group(2):
                raise BadInputError(f"unbalanced quote in {text.strip()!r}")
            out.append((m.group(2), False))
    return out


def parse_players(text: str | None) -> list[str]:
    """Seat names from the ``[Players]`` tag (:func:`referee.records.parse_players`)."""
    return records.parse_players(text, "Zombie Fluxx", MIN_PLAYERS, MAX_PLAYERS, ("zombies", "?", BARE_HANDS))


class Game(EngineBase):
    """A game of Zombie Fluxx as the referee sees it (hands hidden: counts and known cards)."""

    name = "fluxx"

    def __init__(self, players: list[str], cat: Catalogue | None = None, *,
                 zombies_out: bool = False, cards_tag: str | None = None) -> None:
        self.players = list(players)
        self.cat = cat or catmod.load()
        self.zombies_out = zombies_out
        self.cards_tag = cards_tag
        self.composition: dict[str, int] = {
            c.name: (0 if zombies_out and (c.set_aside or c.type == "creeper") else c.count)
            for c in self.cat}
        n = len(players)
        total = sum(self.composition.values())
        if total < HAND_SIZE * n:
            raise BadInputError(f"the catalogue holds {total} cards: too few to deal {HAND_SIZE} "
                                f"to each of {n} players")
        self.hands = [Hand(unknown=HAND_SIZE) for _ in players]
        self.keepers: list[Counter] = [Counter() for _ in players]
        self.creepers: list[Counter] = [Counter() for _ in players]
        self.rules: dict[str, str | None] = {"draw": None, "play": None, "hand-limit": None,
                                             "keeper-limit": None}
        self.others: list[str] = []
        self.goal: str | None = None             # the Goal or Ungoal in the Goal's place (ruling 17)
        self.pile = total - HAND_SIZE * n
        self.top: list[str] = []                 # known cards on top of the pile (last = top)
        self.discard: list[str | None] = []      # None: a card discarded unseen
        self.trash: list[str] = []
        self.first_round = True
        self.replacements = [0] * n              # first-round replacement draws owed
        self.turn = 1
        self.current = 0
        self.drawn = 0
        self.played = 0
        self.subplays: list[int] = []            # plays owed to Actions (a stack)
        self.kills_used: Counter = Counter()
        self.trio: str | None = None             # a killed Trio waiting for its direction
        self.flee: Counter = Counter()           # Pairs that must flee, by name
        self.winner: str | None = None
        self.ending: str | None = None
        self._index = seat_index(players)

    # -- set-up ---------------------------------------------------------------------------

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Game":
        """Set up from ``Players`` (required), ``Cards`` (with ``CardsText`` when it names a
        file) and ``Zombies`` (``out`` or ``in``), declared in :data:`referee.games.fluxx.TAGS`
        and checked there first.  The annotation tags are kept for :meth:`tags`."""
        from referee.setup import notes, read_tags

        from . import TAGS

        values = read_tags(cls.name, TAGS, tags)
        players = parse_players(values.get("Players"))
        cards = values.get("Cards")
        text = values.get("CardsText")
        if cards is not None and text is None:
            if cards.strip().lower() not in ("default", "built-in", "builtin"):
                raise BadInputError(f"no catalogue file {cards!r} (a bare word names a built-in: "
                                    "only 'default')")
        cat = catmod.load(text, cards or "cards.toml") if text is not None else catmod.load()
        game = cls(players, cat, zombies_out=values.get("Zombies") == "out", cards_tag=cards)
        game.notes_tags = notes(tags)
        return game

    def tags(self) -> dict[str, str]:
        """The annotation tags, then the set-up in declared order."""
        from referee.setup import written

        from . import TAGS

        return {**getattr(self, "notes_tags", {}),
                **written(TAGS, {}, Players=", ".join(self.players), Cards=self.cards_tag,
                          Zombies="out" if self.zombies_out else None)}

    #: the attributes an event may change in place, copied by :meth:`_save`; every other
    #: attribute is a number, string or None that an event only rebinds, or set-up no
    #: event changes in place (the catalogue and composition, which a card line replaces
    #: whole; the players, the seat index, the note tags)
    _LISTS = ("others", "top", "discard", "trash", "replacements", "subplays")
    _COUNTERS = ("kills_used", "flee")
    _COUNTER_LISTS = ("keepers", "creepers")

    def _save(self) -> dict[str, Any]:
        """Every attribute, with a fresh copy of each container an event changes in place:
        the hands, the Keepers and Creepers, the rules, the piles' known cards, the owed
        replacements and plays, the kills used and the Pairs that must flee.  Restoring it
        (:meth:`_restore`) undoes any event; it is also an independent copy of the game.
        Far cheaper than a deep copy (issue 26)."""
        saved = self.__dict__.copy()
        saved["hands"] = [_copy_hand(h) for h in self.hands]
        for key in self._COUNTER_LISTS:
            saved[key] = [_copy_counter(c) for c in saved[key]]
        for key in self._COUNTERS:
            saved[key] = _copy_counter(saved[key])
        for key in self._LISTS:
            saved[key] = saved[key].copy()
        saved["rules"] = self.rules.copy()
        return saved

    def _restore(self, saved: dict[str, Any]) -> None:
        """Put back a :meth:`_save` snapshot, dropping any attribute set since."""
        self.__dict__.clear()
        self.__dict__.update(saved)

    def __deepcopy__(self, memo):
        new = object.__new__(Game)
        new.__dict__.update(self._save())
        return new

    # -- derived state --------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.ending is not None

    def card(self, name: str) -> Card:
        return self.cat.card(name)

    def rule_value(self, slot: str) -> Any:
        """The value of the rule in ``slot`` (the Basic Rules: draw 1, play 1, no limits)."""
        name = self.rules[slot]
        if name is None:
            return 1 if slot in ("draw", "play") else None
        return self.cat.card(name).value

    def rules_in_play(self) -> list[Card]:
        return [self.cat.card(n) for n in [*self.rules.values(), *self.others] if n]

    def available(self) -> int:
        """Cards that can still be drawn: the pile and, reshuffled, the discard pile."""
        return self.pile + len(self.discard)

    def drawable(self) -> int:
        """Cards that can still be drawn and kept: the Creepers known on top of the pile
        are laid down, not kept."""
        return self.available() - len(self.top)

    def draws_owed(self) -> int:
        """Cards the player whose turn it is must still draw under the Draw rule."""
        if self.over or self.first_round and any(self.replacements):
            return 0
        return max(0, min(self.rule_value("draw") - self.drawn, self.drawable()))

    def plays_owed(self) -> int:
        """Plays still owed this turn (Action plays first; Play All: the hand's size);
        zero when the hand is empty."""
        if self.over or self.first_round and any(self.replacements):
            return 0
        size = self.hands[self.current].size
        if self.subplays:
            return min(size, self.subplays[-1])
        rule = self.rule_value("play")
        owed = size if rule == "all" else max(0, rule - self.played)
        return min(owed, size)

    def hand_excess(self, p: int) -> int:
        limit = self.rule_value("hand-limit")
        return 0 if limit is None else max(0, self.hands[p].size - limit)

    def keeper_excess(self, p: int) -> int:
        limit = self.rule_value("keeper-limit")
        return 0 if limit is None else max(0, sum(self.keepers[p].values()) - limit)

    def pushed(self) -> list[int]:
        """Players other than the one whose turn it is who are over a limit now."""
        if self.over or self.first_round:
            return []
        hand, keep = self.rule_value("hand-limit"), self.rule_value("keeper-limit")
        if hand is None and keep is None:
            return []
        return [p for p in range(len(self.players)) if p != self.current
                and (hand is not None and self.hands[p].size > hand
                     or keep is not None and sum(self.keepers[p].values()) > keep)]

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
        every other card (the check of one event needs one name)."""
        n = sum(1 for x in (*self.rules.values(), *self.others, self.goal, self.trio) if x == name)
        for p in range(len(self.players)):
            n += (self.keepers[p].get(name, 0) + self.creepers[p].get(name, 0)
                  + self.hands[p].known.get(name, 0))
        return n + self.discard.count(name) + self.trash.count(name) + self.top.count(name)

    def unseen(self, name: str, seen: Counter | None = None) -> int:
        """Copies of ``name`` in the deck the referee cannot see (``seen``: a
        :meth:`visible` count already made, when many names are asked)."""
        return self.composition.get(name, 0) - (self.seen(name) if seen is None else seen[name])

    def zombies_in_front(self, p: int) -> int:
        """Zombies in front of ``p``, counted as the cards show them (a Trio is 3)."""
        return sum(n * self.cat.card(c).zombie for c, n in self.creepers[p].items())

    @property
    def ungoal(self) -> str | None:
        """The card in the Goal's place when it is an Ungoal (ruling 17), else None."""
        return self.goal if self.goal and self.cat.card(self.goal).type == "ungoal" else None

    def meets(self, p: int, name: str | None, extra: str | None = None) -> bool:
        """Whether player ``p`` meets the Goal (or Ungoal) ``name`` (``extra``: a Keeper
        to count as if in front of them)."""
        if name is None:
            return False
        goal = self.cat.card(name)
        if goal.needs is None:
            return False
        need: dict[str, int] = {}
        for n in goal.needs:
            c = self.cat.card(n).name
            need[c] = need.get(c, 0) + 1
        keepers, creepers = self.keepers[p], self.creepers[p]
        for c, k in need.items():
            have = max(0, keepers.get(c, 0) + creepers.get(c, 0))  # as Counter + counts
            if extra and c == extra:
                have += 1
            if have < k:
                return False
        if self.zombies_out:
            # the zombie conditions are ignored; a card with nothing else to meet is never met
            return bool(goal.needs) or not (goal.zombies != "any" or goal.zombies_min
                                             or goal.table_zombies_min)
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
        rules = self.rules_in_play()
        if source == BARE_HANDS:
            return sum(r.bare_hand_kills for r in rules)
        copies = self.keepers[p][source]
        if not copies:
            return 0
        keeper = self.cat.card(source)
        bonus = sum(r.weapon_kills for r in rules) if keeper.weapon else 0
        return copies * (keeper.kills + bonus)

    # -- parsing --------------------------------------------------------------------------

    def seat_of(self, name: str) -> int:
        return seat_of(self._index, self.players, name, 40)

    def _name_at(self, toks: list[Token], i: int, stop: set[str] = frozenset()) -> tuple[str | None, int]:
        """The card (or ``?``: None) starting at token ``i``: a quoted name, or the longest
        run of bare words that names a card."""
        if i >= len(toks):
            raise BadInputError("a card name is missing")
        text, quoted = toks[i]
        if quoted:
            return self.card(text).name, i + 1
        if text == "?":
            return None, i + 1
        j = i
        while j < len(toks) and not toks[j][1] and toks[j][0] != "?":
            j += 1
        for end in range(j, i, -1):
            found = self.cat.find(" ".join(t for t, _ in toks[i:end]))
            if found is not None:
                return found.name, end
        end = i + 1
        while end < j and toks[end][0].lower() not in stop:
            end += 1
        return self.card(" ".join(t for t, _ in toks[i:end])).name, end

    def _named(self, toks: list[Token], i: int, stop: set[str] = frozenset()) -> tuple[str, int]:
        name, i = self._name_at(toks, i, stop)
        if name is None:
            raise BadInputError("name the card here ('?' is not allowed)")
        return name, i

    def _cards_until(self, toks: list[Token], i: int, stop: set[str]) -> tuple[list[str | None], int]:
        out: list[str | None] = []
        while i < len(toks) and not (not toks[i][1] and toks[i][0].lower() in stop):
            name, i = self._name_at(toks, i, stop)
            out.append(name)
        return out, i

    def parse(self, text: str) -> tuple[int, str, list[Token]]:
        who, what = split_player(text, f"expected 'Player: event' (draw, play, kill, discard, drop, end, ...), "
                                       f"not {text.strip()[:60]!r}")
        p = self.seat_of(who)
        toks = tokenize(what)
        verb = toks[0][0].lower()
        verbs = ("creeper", "draw", "play", "kill", "move", "trio", "discard", "drop", "end")
        if toks[0][1] or verb not in verbs:
            raise unknown("event", toks[0][0], verbs)
        return p, verb, toks[1:]

    # -- checks ---------------------------------------------------------------------------

    def _gate(self, p: int, *, own_turn: bool = True, limit_discard: bool = False) -> Problem | None:
        """The checks every event of the running game passes first."""
        if self.over:
            who = "the zombies (everybody loses)" if self.winner == "zombies" else self.winner
            return f"the game is over: {who} won", R_OVER
        if self.first_round:
            owing = [self.players[q] for q, n in enumerate(self.replacements) if n]
            if owing:
                return (f"{_join(owing)} must first draw to replace the first round's Creepers",
                        R_FIRST_ROUND)
        if self.trio or self.flee:   # ruling 18: nothing else, not even a limit discard
            what = ("the killed Zombie Trio's direction ('trio left' or 'right')" if self.trio
                    else "where the fleeing Pair of Zombies goes ('move ... to P')")
            return f"{self.players[self.current]} must first say {what}", R_ZOMBIE_MOVES
        pushed = self.pushed() if not self.first_round else []
        if pushed and not (limit_discard and p in pushed):
            names = _join([self.players[q] for q in pushed])
            return f"{names} must first discard down to the limits", R_PUSHED
        if limit_discard and p != self.current:
            return None
        if own_turn and p != self.current:
            return f"it is {self.players[self.current]}'s turn, not {self.players[p]}'s", R_TURN
        return None

    def _holds(self, p: int, name: str, seen: Counter | None = None) -> Problem | None:
        """Why ``p`` cannot hold ``name`` in hand, or None."""
        card = self.cat.card(name)
        if card.type == "creeper":
            return f"{name} is a Creeper: it is laid down when drawn, never held", R_CREEPER
        if self.composition.get(name, 0) == 0 and self.zombies_out and (card.set_aside):
            return f"{name} is set aside in a game without the Zombies", R_SET_ASIDE
        hand = self.hands[p]
        if hand.known[name]:
            return None
        if not hand.unknown:
            return f"{self.players[p]} holds no {name} (every card in that hand is known)", R_HIDDEN
        if self.unseen(name, seen) <= 0:
            return (f"every {name} card ({self.composition.get(name, 0)} in the deck) is already "
                    "accounted for", R_COUNT)
        return None

    def play_check(self, p: int, name: str) -> Problem | None:
        problem = self._gate(p)
        if problem:
            return problem
        owed = self.draws_owed()
        if owed:
            return f"{self.players[p]} must first draw {owed} more", R_DRAWS_FIRST
        if not self.subplays and self.plays_owed() == 0:
            rule = self.rule_value("play")
            return (f"{self.players[p]} has played {self.played} this turn (Play "
                    f"{'All' if rule == 'all' else rule}): no more plays", R_PLAY)
        return self._holds(p, name)

    def end_check(self, p: int) -> Problem | None:
        problem = self._gate(p)
        if problem:
            return problem
        who = self.players[p]
        owed = self.draws_owed()
        if owed:
            return f"{who} must first draw {owed} more", R_DRAWS_FIRST
        plays = self.plays_owed()
        if plays and self.subplays:
            return f"{who} must still play {plays} for the Action", R_ACTION_PLAYS
        if plays:
            return f"{who} must still play {plays} more", R_PLAY
        if self.hand_excess(p):
            return (f"{who} holds {self.hands[p].size} cards and must first discard down to "
                    f"{self.rule_value('hand-limit')}", R_HAND_LIMIT)
        if self.keeper_excess(p):
            return (f"{who} has {sum(self.keepers[p].values())} Keepers and must first drop down "
                    f"to {self.rule_value('keeper-limit')}", R_KEEPER_LIMIT)
        return None

    def _limit_check(self, p: int, slot: str) -> Problem | None:
        """Why ``p`` may not discard (slot hand-limit) or drop (keeper-limit) now."""
        problem = self._gate(p, limit_discard=True)
        if problem:
            return problem
        who = self.players[p]
        rule = R_HAND_LIMIT if slot == "hand-limit" else R_KEEPER_LIMIT
        excess = self.hand_excess(p) if slot == "hand-limit" else self.keeper_excess(p)
        if not excess:
            limit = self.rule_value(slot)
            if slot == "hand-limit":
                why = "no Hand Limit is in play" if limit is None else f"{who} is within the Hand Limit of {limit}"
                return f"{why}: a card is played, not discarded", R_NO_DISCARD
            why = "no Keeper Limit is in play" if limit is None else f"{who} is within the Keeper Limit of {limit}"
            return f"{why}: nothing to drop", R_KEEPER_LIMIT
        if p == self.current:
            owed = self.draws_owed()
            if owed:
                return f"{who} must first draw {owed} more", R_DRAWS_FIRST
            if self.plays_owed():
                return f"{who} must first play {self.plays_owed()} more: limits come last", rule
        return None

    def kill_check(self, p: int, target: str, source: str) -> Problem | None:
        problem = self._gate(p, own_turn=False)
        if problem:
            return problem
        if p != self.current:
            return f"kills happen only in the killer's own turn ({self.players[self.current]}'s now)", R_KILL_TURN
        who = self.players[p]
        card = self.cat.card(target)
        if not card.is_zombie:
            return f"{target} is not a Zombie", R_KILL
        if not self.creepers[p][target]:
            return f"{who} has no {target} in front of them", R_KILL
        if source == BARE_HANDS:
            allowed = self.kill_allowance(p, source)
            if not allowed:
                return "no rule in play allows bare-hand kills (Zombie Season does)", R_KILL
        else:
            if not self.keepers[p][source]:
                return f"{who} has no {source} in front of them", R_KILL
            allowed = self.kill_allowance(p, source)
            if not allowed:
                keeper = self.cat.card(source)
                why = "needs Weapon Bonus in play" if keeper.weapon else "cannot kill"
                return f"{source} {why}", R_KILL
        if self.kills_used[source] >= allowed:
            return (f"{'bare hands' if source == BARE_HANDS else source} already killed "
                    f"{_plural(allowed, 'Zombie')} this turn", R_KILL_LIMIT)
        return None

    # -- events ---------------------------------------------------------------------------

    def apply(self, text: str) -> Applied:
        """Check and apply one event; atomic: a refused event changes nothing (some checks
        run part-way through the change, so a snapshot of the mutable state, not a deep
        copy, is taken first and put back when the event raises)."""
        saved = self._save()
        try:
            return self._apply(text)
        except BaseException:
            self._restore(saved)
            raise

    def _apply(self, text: str) -> Applied:
        m = _CARD_LINE.match(text)
        if m and text.partition(":")[0].strip().lower() not in self._index:
            return self._card_line(m.group(1))
        p, verb, toks = self.parse(text)
        who = self.players[p]
        notes: list[str] = []
        if verb == "creeper":
            canon = self._creeper(p, toks, notes)
        elif verb == "draw":
            canon = self._turn_draw(p, toks, notes)
        else:
            self._leave_first_round()
            canon = getattr(self, f"_ev_{verb}")(p, toks, notes)
        self._after(notes)
        return Applied(f"{who}: {canon}", notes)

    def define(self, card: Card) -> tuple[Card, list[str]]:
        """Add ``card`` to this game's catalogue (ruling 23): its copies join the deck, so
        the draw pile grows by its ``count`` (none for a card set aside without the
        Zombies).  :class:`BadInputError` when a card of that name is known with other
        data, or when its ``needs`` names a card that is not a Keeper or Creeper of the
        game.  Returns the card as the game knows it and the notes."""
        known = self.cat.find(card.name)
        if known is not None:
            if not catmod.same_data(known, card):
                raise BadInputError(
                    f"{known.name} is already known ({known.type}: {known.describe() or 'no fields'}; "
                    f"from {known.source}) and a card's data cannot change in the middle of a game: "
                    "write the same type and fields, or change the card in the [Cards] file")
            return known, [f"{known.name} is already known with these data: nothing changes"]
        for need in card.needs or ():
            other = self.cat.find(need)
            if other is None or other.type not in ("keeper", "creeper"):
                raise BadInputError(f"card line: needs names {need!r}, which is not a Keeper or Creeper "
                                    "the game knows (define it first)")
        card = catmod.replace(card, needs=None if card.needs is None else
                              tuple(self.cat.card(n).name for n in card.needs))
        # a new catalogue and composition: copies of the game share the old ones
        self.cat = self.cat.merged(Catalogue({catmod.name_key(card.name): card}))
        copies = 0 if self.zombies_out and (card.set_aside or card.type == "creeper") else card.count
        self.composition = {**self.composition, card.name: copies}
        self.pile += copies
        joins = "1 copy joins" if copies == 1 else f"{copies} copies join"
        return card, [f"{card.name} ({card.type}) is defined: {joins} the draw pile"]

    def _card_line(self, rest: str) -> Applied:
        """``card NAME field=value ...``: a card defined inside the game (ruling 23); it
        stands anywhere among the events, whatever the position."""
        name, table = catmod.parse_card_line(rest)
        allowed = ("type", "count", "text", "set_aside") + catmod.FIELDS.get(table["type"], ())
        for key in table:
            if table["type"] in catmod.TYPES and key not in allowed:
                raise BadInputError(f"card line: a {table['type']} card takes no field {key} "
                                    f"(it takes: {', '.join(allowed)})")
        card = catmod.parse_card(catmod.CARD_LINE_SOURCE, name, table)
        known, notes = self.define(card)
        line = catmod.card_line(catmod.replace(card, name=known.name, needs=known.needs, text=""))
        return Applied(line + (f' text="{card.text}"' if card.text else ""), notes)

    def _leave_first_round(self) -> None:
        if self.first_round and not any(self.replacements) and not self.over:
            self.first_round = False

    def _creeper(self, p: int, toks: list[Token], notes: list[str]) -> str:
        name, i = self._named(toks, 0)
        if i != len(toks):
            raise BadInputError("one Creeper a line: 'Ann: creeper Zombie'")
        if self.over:
            refuse(self._gate(p))
        if not self.first_round:
            refuse(("first-round Creepers are written before the first turn's first event", R_FIRST_ROUND_FIRST))
        card = self.cat.card(name)
        if card.type != "creeper":
            refuse((f"{name} is not a Creeper", R_FIRST_ROUND))
        if self.composition.get(name, 0) == 0 and self.zombies_out:
            refuse((f"{name} is set aside in a game without the Zombies", R_SET_ASIDE))
        if not self.hands[p].unknown:
            refuse((f"{self.players[p]}'s dealt cards are all accounted for", R_FIRST_ROUND))
        if self.unseen(name) <= 0:
            refuse((f"every {name} card is already accounted for", R_COUNT))
        self.hands[p].take_unknown()
        self.creepers[p][name] += 1
        self.replacements[p] += 1
        notes.append(f"{self.players[p]} lays down {name} and draws a replacement")
        return f"creeper {fmt(name)}"

    def _draw_cards(self, p: int, cards: list[str | None], owed: int, notes: list[str],
                    what: str) -> tuple[list[str | None], int]:
        """Draw ``cards`` for ``p`` (None: unseen); Creepers are laid down and do not count.
        Returns the canonical list (a known top card written in) and the cards counted."""
        out: list[str | None] = []
        counted = 0
        queue = list(cards)
        who = self.players[p]
        while queue:
            if counted >= owed:
                refuse((f"{who} draws more than the {_plural(owed, 'card')} {what}", R_DRAW))
            if self.pile == 0:
                if not self.discard:
                    refuse(("the draw pile and the discard pile are both empty", R_RESHUFFLE))
                notes.append(f"the draw pile ran out: the discard pile ({len(self.discard)}) is "
                             "shuffled into a new one")
                self.pile, self.discard = len(self.discard), []
            name = queue.pop(0)
            if self.top:    # ruling 21: the known top card is drawn first; '?' stands for it
                if name is not None and name != self.top[-1]:
                    refuse((f"{self.top[-1]} is known to lie on top of the draw pile: the next card "
                            f"drawn is {self.top[-1]} (write it, or ?), not {name}", R_TOP))
                name = self.top.pop()
            elif name is not None:
                if self.composition.get(name, 0) == 0 and self.zombies_out:
                    refuse((f"{name} is set aside in a game without the Zombies", R_SET_ASIDE))
                if self.unseen(name) <= 0:
                    refuse((f"every {name} card ({self.composition.get(name, 0)} in the deck) is "
                            "already accounted for", R_COUNT))
            self.pile -= 1
            out.append(name)
            if name is not None and self.cat.card(name).type == "creeper":
                self.creepers[p][name] += 1
                notes.append(f"{who} draws {name}: laid down at once, and {who} draws again")
                continue
            if name is None:
                self.hands[p].add_unknown()
            else:
                self.hands[p].add_known(name)
            counted += 1
        return out, counted

    def _turn_draw(self, p: int, toks: list[Token], notes: list[str]) -> str:
        cards, i = self._cards_until(toks, 0, set())
        if not cards:
            raise BadInputError("draw what? e.g. 'Ann: draw ? ?' (a ? for each unseen card)")
        who = self.players[p]
        if self.over:
            refuse(self._gate(p))
        if self.first_round and self.replacements[p]:
            owed = self.replacements[p]
            out, counted = self._draw_cards(p, cards, owed, notes, "owed to replace Creepers")
            self.replacements[p] -= counted
            return "draw " + " ".join(fmt(c) for c in out)
        self._leave_first_round()
        refuse(self._gate(p))
        owed = self.draws_owed()
        if not owed:
            refuse((f"{who} owes no draw now (drawn {self.drawn}, Draw {self.rule_value('draw')})", R_DRAW))
        out, counted = self._draw_cards(p, cards, owed, notes, "still owed")
        self.drawn += counted
        return "draw " + " ".join(fmt(c) for c in out)

    def _ev_play(self, p: int, toks: list[Token], notes: list[str]) -> str:
        if [t for t, _ in toks] == [ANY_CARD]:  # "play ...": may any card be played now?
            refuse(self._any_play_check(p))
            raise BadInputError(f"{self.players[p]} may play now: name the card played "
                                f"(`{ANY_CARD}` stands for any card)")
        name, i = self._named(toks, 0, EFFECT_WORDS)
        refuse(self.play_check(p, name))
        card = self.cat.card(name)
        if i < len(toks) and card.type != "action":
            raise BadInputError(f"only an Action carries effects; {name} is a {card.type}")
        who = self.players[p]
        if self.subplays:
            self.subplays[-1] -= 1
            while self.subplays and self.subplays[-1] <= 0:
                self.subplays.pop()
        else:
            self.played += 1
        self.hands[p].take(name)
        canon = f"play {fmt(name)}"
        if card.type == "keeper":
            self.keepers[p][name] += 1
        elif card.type == "rule":
            if card.slot == "none":
                self.others.append(name)
            else:
                old = self.rules[card.slot]
                if old:
                    self.discard.append(old)
                    notes.append(f"{name} replaces {old}")
                self.rules[card.slot] = name
                self._rule_notes(card, notes)
        elif card.type in ("goal", "ungoal"):
            old = self.goal        # one place: a Goal or an Ungoal replaces either (ruling 17)
            if old:
                self.discard.append(old)
            self.goal = name
            notes.append(f"the {'Goal' if card.type == 'goal' else 'Ungoal'} is now {name}"
                         + (f" ({old} discarded)" if old else ""))
        elif card.type == "action":
            canon += self._effects(p, card, toks[i:], notes)
            self.discard.append(name)
            if card.plays:
                self.subplays.append(card.plays)
                notes.append(f"{who} plays {card.plays} more for {name} (part of this one play)")
        self._owing_notes(notes)
        return canon

    def _rule_notes(self, card: Card, notes: list[str]) -> None:
        who = self.players[self.current]
        if card.slot == "draw":
            owed = self.draws_owed()
            if owed:
                notes.append(f"{who} must draw {owed} more")
        elif card.slot in ("hand-limit", "keeper-limit"):
            for q in self.pushed():
                if card.slot == "hand-limit" and self.hand_excess(q):
                    notes.append(f"{self.players[q]} must discard {self.hand_excess(q)} at once "
                                 f"(Hand Limit {card.value})")
                if card.slot == "keeper-limit" and self.keeper_excess(q):
                    notes.append(f"{self.players[q]} must drop {self.keeper_excess(q)} Keeper(s) at "
                                 f"once (Keeper Limit {card.value})")

    def _owing_notes(self, notes: list[str]) -> None:
        if self.over:
            return
        who = self.players[self.current]
        if self.draws_owed() and not any(n.startswith(f"{who} must draw") for n in notes):
            notes.append(f"{who} must draw {self.draws_owed()} more")

    def _effects(self, p: int, card: Card, toks: list[Token], notes: list[str]) -> str:
        """Apply an Action's written effects in order; return their canonical text."""
        parts: list[str] = []
        drawn = 0
        could_draw = self.drawable()
        i = 0
        while i < len(toks):
            word, quoted = toks[i]
            word = word.lower()
            if quoted or word not in EFFECT_WORDS:
                raise BadInputError(f"unknown Action effect {toks[i][0][:30]!r} (take, give, discard, "
                                    "draw, trash, rule-discard, goal-discard)")
            i += 1
            if word == "goal-discard":
                if not self.goal:
                    refuse(("there is no Goal or Ungoal to discard", R_EFFECT))
                self.discard.append(self.goal)
                notes.append(f"the {'Ungoal' if self.ungoal else 'Goal'} {self.goal} is discarded")
                self.goal = None
                parts.append("goal-discard")
            elif word == "rule-discard":
                name, i = self._named(toks, i, EFFECT_WORDS)
                slot = next((s for s, n in self.rules.items() if n == name), None)
                if slot is not None:
                    self.rules[slot] = None
                elif name in self.others:
                    self.others.remove(name)
                else:
                    refuse((f"{name} is not a rule in play", R_EFFECT))
                self.discard.append(name)
                notes.append(f"{name} is discarded")
                parts.append(f"rule-discard {fmt(name)}")
            elif word == "draw":
                cards, i = self._cards_until(toks, i, EFFECT_WORDS)
                if not cards:
                    raise BadInputError("draw what? write a ? for each unseen card")
                out, counted = self._draw_cards(p, cards, 10 ** 6, notes, "")
                drawn += counted
                parts.append("draw " + " ".join(fmt(c) for c in out))
            elif word == "take":
                name, i = self._named(toks, i, EFFECT_WORDS)
                i = self._expect(toks, i, "from")
                q, i = self._player_at(toks, i)
                self._move_front(q, p, name)
                parts.append(f"take {fmt(name)} from {self.players[q]}")
            elif word == "give":
                name, i = self._name_at(toks, i, EFFECT_WORDS)
                i = self._expect(toks, i, "to")
                q, i = self._player_at(toks, i)
                if q == p:
                    refuse(("give to another player", R_EFFECT))
                if name is not None and (self.keepers[p][name] or self.creepers[p][name]):
                    self._move_front(p, q, name)
                else:
                    self._hand_to_hand(p, q, name)
                parts.append(f"give {fmt(name)} to {self.players[q]}")
            elif word in ("discard", "trash"):
                name, i = self._name_at(toks, i, EFFECT_WORDS)
                q = None
                if i < len(toks) and not toks[i][1] and toks[i][0].lower() == "from":
                    q, i = self._player_at(toks, i + 1)
                if name is None and q is not None:
                    raise BadInputError("name the card taken from in front of a player")
                if q is not None:
                    front = self.keepers[q] if self.keepers[q][name] else self.creepers[q]
                    if not front[name]:
                        refuse((f"{self.players[q]} has no {name} in front of them", R_EFFECT))
                    front[name] -= 1
                    front += Counter()
                    self.keepers[q] += Counter()
                    self.creepers[q] += Counter()
                elif word == "trash" and name is not None and (self.keepers[p][name] or self.creepers[p][name]):
                    front = self.keepers[p] if self.keepers[p][name] else self.creepers[p]
                    front[name] -= 1
                    self.keepers[p] += Counter()
                    self.creepers[p] += Counter()
                else:
                    self._take_from_hand(p, name)
                if word == "trash":
                    if name is None:
                        raise BadInputError("name the card put out of the game")
                    self.trash.append(name)
                else:
                    self.discard.append(name)
                tail = f" from {self.players[q]}" if q is not None else ""
                parts.append(f"{word} {fmt(name)}{tail}")
        if card.draws is not None and drawn != min(card.draws, could_draw):
            refuse((f"{card.name} draws {card.draws} (Creepers not counted), not {drawn}: write "
                    f"'draw {' '.join(['?'] * card.draws)}'", R_EFFECT))
        return "".join(" " + part for part in parts)

    def _expect(self, toks: list[Token], i: int, word: str) -> int:
        if i >= len(toks) or toks[i][1] or toks[i][0].lower() != word:
            raise BadInputError(f"expected '{word}' here")
        return i + 1

    def _player_at(self, toks: list[Token], i: int) -> tuple[int, int]:
        if i >= len(toks):
            raise BadInputError("a player name is missing")
        # player names may have spaces: take the longest run that names a player
        for end in range(len(toks), i, -1):
            key = " ".join(t for t, _ in toks[i:end]).lower()
            if key in self._index:
                return self._index[key], end
        return self.seat_of(toks[i][0]), i + 1

    def _move_front(self, src: int, dst: int, name: str) -> None:
        for front in (self.keepers, self.creepers):
            if front[src][name]:
                front[src][name] -= 1
                front[src] += Counter()
                front[dst][name] += 1
                return
        refuse((f"{self.players[src]} has no {name} in front of them", R_EFFECT))

    def _take_from_hand(self, p: int, name: str | None) -> None:
        hand = self.hands[p]
        if name is None:
            if not hand.unknown:
                refuse((f"{self.players[p]} holds no unseen card", R_HIDDEN))
            hand.take_unknown()
            return
        refuse(self._holds(p, name))
        hand.take(name)

    def _hand_to_hand(self, src: int, dst: int, name: str | None) -> None:
        self._take_from_hand(src, name)
        if name is None:
            self.hands[dst].add_unknown()
        else:
            self.hands[dst].add_known(name)

    def _ev_kill(self, p: int, toks: list[Token], notes: list[str]) -> str:
        target, i = self._named(toks, 0, {"with"})
        if i == len(toks):
            return self._ev_kill(p, self._choose_source(p, target), notes)
        i = self._expect(toks, i, "with")
        if i < len(toks) and not toks[i][1] and toks[i][0].lower() in (BARE_HANDS, "bare", "hands"):
            source = BARE_HANDS
            i += 2 if toks[i][0].lower() == "bare" and i + 1 < len(toks) and toks[i + 1][0].lower() == "hands" else 1
        else:
            source, i = self._named(toks, i)
        if i != len(toks):
            raise BadInputError("expected 'kill Z with K' (or 'with bare-hands')")
        refuse(self.kill_check(p, target, source))
        who = self.players[p]
        self.kills_used[source] += 1
        self.creepers[p][target] -= 1
        self.creepers[p] += Counter()
        kind = self.cat.card(target).zombie
        if kind in (1, 2):
            self.discard.append(target)
            notes.append(f"{who} kills {target}: it goes to the discard pile")
        elif kind == 3:
            self.trio = target
            notes.append(f"{who} kills {target}: it moves by its arrow ('{who}: trio left' or 'right')")
        else:
            self.pile += 1
            self.top.append(target)
            notes.append(f"{who} kills {target}: it goes on top of the draw pile")
        pairs = Counter({c: n for c, n in self.creepers[p].items() if self.cat.card(c).zombie == 2})
        if pairs:
            self.flee = pairs
            notes.append(f"{who}'s {_join(sorted(pairs))} flees: {who} names the player it goes to")
        return f"kill {fmt(target)} with {fmt(source) if source != BARE_HANDS else BARE_HANDS}"

    def _choose_source(self, p: int, target: str) -> list[Token]:
        """The kill source when the event leaves it out: the only one, or a choice."""
        sources = [s for s in [BARE_HANDS, *sorted(self.keepers[p])]
                   if self.kill_check(p, target, s) is None]
        if not sources:
            refuse(self.kill_check(p, target, BARE_HANDS) or
                   (f"nothing of {self.players[p]}'s can kill {target} now", R_KILL))
        if len(sources) == 1:
            return [(target, True), ("with", False), (sources[0], sources[0] != BARE_HANDS)]
        who = self.players[p]
        options = [Option(f"{who}: kill {fmt(target)} with {s if s == BARE_HANDS else fmt(s)}",
                          self._describe_kill(p, target)) for s in sources]
        raise ChoiceNeeded(f"{who} can kill {target} with {_join([fmt(s) for s in sources])}",
                           R_KILL, "kill with what?", options)

    def _ev_trio(self, p: int, toks: list[Token], notes: list[str]) -> str:
        if not toks and self.trio is not None and p == self.current and not self.over:
            n = len(self.players)
            raise ChoiceNeeded("the Trio moves by its arrow: left or right?", R_TRIO,
                               "which way does the Trio's arrow point?",
                               [Option(f"{self.players[p]}: trio {side}",
                                       f"{self.trio} moves to {self.players[(p + d) % n]}")
                                for side, d in (("left", 1), ("right", -1))])
        if len(toks) != 1 or toks[0][0].lower() not in ("left", "right"):
            raise BadInputError("expected 'trio left' or 'trio right'")
        side = toks[0][0].lower()
        if self.over:
            refuse(self._gate(p))
        if self.trio is None or p != self.current:
            refuse(("no killed Zombie Trio is waiting for its direction", R_TRIO))
        n = len(self.players)
        q = (p + (1 if side == "left" else -1)) % n
        self.creepers[q][self.trio] += 1
        notes.append(f"{self.trio} moves to {self.players[q]}")
        self.trio = None
        return f"trio {side}"

    def _ev_move(self, p: int, toks: list[Token], notes: list[str]) -> str:
        name, i = self._named(toks, 0, {"to"})
        if i == len(toks) and self.flee[name] and p == self.current and not self.over:
            raise ChoiceNeeded(f"{name} flees: to whom?", R_PAIR, f"where does {name} flee?",
                               [Option(f"{self.players[p]}: move {fmt(name)} to {self.players[q]}",
                                       f"{name} goes in front of {self.players[q]}")
                                for q in range(len(self.players)) if q != p])
        i = self._expect(toks, i, "to")
        q, i = self._player_at(toks, i)
        if i != len(toks):
            raise BadInputError("expected 'move \"Pair of Zombies\" to Ben'")
        if self.over:
            refuse(self._gate(p))
        if p != self.current or not self.flee[name]:
            refuse((f"no {name} of {self.players[p]}'s is fleeing now", R_PAIR))
        if q == p:
            refuse(("a fleeing Pair goes to another player", R_PAIR_OTHER))
        self.flee[name] -= 1
        self.flee += Counter()
        self.creepers[p][name] -= 1
        self.creepers[p] += Counter()
        self.creepers[q][name] += 1
        notes.append(f"{name} flees to {self.players[q]}")
        return f"move {fmt(name)} to {self.players[q]}"

    def _ev_discard(self, p: int, toks: list[Token], notes: list[str]) -> str:
        cards, i = self._cards_until(toks, 0, set())
        if not cards:
            raise BadInputError("discard what? e.g. 'Ann: discard ?' or 'Ann: discard Coffee'")
        refuse(self._limit_check(p, "hand-limit"))
        if len(cards) > self.hand_excess(p):
            refuse((f"{self.players[p]} must discard {self.hand_excess(p)}, not {len(cards)}: down to "
                    f"the Hand Limit, no further", R_NO_DISCARD))
        for name in cards:
            self._take_from_hand(p, name)
            self.discard.append(name)
        return "discard " + " ".join(fmt(c) for c in cards)

    def _ev_drop(self, p: int, toks: list[Token], notes: list[str]) -> str:
        cards, i = self._cards_until(toks, 0, set())
        if not cards or None in cards:
            raise BadInputError("drop which Keeper? e.g. 'Ann: drop Coffee'")
        refuse(self._limit_check(p, "keeper-limit"))
        if len(cards) > self.keeper_excess(p):
            refuse((f"{self.players[p]} must drop {self.keeper_excess(p)}, not {len(cards)}",
                    R_KEEPER_LIMIT))
        for name in cards:
            if not self.keepers[p][name]:
                rule = R_DROP if self.creepers[p][name] else R_KEEPER_LIMIT
                refuse((f"{self.players[p]} has no Keeper {name} in front of them", rule))
            self.keepers[p][name] -= 1
            self.keepers[p] += Counter()
            self.discard.append(name)
        return "drop " + " ".join(fmt(c) for c in cards)

    def _ev_end(self, p: int, toks: list[Token], notes: list[str]) -> str:
        if toks:
            raise BadInputError("'end' takes nothing after it")
        refuse(self.end_check(p))
        self.current = (self.current + 1) % len(self.players)
        self.turn += 1
        self.drawn = self.played = 0
        self.subplays = []
        self.kills_used = Counter()
        notes.append(f"{self.players[self.current]}'s turn: draw {self.rule_value('draw')}, "
                     f"play {self.rule_value('play')}")
        return "end"

    def _after(self, notes: list[str]) -> None:
        """The Goal and the Ungoal, checked after every event for every player."""
        if self.over:
            return
        if self.first_round and any(self.replacements) and not self.drawable():
            self.replacements = [0] * len(self.players)
            notes.append("no card is left to draw: the first round's replacements are forgiven")
        if self.ungoal:
            if any(self.meets(q, self.ungoal) for q in range(len(self.players))):
                self.winner, self.ending = "zombies", "ungoal"
                notes.append(f"the Ungoal {self.ungoal} is met: everybody loses, the Zombies win")
            return
        meeting = [q for q in range(len(self.players)) if self.meets(q, self.goal)]
        if len(meeting) == 1:
            self.winner, self.ending = self.players[meeting[0]], "goal"
            notes.append(f"{self.winner} meets the Goal {self.goal} and wins")
        elif len(meeting) > 1:
            notes.append(f"{_join([self.players[q] for q in meeting])} all meet the Goal: "
                         "no clear winner, play goes on")

    # -- listings -------------------------------------------------------------------------

    def _describe_play(self, p: int, card: Card) -> str:
        who = self.players[p]
        if card.type == "keeper":
            text = f"{who} keeps {card.name}"
            if self.ungoal:
                if self.meets(p, self.goal, card.name):
                    text += f": the Ungoal {self.goal} is met, everybody loses"
            elif self.meets(p, self.goal, card.name) and not any(
                    self.meets(q, self.goal) for q in range(len(self.players)) if q != p):
                text += f": {who} wins ({self.goal})"
            return text
        if card.type == "rule":
            if card.slot == "draw":
                more = min(card.value - self.drawn, self.drawable())
                return f"{who} must draw {more} more" if more > 0 else f"Draw {card.value} from now on"
            if card.slot == "play":
                if card.value == "all":
                    return f"{who} must play every card in hand"
                more = card.value - self.played - (0 if self.subplays else 1)
                return f"{who} must play {more} more" if more > 0 else f"Play {card.value} from now on"
            if card.slot in ("hand-limit", "keeper-limit"):
                limit = card.value
                hit = []
                for q in range(len(self.players)):
                    if q == p:
                        continue
                    have = self.hands[q].size if card.slot == "hand-limit" else sum(self.keepers[q].values())
                    if have > limit:
                        hit.append(self.players[q])
                word = "discard" if card.slot == "hand-limit" else "drop Keepers"
                return (f"{_join(hit)} must {word} down to {limit} at once" if hit
                        else f"{card.name}: nobody else is over it")
            return f"new rule {card.name}"
        if card.type in ("goal", "ungoal"):
            kind = "Goal" if card.type == "goal" else "Ungoal"
            old = f" ({self.goal} discarded)" if self.goal else ""
            meeting = [q for q in range(len(self.players)) if card.needs is not None and self._meets_card(q, card)]
            if meeting and card.type == "ungoal":
                return f"new Ungoal{old}: it is met, everybody loses"
            if len(meeting) == 1:
                return f"new Goal{old}: {self.players[meeting[0]]} wins"
            if len(meeting) > 1:
                return f"new Goal{old}: several players meet it, play goes on"
            return f"new {kind}{old}" + ("" if card.needs is not None else " (conditions unknown)")
        bits = []
        if card.draws:
            bits.append(f"draw {card.draws}")
        if card.plays:
            bits.append(f"play {card.plays} (one play in all)")
        return "Action: " + (", ".join(bits) if bits else "write its effects")

    def _meets_card(self, q: int, card: Card) -> bool:
        saved = self.goal
        self.goal = card.name
        try:
            return self.meets(q, card.name)
        finally:
            self.goal = saved

    def _action_text(self, card: Card) -> str:
        text = f"play {fmt(card.name)}"
        if card.draws:
            n = min(card.draws, self.drawable())
            if n:
                lead = [fmt(self.top[-1])] if self.top else []
                text += " draw " + " ".join(lead + ["?"] * n)
        return text

    def legal_events(self) -> list[Option]:
        """Every event legal now, as complete notation with what it would do."""
        if self.over:
            return []
        out: list[Option] = []
        n = len(self.players)
        seen = self.visible()
        if self.first_round:
            for p in range(n):
                who = self.players[p]
                if self.replacements[p]:
                    out.extend(self._draw_options(p, self.replacements[p], seen, "replaces a Creeper"))
                elif self.hands[p].unknown and not any(self.replacements):
                    pass
                if self.hands[p].unknown:
                    for c in self.cat:
                        if c.type == "creeper" and self.unseen(c.name, seen) > 0:
                            out.append(Option(f"{who}: creeper {fmt(c.name)}",
                                              f"{who} lays down a dealt {c.name} and owes a replacement"))
            if any(self.replacements):
                return out
        p = self.current
        who = self.players[p]
        pushed = self.pushed()
        if pushed and not (self.trio or self.flee):
            for q in pushed:
                out.extend(self._limit_options(q))
            return out
        if self.trio:
            for side, d in (("left", 1), ("right", -1)):
                out.append(Option(f"{who}: trio {side}", f"{self.trio} moves to {self.players[(p + d) % n]}"))
            return out
        if self.flee:
            for name in sorted(self.flee):
                for q in range(n):
                    if q != p:
                        out.append(Option(f"{who}: move {fmt(name)} to {self.players[q]}",
                                          f"{name} flees to {self.players[q]}"))
            return out
        owed = self.draws_owed()
        if owed:
            out.extend(self._draw_options(p, owed, seen, "the Draw rule"))
        else:
            if self.plays_owed() or self.subplays and self.hands[p].size:
                names = set(self.hands[p].known)
                if self.hands[p].unknown:
                    names |= {c.name for c in self.cat if c.type != "creeper" and self.unseen(c.name, seen) > 0}
                known = self.hands[p].known
                for name in sorted(names, key=lambda c: (not known[c], c.lower())):
                    card = self.cat.card(name)
                    if self._holds(p, name, seen) is None:
                        text = self._action_text(card) if card.type == "action" else f"play {fmt(name)}"
                        out.append(Option(f"{who}: {text}", self._describe_play(p, card)))
            out.extend(self._limit_options(p))
            if self.end_check(p) is None:
                out.append(Option(f"{who}: end", f"{self.players[(p + 1) % n]} plays next"))
        for z in sorted(self.creepers[p]):
            for source in [BARE_HANDS, *sorted(self.keepers[p])]:
                if self.kill_check(p, z, source) is None:
                    src = BARE_HANDS if source == BARE_HANDS else fmt(source)
                    out.append(Option(f"{who}: kill {fmt(z)} with {src}", self._describe_kill(p, z)))
        return out

    def _describe_kill(self, p: int, z: str) -> str:
        kind = self.cat.card(z).zombie
        where = {1: "to the discard pile", 2: "to the discard pile", 3: "moves by its arrow",
                 4: "back on top of the draw pile"}[kind]
        text = f"free action: {z} {where}"
        if any(self.cat.card(c).zombie == 2 for c, k in (self.creepers[p] - Counter({z: 1})).items() if k):
            text += "; a Pair flees"
        return text

    def _draw_options(self, p: int, owed: int, seen: Counter, why: str) -> list[Option]:
        who = self.players[p]
        lead = [self.top[-1]] if self.top else []
        out = []
        if lead:
            out.append(Option(f"{who}: draw {fmt(lead[0])}", f"{lead[0]} is on top of the pile: laid down "
                              f"at once, it does not count ({owed} still owed)"))
        out.append(Option(f"{who}: draw " + " ".join(fmt(c) for c in lead + [None]),
                          f"one unseen card ({why}: {owed} owed)"))
        if owed > 1:
            k = min(owed, self.drawable())
            out.append(Option(f"{who}: draw " + " ".join(fmt(c) for c in lead + [None] * k),
                              f"all {k} cards owed, unseen"))
        for c in self.cat:
            if c.type == "creeper" and self.unseen(c.name, seen) > 0 and not lead:
                out.append(Option(f"{who}: draw {fmt(c.name)}",
                                  f"{c.name} is laid down at once; {who} draws again"))
        return out

    def _limit_options(self, q: int) -> list[Option]:
        who = self.players[q]
        out = []
        if self._limit_check(q, "hand-limit") is None:
            hand = self.hands[q]
            k = self.hand_excess(q)
            if hand.unknown:
                out.append(Option(f"{who}: discard ?", f"an unseen card, to the Hand Limit ({k} to go)"))
            for name in sorted(hand.known):
                out.append(Option(f"{who}: discard {fmt(name)}", f"to the Hand Limit ({k} to go)"))
        if self._limit_check(q, "keeper-limit") is None:
            for name in sorted(self.keepers[q]):
                out.append(Option(f"{who}: drop {fmt(name)}",
                                  f"give up a Keeper to the Keeper Limit ({self.keeper_excess(q)} to go)"))
        return out

    def blocked_events(self) -> list[Blocked]:
        """Why ending the turn or playing on is not legal now, for the player to act."""
        if self.over:
            return []
        p = self.current
        who = self.players[p]
        out = []
        problem = self.end_check(p)
        if problem:
            out.append(Blocked(f"{who}: end", *problem))
        if self.hands[p].size:
            problem = self._any_play_check(p)
            if problem:
                out.append(Blocked(f"{who}: play {ANY_CARD}", *problem))
        return out

    def _any_play_check(self, p: int) -> Problem | None:
        """Why ``p`` may play no card at all now (whatever the card), or None: what
        ``Ann: play ...`` is refused with, and what :meth:`blocked_events` lists."""
        problem = self._gate(p)
        if problem is None and self.draws_owed():
            problem = (f"{self.players[p]} must first draw {self.draws_owed()} more", R_DRAWS_FIRST)
        if problem is None and not self.subplays and not self.plays_owed():
            problem = (f"{self.players[p]} has no play left this turn", R_PLAY)
        return problem

    # -- state ----------------------------------------------------------------------------

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

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON state, plus ``goal_type``, ``owes``, ``first_round``, ``known``
        (cards known in each hand), ``top`` and ``trash``."""
        play = self.rule_value("play")
        return {
            "game": self.name, "over": self.over, "winner": self.winner, "ending": self.ending,
            "turn": self.turn, "next": None if self.over else self.players[self.current],
            "drawn": self.drawn, "played": self.played,
            "rules": {"draw": self.rule_value("draw"), "play": play,
                      "hand_limit": self.rule_value("hand-limit"),
                      "keeper_limit": self.rule_value("keeper-limit"),
                      "others": sorted(self.others)},
            "goal": self.goal,
            "players": {name: {"hand": self.hands[q].size,
                               "keepers": sorted(self.keepers[q].elements()),
                               "creepers": sorted(self.creepers[q].elements())}
                        for q, name in enumerate(self.players)},
            "pile": self.pile, "discard": len(self.discard),
            "goal_type": None if self.goal is None else self.cat.card(self.goal).type,
            "owes": self.owes(),
            "first_round": self.first_round,
            "known": {name: self.hands[q].known_list() for q, name in enumerate(self.players)},
            "top": list(reversed(self.top)),
            "trash": sorted(self.trash),
        }
