"""The Zombies Want Fluffy rules engine: pure, no I/O.

A :class:`Game` is set up from record tags, then takes events in record notation
(``docs/fluffy.md``): Fluffy's ``deal``, ``discard``, ``draw``, ``play``,
``snag``, ``sprint``, ``end``; the zombies' ``shamble``, ``play``, ``discard``, ``end``.
:meth:`Game.apply` checks each event against the rules, resolves what the rules make
automatic (bounces with one result, zombies rising, shambling, captures, the flower,
running out of cards) and raises :class:`~referee.errors.IllegalEventError` with a rule
id otherwise, or :class:`~referee.errors.ChoiceNeeded` when a player's choice is
missing.  Squares are named like ``b3``; facings are ``N``, ``E``, ``S``, ``W``.

>>> g = Game.from_tags({"Board": "default"})
>>> g.apply("play F").notes
['Fluffy moves l1-l2, facing N']
>>> g.fluffy_at, g.fluffy_facing, g.hand_size
('l2', 'N', 4)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.cards import CardCount, CardError, Hand
from referee.errors import BadInputError, ChoiceNeeded, IllegalEventError, Option
from referee.games.base import Applied, EngineBase
from referee.numbers import is_number, parse_int
from referee.grid import Square, facing_towards, parse_facing, square_name, step, turn_back, turn_left, turn_right

from .scoring import points
from .board import ZOMBIE_NAMES, Board, board_from_tags

# -- cards -------------------------------------------------------------------------------

MOVES = "FLRB"
MOVE_NAMES = {"F": "Move Forward", "L": "Move Left", "R": "Move Right", "B": "Move Backward"}
#: The project's own default deck (the printed mix is not published): 60 movement cards,
#: enough for a run to the tree and back on the 12x12 default yard.
DEFAULT_DECK = "F=24 L=10 R=10 B=4 LR=4 FB=2 FL=3 FR=3"
HAND_LIMIT = 5          #: both players (SETUP, DRAWING AND DISCARDING CARDS)
DEAL = 5                #: cards dealt to each player
ZOMBIE_PLAYS = 3        #: cards the zombie player may play in a turn
FLUFFY_PLAYS = 5        #: cards Fluffy may play in a turn

#: Every rule id this engine can raise (each is an entry in the rules database).
RULE_IDS = frozenset({
    "fluffy.setup", "fluffy.deck", "fluffy.hand", "fluffy.discard", "fluffy.draw",
    "fluffy.zombie-cards", "fluffy.turns", "fluffy.fluffy-turn", "fluffy.zombie-turn",
    "fluffy.movement", "fluffy.zombie-movement", "fluffy.bounce", "fluffy.snag",
    "fluffy.sprint", "fluffy.shamble", "fluffy.game-over",
    "fluffy.ruling.snag-window", "fluffy.ruling.sprint-conditions", "fluffy.ruling.refill-first",
    "fluffy.ruling.zombie-discard", "fluffy.ruling.bounce-facing-needed", "fluffy.ruling.unknown-cards",
    "fluffy.variant.some-zombies", "fluffy.variant.fluffy-hand-open",
})


def parse_card(text: str) -> str:
    """A movement card code, canonical: ``F``, ``L``, ``R``, ``B`` or a choice card of two
    different letters in ``FLRB`` order (``rl`` -> ``LR``).  :class:`BadInputError` otherwise.

    >>> parse_card("rl"), parse_card("bf")
    ('LR', 'FB')
    """
    t = text.strip().upper()
    if len(t) in (1, 2) and all(c in MOVES for c in t) and len(set(t)) == len(t):
        return "".join(sorted(t, key=MOVES.index))
    raise BadInputError(f"{text!r} is not a movement card: F, L, R, B or a choice such as LR")


def card_name(code: str) -> str:
    """``LR`` -> ``Move Left or Right``."""
    if len(code) == 1:
        return MOVE_NAMES[code]
    a, b = (MOVE_NAMES[c].split()[1] for c in code)
    return f"Move {a} or {b}"


def parse_deck(text: str) -> dict[str, int]:
    """``"F=10 L=4 R=4 B=2 LR=2 FB=2"`` -> movement card counts.  The four zombie cards
    are always added by the game, not named here.  :class:`BadInputError` if malformed."""
    deck: dict[str, int] = {}
    for token in text.replace(",", " ").split():
        code, sep, count = token.partition("=")
        if not sep or not is_number(count.strip()):
            raise BadInputError(f"bad deck entry {token!r}: write CODE=COUNT, e.g. F=10")
        code = parse_card(code)
        if code in deck:
            raise BadInputError(f"deck names {code} twice")
        deck[code] = int(count)
    total = sum(deck.values())
    if total < 2 * DEAL:
        raise BadInputError(f"the deck has {total} movement cards; the deal alone needs {2 * DEAL}")
    return deck


def parse_duration(text: str) -> int:
    """``"5m"``, ``"90s"``, ``"2m30s"`` or a bare number of minutes -> seconds.

    >>> parse_duration("2m30s"), parse_duration("5")
    (150, 300)
    """
    t = text.strip().lower().replace(" ", "")
    if is_number(t):
        seconds = parse_int(t, "[OpeningClock] minutes", 1, 10**6) * 60
    else:
        m = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", t)
        if not t or not m:
            raise BadInputError(f"[OpeningClock] is a time such as 5m, 90s or 2m30s, not {text!r}")
        h, mi, se = (parse_int(g, "[OpeningClock]", 0, 10**6) if g else 0 for g in m.groups())
        seconds = h * 3600 + mi * 60 + se
    if seconds <= 0:
        raise BadInputError("[OpeningClock] must be longer than nothing")
    return seconds


def deck_text(deck: dict[str, int]) -> str:
    return " ".join(f"{c}={n}" for c, n in deck.items())


def _zombie_name(text: str) -> str | None:
    t = text.strip().lower()
    return next((z for z in ZOMBIE_NAMES if z.lower() == t), None)


def _rotate(facing: str, move: str) -> str:
    return {"F": facing, "L": turn_left(facing), "R": turn_right(facing), "B": turn_back(facing)}[move]


# -- events ------------------------------------------------------------------------------

@dataclass
class ZMove:
    """One zombie in a zombie play or shamble: its ``name``, its ``choice`` on a choice
    card and its ``facing`` after a bounce."""

    name: str
    choice: str | None = None
    facing: str | None = None

    def text(self) -> str:
        return self.name + (f":{self.choice}" if self.choice else "") + (f">{self.facing}" if self.facing else "")


@dataclass
class Event:
    """A parsed event.  ``cards`` for deal/draw/discard, ``card``/``choice``/``facing``
    for Fluffy's play and sprint, ``zombies`` (or None for no list) for the zombies."""

    verb: str
    cards: list[str] = field(default_factory=list)
    card: str | None = None
    choice: str | None = None
    facing: str | None = None
    zombies: list[ZMove] | None = None

    def text(self) -> str:
        """Canonical notation."""
        if self.verb in ("deal", "draw"):
            return " ".join([self.verb, *self.cards])
        if self.verb == "discard":
            return "discard" + (f" {self.card}" if self.card else "")
        if self.verb in ("shamble", "zplay"):
            head = "shamble" if self.verb == "shamble" else f"play {self.card}"
            return " ".join([head, *(z.text() for z in self.zombies or [])])
        if self.verb == "play":
            return f"play {self.card}" + (f":{self.choice}" if self.choice else "") + (
                f" >{self.facing}" if self.facing else "")
        if self.verb == "sprint":
            return "sprint" + (f" >{self.facing}" if self.facing else "")
        return self.verb

    def with_(self, **changes) -> "Event":
        data = {**self.__dict__, **changes}
        if self.zombies is not None and "zombies" not in changes:
            data["zombies"] = [ZMove(z.name, z.choice, z.facing) for z in self.zombies]
        return Event(**data)


