"""Zombies!!! quick-play variant: the pure engine (``docs/zombies.md``).

The map stays on the table.  The referee keeps the books the players lose track of:
each player's life, ammo, kills, event cards in hand and in play, the tiles left and
the helipad, the zombies and tokens on the board, and the step of the turn.  Players
state what the map decides (a fight, a token picked up, the Town Square, the
helipad centre) and the referee checks it is possible by the numbers.

Every rejection raises :class:`IllegalEventError` with a rule id from
:data:`RULE_IDS`; malformed events and tags raise :class:`BadInputError`; a lost
combat roll with both ammo and life to pay raises :class:`ChoiceNeeded`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from referee import records
from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.words import unknown
from referee.numbers import die_roll
from referee.seats import player_key, seat_index, seat_of, split_player
from referee.games.base import Applied, Blocked, EngineBase, Problem, refuse, rule_ids

from .odds import fight_odds
from .tiles import BUILTIN, REQUIRED, TileData, builtin_tile_data, check_expansions, parse_tile_data

# -- numbers the rules fix ----------------------------------------------------------------

KILLS_TO_WIN = {2: 21, 3: 19, 4: 17, 5: 15, 6: 13}
DEFAULT_TILES = 29          #: base game map tiles besides the Town Square
DEFAULT_EVENTS = 41         #: base game's 50 event cards less the 9 quick play removes
QUICK_PLAY_TILES = 10       #: the Helipad group put at the bottom of the deck
REMOVED_PER_PLAYER = 2      #: tiles removed unseen from the bottom per player
HAND = 3
START_LIFE = START_AMMO = START_GUTS = 3
LIFE_CAP = 5
GUTS_CAP = 5
REFILL = 3                  #: the Town Square refill level
REPOPULATE = 10             #: zombies placed when a turn ends with none in play
KILL = 4                    #: a plain zombie dies on 4..6
HARD_KILL = 5               #: enhanced zombies and zombie dogs die on 5..6
SPELL = 6
MAX_ACCESS = 4              #: an unnamed tile has 1 to 4 access spaces
MAX_BONUS = 9               #: the largest weapon bonus written in a fight

#: The event cards the quick-play set-up puts back in the box (ruling 21), with the
#: copies removed: 9 cards in all, so the default deck is 50 - 9 = 41.
REMOVED_EVENTS = {"Where Did Everybody Go": 1, "Bad Sense of Direction": 1,
                  "Hysterical Paralysis": 1, "The Keys Are Still In It": 1,
                  "We're Screwed": 1, "Fear": 1, "Brain Cramp": 1, "All The Marbles": 2}

EXPANSIONS = ("zombie-corps", "mall-walkers", "the-end", "schools-out", "six-feet-under")
_EXP_ALIASES = {"zombie-corps": "zombie-corps", "zombie-corpse": "zombie-corps",
                "zombie-corps(e)": "zombie-corps", "zombies-2": "zombie-corps",
                "mall-walkers": "mall-walkers", "the-end": "the-end", "end": "the-end",
                "schools-out": "schools-out", "schools-out-forever": "schools-out",
                "school's-out-forever": "schools-out", "six-feet-under": "six-feet-under"}

# -- rule ids -----------------------------------------------------------------------------

R_OVER = "zombies.referee.game-over"
R_TURN = "zombies.turn.next-player"
R_STEP = "zombies.turn-sequence"
R_TILE_EMPTY = "zombies.tile.skip-when-empty"
R_TILE_NAMED = "zombies.tile.named-tile-contents"
R_DOGS = "zombies.tile.the-end-dogs"
R_HELIPAD_DECK = "zombies.ruling.helipad-window"
R_BID = "zombies.tile.helipad-bidding"
R_BID_RULES = "zombies.ruling.helipad-bids"
R_FIGHT_WHEN = "zombies.combat.when"
R_FIGHT_ROLL = "zombies.combat.roll"
R_OUT_OF_LIFE = "zombies.combat.out-of-life"
R_CONTINUES = "zombies.combat.continues"
R_ENHANCED = "zombies.combat.government-zombies"
R_DOG = "zombies.combat.zombie-dogs"
R_NO_ZOMBIE = "zombies.ruling.zombie-count"
R_DRAW = "zombies.turn.draw-cards"
R_HAND = "zombies.events.hand-limit"
R_ROUND = "zombies.events.one-per-round"
R_COPY = "zombies.events.one-copy"
R_PAGES = "zombies.events.pages"
R_IN_PLAY = "zombies.events.in-play"
R_ALLOWANCE = "zombies.move.allowance"
R_STOPPED = "zombies.combat.out-of-life"
R_PICK = "zombies.move.pickup"
R_LIFE_CAP = "zombies.life-limit"
R_TOWN = "zombies.move.town-square-refill"
R_HELIPAD = "zombies.win.helipad"
R_SPELL = "zombies.win.the-end"
R_ZOMBIE_POINTS = "zombies.zombie-move.points"
R_HALF = "zombies.zombie-move.half-limit"
R_DISCARD = "zombies.discard"
R_EXPANSION = "zombies.ruling.expansions"
R_ADJUST = "zombies.ruling.adjust"
R_REMOVED = "zombies.setup.removed-events"
R_WEAPON = "zombies.events.one-weapon"

RULE_IDS: frozenset[str] = rule_ids(globals())

#: Verbs only the player whose turn it is may use.
TURN_VERBS = frozenset({"tile", "fight", "draw", "roll", "move", "pick", "town-square",
                        "helipad", "zombies", "discard", "end", "spell", "duct"})
ADJUST_FIELDS = ("life", "ammo", "guts", "kills", "hand", "zombies", "sewer")
START_SEWER = 2             #: Six Feet Under: sewer tokens each


def card_key(name: str) -> str:
    """A card name compared without case, spaces or punctuation (``We're Screwed`` and
    ``were screwed`` are one card).

    >>> card_key("We’re  Screwed") == card_key("were screwed")
    True
    """
    return re.sub(r"[^a-z0-9]", "", name.lower())


_REMOVED_KEYS = {card_key(c): c for c in REMOVED_EVENTS}


def kill_number(kind: str | None) -> int:
    """The lowest roll that kills: 4, or 5 for an enhanced zombie or a zombie dog."""
    return KILL if kind is None else HARD_KILL


def zombie_splits(roll: int, zombies: int) -> list[tuple[int, ...]]:
    """Every legal split of a zombie roll (ruling 3), largest moves first, as
    multisets: parts sum to at most ``roll``, none above ``roll // 2``, at most
    ``zombies`` parts.  The empty split (no zombie moved) comes first.

    >>> zombie_splits(5, 10)[:4]
    [(), (2,), (2, 2), (2, 2, 1)]
    >>> len(zombie_splits(5, 10)), len(zombie_splits(5, 2))
    (12, 6)
    >>> (3, 2) in zombie_splits(5, 10)
    False
    """
    cap = roll // 2
    out: list[tuple[int, ...]] = [()]

    def grow(prefix: tuple[int, ...], left: int, top: int) -> None:
        for part in range(min(top, left), 0, -1):
            if len(prefix) >= zombies:
                return
            nxt = prefix + (part,)
            out.append(nxt)
            grow(nxt, left - part, part)

    grow((), roll, cap)
    return out


def parse_players(text: str | None) -> list[str]:
    """Seat names from the ``[Players]`` tag (:func:`referee.records.parse_players`)."""
    return records.parse_players(text, "Zombies!!! quick play", 2, 6)


def parse_expansions(text: str | None) -> tuple[str, ...]:
    """Expansion names from ``[Expansions "the-end, zombie-corps"]`` in the spec's order."""
    if not text or not text.strip():
        return ()
    found = set()
    for word in re.split(r"[,\s]+", text.strip().lower()):
        if not word:
            continue
        if word not in _EXP_ALIASES:
            raise BadInputError(f"unknown expansion {word!r} (known: {', '.join(EXPANSIONS)})")
        found.add(_EXP_ALIASES[word])
    return tuple(e for e in EXPANSIONS if e in found)


@dataclass
class Seat:
    """One player's books."""

    name: str
    life: int = START_LIFE
    ammo: int = START_AMMO
    kills: int = 0
    hand: int = HAND
    event_round: bool = False
    in_play: list[str] = field(default_factory=list)
    guts: int = START_GUTS
    sewer: int = START_SEWER
    #: the bonus last written for each weapon in play (ruling 22), by lower-case name
    bonus: dict[str, int] = field(default_factory=dict)


