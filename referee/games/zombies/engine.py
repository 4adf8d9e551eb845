"""Zombies!!! quick-play variant: the pure engine (``docs/zombies.md``).

The map stays on the table.  The referee keeps the books the players lose track of:
each player's life, ammo, kills, event cards in hand and in play, the tiles left and
the helipad, the zombies and tokens on the board, and the step of the turn.  Players
state what the map decides (a fight, a token picked up, the Town Square, the
helipad centre) and the referee checks it is possible by the numbers.

Every rejection raises :class:`IllegalEventError` with a rule id from
:data:`RULE_IDS`; malformed events and tags raise :class:`BadInputError`; a lost
combat roll with both ammo and life to pay raises :class:`ChoiceNeeded`.

The parts, on the kernel of :class:`referee.games.base.Kernel`: :mod:`.notation`
(event text to a typed :class:`~.notation.Event`), :mod:`.state` (the frozen
position), :mod:`.rules` (the checks and the steps), :mod:`.listing` (the events worth
listing); this module is the ``Game`` and its set-up.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from referee import records
from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.games.base import Blocked, Kernel
from referee.seats import seat_index

from . import listing
from .notation import ADJUST_FIELDS, MAX_ACCESS, MAX_BONUS, Event, card_key, event_line, parse_event, setup_key, zombie_text  # noqa: F401
from .rules import (R_ADJUST, R_ALLOWANCE, R_BID, R_BID_RULES, R_CONTINUES, R_COPY, R_DISCARD,  # noqa: F401
                    R_DOG, R_DOGS, R_DRAW, R_ENHANCED, R_EXPANSION, R_FIGHT_ROLL, R_FIGHT_WHEN,
                    R_HALF, R_HAND, R_HELIPAD, R_HELIPAD_DECK, R_IN_PLAY, R_LIFE_CAP, R_NO_ZOMBIE,
                    R_OUT_OF_LIFE, R_OVER, R_PAGES, R_PICK, R_REMOVED, R_ROUND, R_SPELL, R_STEP,
                    R_STOPPED, R_TILE_EMPTY, R_TILE_NAMED, R_TOWN, R_TURN, R_WEAPON,
                    R_ZOMBIE_POINTS, REMOVED_EVENTS, RULE_IDS, TURN_VERBS, event_check,
                    zombie_splits)
from .steps import event_step
from .state import (DEFAULT_EVENTS, DEFAULT_TILES, GUTS_CAP, HAND, HARD_KILL, KILL,  # noqa: F401
                    KILLS_TO_WIN, LIFE_CAP, QUICK_PLAY_TILES, REFILL, REMOVED_PER_PLAYER,
                    REPOPULATE, SPELL, START_AMMO, START_GUTS, START_LIFE, START_SEWER, Bidding,
                    Seat, Setup, State, Tokens, initial_state, kill_number)
from .tiles import BUILTIN, TileData, builtin_tile_data, check_expansions, parse_tile_data

EXPANSIONS = ("zombie-corps", "mall-walkers", "the-end", "schools-out", "six-feet-under")
_EXP_ALIASES = {"zombie-corps": "zombie-corps", "zombie-corpse": "zombie-corps",
                "zombie-corps(e)": "zombie-corps", "zombies-2": "zombie-corps",
                "mall-walkers": "mall-walkers", "the-end": "the-end", "end": "the-end",
                "schools-out": "schools-out", "schools-out-forever": "schools-out",
                "school's-out-forever": "schools-out", "six-feet-under": "six-feet-under"}


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


class Game(Kernel):
    """A game of Zombies!!! quick play as the referee sees it (see the module doc).

    The position is :attr:`state`, a frozen :class:`~.state.State` replaced by each
    event; its books read as attributes of the game (``game.zombies``,
    ``game.players[0].life``), and assigning one (``game.zombies = 10``) replaces the
    state by a copy with it changed."""

    name = "zombies"

    def __init__(self, players: list[str], tiles: int = DEFAULT_TILES, events: int = DEFAULT_EVENTS,
                 expansions: tuple[str, ...] = (), data: TileData | None = None,
                 tile_data_tag: str | None = None) -> None:
        names = tuple(players)
        data = data or builtin_tile_data()
        self.setup = Setup(names, tiles, events, tuple(expansions), data, tile_data_tag,
                           seat_index(names), setup_key(names, data))
        self.state: State = initial_state(self.setup)

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

    # -- reading the position -----------------------------------------------------------------

    n = property(lambda self: self.setup.n, doc="The number of players.")
    data = property(lambda self: self.setup.data, doc="The tile data.")
    expansions = property(lambda self: self.setup.expansions, doc="The expansions in play.")
    tiles_total = property(lambda self: self.setup.tiles_total, doc="The [Tiles] count.")
    events_total = property(lambda self: self.setup.events_total, doc="The [Events] count.")
    tile_data_tag = property(lambda self: self.setup.tile_data_tag, doc="The [TileData] tag.")
    kills_to_win = property(lambda self: self.setup.kills_to_win, doc="Kills that win.")
    helipad_window = property(lambda self: self.setup.helipad_window,
                              doc="The bottom tiles the Helipad lies in.")

    @property
    def tokens(self) -> dict[str, int]:
        """The tokens on the board, ``{"ammo": n, "life": n}`` (a copy)."""
        return self.state.tokens._asdict()

    @tokens.setter
    def tokens(self, value: dict[str, int]) -> None:
        self.state = self.state.but(tokens=Tokens(**value))

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    @property
    def to_move(self) -> int | None:
        """The seat due to act: the bidder during bidding, else the turn's player."""
        return self.state.to_move

    @property
    def turn_step(self) -> str | None:
        """The spec's ``step``: the next step of the turn (``tile``, ``bid``, ``fight``,
        ``draw``, ``roll``, ``move``, ``discard``; None once the game is over)."""
        return self.state.turn_step

    def has(self, expansion: str) -> bool:
        return expansion in self.setup.expansions

    def hand_limit(self, seat: int) -> int:
        """Three, or with School's Out Forever the guts held (at least one)."""
        return self.state.hand_limit(seat)

    def draw_count(self) -> int:
        """Cards the player to move must draw now (see :meth:`.state.Books.draw_count`)."""
        return self.state.draw_count()

    def start_fight_cap(self) -> int:
        """Start-of-turn fights allowed: one, or three with The End."""
        return self.state.start_fight_cap()

    def left_to_move(self) -> int:
        """Spaces of the allowance not yet moved (0 when stopped or before the roll)."""
        return self.state.left_to_move()

    def pages(self, seat: int | None = None) -> int:
        """Page cards in play (The End): in front of anyone, or of ``seat``."""
        return self.state.pages(seat)

    def known_weapons(self, seat: int) -> list[tuple[str, int]]:
        """The cards in ``seat``'s play whose weapon bonus has been written in a fight,
        with that bonus, sorted by name (ruling 22)."""
        return self.state.known_weapons(seat)

    # -- the kernel ---------------------------------------------------------------------------

    def parse(self, text: str) -> Event:
        """The :class:`~.notation.Event` ``text`` names (it reads the set-up only: the
        seats and the tile data; cached); :class:`BadInputError` when malformed."""
        return parse_event(text, self.setup)

    #: ``check(state, event) -> Problem | None``: the first rule ``event`` breaks in
    #: ``state`` (:func:`.rules.event_check`).
    check = staticmethod(event_check)

    #: ``step(state, event) -> Step``: ``event`` applied to a copy of ``state``
    #: (:func:`.steps.event_step`): the new state, ``Player: canonical text`` and the
    #: notes.  :class:`ChoiceNeeded` for a lost roll with both ammo and life to pay.
    step = staticmethod(event_step)

    def event_text(self, event: Event) -> str | None:
        """None: a refusal names the line as the player typed it."""
        return None

    def candidates(self, state: State) -> list[Event]:
        """The events worth trying in ``state`` (:func:`.listing.options`)."""
        return [e for e, _ in listing.options(state)]

    def attempts(self, state: State) -> list[tuple[str, Event]]:
        """The turn's usual events (:func:`.listing.attempts`) as a player types them."""
        return [(event_line(self.setup, e), e) for e in listing.attempts(state)]

    def legal_events(self) -> list[Option]:
        """Every event legal now, complete, with what it would do (the description of
        :func:`.listing.options`: fights with their odds)."""
        s = self.state
        return [Option(event_line(self.setup, e), desc) for e, desc in listing.options(s)
                if event_check(s, e) is None]

    def blocked_events(self) -> list[Blocked]:
        """The turn's usual events that are not legal now, and why: one line a reason."""
        out, reasons = [], set()
        for b in super().blocked_events():
            if b.reason not in reasons:
                reasons.add(b.reason)
                out.append(b)
        return out

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
            e = self.parse(text)
        except BadInputError:
            return None
        if e.verb != "zombies" or e.split is not None or self.check(self.state, e):
            return None
        splits = zombie_splits(e.n, self.state.zombies)
        if len(splits) <= 1:
            return None
        name = self.setup.names[e.seat]
        opts = [Option(zombie_text(name, e.n, s), listing.zombie_desc(e.n, s)) for s in splits]
        return ChoiceNeeded(f"the zombie roll is {e.n}", R_ZOMBIE_POINTS,
                            "how are the zombie moves split", opts)

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
            "step": self.state.turn_step, "kills_to_win": self.kills_to_win, "players": players,
            "zombies_in_play": self.zombies, "tokens": dict(self.tokens),
            "tiles_left": self.tiles_left, "helipad": self.helipad,
            "events_left": self.events_left,
            "expansions": list(self.expansions), "left_to_move": self.left_to_move(),
            "picks": self.picks, "stopped": self.stopped, "bidding": bidding,
            "discards": self.discards,
        }


def _forward(name: str) -> property:
    """``game.<name>``: the state's attribute; assigning it replaces the state."""
    def get(self: Game) -> Any:
        return getattr(self.state, name)

    def put(self: Game, value: Any) -> None:
        self.state = self.state.but(**{name: value})

    return property(get, put, doc=f"The state's ``{name}`` (see :class:`.state.State`).")


for _name in ("players", "tiles_left", "helipad", "events_left", "discards", "zombies", "placed",
              "turns", "seat", "phase", "bidding", "winner", "ending", "start_life",
              "start_fights", "start_kills", "drawn", "allowance", "moved", "picks", "stopped",
              "move_over", "fight_open", "fight_weapon", "fights_here", "spelled",
              "last_zombie_roll"):
    setattr(Game, _name, _forward(_name))
del _name