_FACING_TOKEN = re.compile(r"^>\s*([NESWnesw])$")
_ZTOKEN = re.compile(r"^([A-Za-z]+)(?::([A-Za-z]))?(?:>([A-Za-z]))?$")
VERBS = ("deal", "discard", "draw", "play", "snag", "sprint", "end", "shamble")


def _split_facing(tokens: list[str]) -> list[str]:
    """Join ``>`` with the facing that follows it and split ``F>N`` into ``F``, ``>N``."""
    out: list[str] = []
    for tok in tokens:
        if out and out[-1] == ">":
            out[-1] = ">" + tok
            continue
        if ">" in tok and not tok.startswith(">") and ":" not in tok and _zombie_name(tok.split(">")[0]) is None:
            head, tail = tok.split(">", 1)
            out.extend([head, ">" + tail])
            continue
        out.append(tok)
    return out


def parse_event(text: str, zombies_turn: bool) -> Event:
    """Parse one event line (comment already removed).  ``zombies_turn`` decides how
    ``play`` and ``discard`` read.  :class:`BadInputError` for an unknown verb, card,
    zombie name or facing."""
    tokens = _split_facing(text.split())
    if not tokens:
        raise BadInputError("empty event")
    verb, args = tokens[0].lower(), tokens[1:]
    if verb not in VERBS:
        raise BadInputError(f"unknown verb {tokens[0]!r} (known: {', '.join(VERBS)})")

    def facing_of(tok: str) -> str:
        m = _FACING_TOKEN.match(tok)
        if not m:
            raise BadInputError(f"{tok!r}: a facing after a bounce is written >N, >E, >S or >W")
        return m.group(1).upper()

    if verb in ("snag", "end"):
        if args:
            raise BadInputError(f"{verb} takes nothing after it")
        return Event(verb)
    if verb == "deal":
        if not args:
            raise BadInputError("deal names Fluffy's dealt cards, e.g. deal F F L LR B")
        return Event(verb, cards=[parse_card(a) for a in args])
    if verb == "draw":
        if not args:
            raise BadInputError("draw names the cards drawn: ? for an unseen card, a zombie name, or a card")
        cards = []
        for a in args:
            z = _zombie_name(a)
            cards.append("?" if a in ("?", "x", "X", "_") else z if z else parse_card(a))  # x, _: ? a shell leaves alone
        return Event(verb, cards=cards)
    if verb == "discard":
        if len(args) > 1:
            raise BadInputError("discard takes at most one card")
        return Event(verb, card=parse_card(args[0]) if args else None)
    if verb == "sprint":
        if len(args) > 1:
            raise BadInputError("sprint takes at most a facing, e.g. sprint >N")
        return Event(verb, facing=facing_of(args[0]) if args else None)
    if verb == "shamble":
        args = _attach_facings(args, 0)
        return Event(verb, zombies=[_zmove(a, allow_choice=False) for a in args] if args else None)
    # play
    if not args:
        raise BadInputError("play names a card, e.g. play F or play LR:L")
    if zombies_turn:
        card = parse_card(args[0])
        args = _attach_facings(args, 1)
        return Event("zplay", card=card, zombies=[_zmove(a) for a in args[1:]] if args[1:] else None)
    if any(_zombie_name(a.split(">")[0].split(":")[0]) for a in args[1:]):
        raise IllegalEventError("zombies move in the zombies' turn; it is Fluffy's turn", "fluffy.turns",
                                event=text)
    code, _, choice = args[0].partition(":")
    card = parse_card(code)
    ch = None
    if choice:
        ch = choice.strip().upper()
        if ch not in MOVES:
            raise BadInputError(f"{args[0]!r}: the movement made is one of F, L, R, B")
    facing = None
    for extra in args[1:]:
        if facing is not None:
            raise BadInputError(f"unexpected {extra!r}: Fluffy's play is `play C[:D] [>H]`")
        facing = facing_of(extra)
    return Event("play", card=card, choice=ch, facing=facing)


def _attach_facings(args: list[str], start: int) -> list[str]:
    """``Raimi >W`` written with a space: join each lone ``>H`` to the zombie before it."""
    out = list(args[:start])
    for tok in args[start:]:
        if tok.startswith(">") and len(out) > start and ">" not in out[-1]:
            out[-1] += tok
        else:
            out.append(tok)
    return out


def _zmove(tok: str, allow_choice: bool = True) -> ZMove:
    m = _ZTOKEN.match(tok)
    name = _zombie_name(m.group(1)) if m else None
    if not m or name is None:
        raise BadInputError(f"{tok!r} is not a zombie (George, Romero, Campbell, Raimi) "
                            f"with an optional :D choice and >H facing")
    choice, facing = m.group(2), m.group(3)
    if choice and not allow_choice:
        raise BadInputError(f"{tok!r}: a shamble is a Move Forward, it has no choice")
    if choice and choice.upper() not in MOVES:
        raise BadInputError(f"{tok!r}: the movement made is one of F, L, R, B")
    return ZMove(name, choice.upper() if choice else None, parse_facing(facing) if facing else None)