@dataclass
class Bidding:
    """Helipad bidding: the ``order`` of seats, who ``passed``, the ``high`` bid and
    its ``leader``, and the index ``at`` of the seat due to bid."""

    order: list[int]
    passed: set[int] = field(default_factory=set)
    high: int | None = None
    leader: int | None = None
    at: int = 0


def _copy_seat(p: Seat) -> Seat:
    """A copy of ``p`` sharing no container with it (its fields are numbers, strings,
    a bool, the ``in_play`` list and the ``bonus`` dict)."""
    c = object.__new__(Seat)
    c.__dict__.update(p.__dict__)
    c.in_play = p.in_play.copy()
    c.bonus = p.bonus.copy()
    return c


from referee.words import plural as _plural  # noqa: E402


_NAME = r'"([^"]+)"'


class Game(EngineBase):
    """A game of Zombies!!! quick play as the referee sees it (see the module doc)."""

    name = "zombies"

    def __init__(self, players: list[str], tiles: int = DEFAULT_TILES, events: int = DEFAULT_EVENTS,
                 expansions: tuple[str, ...] = (), data: TileData | None = None,
                 tile_data_tag: str | None = None) -> None:
        self.players = [Seat(p) for p in players]
        self.n = len(players)
        self.tiles_total, self.events_total = tiles, events
        self.expansions = tuple(expansions)
        self.data = data or builtin_tile_data()
        self.tile_data_tag = tile_data_tag
        self.kills_to_win = KILLS_TO_WIN[self.n]
        self.tiles_left = tiles - REMOVED_PER_PLAYER * self.n
        self.helipad_window = QUICK_PLAY_TILES - REMOVED_PER_PLAYER * self.n
        self.helipad = "unseen" if self.helipad_window > 0 else "gone"
        self.events_left = events - HAND * self.n
        self.discards = 0
        self.zombies = 0
        self.tokens = {"ammo": 0, "life": 0}
        self.placed: list[str] = []          # named tiles placed, lower case
        self.turns = 0
        self.seat = 0
        self.phase = "tile"                  # tile, bid, start, move, discard, over
        self.bidding: Bidding | None = None
        self.winner: int | None = None
        self.ending: str | None = None
        self._new_turn_flags()
        self._index = seat_index(players)

    def _new_turn_flags(self) -> None:
        self.start_life = self.players[self.seat].life
        self.start_fights = 0
        self.start_kills = 0
        self.drawn = False
        self.allowance: int | None = None
        self.moved = 0
        self.picks = 0
        self.stopped = False
        self.move_over = False
        self.fight_open: str | None = None   # "zombie", "dog", "enhanced" while a fight goes on
        self.fight_weapon: tuple[str, int] | None = None  # the weapon of the open fight's last roll
        self.fights_here: int | None = None  # fights since the last move (None: no move yet)
        self.spelled = False
        self.last_zombie_roll: tuple[int, tuple[int, ...] | None] | None = None

    # -- set-up -----------------------------------------------------------------------------

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Game":
        """Set up from ``Players`` (required), ``Tiles``, ``Events``, ``Expansions`` and
        ``TileData`` (with ``TileDataText`` when it names a file), declared in
        :data:`referee.games.zombies.TAGS` and checked there first; here the checks that
        join tags (enough tiles and event cards for the players, the tile data's
        expansions).  The annotation tags are kept for :meth:`tags`."""
        from referee.setup import notes, read_tags

        from . import TAGS

        values = read_tags(cls.name, TAGS, tags)
        players = parse_players(values.get("Players"))
        n = len(players)
        tiles = int(values.get("Tiles", DEFAULT_TILES))
        if tiles - REMOVED_PER_PLAYER * n < 0:
            raise BadInputError(f"[Tiles \"{tiles}\"] is too few for {n} players")
        events = int(values.get("Events", DEFAULT_EVENTS))
        if events < HAND * n:
            raise BadInputError(f"[Events \"{events}\"] is too few for {n} players: at least {HAND * n}")
        expansions = parse_expansions(values.get("Expansions"))
        data_tag = values.get("TileData")
        if "TileDataText" in values:
            data = parse_tile_data(values["TileDataText"], f"tile data {data_tag or ''}".strip())
        elif data_tag is None or data_tag.strip().lower() in (BUILTIN, "builtin", "built-in"):
            data = builtin_tile_data()
        else:
            raise BadInputError(f"unknown built-in tile data {data_tag!r} (use `default` or a .toml file)")
        check_expansions(data, expansions)
        game = cls(players, tiles, events, expansions, data, data_tag)
        game.common_tags = notes(tags)
        return game

    def tags(self) -> dict[str, str]:
        """The annotation tags, then the set-up in declared order (``Tiles`` and
        ``Events`` always)."""
        from referee.setup import written

        from . import TAGS

        return {**getattr(self, "common_tags", {}),
                **written(TAGS, {}, Players=", ".join(p.name for p in self.players), Tiles=str(self.tiles_total),
                          Events=str(self.events_total), Expansions=", ".join(self.expansions) or None,
                          TileData=self.tile_data_tag)}

    # -- derived state ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.winner is not None

    def has(self, expansion: str) -> bool:
        return expansion in self.expansions

    def hand_limit(self, seat: int) -> int:
        """Three, or with School's Out Forever the guts held (at least one)."""
        if self.has("schools-out"):
            return max(1, self.players[seat].guts)
        return HAND

    def draw_count(self) -> int:
        """Cards the player to move must draw now: back up to the hand limit, or what the
        event deck and the discard pile hold together (rulings 10 and 15: an empty deck
        is refilled from the discards during the draw)."""
        p = self.seat
        need = max(0, self.hand_limit(p) - self.players[p].hand)
        return min(need, self.events_left + self.discards)

    def _take_cards(self, n: int, notes: list[str]) -> None:
        """Take ``n`` cards from the event deck; when it runs out, the discard pile is
        shuffled into a new deck at once and the taking goes on from it (ruling 15).
        The caller has checked that the deck and the discards hold ``n``."""
        first = min(n, self.events_left)
        self.events_left -= first
        rest = n - first
        if rest:
            shuffled = self.discards
            self.events_left, self.discards = shuffled - rest, 0
            notes.append(f"the event deck ran out: {_plural(shuffled, 'discard')} shuffled "
                         f"into a new deck, {_plural(rest, 'card')} taken from it")

    @property
    def to_move(self) -> int | None:
        """The seat due to act: the bidder during bidding, else the turn's player."""
        if self.over:
            return None
        if self.phase == "bid":
            return self.bidding.order[self.bidding.at]
        return self.seat

    @property
    def step(self) -> str | None:
        """The spec's ``step``: the next step of the turn."""
        if self.over:
            return None
        if self.phase in ("tile", "bid", "discard"):
            return self.phase
        if self.fight_open:
            return "fight"
        if self.phase == "start":
            if self.start_fights == 0 and not self.drawn:
                return "fight"
            if not self.drawn and self.draw_count() > 0:
                return "draw"
            return "roll"
        # ruling 16: `move` until the zombie roll, also with nothing left to move (a
        # fight right after the last move, a pick or the Town Square may still come)
        return "move"

    def start_fight_cap(self) -> int:
        """Start-of-turn fights allowed: one, or three with The End (two dogs and a
        zombie may share a space)."""
        return 3 if self.has("the-end") else 1

    def left_to_move(self) -> int:
        """Spaces of the allowance not yet moved (0 when stopped or before the roll)."""
        if self.allowance is None or self.stopped or self.move_over:
            return 0
        return self.allowance - self.moved

    def pages(self, seat: int | None = None) -> int:
        """Page cards in play (The End): in front of anyone, or of ``seat``."""
        seats = range(self.n) if seat is None else [seat]
        return sum(1 for s in seats for c in self.players[s].in_play if c.lower().startswith("page"))

    # -- parsing ----------------------------------------------------------------------------

    def _seat(self, name: str) -> int:
        return seat_of(self._index, (p.name for p in self.players), name, 40)

    def parse(self, text: str) -> tuple[int, str, dict[str, Any]]:
        """``(seat, verb, args)`` of an event; :class:`BadInputError` when malformed."""
        if not isinstance(text, str) or len(text) > 300:
            raise BadInputError("an event is one line of at most 300 characters")
        who, sep, rest = text.partition(":")
        if not sep or not who.strip():  # split_player refuses it, in these words
            split_player(text, f"write events as `Player: ...` (e.g. `Ann: roll 3`), not {text.strip()[:40]!r}",
                         blank_event_ok=True)
        seat = self._index.get(player_key(who))
        if seat is None:
            seat = self._seat(who)  # refuses the unknown name
        body = " ".join(rest.split())
        low = body.lower()
        word, _, tail = low.partition(" ")
        raw_tail = body[len(word):].strip()
        if word in ("town-square", "townsquare") or low in ("town square",):
            return seat, "town-square", {}
        if word in ("tile",):
            return seat, "tile", self._parse_tile(raw_tail)
        if word in ("bid",):
            return seat, "bid", {"n": _int(tail, "bid", 0, 999)}
        if low == "pass":
            return seat, "pass", {}
        if word == "fight":
            return seat, "fight", _parse_fight(raw_tail)
        if word == "draw":
            return seat, "draw", {"n": _int(tail, "draw", 0, 9)}
        if word == "roll":
            return seat, "roll", {"n": _die(tail, "roll")}
        if word == "move":
            return seat, "move", {"n": _int(tail, "move", 1, 99)}
        if word == "pick":
            if tail not in ("ammo", "life"):
                raise BadInputError("write `pick ammo` or `pick life`")
            return seat, "pick", {"what": tail}
        if low == "helipad":
            return seat, "helipad", {}
        if word == "zombies":
            return seat, "zombies", _parse_zombies(tail)
        if low in ("discard", "end"):
            return seat, low, {}
        if word in ("event", "item", "drop"):
            m = re.fullmatch(_NAME, raw_tail) or re.fullmatch(r"([^\"]+)", raw_tail)
            if not m or not m.group(1).strip():
                raise BadInputError(f'write `{word} "Card Name"`')
            return seat, word, {"card": _card_name(m.group(1))}
        if word == "adjust":
            return seat, "adjust", {"changes": _parse_adjust(tail)}
        if low == "duct":
            return seat, "duct", {}
        if low == "reshuffle":
            return seat, "reshuffle", {}
        if word == "spell":
            return seat, "spell", {"n": _die(tail, "spell")}
        raise unknown("event", body.split()[0] if body.split() else body,
                      ("tile", "bid", "pass", "fight", "draw", "roll", "move", "pick", "town-square",
                       "helipad", "zombies", "discard", "end", "event", "item", "drop", "adjust",
                       "spell", "reshuffle", "duct"))

    def _parse_tile(self, tail: str) -> dict[str, Any]:
        low = tail.lower()
        if low in ("none", "discard"):
            return {"kind": low}
        m = re.fullmatch(r"road\s+(\d+)((?:\s+\w+=\d+)*)", low)
        if m:
            n = int(m.group(1))
            if not 1 <= n <= MAX_ACCESS:
                raise BadInputError(f"an unnamed tile has 1 to {MAX_ACCESS} access spaces, not {n}")
            counts = _counts(m.group(2), ("dogs",))
            return {"kind": "road", "n": n, "dogs": counts.get("dogs")}
        m = re.fullmatch(r'(?:"([^"]+)"|([A-Za-z][A-Za-z\' -]*?))((?:\s+\w+=\d+)*)', tail)
        if not m:
            raise BadInputError('write `tile road N`, `tile "Name" z=N ammo=N life=N`, '
                                '`tile none` or `tile discard`')
        name = _card_name(m.group(1) or m.group(2), "a tile name")
        a = {"kind": "named", "name": name,
             "counts": _counts(m.group(3).lower(), ("z", "ammo", "life", "dogs", "enhanced"))}
        self.tile_counts(a)   # ruling 19: the counts must be known, from the data or here
        return a

    # -- checks -----------------------------------------------------------------------------

    def _common(self, seat: int, verb: str) -> Problem | None:
        if self.over:
            return "the game is over", R_OVER
        if verb in ("bid", "pass"):
            if self.phase != "bid":
                return "no helipad is being bid on", R_BID
            due = self.to_move
            if seat != due:
                return f"{self.players[due].name} bids next", R_BID_RULES
            return None
        if verb in TURN_VERBS:
            if self.phase == "bid":
                return (f"the helipad is being bid on: {self.players[self.to_move].name} bids "
                        f"next", R_BID)
            if seat != self.seat:
                return f"it is {self.players[self.seat].name}'s turn", R_TURN
        return None

    def _fight_open_problem(self) -> Problem | None:
        if self.fight_open:
            return (f"{self.players[self.seat].name} is still fighting: roll again "
                    f"(`fight N`)", R_CONTINUES)
        return None

    def check(self, seat: int, verb: str, args: dict[str, Any]) -> Problem | None:
        """Why the event is illegal now, or None (choices are not asked here)."""
        problem = self._common(seat, verb)
        if problem:
            return problem
        return getattr(self, "_check_" + verb.replace("-", "_"))(seat, args)

    def _check_tile(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if self.phase != "tile":
            return "the turn's tile is already drawn", R_STEP
        kind = a["kind"]
        if kind == "none":
            if self.tiles_left > 0:
                return f"{_plural(self.tiles_left, 'tile')} left: draw one", R_TILE_EMPTY
            return None
        if self.tiles_left == 0:
            return "no tile is left: write `tile none`", R_TILE_EMPTY
        if kind == "road" and a.get("dogs") is not None:
            if not self.has("the-end"):
                return "zombie dogs come only with The End", R_EXPANSION
            if not 1 <= a["dogs"] <= 6:
                return f"the dogs are one die: 1..6, not {a['dogs']}", R_DOGS
        if kind == "named":
            name = a["name"]
            if name.lower() == "helipad":
                if self.helipad == "placed":
                    return "the Helipad is already on the table", R_HELIPAD_DECK
                if self.helipad == "gone":
                    return "the Helipad was removed at set-up or the tiles ran out", R_HELIPAD_DECK
                if self.tiles_left > self.helipad_window:
                    return (f"the Helipad lies in the bottom {self.helipad_window} tiles; "
                            f"{self.tiles_left} are left", R_HELIPAD_DECK)
            counts = a["counts"]
            if counts.get("dogs") and not self.has("the-end"):
                return "zombie dogs come only with The End", R_EXPANSION
            if counts.get("enhanced") and not self.has("zombie-corps"):
                return "enhanced zombies come only with Zombie Corps(e)", R_EXPANSION
            found = self.data.lookup(name)
            if found:
                printed, known = found
                for key, value in counts.items():
                    if key in known and known[key] != value:
                        return (f"the tile data gives {printed} {key}={known[key]}, not {value}",
                                R_TILE_NAMED)
        return None

    def tile_counts(self, a: dict[str, Any]) -> dict[str, int]:
        """The full counts of a named tile event (data, then the event);
        :class:`BadInputError` when one the rules need is missing."""
        counts: dict[str, int] = {}
        found = self.data.lookup(a["name"])
        if found:
            counts.update(found[1])
        counts.update(a["counts"])
        missing = [k for k in REQUIRED if k not in counts]
        if missing and not (a["counts"] and "z" in counts):
            # ruling 19: no printed counts of our own, the Helipad included
            name = found[0] if found else a["name"]
            raise BadInputError(f"{name}: the tile data gives no "
                                f"{', '.join(missing)}: write them, e.g. "
                                f'`tile "{name}" z=1 ammo=0 life=0`')
        for key in ("z", "ammo", "life", "dogs", "enhanced"):
            counts.setdefault(key, 0)
        return counts

    def _check_bid(self, seat: int, a: dict[str, Any]) -> Problem | None:
        b = self.bidding
        low = 0 if b.high is None else b.high + 1
        n = a["n"]
        if n < low:
            return f"a bid must be at least {low}", R_BID_RULES
        if n > self.players[seat].kills:
            return (f"{self.players[seat].name} has {_plural(self.players[seat].kills, 'kill')}: "
                    f"nobody bids more kills than they have", R_BID_RULES)
        return None

    def _check_pass(self, seat: int, a: dict[str, Any]) -> Problem | None:
        return None

    def _check_fight(self, seat: int, a: dict[str, Any]) -> Problem | None:
        kind = a["kind"]
        if kind == "dog" and not self.has("the-end"):
            return "zombie dogs come only with The End", R_EXPANSION
        if kind == "enhanced" and not self.has("zombie-corps"):
            return "enhanced zombies come only with Zombie Corps(e)", R_EXPANSION
        if self.fight_open:
            if (kind or "zombie") != self.fight_open:
                return (f"the fight goes on against the same "
                        f"{'zombie' if self.fight_open == 'zombie' else self.fight_open}", R_CONTINUES)
        elif self.phase == "start":
            if self.drawn:
                return "a start-of-turn fight comes before drawing cards", R_STEP
            if self.start_fights >= self.start_fight_cap():
                return "the start-of-turn fight is over: draw or roll", R_FIGHT_WHEN
        elif self.phase == "move":
            if self.fights_here is None:
                return "a fight during the move comes right after a `move`", R_FIGHT_WHEN
            if self.fights_here >= self.start_fight_cap():
                return "that space's fight is over: move on", R_FIGHT_WHEN
        else:
            return f"no fight now: the step is {self.step}", R_STEP
        if self.zombies <= 0:
            return "no zombie is in play to fight", R_NO_ZOMBIE
        if problem := self._weapon_problem(seat, a):
            return problem
        k = kill_number(kind)
        roll, choice = a["n"], a["choice"]
        total = roll + self._bonus(a)
        said = f"{roll} +{self._bonus(a)}" if self._bonus(a) else f"{roll}"
        p = self.players[seat]
        if total >= k:
            if choice:
                return f"a {said} already kills: no {choice} is spent", R_FIGHT_ROLL
            return None
        need = k - total
        rule = R_DOG if kind == "dog" else R_ENHANCED if kind == "enhanced" else R_FIGHT_ROLL
        if choice == "ammo" and p.ammo < need:
            return (f"{p.name} has {p.ammo} ammo: raising a {said} to {k} takes "
                    f"{need}", rule)
        if choice == "life" and p.life == 0:
            return f"{p.name} has no life left to lose", R_OUT_OF_LIFE
        return None

    @staticmethod
    def _bonus(a: dict[str, Any]) -> int:
        """The weapon bonus a fight event adds to its roll (0 without a weapon)."""
        weapons = a.get("weapons") or ()
        return weapons[0][0] if weapons else 0

    def _weapon_problem(self, seat: int, a: dict[str, Any]) -> Problem | None:
        """Ruling 22: at most one weapon a roll, and it must be in the fighter's play."""
        weapons = a.get("weapons") or ()
        if len(weapons) > 1:
            return (f"one weapon a roll: {' and '.join(n for _, n in weapons)} were both "
                    f"named", R_WEAPON)
        if weapons and self._in_play(seat, weapons[0][1]) is None:
            p = self.players[seat]
            return f"{p.name} has no {weapons[0][1]} in play to fight with", R_IN_PLAY
        return None

    def _in_play(self, seat: int, card: str) -> str | None:
        """The card as spelled in front of ``seat``, or None when it is not in play."""
        key = card.lower()
        return next((c for c in self.players[seat].in_play if c.lower() == key), None)

    def known_weapons(self, seat: int) -> list[tuple[str, int]]:
        """The cards in ``seat``'s play whose weapon bonus has been written in a fight,
        with that bonus, sorted by name (ruling 22: the referee knows no printed bonus)."""
        p = self.players[seat]
        return sorted(((c, p.bonus[c.lower()]) for c in p.in_play if c.lower() in p.bonus),
                      key=lambda cb: cb[0].lower())

    def fight_options(self, seat: int, a: dict[str, Any]) -> list[str]:
        """The ways to pay a losing roll (the weapon bonus counted, ruling 22): ``ammo``
        and/or ``life`` (none: a kill is lost)."""
        k = kill_number(a["kind"])
        total = a["n"] + self._bonus(a)
        if total >= k:
            return []
        p = self.players[seat]
        out = []
        if p.ammo >= k - total:
            out.append("ammo")
        if p.life > 0:
            out.append("life")
        return out

    def _check_draw(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if self.phase != "start" or self.drawn:
            return f"no draw now: the step is {self.step}", R_STEP
        if problem := self._fight_open_problem():
            return problem
        want = self.draw_count()
        p = self.players[seat]
        if want == 0 and a["n"] > 0:
            if p.hand >= self.hand_limit(seat):
                return f"{p.name}'s hand is full: no draw", R_DRAW
            return (f"{p.name} holds {_plural(p.hand, 'card')}, but the event deck and the "
                    f"discard pile are empty: no draw", R_DRAW)
        if a["n"] != want:
            return (f"{self.players[seat].name} draws back up to "
                    f"{self.hand_limit(seat)}: {want}, not {a['n']}", R_DRAW)
        return None

    def _check_roll(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if self.phase != "start":
            return f"no movement roll now: the step is {self.step}", R_STEP
        if problem := self._fight_open_problem():
            return problem
        if not self.drawn and self.draw_count() > 0:
            return f"draw first: `draw {self.draw_count()}`", R_DRAW
        return None

    def _check_duct(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if not self.has("mall-walkers"):
            return "ducts belong to Mall Walkers", R_EXPANSION
        if problem := self._check_roll(seat, {"n": 1}):
            return problem
        return None

    def _moving(self) -> Problem | None:
        if self.phase != "move":
            return f"not now: the step is {self.step}", R_STEP
        return self._fight_open_problem()

    def _check_move(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if problem := self._moving():
            return problem
        if self.stopped:
            return (f"{self.players[seat].name} lost a fight with no life left and cannot move "
                    f"again this turn", R_STOPPED)
        if self.move_over:
            return f"{self.players[seat].name} ended the move on the Town Square", R_TOWN
        left = self.left_to_move()
        if a["n"] > left:
            return (f"the allowance is {self.allowance} and {self.moved} used: at most "
                    f"{_plural(left, 'space')} more", R_ALLOWANCE)
        return None

    def _check_pick(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if self.phase not in ("start", "move"):
            return f"no pick now: the step is {self.step}", R_STEP
        if problem := self._fight_open_problem():
            return problem
        if self.picks <= 0:
            return ("no space entered (or zombie killed at the start) is left to take a token "
                    "from", R_PICK)
        what = a["what"]
        if self.tokens[what] <= 0:
            return f"no {what} token is left on the board", R_PICK
        if what == "life" and self.players[seat].life >= LIFE_CAP:
            return f"{self.players[seat].name} already has {LIFE_CAP} life", R_LIFE_CAP
        return None

    def _check_town_square(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if problem := self._moving():
            return problem
        if self.move_over:
            return "the move already ended on the Town Square", R_TOWN
        return None

    def _check_helipad(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if problem := self._moving():
            return problem
        if self.helipad != "placed":
            return "the Helipad is not on the table", R_HELIPAD
        name = self.players[seat].name
        if self.stopped:
            return (f"{name} lost a fight with no life left this turn: the zombie stays "
                    f"and the helipad centre is not cleared", R_HELIPAD)
        if self.move_over:
            return f"{name} ended the move on the Town Square this turn", R_HELIPAD
        if self.moved == 0 and self.start_kills == 0:
            return (f"{name} has neither moved this turn nor killed a zombie at the start of "
                    f"the turn: the helipad centre is not reached", R_HELIPAD)
        return None

    def _check_spell(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if not self.has("the-end"):
            return "the spell belongs to The End", R_EXPANSION
        if self.phase not in ("start", "move", "discard"):
            return "the spell is tried during one's own turn, after the tile", R_STEP
        if problem := self._fight_open_problem():
            return problem
        if self.spelled:
            return "the spell may be tried once per turn", R_SPELL
        return None

    def _check_zombies(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if problem := self._moving():
            return problem
        split = a["split"]
        if split is None:
            return None
        roll, cap = a["n"], a["n"] // 2
        if sum(split) > roll:
            return f"the moves sum to {sum(split)}, more than the roll of {roll}", R_ZOMBIE_POINTS
        if split and max(split) > cap:
            return (f"no zombie gets more than half the roll rounded down: {cap} of {roll}",
                    R_HALF)
        if len(split) > self.zombies:
            return (f"{_plural(len(split), 'zombie')} moved but only {self.zombies} in play",
                    R_NO_ZOMBIE)
        return None

    def _check_discard(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if self.phase != "discard":
            return f"the turn ends after the zombies move: the step is {self.step}", R_STEP
        if self.players[seat].hand <= 0:
            return f"{self.players[seat].name} holds no card to discard", R_DISCARD
        return None

    def _check_end(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if self.phase != "discard":
            return f"the turn ends after the zombies move: the step is {self.step}", R_STEP
        return None

    def _play_check(self, seat: int) -> Problem | None:
        p = self.players[seat]
        if p.event_round:
            return f"{p.name} already played an event card this round", R_ROUND
        if p.hand <= 0:
            return f"{p.name} holds no event card", R_HAND
        return None

    @staticmethod
    def _removed_problem(card: str) -> Problem | None:
        """Ruling 21: the quick-play set-up puts nine cards back in the box."""
        printed = _REMOVED_KEYS.get(card_key(card))
        if printed:
            return (f"{printed} is one of the event cards the quick-play set-up removes: "
                    f"nobody holds it", R_REMOVED)
        return None

    def _check_event(self, seat: int, a: dict[str, Any]) -> Problem | None:
        return self._removed_problem(a["card"]) or self._play_check(seat)

    def _check_item(self, seat: int, a: dict[str, Any]) -> Problem | None:
        if problem := self._removed_problem(a["card"]) or self._play_check(seat):
            return problem
        p = self.players[seat]
        card = a["card"]
        if card.lower() in (c.lower() for c in p.in_play):
            return f"{p.name} already has {card} in play: one copy per player", R_COPY
        if (self.has("the-end") and card.lower().startswith("page")
                and (seat != self.seat or self.phase == "bid")):
            return "a Page is placed in front of you only during your own turn", R_PAGES
        return None

    def _check_drop(self, seat: int, a: dict[str, Any]) -> Problem | None:
        p = self.players[seat]
        if a["card"].lower() not in (c.lower() for c in p.in_play):
            return f"{p.name} has no {a['card']} in play", R_IN_PLAY
        return None

    def _check_reshuffle(self, seat: int, a: dict[str, Any]) -> Problem | None:
        return None   # ruling 15: a note, accepted from anyone at any moment

    def _check_adjust(self, seat: int, a: dict[str, Any]) -> Problem | None:
        p = self.players[seat]
        for key, delta in a["changes"]:
            if key == "guts" and not self.has("schools-out"):
                return "guts belong to School's Out Forever", R_EXPANSION
            if key == "sewer" and not self.has("six-feet-under"):
                return "sewer tokens belong to Six Feet Under", R_EXPANSION
            now = self.zombies if key == "zombies" else getattr(p, key)
            new = now + delta
            if new < 0:
                return f"{p.name}'s {key} would go below zero ({now} {delta:+d})", R_ADJUST
            if key == "life" and new > LIFE_CAP:
                return f"life never exceeds {LIFE_CAP} ({p.name} has {now})", R_LIFE_CAP
            if key == "guts" and new > GUTS_CAP:
                return f"guts never exceed {GUTS_CAP}", R_ADJUST
            if key == "hand":
                if new > self.hand_limit(seat):
                    return f"a hand holds at most {self.hand_limit(seat)}", R_HAND
                if delta > 0 and delta > self.events_left + self.discards:
                    return ("the event deck and the discard pile cannot give that many "
                            "cards", R_ADJUST)
        return None

    # -- apply ------------------------------------------------------------------------------

    #: the attributes an event may change in place (containers); every other attribute
    #: is a number, string, tuple or None that an event only rebinds, or set-up that no
    #: event changes (the tile data, the seat index, the common tags)
    _CONTAINERS = frozenset({"players", "tokens", "placed", "bidding"})

    def _save(self) -> dict[str, Any]:
        """Every attribute, with a fresh copy of each container an event changes in place
        (:data:`_CONTAINERS`): the seats with their cards in play and weapon bonuses, the
        tokens, the placed tiles and the bidding.  Restoring it undoes any event; it is
        also an independent copy of the game.  Far cheaper than a deep copy (issue 26)."""
        saved = self.__dict__.copy()
        saved["players"] = [_copy_seat(p) for p in self.players]
        saved["tokens"] = self.tokens.copy()
        saved["placed"] = self.placed.copy()
        b = self.bidding
        if b is not None:
            saved["bidding"] = Bidding(b.order.copy(), b.passed.copy(), b.high, b.leader, b.at)
        return saved

    def _restore(self, saved: dict[str, Any]) -> None:
        """Put back a :meth:`_save` snapshot, dropping any attribute set since."""
        self.__dict__.clear()
        self.__dict__.update(saved)

    def apply(self, text: str) -> Applied:
        """Check and apply one event; atomic (a refused event changes nothing: every
        check runs before any change, and a snapshot of the mutable state, not a deep
        copy, is put back should the change itself raise)."""
        seat, verb, args = self.parse(text)
        refuse(self.check(seat, verb, args))
        saved = self._save()
        try:
            canon, notes = getattr(self, "_do_" + verb.replace("-", "_"))(seat, args)
        except BaseException:
            self._restore(saved)
            raise
        return Applied(f"{self.players[seat].name}: {canon}", notes)

    def _win(self, seat: int, ending: str, notes: list[str], why: str) -> None:
        self.winner, self.ending = seat, ending
        self.phase = "over"
        notes.append(f"{self.players[seat].name} wins: {why}")

    def _kills_changed(self, seat: int, notes: list[str]) -> None:
        p = self.players[seat]
        if not self.over and p.kills >= self.kills_to_win:
            self._win(seat, "kills", notes, f"{p.kills} kills (needed {self.kills_to_win})")

    def _do_tile(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        notes: list[str] = []
        kind = a["kind"]
        if kind == "none":
            canon = "tile none"
        else:
            self.tiles_left -= 1
            if kind == "discard":
                canon = "tile discard"
                notes.append("the tile is discarded")
            elif kind == "road":
                dogs = a.get("dogs")
                self.zombies += a["n"] + (dogs or 0)
                canon = f"tile road {a['n']}" + (f" dogs={dogs}" if dogs is not None else "")
                notes.append(f"{_plural(a['n'], 'zombie')} {'comes' if a['n'] == 1 else 'come'} with the tile"
                             + (f", and {_plural(dogs, 'zombie dog')}" if dogs else ""))
            else:
                counts = self.tile_counts(a)
                found = self.data.lookup(a["name"])
                name = found[0] if found else a["name"]
                extra = counts["dogs"] + counts["enhanced"]
                self.zombies += counts["z"] + extra
                self.tokens["ammo"] += counts["ammo"]
                self.tokens["life"] += counts["life"]
                self.placed.append(name.lower())
                canon = f'tile "{name}" z={counts["z"]} ammo={counts["ammo"]} life={counts["life"]}'
                for key in ("dogs", "enhanced"):
                    if counts[key]:
                        canon += f" {key}={counts[key]}"
                notes.append(f"{name}: {_plural(counts['z'] + extra, 'zombie')}, "
                             f"{counts['ammo']} ammo and {counts['life']} life placed")
                if name.lower() == "helipad":
                    self._start_bidding(notes)
                    return canon, notes
            if self.tiles_left == 0 and self.helipad == "unseen":
                self.helipad = "gone"
                notes.append("the tiles ran out without the Helipad: it is gone")
        self.phase = "start"
        return canon, notes

    def _start_bidding(self, notes: list[str]) -> None:
        order_from_drawer = [(self.seat + i) % self.n for i in range(self.n)]
        most = max(self.players[s].kills for s in order_from_drawer)
        first = next(s for s in order_from_drawer if self.players[s].kills == most)
        order = [(first + i) % self.n for i in range(self.n)]
        self.bidding = Bidding(order)
        self.phase = "bid"
        notes.append(f"the Helipad: bidding starts with {self.players[first].name}")

    def _advance_bid(self, notes: list[str]) -> None:
        b = self.bidding
        active = [s for s in b.order if s not in b.passed]
        if len(active) == 1:
            win = active[0]
            bid = b.high if b.leader == win else 0
            self.players[win].kills -= bid
            self.helipad = "placed"
            self.bidding = None
            self.phase = "start"
            notes.append(f"{self.players[win].name} places the Helipad and discards "
                         f"{_plural(bid, 'kill')}")
            return
        for step in range(1, len(b.order) + 1):
            i = (b.at + step) % len(b.order)
            if b.order[i] not in b.passed:
                b.at = i
                return

    def _do_bid(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        notes: list[str] = []
        self.bidding.high, self.bidding.leader = a["n"], seat
        self._advance_bid(notes)
        return f"bid {a['n']}", notes

    def _do_pass(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        notes: list[str] = []
        self.bidding.passed.add(seat)
        self._advance_bid(notes)
        return "pass", notes

    def _do_fight(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        p = self.players[seat]
        kind, roll, choice = a["kind"], a["n"], a["choice"]
        k = kill_number(kind)
        bonus = self._bonus(a)
        weapon = self._in_play(seat, a["weapons"][0][1]) if a.get("weapons") else None
        armed = f' +{bonus} "{weapon}"' if weapon else ""
        total = roll + bonus
        if total < k and choice is None:
            options = self.fight_options(seat, a)
            if len(options) == 2:
                base = f"{p.name}: fight {roll}" + (f" {kind}" if kind else "") + armed
                raise ChoiceNeeded(
                    f"a {roll}{f' +{bonus}' if bonus else ''} loses against a kill number of "
                    f"{k}: spend ammo or lose life",
                    R_FIGHT_ROLL, "pay the lost roll with",
                    [Option(f"{base} ammo", f"spend {k - total} ammo: a kill"),
                     Option(f"{base} life", f"lose {self._life_cost(seat, kind)} life and roll again")])
            choice = options[0] if options else None
        notes: list[str] = []
        if weapon:
            p.bonus[weapon.lower()] = bonus
            notes.append(f"{weapon} adds {bonus}: {roll} + {bonus} = {total}")
        start = self.phase == "start"
        canon = f"fight {roll}" + (f" {kind}" if kind else "") + armed + (f" {choice}" if choice else "")
        what = kind or "zombie"
        if total >= k or choice == "ammo":
            if choice == "ammo":
                p.ammo -= k - total
                notes.append(f"{_plural(k - total, 'ammo token')} {'raises' if k - total == 1 else 'raise'} "
                             f"the {total} to {k}")
            p.kills += 1
            self.zombies -= 1
            self.fight_open = None
            self.fight_weapon = None
            notes.append(f"{p.name} kills the {what}: {_plural(p.kills, 'kill')}")
            if start:
                self.start_fights += 1
                self.start_kills += 1
                self.picks += 1
            else:
                self.fights_here = (self.fights_here or 0) + 1
            self._kills_changed(seat, notes)
        elif choice == "life":
            loss = self._life_cost(seat, kind)
            p.life -= loss
            self.fight_open = what
            self.fight_weapon = (weapon, bonus) if weapon else None
            notes.append(f"{p.name} loses {loss} life ({p.life} left) and fights on")
        else:
            lost = 1 if p.kills > 0 else 0
            p.kills -= lost
            self.fight_open = None
            self.fight_weapon = None
            self.stopped = True
            if start:
                self.start_fights += 1
            else:
                self.fights_here = (self.fights_here or 0) + 1
            notes.append(f"{p.name} has no life and too little ammo: "
                         + ("loses a kill" if lost else "no kill to lose")
                         + f", the {what} stays, and no more moving this turn")
        return canon, notes

    def _life_cost(self, seat: int, kind: str | None) -> int:
        life = self.players[seat].life
        return max(1, -(-life // 2)) if kind == "dog" else 1

    def _do_draw(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        notes: list[str] = []
        n = a["n"]
        self._take_cards(n, notes)
        self.players[seat].hand += n
        self.drawn = True
        return f"draw {n}", notes

    def _do_roll(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        p = self.players[seat]
        r = a["n"]
        self.allowance = max(r, self.start_life)
        self.phase = "move"
        self.drawn = True
        notes = [f"allowance {self.allowance} (roll {r}, life at the start of the turn "
                 f"{self.start_life})"]
        if self.has("schools-out"):
            if r == 6 and p.guts < GUTS_CAP:
                p.guts += 1
                notes.append(f"a natural 6: {p.name} gains a guts token ({p.guts})")
            elif r == 1 and p.guts > 0:
                p.guts -= 1
                notes.append(f"a natural 1: {p.name} loses a guts token ({p.guts})")
        if self.stopped:
            notes.append(f"{p.name} lost a fight this turn and cannot move")
        return f"roll {r}", notes

    def _do_duct(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        self.allowance = 0
        self.phase = "move"
        self.drawn = True
        self.fights_here = 0
        self.picks += 1
        return "duct", [f"{self.players[seat].name} takes a duct to the next store instead of rolling"]

    def _do_move(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        self.moved += a["n"]
        self.picks += a["n"]
        self.fights_here = 0
        return f"move {a['n']}", [f"{self.left_to_move()} of {self.allowance} left"]

    def _do_pick(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        what = a["what"]
        p = self.players[seat]
        self.tokens[what] -= 1
        self.picks -= 1
        setattr(p, what, getattr(p, what) + 1)
        return f"pick {what}", [f"{p.name} has {p.life} life and {p.ammo} ammo"]

    def _do_town_square(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        p = self.players[seat]
        p.life, p.ammo = max(p.life, REFILL), max(p.ammo, REFILL)
        extra = ""
        if self.has("schools-out"):
            p.guts = max(p.guts, REFILL)
            extra = f", {p.guts} guts"
        self.move_over = True
        self.fights_here = None
        return "town-square", [f"{p.name} refills: {p.life} life, {p.ammo} ammo{extra}"]

    def _do_helipad(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        notes: list[str] = []
        self._win(seat, "helipad", notes, "reached the helipad")
        return "helipad", notes

    def _do_spell(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        notes: list[str] = []
        self.spelled = True
        total = a["n"] + self.pages()
        if total >= SPELL:
            self._win(seat, "spell", notes, f"the spell is cast ({a['n']} + "
                                            f"{_plural(self.pages(), 'page')} = {total})")
        else:
            notes.append(f"the spell fails ({a['n']} + {_plural(self.pages(), 'page')} = {total})")
        return f"spell {a['n']}", notes

    def _do_zombies(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        self.phase = "discard"
        self.fights_here = None
        split = tuple(sorted(a["split"] or (), reverse=True))
        self.last_zombie_roll = (a["n"], split if a["split"] is not None else None)
        if not split:
            return f"zombies {a['n']}", ["the zombie moves are not written" if a["split"] is None
                                         else "no zombie moves"]
        return (f"zombies {a['n']}: " + " ".join(map(str, split)),
                [f"{_plural(len(split), 'zombie')} move"])

    def _guts_cut(self, seat: int, notes: list[str]) -> None:
        """School's Out Forever: at the end of the turn the hand is cut down to the guts
        (at least one) before the optional discard (ruling 20)."""
        p = self.players[seat]
        if self.has("schools-out") and p.hand > self.hand_limit(seat):
            extra = p.hand - self.hand_limit(seat)
            p.hand -= extra
            self.discards += extra
            notes.append(f"{p.name} discards down to {p.hand} (guts)")

    def _end_turn(self, seat: int, notes: list[str]) -> None:
        if self.zombies == 0:
            self.zombies += REPOPULATE
            notes.append(f"no zombie in play: {REPOPULATE} zombies are placed")
        self.turns += 1
        self.seat = (self.seat + 1) % self.n
        self.players[self.seat].event_round = False
        self.phase = "tile"
        self._new_turn_flags()
        notes.append(f"{self.players[self.seat].name}'s turn")

    def _do_discard(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        notes: list[str] = []
        self._guts_cut(seat, notes)
        self.players[seat].hand -= 1
        self.discards += 1
        self._end_turn(seat, notes)
        return "discard", notes

    def _do_end(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        notes: list[str] = []
        self._guts_cut(seat, notes)
        self._end_turn(seat, notes)
        return "end", notes

    def _do_event(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        p = self.players[seat]
        p.hand -= 1
        p.event_round = True
        self.discards += 1
        return f'event "{a["card"]}"', [f"{p.name} plays {a['card']}"]

    def _do_item(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        p = self.players[seat]
        p.hand -= 1
        p.event_round = True
        p.in_play.append(a["card"])
        return f'item "{a["card"]}"', [f"{a['card']} stays in play in front of {p.name}"]

    def _do_drop(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        p = self.players[seat]
        card = next(c for c in p.in_play if c.lower() == a["card"].lower())
        p.in_play.remove(card)
        p.bonus.pop(card.lower(), None)
        if seat == self.seat and self.fight_weapon and self.fight_weapon[0] == card:
            self.fight_weapon = None          # the open fight goes on without it
        self.discards += 1
        return f'drop "{card}"', [f"{card} leaves play"]

    def _do_reshuffle(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        return "reshuffle", ["noted: the referee shuffles the discards into a new event deck "
                             "by itself when a draw needs them (nothing changes)"]

    def _do_adjust(self, seat: int, a: dict[str, Any]) -> tuple[str, list[str]]:
        p = self.players[seat]
        notes: list[str] = []
        for key, delta in a["changes"]:
            if key == "zombies":
                self.zombies += delta
            elif key == "hand":
                if delta > 0:
                    self._take_cards(delta, notes)
                else:
                    self.discards -= delta
                p.hand += delta
            else:
                setattr(p, key, getattr(p, key) + delta)
        canon = "adjust " + " ".join(f"{k} {d:+d}" for k, d in a["changes"])
        if any(k == "kills" and d > 0 for k, d in a["changes"]):
            self._kills_changed(seat, notes)
        return canon, notes

    # -- dice and choices -------------------------------------------------------------------

    def fill_dice(self, text: str, roll: Callable[[], int]) -> str:
        """Roll for the table what ``text`` leaves out: ``Ann: roll``, ``Ann: fight
        [dog|enhanced] [+B "Weapon"]``, ``Ann: zombies``, ``Ann: spell``, and The End's dogs on an
        unnamed tile (``Ann: tile road 2``)."""
        who, sep, rest = text.partition(":")
        if not sep:
            return text
        words = rest.split()
        low = [w.lower() for w in words]
        if low in (["roll"], ["spell"], ["zombies"]):
            return f"{who.strip()}: {low[0]} {roll()}"
        m = re.fullmatch(r'\s*fight((?:\s+(?:dog|enhanced))?(?:\s+\+\d{1,2}\s+"[^"]+")?)\s*', rest,
                         re.IGNORECASE)
        if m:
            return f"{who.strip()}: fight {roll()}" + (" " + " ".join(m.group(1).split())
                                                       if m.group(1).strip() else "")
        if (self.has("the-end") and len(low) == 3 and low[:2] == ["tile", "road"]
                and low[2].isdigit()):
            return f"{who.strip()}: tile road {low[2]} dogs={roll()}"
        return text

    def choice_before(self, text: str) -> ChoiceNeeded | None:
        """At a terminal, a zombie roll with no split written asks for the split."""
        try:
            seat, verb, args = self.parse(text)
        except BadInputError:
            return None
        if verb != "zombies" or args["split"] is not None or self.check(seat, verb, args):
            return None
        splits = zombie_splits(args["n"], self.zombies)
        if len(splits) <= 1:
            return None
        name = self.players[seat].name
        opts = [Option(self._zombie_text(name, args["n"], s), self._zombie_desc(args["n"], s))
                for s in splits]
        return ChoiceNeeded(f"the zombie roll is {args['n']}", R_ZOMBIE_POINTS,
                            "how are the zombie moves split", opts)

    @staticmethod
    def _zombie_text(name: str, roll: int, split: tuple[int, ...]) -> str:
        return f"{name}: zombies {roll}" + (": " + " ".join(map(str, split)) if split else "")

    @staticmethod
    def _zombie_desc(roll: int, split: tuple[int, ...]) -> str:
        if not split:
            return f"zombie roll {roll}: moves not written (or none)"
        return f"zombie roll {roll}: {_plural(len(split), 'zombie')} move, {sum(split)} in all"

    # -- listings ---------------------------------------------------------------------------

    def _candidates(self) -> list[tuple[int, str, dict[str, Any], str]]:
        """``(seat, verb, args, description)`` for the events worth listing now."""
        out: list[tuple[int, str, dict[str, Any], str]] = []
        if self.over:
            return out
        s = self.to_move
        name = self.players[s].name
        if self.phase == "bid":
            b = self.bidding
            low = 0 if b.high is None else b.high + 1
            for n in range(low, self.players[s].kills + 1):
                out.append((s, "bid", {"n": n}, f"bid {_plural(n, 'kill')} for the Helipad"))
            out.append((s, "pass", {}, "pass: no more bids from " + name))
        elif self.phase == "tile":
            out.append((s, "tile", {"kind": "none"}, "no tile is left"))
            dogs = [None] if not self.has("the-end") else list(range(1, 7))
            for n in range(1, MAX_ACCESS + 1):
                for d in dogs:
                    out.append((s, "tile", {"kind": "road", "n": n, "dogs": d},
                                f"an unnamed tile: {_plural(n, 'zombie')}"
                                + (f" and {_plural(d, 'dog')}" if d else "")))
            out.append((s, "tile", {"kind": "discard"}, "the drawn tile cannot be placed"))
            for key, counts in self.data.tiles.items():
                full = {k: counts[k] for k in REQUIRED if k in counts}
                if len(full) == len(REQUIRED):
                    out.append((s, "tile", {"kind": "named", "name": self.data.names[key],
                                            "counts": {}}, f"{self.data.names[key]} (tile data)"))
            if self.data.lookup("helipad") is None or len(self.data.lookup("helipad")[1]) < 3:
                out.append((s, "tile", {"kind": "named", "name": "Helipad",
                                        "counts": {"z": 1, "ammo": 0, "life": 0}},
                            "the Helipad comes up (write its printed counts): bidding"))
        else:
            kinds = [None] + (["dog"] if self.has("the-end") else []) + (
                ["enhanced"] if self.has("zombie-corps") else [])
            p = self.players[s]
            arms = [(None, 0)] + self.known_weapons(s)
            for kind in kinds:
                for weapon, bonus in arms:
                    begin = len(out)
                    weapons = [(bonus, weapon)] if weapon else []
                    k = kill_number(kind)
                    what = kind or "zombie"
                    for r in range(1, 7):
                        a = {"n": r, "kind": kind, "choice": None, "weapons": weapons}
                        opts = self.fight_options(s, a)
                        if r + bonus >= k:
                            out.append((s, "fight", a, f"kills the {what}"))
                        elif not opts:
                            out.append((s, "fight", a, "no life, too little ammo: loses a kill"))
                        for o in opts:
                            if o == "ammo":
                                desc = f"spend {k - r - bonus} ammo: kills the {what}"
                            else:
                                cost = self._life_cost(s, kind)
                                after = fight_odds(k, p.ammo, p.life - cost, dog=kind == "dog",
                                                   bonus=bonus)
                                desc = f"lose {cost} life, fight on ({after.percent()} to win then)"
                            out.append((s, "fight", {**a, "choice": o}, desc))
                    if len(out) > begin:
                        o = fight_odds(k, p.ammo, p.life, dog=kind == "dog", bonus=bonus)
                        seat_, verb_, a_, desc_ = out[begin]
                        armed = f" with {weapon} +{bonus} each roll" if weapon else ""
                        out[begin] = (seat_, verb_, a_, f"{desc_}; the fight{armed}: {o.percent()} "
                                      f"to win, ~{float(o.life_lost):.1f} life, "
                                      f"~{float(o.ammo_spent):.1f} ammo")
            n = self.draw_count()
            if n:
                out.append((s, "draw", {"n": n}, f"draw {_plural(n, 'event card')}"))
            for r in range(1, 7):
                out.append((s, "roll", {"n": r}, f"movement roll: allowance {max(r, self.start_life)}"))
            out.append((s, "duct", {}, "Mall Walkers: take a duct instead of rolling"))
            for m in range(1, self.left_to_move() + 1):
                out.append((s, "move", {"n": m}, f"move {_plural(m, 'space')}"))
            for what in ("ammo", "life"):
                out.append((s, "pick", {"what": what}, f"take {'an' if what == 'ammo' else 'a'} {what} token"))
            out.append((s, "town-square", {}, "end the move on the Town Square: refill to 3"))
            out.append((s, "helipad", {}, "reach the helipad centre: win"))
            for r in range(1, 7):
                out.append((s, "spell", {"n": r}, "cast the spell: "
                            + ("wins" if r + self.pages() >= SPELL else "fails")))
            if self.phase == "move" and not self.fight_open:
                for r in range(1, 7):
                    for split in zombie_splits(r, self.zombies):
                        out.append((s, "zombies", {"n": r, "split": split or None},
                                    self._zombie_desc(r, split)))
            out.append((s, "discard", {}, "discard a card and end the turn"))
            out.append((s, "end", {}, "end the turn"))
        if self.events_left == 0:
            out.append((s, "reshuffle", {}, "a note that the event deck is empty (the referee "
                        "shuffles the discards in by itself): changes nothing"))
        for i, p in enumerate(self.players):
            out.append((i, "event", {"card": "Event card"}, f"{p.name} plays an event card"))
            out.append((i, "item", {"card": "Item card"}, f"{p.name} puts a card in play"))
            for c in p.in_play:
                out.append((i, "drop", {"card": c}, f"{c} leaves play"))
        return out

    def _text(self, seat: int, verb: str, a: dict[str, Any]) -> str:
        name = self.players[seat].name
        if verb == "tile":
            k = a["kind"]
            if k in ("none", "discard"):
                return f"{name}: tile {k}"
            if k == "road":
                return f"{name}: tile road {a['n']}" + (f" dogs={a['dogs']}" if a.get("dogs") else "")
            counts = self.tile_counts(a)
            t = f'{name}: tile "{a["name"]}" z={counts["z"]} ammo={counts["ammo"]} life={counts["life"]}'
            for key in ("dogs", "enhanced"):
                if counts[key]:
                    t += f" {key}={counts[key]}"
            return t
        if verb == "fight":
            armed = "".join(f' +{b} "{w}"' for b, w in a.get("weapons") or ())
            return (f"{name}: fight {a['n']}" + (f" {a['kind']}" if a["kind"] else "") + armed
                    + (f" {a['choice']}" if a["choice"] else ""))
        if verb in ("bid", "draw", "roll", "move", "spell"):
            return f"{name}: {verb} {a['n']}"
        if verb == "pick":
            return f"{name}: pick {a['what']}"
        if verb == "zombies":
            if a["split"] is None:
                return f"{name}: zombies {a['n']}"
            return self._zombie_text(name, a["n"], a["split"])
        if verb in ("event", "item", "drop"):
            return f'{name}: {verb} "{a["card"]}"'
        return f"{name}: {verb}"

    def legal_events(self) -> list[Option]:
        """Every event legal now, complete, with what it would do."""
        out = []
        for seat, verb, a, desc in self._candidates():
            if self.check(seat, verb, a) is None:
                out.append(Option(self._text(seat, verb, a), desc))
        return out

    def blocked_events(self) -> list[Blocked]:
        """The turn's usual events that are not legal now, and why."""
        if self.over:
            return []
        s = self.to_move
        tries = [(s, "tile", {"kind": "road", "n": 2, "dogs": None}), (s, "draw", {"n": self.draw_count() or 1}),
                 (s, "roll", {"n": 3}), (s, "move", {"n": 1}),
                 (s, "fight", {"n": 4, "kind": None, "choice": None, "weapons": []}),
                 (s, "zombies", {"n": 4, "split": None}),
                 (s, "end", {}), (s, "event", {"card": "Event card"})]
        out = []
        reasons = set()
        for seat, verb, a in tries:
            problem = self.check(seat, verb, a)
            if problem and problem[0] not in reasons:  # one line per reason
                reasons.add(problem[0])
                out.append(Blocked(self._text(seat, verb, a), *problem))
        return out

    # -- state ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The spec's JSON state, plus ``expansions``, ``guts``, ``left_to_move``,
        ``picks``, ``bidding``, ``discards`` and ``pages``."""
        players = {}
        for i, p in enumerate(self.players):
            mine = i == self.seat   # kept as they were when the game ends (ruling 17)
            entry = {"life": p.life, "ammo": p.ammo, "kills": p.kills, "hand": p.hand,
                     "event_this_round": p.event_round,
                     "in_play": sorted(p.in_play, key=str.lower),
                     "allowance": self.allowance if mine else None,
                     "moved": self.moved if mine else 0}
            if self.has("schools-out"):
                entry["guts"] = p.guts
            if self.has("six-feet-under"):
                entry["sewer"] = p.sewer
            players[p.name] = entry
        bidding = None
        if self.bidding is not None:
            b = self.bidding
            bidding = {"high": b.high,
                       "leader": None if b.leader is None else self.players[b.leader].name,
                       "passed": [self.players[s].name for s in b.order if s in b.passed]}
        nxt = self.to_move
        return {
            "game": self.name, "over": self.over,
            "winner": None if self.winner is None else self.players[self.winner].name,
            "ending": self.ending, "turn": self.turns,
            "next": None if nxt is None else self.players[nxt].name,
            "step": self.step, "kills_to_win": self.kills_to_win, "players": players,
            "zombies_in_play": self.zombies, "tokens": dict(self.tokens),
            "tiles_left": self.tiles_left, "helipad": self.helipad,
            "events_left": self.events_left,
            "expansions": list(self.expansions), "left_to_move": self.left_to_move(),
            "picks": self.picks, "stopped": self.stopped, "bidding": bidding,
            "discards": self.discards,
        }


# -- small parsers ------------------------------------------------------------------------

def _int(text: str, what: str, low: int, high: int) -> int:
    t = text.strip()
    if not re.fullmatch(r"\d{1,4}", t):
        raise BadInputError(f"`{what}` takes a number, not {t[:20]!r}")
    n = int(t)
    if not low <= n <= high:
        raise BadInputError(f"`{what}` takes {low}..{high}, not {n}")
    return n


def _die(text: str, what: str) -> int:
    return die_roll(text, f"`{what}` takes a die roll 1..6, not {{!r}}")


_FIGHT_FORM = 'write `fight N [dog|enhanced] [+B "Weapon"] [ammo|life]`'


def _card_name(raw: str, what: str = "a card name") -> str:
    """A card or tile name with its spaces tidied; ``;`` would start a comment in a
    record, so it is refused (:class:`BadInputError`)."""
    name = " ".join(raw.split())
    if ";" in name:
        raise BadInputError(f"{what} cannot hold ';' (it starts a comment in a record)")
    return name


def _parse_fight(tail: str) -> dict[str, Any]:
    """``{"n", "kind", "choice", "weapons"}`` of ``fight 3 [dog|enhanced] [+2 "Chainsaw"]
    [ammo|life]`` (ruling 22: ``weapons`` is a list of ``(bonus, name)``, refused later
    when it holds more than one)."""
    if tail.count('"') % 2:
        raise BadInputError(f"unmatched quote in a fight: {_FIGHT_FORM}")
    words = re.findall(r'"[^"]*"|[^\s"]+', tail)
    if not words:
        raise BadInputError("`fight` takes the die roll: `fight 4`")
    roll = _die(words[0], "fight")
    kind = choice = None
    weapons: list[tuple[int, str]] = []
    i = 1
    while i < len(words):
        w = words[i]
        low = w.lower()
        if low in ("dog", "enhanced") and kind is None:
            kind = low
        elif low in ("ammo", "life") and choice is None:
            choice = low
        elif re.fullmatch(r"\+\d{1,2}", w):
            bonus = int(w[1:])
            if not 1 <= bonus <= MAX_BONUS:
                raise BadInputError(f"a weapon adds +1 to +{MAX_BONUS} to the roll, not {w}")
            if i + 1 >= len(words) or not words[i + 1].startswith('"'):
                raise BadInputError(f'name the weapon after its bonus: `fight {roll} {w} "Chainsaw"`')
            name = _card_name(words[i + 1][1:-1])
            if not name:
                raise BadInputError(f"an empty weapon name: {_FIGHT_FORM}")
            weapons.append((bonus, name))
            i += 1
        elif w.startswith('"'):
            raise BadInputError(f"write the weapon's bonus before its name: "
                                f'`fight {roll} +2 {w}`')
        else:
            raise BadInputError(f"unexpected {w[:20]!r} in a fight: {_FIGHT_FORM}")
        i += 1
    return {"n": roll, "kind": kind, "choice": choice, "weapons": weapons}


def _parse_zombies(tail: str) -> dict[str, Any]:
    head, sep, moves = tail.partition(":")
    n = _die(head, "zombies")
    if not sep or not moves.strip() or moves.strip() in ("none", "-"):
        return {"n": n, "split": None if not sep else ()}
    parts = moves.split()
    if not all(re.fullmatch(r"\d{1,2}", p) for p in parts):
        raise BadInputError("write the zombie moves as numbers: `zombies 5: 2 2 1`")
    split = tuple(int(p) for p in parts)
    if any(p == 0 for p in split):
        raise BadInputError("each zombie moved takes at least one move")
    return {"n": n, "split": split}


def _counts(text: str, allowed: tuple[str, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for pair in text.split():
        key, _, value = pair.partition("=")
        if key not in allowed:
            raise BadInputError(f"unknown tile count {key!r} (write {', '.join(k + '=N' for k in allowed)})")
        if key in out:
            raise BadInputError(f"{key}= is given twice")
        n = int(value)
        if n > 60:
            raise BadInputError(f"{key}={n} is more than a tile holds")
        out[key] = n
    return out


def _parse_adjust(tail: str) -> list[tuple[str, int]]:
    words = tail.split()
    if not words or len(words) % 2:
        raise BadInputError("write `adjust life +1 ammo -2` (a field and a signed number each)")
    out: list[tuple[str, int]] = []
    for key, value in zip(words[::2], words[1::2]):
        if key not in ADJUST_FIELDS:
            raise BadInputError(f"unknown field {key!r} (adjust {', '.join(ADJUST_FIELDS)})")
        if any(k == key for k, _ in out):
            raise BadInputError(f"{key} is adjusted twice")
        if not re.fullmatch(r"[+-]\d{1,2}", value):
            raise BadInputError(f"write a signed number such as +1 or -2, not {value[:10]!r}")
        delta = int(value)
        if delta == 0:
            raise BadInputError("an adjustment of 0 changes nothing")
        out.append((key, delta))
    return out