# -- the position ------------------------------------------------------------------------

@dataclass
class Zombie:
    name: str
    at: Square
    facing: str = "S"


@dataclass
class Position:
    """Everything the rules need: the pieces, the cards, whose turn and its progress."""

    fluffy: Square | None            # None once Fluffy has escaped (he is at the exit)
    facing: str
    tree: bool
    zombies: list[Zombie]            # in the order they came onto the board
    destroyed: list[str]
    aside: list[str]
    drawn: list[str]                 # zombie cards drawn so far
    pile: int                        # draw pile, zombie cards included
    fluffy_hand: Hand
    zombie_hand: Hand
    count: CardCount
    discards: int = 0
    turn: str = "fluffy"
    turn_no: int = 1
    events: int = 0
    # Fluffy's turn
    discarded: bool = False
    drew: bool = False
    plays: int = 0
    sprinted: bool = False
    snag: str | None = None          # the card Fluffy just played, while it may be snagged
    # zombies' turn
    shambled: bool = False
    zplays: int = 0
    entered_flower: list[str] = field(default_factory=list)
    # the end
    winner: str | None = None
    ending: str | None = None

    def copy(self) -> "Position":
        return Position(
            self.fluffy, self.facing, self.tree, [Zombie(z.name, z.at, z.facing) for z in self.zombies],
            list(self.destroyed), list(self.aside), list(self.drawn), self.pile, self.fluffy_hand.copy(),
            self.zombie_hand.copy(), self.count.copy(), self.discards, self.turn, self.turn_no,
            self.events, self.discarded, self.drew, self.plays, self.sprinted, self.snag, self.shambled,
            self.zplays, list(self.entered_flower), self.winner, self.ending)


def score_of(s: Position) -> dict[str, int]:
    """Fluffy's match-play score in a position (MATCH PLAY): ``tree`` 1, ``zombies`` 1
    for each zombie on the board or destroyed by the flower, ``dawn`` 1 for Dawn's Early
    Light, ``escape`` 3, and their ``total``."""
    return points(s.tree, len(s.zombies) + len(s.destroyed), s.ending)


@dataclass(frozen=True)
class Rules:
    """Set-up choices: the board, the deck and the designer's variants (DESIGNER'S NOTES)."""

    board: Board
    deck: dict[str, int]
    hand_size: int = HAND_LIMIT       #: Fluffy's hand size (a handicap)
    some_zombies: bool = False        #: zombie cards move any one or more zombies, not all
    zombie_hand_hidden: bool = False  #: the zombie player keeps every card face down
    fluffy_hand_open: bool = False    #: Fluffy plays with his hand face up
    opening_clock: int | None = None  #: seconds Fluffy may take for his zombie-free opening


# -- the game ----------------------------------------------------------------------------

class Game(EngineBase):
    """A game of Zombies Want Fluffy, event by event (see the module docstring)."""

    name = "fluffy"

    def __init__(self, rules: Rules, tags: dict[str, str] | None = None) -> None:
        self.rules = rules
        self._tags = dict(tags or {})
        deal_total = DEAL + rules.hand_size
        movement = sum(rules.deck.values())
        if movement < deal_total:
            raise BadInputError(f"the deck has {movement} movement cards; the deal needs {deal_total}")
        self.s = Position(
            fluffy=rules.board.flower, facing="N", tree=False, zombies=[], destroyed=[], aside=[],
            drawn=[], pile=movement - deal_total + len(ZOMBIE_NAMES),
            fluffy_hand=Hand(unknown=rules.hand_size), zombie_hand=Hand(unknown=DEAL),
            count=CardCount(dict(rules.deck)))

    # -- set-up --------------------------------------------------------------------------

    #: Record tags this game reads (besides the common ones).
    TAGS = ("Board", "BoardText", "Deck", "Fluffy", "Zombies", "HandSize", "ZombieMoves",
            "ZombieHand", "FluffyHand", "OpeningClock")

    @classmethod
    def from_tags(cls, tags: dict[str, str]) -> "Game":
        """Set up from record tags: ``Board`` (a built-in name such as ``default``, or a
        file whose text the shared layer passes as ``BoardText``),
        ``Deck`` (e.g. ``"F=10 L=4 R=4 B=2 LR=2 FB=2"``), the players ``Fluffy`` and
        ``Zombies``, and the variants.  :class:`BadInputError` for an unknown or bad tag."""
        for key in tags:
            if key not in cls.TAGS:
                raise BadInputError(f"unknown tag [{key}] for fluffy (known: {', '.join(cls.TAGS[:1] + cls.TAGS[2:])})")
        board = board_from_tags(tags)
        deck = parse_deck(tags.get("Deck", DEFAULT_DECK))
        hand_size = HAND_LIMIT
        if "HandSize" in tags:
            value = tags["HandSize"].strip()
            if not is_number(value) or not 1 <= int(value) <= 10:
                raise BadInputError(f"[HandSize] is Fluffy's hand size, 1 to 10, not {value!r}")
            hand_size = int(value)
        moves = tags.get("ZombieMoves", "all").strip().lower()
        if moves not in ("all", "some"):
            raise BadInputError(f"[ZombieMoves] is `all` (the rule) or `some` (a handicap), not {moves!r}")
        flags = {}
        for key, attr, on in (("ZombieHand", "zombie_hand_hidden", "hidden"),
                              ("FluffyHand", "fluffy_hand_open", "open")):
            value = tags.get(key, "").strip().lower()
            if value not in ("", on, "hidden" if on == "open" else "open"):
                raise BadInputError(f"[{key}] is `hidden` or `open`, not {value!r}")
            flags[attr] = value == on
        clock = parse_duration(tags["OpeningClock"]) if "OpeningClock" in tags else None
        rules = Rules(board, deck, hand_size, moves == "some", opening_clock=clock, **flags)
        return cls(rules, {k: v for k, v in tags.items()})

    def tags(self) -> dict[str, str]:
        """The tags that set this game up again (Board, Deck and the players first)."""
        out = {"Board": self._tags.get("Board", "default"), "Deck": deck_text(self.rules.deck)}
        for key, value in self._tags.items():
            if key not in out and key != "BoardText":
                out[key] = value
        return out

    # -- reading the position ------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def over(self) -> bool:
        return self.s.ending is not None

    @property
    def fluffy_at(self) -> str:
        """Fluffy's square (``b3``) or ``exit``."""
        return "exit" if self.s.fluffy is None else square_name(self.s.fluffy)

    @property
    def fluffy_facing(self) -> str:
        return self.s.facing

    @property
    def hand_size(self) -> int:
        return self.s.fluffy_hand.size

    @property
    def turn(self) -> str:
        return self.s.turn

    def score(self) -> dict[str, int]:
        """Fluffy's match-play score as things stand (see :func:`score_of`)."""
        return score_of(self.s)

    def _zombie_hand_json(self) -> dict:
        """The zombie player's hand as the table sees it: with the hidden-hand handicap
        its snagged cards are face down too, so only the count shows."""
        hand = self.s.zombie_hand
        if self.rules.zombie_hand_hidden:
            return {"size": hand.size, "known": [], "unknown": hand.size}
        return {"size": hand.size, "known": hand.known_list(), "unknown": hand.unknown}

    @property
    def opening(self) -> bool:
        """True while no zombie card has come up yet: Fluffy's zombie-free opening."""
        return not self.s.drawn

    def variants(self) -> list[str]:
        """The designer's variants and handicaps in force, in words."""
        r, out = self.rules, []
        if r.hand_size != HAND_LIMIT:
            out.append(f"Fluffy's hand size {r.hand_size}")
        if r.some_zombies:
            out.append("zombie cards move one or more zombies")
        if r.zombie_hand_hidden:
            out.append("zombie hand face down")
        if r.fluffy_hand_open:
            out.append("Fluffy's hand face up")
        if r.opening_clock:
            out.append(f"opening clock {r.opening_clock // 60}m{r.opening_clock % 60:02d}s")
        return out

    def phase(self) -> str:
        """What comes next, in words: ``discard or draw``, ``play``, ``shamble``, ..."""
        s = self.s
        if self.over:
            return "over"
        if s.turn == "zombies":
            return "shamble" if not s.shambled else "play, discard or end"
        if s.plays == 0 and not self._refilled(s):
            return "discard or draw" if not s.drew and not s.discarded else "draw"
        return "play" if s.plays == 0 else "play or end"

    def to_json(self) -> dict:
        """The JSON state of the replay contract (records.md, "JSON state")."""
        s = self.s
        return {
            "game": "fluffy", "over": self.over, "winner": s.winner, "ending": s.ending,
            "turn": s.turn, "deck": s.pile,
            "fluffy": {"at": self.fluffy_at, "facing": s.facing, "tree": s.tree,
                       "hand": s.fluffy_hand.size, "known": s.fluffy_hand.known_list()},
            "zombies": [{"name": z.name, "at": square_name(z.at), "facing": z.facing} for z in s.zombies],
            "destroyed": list(s.destroyed), "aside": list(s.aside),
            "score": self.score(),
            "zombie_hand": self._zombie_hand_json(),
            "phase": self.phase(), "turn_number": s.turn_no,
            "plays": s.plays if s.turn == "fluffy" else s.zplays,
        }

    # -- applying events -----------------------------------------------------------------

    def apply(self, text: str) -> Applied:
        """Check one event and apply it, all or nothing.

        Returns :class:`~referee.games.Applied` with the canonical text (choices written
        out) and notes of what the rules did.  Raises :class:`BadInputError` (malformed),
        :class:`IllegalEventError` (forbidden, with a rule id) or :class:`ChoiceNeeded`.
        """
        ev = parse_event(text, self.s.turn == "zombies" and not self.over)
        pos = self.s.copy()
        notes: list[str] = []
        done = _Apply(self.rules, pos, notes, ev).run()
        pos.events += 1
        self.s = pos
        return Applied(done.text(), notes)

    def legal_events(self) -> list[Option]:
        """Every event legal now, as complete notation with what it would do.

        Card plays are listed for each card Fluffy (or the zombie player) may hold, with
        every choice and bounce facing written out; zombie orders are listed where they
        lead to different positions.  ``deal`` is not listed.
        """
        if self.over:
            return []
        out: list[Option] = []
        seen: set[str] = set()
        for text in self._candidates():
            for applied, _ in self._expand(text):
                if applied.text not in seen:
                    seen.add(applied.text)
                    out.append(Option(applied.text, "; ".join(applied.notes)))
        return out

    def _trial(self) -> "Game":
        """A throwaway game at this position (apply never mutates a shared position)."""
        trial = Game.__new__(Game)
        trial.rules, trial._tags, trial.s = self.rules, self._tags, self.s
        return trial

    def _expand(self, text: str, depth: int = 0) -> list[tuple[Applied, Position]]:
        """Every complete event ``text`` can become, each with the position it leads to."""
        trial = self._trial()
        try:
            return [(trial.apply(text), trial.s)]
        except ChoiceNeeded as need:
            if depth > 12:
                return []
            return [a for o in need.options for a in self._expand(o.text, depth + 1)]
        except (IllegalEventError, BadInputError):
            return []

    def _candidates(self) -> list[str]:
        s = self.s
        codes = [c for c in self.rules.deck if self.rules.deck[c] > 0]
        out: list[str] = []
        if s.turn == "fluffy":
            hand = s.fluffy_hand
            playable = sorted({c for c in codes if hand.known[c] > 0 or (hand.unknown > 0 and s.count.left(c) > 0)},
                              key=codes.index)
            if hand.unknown:
                out.append("discard")
            out += [f"discard {c}" for c in hand.known_list() if f"discard {c}" not in out]
            out += ["draw ?"] + [f"draw {z}" for z in ZOMBIE_NAMES if z not in s.drawn]
            out += [f"draw {c}" for c in codes if s.count.left(c) > 0]
            out += [f"play {c}" for c in playable]
            out += ["snag", "sprint", "end"]
        else:
            hand = s.zombie_hand
            held = sorted({c for c in codes if hand.known[c] > 0 or (hand.unknown > 0 and s.count.left(c) > 0)},
                          key=codes.index)
            if not s.shambled:
                out += [o.text for o in self.shamble_orders()]
            out += [f"play {c}" for c in held]
            out += [f"discard {c}" for c in held]
            out.append("end")
        return out

    def choice_before(self, text: str) -> ChoiceNeeded | None:
        """A bare ``shamble`` when the order of the zombies changes the outcome: the
        orders to choose from (SHAMBLING: the zombie player picks it)."""
        if text.strip().lower() != "shamble":
            return None
        options = self.shamble_orders()
        if len(options) < 2:
            return None
        return ChoiceNeeded("the order of the shamble changes the outcome", "fluffy.shamble",
                            "The zombies shamble: in which order (and facings)?", options)

    def shamble_orders(self) -> list[Option]:
        """The shambles that end differently: each order of the zombies (and bounce
        facing) whose result differs from those before it, board order first.  More
        than one means the order matters (SHAMBLING: the zombie player picks it)."""
        from itertools import permutations

        if self.over or self.s.turn != "zombies" or self.s.shambled:
            return []
        names = [z.name for z in self.s.zombies]
        if len(names) < 2:
            return [Option(a.text, "; ".join(a.notes)) for a, _ in self._expand("shamble")]
        out, results = [], set()
        for order in permutations(names):
            text = "shamble " + " ".join(order)
            for applied, after in self._expand(text):
                key = (tuple((z.name, z.at, z.facing) for z in after.zombies), after.ending)
                if key not in results:
                    results.add(key)
                    out.append(Option(applied.text, "; ".join(applied.notes)))
        return out

    def _refilled(self, s: Position) -> bool:
        return s.fluffy_hand.size >= self.rules.hand_size or s.pile == 0


class _Apply:
    """One event applied to a copy of the position (the engine's working part)."""

    def __init__(self, rules: Rules, pos: Position, notes: list[str], ev: Event) -> None:
        self.r, self.s, self.notes, self.ev = rules, pos, notes, ev
        self.board = rules.board

    def fail(self, message: str, rule: str) -> IllegalEventError:
        return IllegalEventError(message, rule, event=self.ev.text())

    def run(self) -> Event:
        s, ev = self.s, self.ev
        if s.ending is not None:
            raise self.fail(f"the game is over ({s.ending}); no further event", "fluffy.game-over")
        if ev.verb == "deal":
            return self.deal()
        if s.turn == "fluffy":
            handler = {"discard": self.fluffy_discard, "draw": self.draw, "play": self.fluffy_play,
                       "snag": self.snag, "sprint": self.sprint, "end": self.fluffy_end}.get(ev.verb)
            if handler is None:
                raise self.fail(f"{ev.verb} belongs to the zombies' turn; it is Fluffy's turn", "fluffy.turns")
        else:
            handler = {"shamble": self.shamble, "zplay": self.zombie_play, "discard": self.zombie_discard,
                       "end": self.zombie_end}.get(ev.verb)
            if handler is None:
                raise self.fail(f"{ev.verb} belongs to Fluffy's turn; it is the zombies' turn", "fluffy.turns")
        return handler()

    # -- cards ---------------------------------------------------------------------------

    def _take(self, hand: Hand, card: str, who: str, dry: bool = False) -> None:
        """Take ``card`` from ``hand`` (known first, else unknown, then counted); with
        ``dry``, only check that it could be taken."""
        if hand.known[card] > 0:
            if not dry:
                hand.take(card)
            return
        if hand.unknown <= 0:
            shown = " ".join(hand.known_list()) or "none"
            raise self.fail(f"{who} holds no {card} card (known cards: {shown}; no unseen card)", "fluffy.hand")
        if self.s.count.left(card) <= 0:
            have = self.r.deck.get(card, 0)
            raise self.fail(f"{who} cannot hold another {card}: the deck holds {have}, "
                            f"all seen already", "fluffy.deck")
        if not dry:
            self.s.count.see(card)
            hand.take_unknown()

    def _pile_movement(self) -> int:
        """Movement cards left in the draw pile (zombie cards are never unseen)."""
        return self.s.pile - (len(ZOMBIE_NAMES) - len(self.s.drawn))

    def deal(self) -> Event:
        s = self.s
        if s.events > 0:
            raise self.fail("deal is only the first event of a record", "fluffy.setup")
        if len(self.ev.cards) > s.fluffy_hand.unknown:
            raise self.fail(f"Fluffy is dealt {self.r.hand_size} cards, not {len(self.ev.cards)}", "fluffy.setup")
        for card in self.ev.cards:
            if card == "?" or card in ZOMBIE_NAMES:
                raise self.fail("the deal holds movement cards only (zombie cards are set apart first)",
                                "fluffy.setup")
            try:
                s.count.see(card)
            except CardError as exc:
                raise self.fail(str(exc), "fluffy.deck") from None
            s.fluffy_hand.take_unknown()
            s.fluffy_hand.add_known(card)
        return self.ev

    # -- Fluffy's turn -------------------------------------------------------------------

    def _open_hand_check(self) -> None:
        """Fluffy's open hand (a handicap): the table sees every card he holds."""
        if self.r.fluffy_hand_open and self.s.fluffy_hand.unknown:
            raise self.fail("Fluffy plays with his hand face up: name his dealt cards first "
                            "(deal C C C C C)", "fluffy.variant.fluffy-hand-open")

    def fluffy_discard(self) -> Event:
        s, ev = self.s, self.ev
        self._open_hand_check()
        if s.discarded:
            raise self.fail("Fluffy may discard only one card a turn", "fluffy.discard")
        if s.drew or s.plays:
            raise self.fail("Fluffy discards at the start of his turn, before drawing or playing",
                            "fluffy.ruling.refill-first")
        hand = s.fluffy_hand
        if hand.size == 0:
            raise self.fail("Fluffy has no card to discard", "fluffy.discard")
        if hand.size - 1 + self._pile_movement() < 1:
            raise self.fail("discarding would leave Fluffy no card to play this turn", "fluffy.fluffy-turn")
        if ev.card is None:
            if hand.unknown == 0:
                raise ChoiceNeeded("Fluffy's hand is known: name the card he discards", "fluffy.discard",
                                   "Which card does Fluffy discard?",
                                   [Option(f"discard {c}", card_name(c)) for c in sorted(set(hand.known_list()))],
                                   event=ev.text())
            hand.take_unknown()
        else:
            self._take(hand, ev.card, "Fluffy")
        s.discarded = True
        s.discards += 1
        return ev

    def draw(self) -> Event:
        s = self.s
        if s.plays:
            raise self.fail("Fluffy refills his hand before his first play of the turn, not after",
                            "fluffy.ruling.refill-first")
        for card in self.ev.cards:
            if s.fluffy_hand.size >= self.r.hand_size:
                raise self.fail(f"Fluffy's hand is full ({self.r.hand_size} cards); he draws no more",
                                "fluffy.hand")
            if s.pile <= 0:
                raise self.fail("the draw pile is empty (it is never reshuffled)", "fluffy.draw")
            if card in ZOMBIE_NAMES:
                if card in s.drawn:
                    raise self.fail(f"the {card} card was drawn already", "fluffy.zombie-cards")
                s.pile -= 1
                s.drawn.append(card)
                self._rise(card)
                continue
            if self._pile_movement() <= 0:
                raise self.fail("only zombie cards are left in the draw pile; name the one drawn",
                                "fluffy.ruling.unknown-cards")
            if card == "?":
                if self.r.fluffy_hand_open:
                    raise self.fail("Fluffy plays with his hand face up: name each card drawn",
                                    "fluffy.variant.fluffy-hand-open")
                s.fluffy_hand.add_unknown()
            else:
                try:
                    s.count.see(card)
                except CardError as exc:
                    raise self.fail(str(exc), "fluffy.deck") from None
                s.fluffy_hand.add_known(card)
            s.pile -= 1
        s.drew = True
        return self.ev

    def _rise(self, name: str) -> None:
        grave = self.board.graves[name]
        if any(z.at == grave for z in self.s.zombies):
            self.s.aside.append(name)
            self.notes.append(f"{name}'s grave {square_name(grave)} is taken: {name} is set aside")
        else:
            self.s.zombies.append(Zombie(name, grave, "S"))
            self.notes.append(f"{name} rises at {square_name(grave)} facing S")

    def fluffy_play(self) -> Event:
        s, ev = self.s, self.ev
        if not (s.fluffy_hand.size >= self.r.hand_size or s.pile == 0) and s.plays == 0:
            raise self.fail(f"Fluffy must first refill his hand to {self.r.hand_size} "
                            f"(he holds {s.fluffy_hand.size}, the pile has {s.pile})", "fluffy.draw")
        if s.plays >= max(FLUFFY_PLAYS, self.r.hand_size):
            raise self.fail("Fluffy has played five cards this turn", "fluffy.fluffy-turn")
        self._open_hand_check()
        self._take(s.fluffy_hand, ev.card, "Fluffy", dry=True)
        move = self._choice(ev.card, ev.choice)
        if move is None:
            opts = [Option(ev.with_(choice=m).text(), self._preview_fluffy(m)) for m in ev.card]
            raise ChoiceNeeded(f"{card_name(ev.card)}: name the movement made ({' or '.join(ev.card)})",
                               "fluffy.movement", f"{card_name(ev.card)}: which movement?", opts, event=ev.text())
        self._take(s.fluffy_hand, ev.card, "Fluffy")
        s.plays += 1
        s.snag = ev.card
        facing = self._move_fluffy(move, ev.facing, lambda f: ev.with_(facing=f))
        if facing is None:
            ev = ev.with_(facing=None)
        if len(ev.card) == 1:
            ev = ev.with_(choice=None)
        self.ev = ev
        return ev

    def _preview_fluffy(self, move: str) -> str:
        trial = _Apply(self.r, self.s.copy(), [], self.ev)
        try:
            trial._move_fluffy(move, None, lambda f: self.ev)
        except ChoiceNeeded as need:
            return need.message
        return "; ".join(trial.notes)

    def _choice(self, card: str, choice: str | None) -> str | None:
        """The movement a card makes: the card itself, the named choice, or None when a
        choice card's choice is missing (MOVING WITH MOVEMENT CARDS)."""
        if len(card) == 1:
            if choice and choice != card:
                raise self.fail(f"{card_name(card)} makes no choice", "fluffy.movement")
            return card
        if choice is None:
            return None
        if choice not in card:
            raise self.fail(f"{card_name(card)} cannot make {MOVE_NAMES.get(choice, choice)}", "fluffy.movement")
        return choice

    def snag(self) -> Event:
        s = self.s
        if s.snag is None:
            raise self.fail("there is no card to snag: only the card Fluffy just played, "
                            "until his next play or the end of his turn", "fluffy.ruling.snag-window")
        if s.zombie_hand.size >= HAND_LIMIT:
            raise self.fail(f"the zombie player holds {s.zombie_hand.size} cards; it snags only while "
                            f"holding fewer than {HAND_LIMIT}", "fluffy.snag")
        s.zombie_hand.add_known(s.snag)
        self.notes.append(f"the zombie player takes the {card_name(s.snag)} card")
        s.snag = None
        return self.ev

    def sprint(self) -> Event:
        s, ev = self.s, self.ev
        if s.sprinted:
            raise self.fail("Fluffy sprints at most once a turn", "fluffy.sprint")
        if not s.zombies:
            raise self.fail("Fluffy may sprint only while a zombie is on the board", "fluffy.ruling.sprint-conditions")
        if s.plays == 0 or s.fluffy_hand.size > 0:
            raise self.fail(f"Fluffy sprints only after playing his whole hand "
                            f"({s.fluffy_hand.size} card{'s' if s.fluffy_hand.size != 1 else ''} left)",
                            "fluffy.ruling.sprint-conditions")
        s.sprinted = True
        facing = self._move_fluffy("F", ev.facing, lambda f: ev.with_(facing=f))
        self.ev = ev if facing is not None else ev.with_(facing=None)
        return self.ev

    def fluffy_end(self) -> Event:
        s = self.s
        if s.plays == 0:
            if s.fluffy_hand.size > 0:
                raise self.fail("Fluffy must play at least one card before ending his turn", "fluffy.fluffy-turn")
            if s.pile > 0:
                raise self.fail("Fluffy must first refill his hand from the draw pile", "fluffy.draw")
        s.snag = None
        z = next((z for z in s.zombies if z.at == s.fluffy), None)
        if z is not None:
            self._finish("zombies", "capture", f"Fluffy ends his turn on {z.name} at {square_name(z.at)}: "
                                               f"captured, the zombies win")
            return self.ev
        if s.pile == 0 and s.fluffy_hand.size == 0:
            if s.tree:
                self._finish("fluffy", "dawn", "no cards left and the tree is tagged: Dawn's Early Light, Fluffy wins")
            else:
                self._finish("zombies", "bladder", "no cards left and the tree not tagged: Bladder Explosion, "
                                                   "the zombies win")
            return self.ev
        if s.zombies:
            s.turn = "zombies"
            s.shambled, s.zplays, s.entered_flower = False, 0, []
        else:
            self.notes.append("no zombie on the board: Fluffy plays again")
            self._start_fluffy_turn()
        return self.ev

    def _start_fluffy_turn(self) -> None:
        s = self.s
        s.turn = "fluffy"
        s.turn_no += 1
        s.discarded = s.drew = s.sprinted = False
        s.plays, s.snag = 0, None
        for name in list(s.aside):
            grave = self.board.graves[name]
            if not any(z.at == grave for z in s.zombies):
                s.aside.remove(name)
                s.zombies.append(Zombie(name, grave, "S"))
                self.notes.append(f"{name}, set aside, rises at {square_name(grave)} facing S")

    def _finish(self, winner: str, ending: str, note: str) -> None:
        self.s.winner, self.s.ending = winner, ending
        self.notes.append(note)
        self.notes.append(f"Fluffy scores {score_of(self.s)['total']}")

    # -- movement ------------------------------------------------------------------------

    def _blocked(self, sq: Square, facing: str, zombie: Zombie | None) -> str | None:
        """The obstacle met moving forward from ``sq`` (None if the way is open).  For a
        zombie, another zombie's square counts as a wall (ruling 2); the gate is a wall for
        zombies, and for Fluffy until he has tagged the tree."""
        kind = self.board.edge(sq, facing)
        if kind == "gate":
            return None if zombie is None and self.s.tree else "gate"
        if kind:
            return kind
        if zombie is not None:
            target = step(sq, facing)
            if any(z.at == target for z in self.s.zombies if z is not zombie):
                return "zombie"
        return None

    def bounce_facings(self, sq: Square, facing: str, zombie: Zombie | None) -> list[str]:
        """The facings a bounce may end in (ruling 1): turning left, and turning right,
        90 degrees at a time to the first facing whose Move Forward would not bounce."""
        out: list[str] = []
        for turn in (turn_left, turn_right):
            f = turn(facing)
            while f != facing:
                if not self._blocked(sq, f, zombie):
                    if f not in out:
                        out.append(f)
                    break
                f = turn(f)
        return out

    def _bounce(self, who: str, sq: Square, facing: str, obstacle: str, chosen: str | None,
                zombie: Zombie | None, rebuild) -> tuple[str, bool]:
        """Resolve a bounce: returns (new facing, whether the facing had to be named)."""
        options = self.bounce_facings(sq, facing, zombie)
        what = {"wall": "a wall", "bug": "a bug", "gate": "the gate", "zombie": "a zombie"}[obstacle]
        if not options:
            if chosen:
                raise self.fail(f"{who} bounces off {what} at {square_name(sq)} with no open facing; "
                                f"no facing is named", "fluffy.ruling.bounce-facing-needed")
            self.notes.append(f"{who} bounces off {what} at {square_name(sq)}; no open facing, keeps {facing}")
            return facing, False
        if len(options) == 1:
            if chosen and chosen != options[0]:
                raise self.fail(f"{who} bounces off {what} at {square_name(sq)} and can only face {options[0]}",
                                "fluffy.bounce")
            self.notes.append(f"{who} bounces off {what} at {square_name(sq)}, faces {options[0]}")
            return options[0], False
        if chosen is None:
            opts = [Option(rebuild(f).text(), f"{who} faces {f}") for f in options]
            raise ChoiceNeeded(f"{who} bounces off {what} at {square_name(sq)}: choose the facing "
                               f"({' or '.join(options)})", "fluffy.bounce",
                               f"{who} bounces off {what} at {square_name(sq)}: face which way?", opts,
                               event=self.ev.text())
        if chosen not in options:
            raise self.fail(f"{who} bounces off {what} at {square_name(sq)} and may face "
                            f"{' or '.join(options)}, not {chosen}", "fluffy.bounce")
        self.notes.append(f"{who} bounces off {what} at {square_name(sq)}, faces {chosen}")
        return chosen, True

    def _move_fluffy(self, move: str, chosen: str | None, rebuild) -> str | None:
        """Rotate Fluffy by ``move`` and Move Forward; returns the bounce facing named, if needed."""
        s = self.s
        facing = _rotate(s.facing, move)
        obstacle = self._blocked(s.fluffy, facing, None)
        if obstacle:
            s.facing, needed = self._bounce("Fluffy", s.fluffy, facing, obstacle, chosen, None, rebuild)
            return s.facing if needed else None
        if chosen:
            raise self.fail(f"Fluffy does not bounce ({square_name(s.fluffy)} to "
                            f"{square_name(step(s.fluffy, facing))} is open); name no facing",
                            "fluffy.ruling.bounce-facing-needed")
        s.facing = facing
        if self.board.edge(s.fluffy, facing) == "gate":
            frm = square_name(s.fluffy)
            s.fluffy = None
            self.notes.append(f"Fluffy runs through the gate from {frm}")
            self._finish("fluffy", "escape", "Fluffy escapes the graveyard: Fluffy wins")
            return None
        frm, s.fluffy = s.fluffy, step(s.fluffy, facing)
        note = f"Fluffy moves {square_name(frm)}-{square_name(s.fluffy)}, facing {facing}"
        if s.fluffy == self.board.tree and not s.tree:
            s.tree = True
            note += "; tags the tree"
        z = next((z for z in s.zombies if z.at == s.fluffy), None)
        if z is not None:
            note += f"; runs between {z.name}'s legs"
        self.notes.append(note)
        return None

    def _move_zombie(self, z: Zombie, move: str, chosen: str | None, rebuild) -> str | None:
        """Rotate zombie ``z`` by ``move`` and Move Forward; a capture ends the game."""
        s = self.s
        facing = _rotate(z.facing, move)
        obstacle = self._blocked(z.at, facing, z)
        if obstacle:
            z.facing, needed = self._bounce(z.name, z.at, facing, obstacle, chosen, z, rebuild)
            return z.facing if needed else None
        if chosen:
            raise self.fail(f"{z.name} does not bounce ({square_name(z.at)} to "
                            f"{square_name(step(z.at, facing))} is open); name no facing",
                            "fluffy.ruling.bounce-facing-needed")
        frm, z.at, z.facing = z.at, step(z.at, facing), facing
        note = f"{z.name} moves {square_name(frm)}-{square_name(z.at)}, facing {facing}"
        if z.at == self.board.flower and z.name not in s.entered_flower:
            s.entered_flower.append(z.name)
            note += "; treads on the flower"
        self.notes.append(note)
        if z.at == s.fluffy:
            self._finish("zombies", "capture", f"{z.name} catches Fluffy at {square_name(z.at)}: the zombies win")
        return None

    # -- the zombies' turn ---------------------------------------------------------------

    def _order(self, listed: list[ZMove] | None, every: bool) -> list[ZMove]:
        """The zombies to move in order: those listed, then (when ``every``) the rest in
        board order (ruling ``fluffy.ruling.zombie-order``)."""
        s = self.s
        on_board = [z.name for z in s.zombies]
        out: list[ZMove] = []
        for zm in listed or []:
            if zm.name not in on_board:
                where = "destroyed" if zm.name in s.destroyed else "not on the board"
                raise self.fail(f"{zm.name} is {where}", "fluffy.zombie-movement")
            if any(o.name == zm.name for o in out):
                raise self.fail(f"{zm.name} is listed twice", "fluffy.zombie-movement")
            out.append(ZMove(zm.name, zm.choice, zm.facing))
        if every or not listed:
            out += [ZMove(n) for n in on_board if all(o.name != n for o in out)]
        return out

    def _move_all(self, order: list[ZMove], card: str | None, rebuild_event) -> list[ZMove]:
        """Move each zombie in ``order`` (a shamble when ``card`` is None)."""
        s = self.s
        done: list[ZMove] = []
        for i, zm in enumerate(order):
            if s.ending:
                break
            z = next(z for z in s.zombies if z.name == zm.name)
            rest = [ZMove(o.name, o.choice, o.facing) for o in order[i + 1:]]
            if card is None:
                move = "F"
            else:
                move = self._choice(card, zm.choice)
                if move is None:
                    opts = [Option(rebuild_event(done + [ZMove(zm.name, m, zm.facing)] + rest).text(),
                                   self._preview_zombie(z.name, m)) for m in card]
                    raise ChoiceNeeded(f"{card_name(card)}: name {z.name}'s movement ({' or '.join(card)})",
                                       "fluffy.zombie-movement", f"{card_name(card)}: which movement for {z.name}?",
                                       opts, event=self.ev.text())
            this = ZMove(zm.name, zm.choice if card and len(card) == 2 else None, zm.facing)
            named = self._move_zombie(
                z, move, zm.facing,
                lambda f, this=this: rebuild_event(done + [ZMove(this.name, this.choice, f)] + rest))
            done.append(ZMove(this.name, this.choice, named))
        # zombies not reached because the game ended keep their listed tokens
        done += [ZMove(o.name, o.choice, o.facing) for o in order[len(done):]]
        return done

    def _preview_zombie(self, name: str, move: str) -> str:
        trial = _Apply(self.r, self.s.copy(), [], self.ev)
        z = next(z for z in trial.s.zombies if z.name == name)
        try:
            trial._move_zombie(z, move, None, lambda f: self.ev)
        except ChoiceNeeded as need:
            return need.message
        return "; ".join(trial.notes)

    def shamble(self) -> Event:
        s, ev = self.s, self.ev
        if s.shambled:
            raise self.fail("the zombies shamble once, at the start of their turn", "fluffy.shamble")
        order = self._order(ev.zombies, every=True)
        for z in s.zombies:  # turning first, for every zombie (ruling 3)
            face = facing_towards(z.at, s.fluffy) if s.fluffy is not None else None
            if face is None:
                continue
            if z.at[0] == s.fluffy[0] and self.board.bug_between(z.at, s.fluffy):
                continue
            if z.facing != face:
                self.notes.append(f"{z.name} turns to face Fluffy ({face})")
                z.facing = face
        s.shambled = True
        done = self._move_all(order, None, lambda zs: ev.with_(zombies=zs))
        self.ev = ev.with_(zombies=done)
        return self.ev

    def _after_shamble(self) -> None:
        """The zombies' turn opens with the shamble (SHAMBLING); nothing comes before it."""
        if not self.s.shambled:
            raise self.fail("the zombies shamble first, at the start of their turn", "fluffy.shamble")

    def zombie_play(self) -> Event:
        s, ev = self.s, self.ev
        self._after_shamble()
        if s.zplays >= ZOMBIE_PLAYS:
            raise self.fail(f"the zombie player plays at most {ZOMBIE_PLAYS} cards a turn", "fluffy.zombie-turn")
        if self.r.some_zombies and ev.zombies is not None and not ev.zombies:
            raise self.fail("the card must move at least one zombie", "fluffy.variant.some-zombies")
        self._take(s.zombie_hand, ev.card, "the zombie player", dry=True)
        order = self._order(ev.zombies, every=not self.r.some_zombies)
        self._take(s.zombie_hand, ev.card, "the zombie player")
        s.zplays += 1
        done = self._move_all(order, ev.card, lambda zs: ev.with_(zombies=zs))
        self.ev = ev.with_(zombies=done)
        return self.ev

    def zombie_discard(self) -> Event:
        s, ev = self.s, self.ev
        self._after_shamble()
        if ev.card is None:
            raise self.fail("the zombie player names the card it discards", "fluffy.ruling.zombie-discard")
        self._take(s.zombie_hand, ev.card, "the zombie player")
        s.discards += 1
        return ev

    def zombie_end(self) -> Event:
        s = self.s
        if not s.shambled:
            raise self.fail("the zombies must shamble before their turn ends", "fluffy.shamble")
        for name in s.entered_flower:
            z = next((z for z in s.zombies if z.name == name), None)
            if z is not None:
                s.zombies.remove(z)
                s.destroyed.append(name)
                self.notes.append(f"{name} trod on the flower this turn and is destroyed")
        s.entered_flower = []
        self._start_fluffy_turn()
        return self.ev
