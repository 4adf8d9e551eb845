"""The Zombies Want Fluffy rules: the checks and the moves.

Checks follow the house pattern: a check function takes the rules and a position and
returns ``None`` when the event may happen now, or a :data:`~referee.games.base.Problem`
``(reason, rule_id)``.  The same functions refuse events in :meth:`Game.apply` and
explain :meth:`Game.blocked_events`.

:class:`Turn` applies one event to a copy of the position (copy on write: the values
are immutable, a move replaces what it changes).  :func:`expand` lists every complete
event a candidate can become, with every choice (a choice card's movement, a bounce
facing, a shamble order) written out, by branching the position at each choice rather
than asking and starting again.
"""

from __future__ import annotations

from collections.abc import Iterator

from referee.cards import CardError, Held, Tally
from referee.errors import ChoiceNeeded, IllegalEventError, Option
from referee.games.base import Problem, rule_ids
from referee.grid import FACINGS, Square, facing_towards, square_name

from .board import ZOMBIE_NAMES, Board
from .notation import MOVE_NAMES, Event, ZMove, card_name
from .state import HAND_LIMIT, ZOMBIE_PLAYS, Position, Rules, Zombie, score_of

# -- rule ids ----------------------------------------------------------------------------

R_SETUP = "fluffy.setup"
R_DECK = "fluffy.deck"
R_HAND = "fluffy.hand"
R_DISCARD = "fluffy.discard"
R_DRAW = "fluffy.draw"
R_ZOMBIE_CARDS = "fluffy.zombie-cards"
R_TURNS = "fluffy.turns"
R_FLUFFY_TURN = "fluffy.fluffy-turn"
R_ZOMBIE_TURN = "fluffy.zombie-turn"
R_MOVEMENT = "fluffy.movement"
R_ZOMBIE_MOVEMENT = "fluffy.zombie-movement"
R_BOUNCE = "fluffy.bounce"
R_SNAG = "fluffy.snag"
R_SPRINT = "fluffy.sprint"
R_SHAMBLE = "fluffy.shamble"
R_GAME_OVER = "fluffy.game-over"
R_SNAG_WINDOW = "fluffy.ruling.snag-window"
R_SPRINT_CONDITIONS = "fluffy.ruling.sprint-conditions"
R_REFILL_FIRST = "fluffy.ruling.refill-first"
R_ZOMBIE_DISCARD = "fluffy.ruling.zombie-discard"
R_BOUNCE_FACING_NEEDED = "fluffy.ruling.bounce-facing-needed"
R_UNKNOWN_CARDS = "fluffy.ruling.unknown-cards"
R_SOME_ZOMBIES = "fluffy.variant.some-zombies"
R_FLUFFY_HAND_OPEN = "fluffy.variant.fluffy-hand-open"
R_DECK_CORRECTION = "fluffy.deck-correction"
R_DECK_GUESSED = "fluffy.ruling.deck-unknown"

#: Every rule id this engine can raise (each is an entry in the rules database).
RULE_IDS: frozenset[str] = rule_ids(globals())


# -- facings -----------------------------------------------------------------------------

_LEFT = {"N": "W", "W": "S", "S": "E", "E": "N"}
_RIGHT = {v: k for k, v in _LEFT.items()}
_BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}
#: ``(facing, move) -> facing`` before the Move Forward a card makes.
ROTATE = {(f, m): {"F": f, "L": _LEFT[f], "R": _RIGHT[f], "B": _BACK[f]}[m] for f in FACINGS for m in "FLRB"}

FLUFFY_VERBS = frozenset({"discard", "draw", "play", "snag", "sprint", "end"})
ZOMBIE_VERBS = frozenset({"shamble", "zplay", "discard", "end"})

# -- small readings ----------------------------------------------------------------------


def pile_movement(s: Position) -> int:
    """Movement cards left in the draw pile (zombie cards are never unseen)."""
    return s.pile - (len(ZOMBIE_NAMES) - len(s.drawn))


def refilled(r: Rules, s: Position) -> bool:
    """Fluffy holds a full hand, or the pile can give no more."""
    return s.fluffy_hand.size >= r.hand_size or s.pile == 0


def obstacle(board: Board, s: Position, sq: Square, facing: str, zi: int | None) -> str | None:
    """The obstacle met moving forward from ``sq`` (None if the way is open).  For the
    zombie at index ``zi``, another zombie's square counts as a wall (ruling 2); the gate
    is a wall for zombies, and for Fluffy until he has tagged the tree."""
    kind, target = board.exits[(sq, facing)]
    if kind == "gate":
        return None if zi is None and s.tree else "gate"
    if kind:
        return kind
    if zi is not None:
        for j, z in enumerate(s.zombies):
            if j != zi and z.at == target:
                return "zombie"
    return None


def bounce_facings(board: Board, s: Position, sq: Square, facing: str, zi: int | None) -> list[str]:
    """The facings a bounce may end in (ruling 1): turning left, and turning right,
    90 degrees at a time to the first facing whose Move Forward would not bounce."""
    out: list[str] = []
    for turn in (_LEFT, _RIGHT):
        f = turn[facing]
        while f != facing:
            if not obstacle(board, s, sq, f, zi):
                if f not in out:
                    out.append(f)
                break
            f = turn[f]
    return out


# -- checks ------------------------------------------------------------------------------


def over_check(s: Position) -> Problem | None:
    if s.ending is not None:
        return (f"the game is over ({s.ending}); no further event", R_GAME_OVER)
    return None


def turn_check(s: Position, verb: str) -> Problem | None:
    """An event of the other side's turn."""
    if s.turn == "fluffy":
        if verb not in FLUFFY_VERBS:
            return (f"{verb} belongs to the zombies' turn; it is Fluffy's turn", R_TURNS)
    elif verb not in ZOMBIE_VERBS:
        return (f"{verb} belongs to Fluffy's turn; it is the zombies' turn", R_TURNS)
    return None


def zombie_play_turn_check(s: Position) -> Problem:
    """The zombies' play (a card with zombies named) typed in Fluffy's turn (TURNS)."""
    return ("zombies move in the zombies' turn; it is Fluffy's turn", R_TURNS)


def choice_check(card: str, choice: str | None) -> Problem | None:
    """A movement named for ``card`` (``LR:L``) that the card cannot make: a plain card
    makes no choice, a choice card only its own movements (MOVING WITH MOVEMENT CARDS)."""
    if len(card) == 1:
        if choice and choice != card:
            return (f"{card_name(card)} makes no choice", R_MOVEMENT)
        return None
    if choice is not None and choice not in card:
        return (f"{card_name(card)} cannot make {MOVE_NAMES.get(choice, choice)}", R_MOVEMENT)
    return None


def bounce_facing_check(who: str, what: str, sq: Square, options: list[str],
                        chosen: str | None) -> Problem | None:
    """A bounce facing named that the bounce does not allow: one named where no facing is
    open, another than the only open one, or one not among the open ones (BOUNCING).
    ``what``: "a wall", "a bug", "the gate", "a zombie"; ``options``: the open facings."""
    if not chosen:
        return None
    if not options:
        return (f"{who} bounces off {what} at {square_name(sq)} with no open facing; "
                f"no facing is named", R_BOUNCE_FACING_NEEDED)
    if len(options) == 1:
        if chosen != options[0]:
            return (f"{who} bounces off {what} at {square_name(sq)} and can only face {options[0]}", R_BOUNCE)
        return None
    if chosen not in options:
        return (f"{who} bounces off {what} at {square_name(sq)} and may face "
                f"{' or '.join(options)}, not {chosen}", R_BOUNCE)
    return None


def no_bounce_check(who: str, way: str, chosen: str | None) -> Problem | None:
    """A bounce facing named for a move that does not bounce (``way``: why it is open)."""
    if chosen:
        return (f"{who} does not bounce ({way}); name no facing", R_BOUNCE_FACING_NEEDED)
    return None


def zombie_listed_check(s: Position, name: str, listed: list[str]) -> Problem | None:
    """A zombie named in a shamble or play that is not on the board, or named twice
    (``listed``: the names before it) (SHAMBLING)."""
    if all(z.name != name for z in s.zombies):
        where = "destroyed" if name in s.destroyed else "not on the board"
        return (f"{name} is {where}", R_ZOMBIE_MOVEMENT)
    if name in listed:
        return (f"{name} is listed twice", R_ZOMBIE_MOVEMENT)
    return None


def seen_check(count: Tally, card: str) -> Problem | None:
    """A card named (dealt) that the deck's counts say cannot be there any more."""
    try:
        count.see(card)
    except CardError as exc:
        return (str(exc), R_DECK)
    return None


def deck_message(r: Rules, s: Position, card: str, who: str) -> str:
    have = s.count.count_of(card)
    source = "the [Deck] tag" if r.deck_given and card in r.deck and r.deck[card] == have else "the deck"
    return (f"{who} cannot hold another {card}: the deck holds {have}, all seen already "
            f"({source} says {card}={have}); if your deck has more, correct it with: deck {card}={have + 1}")


def take_check(r: Rules, s: Position, hand: Held, card: str, who: str) -> Problem | None:
    """Whether ``card`` can come out of ``hand``: a known one, else an unseen one the
    deck count allows."""
    if hand.holds(card):
        return None
    if hand.unknown <= 0:
        shown = " ".join(hand.known) or "none"
        return (f"{who} holds no {card} card (known cards: {shown}; no unseen card)", R_HAND)
    if not s.count.allows(card):
        return (deck_message(r, s, card, who), R_DECK)
    return None


def open_hand_check(r: Rules, s: Position) -> Problem | None:
    """Fluffy's open hand (a handicap): the table sees every card he holds."""
    if r.fluffy_hand_open and s.fluffy_hand.unknown:
        return ("Fluffy plays with his hand face up: name his dealt cards first (deal C C C C C)",
                R_FLUFFY_HAND_OPEN)
    return None


def fluffy_discard_check(r: Rules, s: Position, card: str | None = None) -> Problem | None:
    problem = open_hand_check(r, s)
    if problem:
        return problem
    if s.discarded:
        return ("Fluffy may discard only one card a turn", R_DISCARD)
    if s.drew or s.plays:
        return ("Fluffy discards at the start of his turn, before drawing or playing", R_REFILL_FIRST)
    hand = s.fluffy_hand
    if hand.size == 0:
        return ("Fluffy has no card to discard", R_DISCARD)
    if hand.size - 1 + pile_movement(s) < 1:
        return ("discarding would leave Fluffy no card to play this turn", R_FLUFFY_TURN)
    if card is not None:
        return take_check(r, s, hand, card, "Fluffy")
    return None


def draw_check(r: Rules, s: Position) -> Problem | None:
    if s.plays:
        return ("Fluffy refills his hand before his first play of the turn, not after", R_REFILL_FIRST)
    if s.fluffy_hand.size >= r.hand_size:
        return (f"Fluffy's hand is full ({r.hand_size} cards); he draws no more", R_HAND)
    if s.pile <= 0:
        return ("the draw pile is empty (it is never reshuffled)", R_DRAW)
    return None


def draw_card_check(r: Rules, s: Position, card: str) -> Problem | None:
    """One card of a draw, in the position left by those before it."""
    if s.fluffy_hand.size >= r.hand_size:
        return (f"Fluffy's hand is full ({r.hand_size} cards); he draws no more", R_HAND)
    if s.pile <= 0:
        return ("the draw pile is empty (it is never reshuffled)", R_DRAW)
    if card in ZOMBIE_NAMES:
        if card in s.drawn:
            return (f"the {card} card was drawn already", R_ZOMBIE_CARDS)
        return None
    if pile_movement(s) <= 0:
        return ("only zombie cards are left in the draw pile; name the one drawn", R_UNKNOWN_CARDS)
    if card == "?":
        if r.fluffy_hand_open:
            return ("Fluffy plays with his hand face up: name each card drawn", R_FLUFFY_HAND_OPEN)
    elif not s.count.allows(card):
        return (deck_message(r, s, card, "Fluffy"), R_DECK)
    return None


def fluffy_play_check(r: Rules, s: Position, card: str | None = None) -> Problem | None:
    if s.plays == 0 and not refilled(r, s):
        return (f"Fluffy must first refill his hand to {r.hand_size} "
                f"(he holds {s.fluffy_hand.size}, the pile has {s.pile})", R_DRAW)
    if s.plays >= r.plays_per_turn:
        return (f"Fluffy has played {r.plays_per_turn} cards this turn, the most he may",
                R_FLUFFY_TURN)
    problem = open_hand_check(r, s)
    if problem or card is None:
        return problem
    return take_check(r, s, s.fluffy_hand, card, "Fluffy")


def snag_check(r: Rules, s: Position) -> Problem | None:
    if s.snag is None:
        return ("there is no card to snag: only the card Fluffy just played, "
                "until his next play or the end of his turn", R_SNAG_WINDOW)
    if s.zombie_hand.size >= HAND_LIMIT:
        return (f"the zombie player holds {s.zombie_hand.size} cards; it snags only while "
                f"holding fewer than {HAND_LIMIT}", R_SNAG)
    return None


def sprint_check(r: Rules, s: Position) -> Problem | None:
    if s.sprinted:
        return ("Fluffy sprints at most once a turn", R_SPRINT)
    if not s.zombies:
        return ("Fluffy may sprint only while a zombie is on the board", R_SPRINT_CONDITIONS)
    size = s.fluffy_hand.size
    if s.plays == 0 or size > 0:
        return (f"Fluffy sprints only after playing his whole hand "
                f"({size} card{'s' if size != 1 else ''} left)", R_SPRINT_CONDITIONS)
    return None


def fluffy_end_check(r: Rules, s: Position) -> Problem | None:
    if s.plays == 0:
        if s.fluffy_hand.size > 0:
            return ("Fluffy must play at least one card before ending his turn", R_FLUFFY_TURN)
        if s.pile > 0:
            return ("Fluffy must first refill his hand from the draw pile", R_DRAW)
    return None


def shamble_check(r: Rules, s: Position) -> Problem | None:
    if s.shambled:
        return ("the zombies shamble once, at the start of their turn", R_SHAMBLE)
    return None


def _after_shamble(s: Position) -> Problem | None:
    """The zombies' turn opens with the shamble (SHAMBLING); nothing comes before it."""
    if not s.shambled:
        return ("the zombies shamble first, at the start of their turn", R_SHAMBLE)
    return None


def zombie_play_check(r: Rules, s: Position, card: str | None = None,
                      zombies: tuple[ZMove, ...] | None = None) -> Problem | None:
    problem = _after_shamble(s)
    if problem:
        return problem
    if s.zplays >= ZOMBIE_PLAYS:
        return (f"the zombie player plays at most {ZOMBIE_PLAYS} cards a turn", R_ZOMBIE_TURN)
    if r.some_zombies and zombies is not None and not zombies:
        return ("the card must move at least one zombie", R_SOME_ZOMBIES)
    if card is None:
        return None
    return take_check(r, s, s.zombie_hand, card, "the zombie player")


def zombie_discard_check(r: Rules, s: Position, card: str | None = None) -> Problem | None:
    problem = _after_shamble(s)
    if problem:
        return problem
    if card is None:
        return ("the zombie player names the card it discards", R_ZOMBIE_DISCARD)
    return take_check(r, s, s.zombie_hand, card, "the zombie player")


def zombie_end_check(r: Rules, s: Position) -> Problem | None:
    if not s.shambled:
        return ("the zombies must shamble before their turn ends", R_SHAMBLE)
    return None


def deal_check(r: Rules, s: Position, cards: tuple[str, ...]) -> Problem | None:
    if s.events > 0:
        return ("deal is only the first event of a record", R_SETUP)
    if len(cards) > s.fluffy_hand.unknown:
        return (f"Fluffy is dealt {r.hand_size} cards, not {len(cards)}", R_SETUP)
    if any(c == "?" or c in ZOMBIE_NAMES for c in cards):
        return ("the deal holds movement cards only (zombie cards are set apart first)", R_SETUP)
    return None


def deck_check(r: Rules, s: Position, counts: dict[str, int]) -> Problem | None:
    """A deck correction: no count below the cards of that name seen already, and the
    pile (recounted from the new total) not below the cards still to come from it."""
    for code, n in counts.items():
        seen = s.count.seen_of(code)
        if n < seen:
            return (f"the deck cannot hold only {n} {code}: {seen} {'have' if seen != 1 else 'has'} "
                    f"been seen already", R_DECK_CORRECTION)
    old = sum(s.count.composition.values())
    new = sum({**s.count.deck, **counts}.values())
    if pile_movement(s) + new - old < 0:
        return (f"a deck of {new} movement cards is fewer than those already dealt and drawn", R_DECK_CORRECTION)
    return None


_CHECKS = {
    ("fluffy", "zplay"): lambda r, s, ev: zombie_play_turn_check(s),
    ("fluffy", "discard"): lambda r, s, ev: fluffy_discard_check(r, s, ev.card),
    ("fluffy", "draw"): lambda r, s, ev: draw_check(r, s),
    ("fluffy", "play"): lambda r, s, ev: fluffy_play_check(r, s, ev.card),
    ("fluffy", "snag"): lambda r, s, ev: snag_check(r, s),
    ("fluffy", "sprint"): lambda r, s, ev: sprint_check(r, s),
    ("fluffy", "end"): lambda r, s, ev: fluffy_end_check(r, s),
    ("zombies", "shamble"): lambda r, s, ev: shamble_check(r, s),
    ("zombies", "zplay"): lambda r, s, ev: zombie_play_check(r, s, ev.card, ev.zombies),
    ("zombies", "discard"): lambda r, s, ev: zombie_discard_check(r, s, ev.card),
    ("zombies", "end"): lambda r, s, ev: zombie_end_check(r, s),
}


def event_check(r: Rules, s: Position, ev: Event) -> Problem | None:
    """The first problem with applying ``ev`` now, as far as it can be told before
    moving anything (a bounce facing or a deck count met on the way may still refuse)."""
    if s.ending is not None:
        return over_check(s)
    verb = ev.verb
    check = _CHECKS.get((s.turn, verb))
    if check is not None:
        return check(r, s, ev)
    if verb == "deal":
        return deal_check(r, s, ev.cards)
    if verb == "deck":
        return deck_check(r, s, dict(ev.deck or ()))
    return turn_check(s, verb)


# -- applying one event ------------------------------------------------------------------


class Turn:
    """One event applied to a copy of the position (``s``), with the ``notes`` of what
    the rules did.  The methods raise :class:`IllegalEventError` (a Problem refused) or
    :class:`ChoiceNeeded` (a choice left open)."""

    __slots__ = ("r", "s", "notes", "ev", "board")

    def __init__(self, rules: Rules, pos: Position, notes: list[str], ev: Event) -> None:
        self.r, self.s, self.notes, self.ev = rules, pos, notes, ev
        self.board = rules.board

    def fork(self) -> "Turn":
        """A copy to try one branch of a choice on."""
        return Turn(self.r, self.s.copy(), list(self.notes), self.ev)

    def refuse(self, problem: Problem | None) -> None:
        if problem is not None:
            raise IllegalEventError(problem[0], problem[1], event=self.ev.text())

    def run(self, checked: bool = False) -> Event:
        """Apply the event to :attr:`s`, returning it with every choice written out;
        ``checked`` when :func:`event_check` has passed already."""
        s, ev = self.s, self.ev
        if not checked:
            problem = event_check(self.r, s, ev)
            if problem is not None:
                raise IllegalEventError(problem[0], problem[1], event=ev.text())
        handler = _HANDLERS.get((s.turn, ev.verb))
        if handler is not None:
            return handler(self)
        return self.deal() if ev.verb == "deal" else self.deck()

    # -- cards ---------------------------------------------------------------------------

    def _take(self, hand: Held, card: str, who: str, checked: bool = False) -> Held:
        """``hand`` without ``card`` (known first, else an unknown one, then counted);
        ``checked`` when :func:`take_check` has passed already."""
        if not checked:
            self.refuse(take_check(self.r, self.s, hand, card, who))
        if card in hand.known:
            return hand.take(card)[0]
        self.s.count = self.s.count.see(card)
        return hand.take_unknown()

    def deck(self) -> Event:
        s = self.s
        counts = dict(self.ev.deck or ())
        old = sum(s.count.composition.values())
        s.count = s.count.corrected(counts)
        new = sum(s.count.composition.values())
        s.pile += new - old
        self.notes.append("the deck now holds " + ", ".join(f"{c}={n}" for c, n in counts.items())
                          + (f"; the draw pile is {s.pile}" if new != old else ""))
        return self.ev

    def deal(self) -> Event:
        s = self.s
        for card in self.ev.cards:
            try:
                s.count = s.count.see(card)
            except CardError:  # the count refuses it: said by the check, once, on this path only
                self.refuse(seen_check(s.count, card))
            s.fluffy_hand = s.fluffy_hand.reveal(card)
        return self.ev

    # -- Fluffy's turn -------------------------------------------------------------------

    def fluffy_discard(self) -> Event:
        s, ev = self.s, self.ev
        hand = s.fluffy_hand
        if ev.card is None:
            if hand.unknown == 0:
                raise ChoiceNeeded("Fluffy's hand is known: name the card he discards", R_DISCARD,
                                   "Which card does Fluffy discard?",
                                   [Option(f"discard {c}", card_name(c)) for c in sorted(set(hand.known))],
                                   event=ev.text())
            s.fluffy_hand = hand.take_unknown()
        else:
            s.fluffy_hand = self._take(hand, ev.card, "Fluffy")
        s.discarded = True
        s.discards += 1
        return ev

    def draw(self) -> Event:
        s, r = self.s, self.r
        for card in self.ev.cards:
            self.refuse(draw_card_check(r, s, card))
            if card in ZOMBIE_NAMES:
                s.pile -= 1
                s.drawn = (*s.drawn, card)
                self._rise(card)
                continue
            if card == "?":
                s.fluffy_hand = s.fluffy_hand.add_unknown()
            else:
                s.count = s.count.see(card)
                s.fluffy_hand = s.fluffy_hand.add_known(card)
            s.pile -= 1
        s.drew = True
        return self.ev

    def _rise(self, name: str) -> None:
        s = self.s
        grave = self.board.graves[name]
        if any(z.at == grave for z in s.zombies):
            s.aside = (*s.aside, name)
            self.notes.append(f"{name}'s grave {square_name(grave)} is taken: {name} is set aside")
        else:
            s.zombies = (*s.zombies, Zombie(name, grave, "S"))
            self.notes.append(f"{name} rises at {square_name(grave)} facing S")

    def fluffy_play(self) -> Event:
        s, ev = self.s, self.ev
        card = ev.card
        move = card if len(card) == 1 and ev.choice is None else self.choice(card, ev.choice)
        if move is None:
            opts = [Option(ev.with_(choice=m).text(), self._preview_fluffy(m)) for m in ev.card]
            raise ChoiceNeeded(f"{card_name(ev.card)}: name the movement made ({' or '.join(ev.card)})",
                               R_MOVEMENT, f"{card_name(ev.card)}: which movement?", opts, event=ev.text())
        hand = s.fluffy_hand
        if card in hand.known:
            s.fluffy_hand = hand.take(card)[0]
        else:  # checked: an unseen card the count allows
            s.count = s.count.see(card)
            s.fluffy_hand = Held(hand.known, hand.unknown - 1)
        s.plays += 1
        s.snag = card
        facing = self.move_fluffy(move, ev.facing)
        if facing is None and ev.facing is not None:
            ev = ev.with_(facing=None)
        if ev.choice is not None and len(card) == 1:
            ev = ev.with_(choice=None)
        self.ev = ev
        return ev

    def _preview_fluffy(self, move: str) -> str:
        trial = Turn(self.r, self.s.copy(), [], self.ev)
        try:
            trial.move_fluffy(move, None)
        except ChoiceNeeded as need:
            return need.message
        return "; ".join(trial.notes)

    def choice(self, card: str, choice: str | None) -> str | None:
        """The movement a card makes: the card itself, the named choice, or None when a
        choice card's choice is missing (MOVING WITH MOVEMENT CARDS)."""
        self.refuse(choice_check(card, choice))
        return card if len(card) == 1 else choice

    def snag(self) -> Event:
        s = self.s
        s.zombie_hand = s.zombie_hand.add_known(s.snag)
        self.notes.append(f"the zombie player takes the {card_name(s.snag)} card")
        s.snag = None
        return self.ev

    def sprint(self) -> Event:
        s, ev = self.s, self.ev
        s.sprinted = True
        facing = self.move_fluffy("F", ev.facing)
        self.ev = ev if facing is not None or ev.facing is None else ev.with_(facing=None)
        return self.ev

    def fluffy_end(self) -> Event:
        s = self.s
        s.snag = None
        for z in s.zombies:
            if z.at == s.fluffy:
                self.finish("zombies", "capture", f"Fluffy ends his turn on {z.name} at {square_name(z.at)}: "
                                                  f"captured, the zombies win")
                return self.ev
        if s.pile == 0 and s.fluffy_hand.size == 0:
            if s.tree:
                self.finish("fluffy", "dawn", "no cards left and the tree is tagged: Dawn's Early Light, Fluffy wins")
            else:
                self.finish("zombies", "bladder", "no cards left and the tree not tagged: Bladder Explosion, "
                                                  "the zombies win")
            return self.ev
        if s.zombies:
            s.turn = "zombies"
            s.shambled, s.zplays, s.entered_flower = False, 0, ()
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
        for name in s.aside:
            grave = self.board.graves[name]
            if not any(z.at == grave for z in s.zombies):
                s.aside = tuple(a for a in s.aside if a != name)
                s.zombies = (*s.zombies, Zombie(name, grave, "S"))
                self.notes.append(f"{name}, set aside, rises at {square_name(grave)} facing S")

    def finish(self, winner: str, ending: str, note: str) -> None:
        self.s.winner, self.s.ending = winner, ending
        self.notes.append(note)
        self.notes.append(f"Fluffy scores {score_of(self.s)['total']}")

    # -- movement ------------------------------------------------------------------------

    def bounce(self, who: str, sq: Square, facing: str, kind: str, chosen: str | None,
               zi: int | None, rebuild, options: list[str] | None = None) -> tuple[str, bool]:
        """Resolve a bounce: returns (new facing, whether the facing had to be named).
        ``options``: the bounce facings, when the caller has worked them out already."""
        if options is None:
            options = bounce_facings(self.board, self.s, sq, facing, zi)
        what = {"wall": "a wall", "bug": "a bug", "gate": "the gate", "zombie": "a zombie"}[kind]
        self.refuse(bounce_facing_check(who, what, sq, options, chosen))
        if not options:
            self.notes.append(f"{who} bounces off {what} at {square_name(sq)}; no open facing, keeps {facing}")
            return facing, False
        if len(options) == 1:
            self.notes.append(f"{who} bounces off {what} at {square_name(sq)}, faces {options[0]}")
            return options[0], False
        if chosen is None:
            opts = [Option(rebuild(f).text(), f"{who} faces {f}") for f in options]
            raise ChoiceNeeded(f"{who} bounces off {what} at {square_name(sq)}: choose the facing "
                               f"({' or '.join(options)})", R_BOUNCE,
                               f"{who} bounces off {what} at {square_name(sq)}: face which way?", opts,
                               event=self.ev.text())
        self.notes.append(f"{who} bounces off {what} at {square_name(sq)}, faces {chosen}")
        return chosen, True

    def move_fluffy(self, move: str, chosen: str | None) -> str | None:
        """Rotate Fluffy by ``move`` and Move Forward; returns the bounce facing named, if needed."""
        s, board = self.s, self.board
        facing = ROTATE[(s.facing, move)]
        kind, nxt = board.exits[(s.fluffy, facing)]
        gate = kind == "gate"
        if gate and s.tree:
            kind = None
        if kind:
            ev = self.ev
            s.facing, needed = self.bounce("Fluffy", s.fluffy, facing, kind, chosen, None,
                                           lambda f: ev.with_(facing=f))
            return s.facing if needed else None
        if chosen:
            way = (f"the gate under {square_name(s.fluffy)} is open: he runs through it" if gate
                   else f"{square_name(s.fluffy)} to {square_name(nxt)} is open")
            self.refuse(no_bounce_check("Fluffy", way, chosen))
        s.facing = facing
        if gate:
            frm = square_name(s.fluffy)
            s.fluffy = None
            self.notes.append(f"Fluffy runs through the gate from {frm}")
            self.finish("fluffy", "escape", "Fluffy escapes the graveyard: Fluffy wins")
            return None
        frm, s.fluffy = s.fluffy, nxt
        note = f"Fluffy moves {square_name(frm)}-{square_name(nxt)}, facing {facing}"
        if nxt == board.tree and not s.tree:
            s.tree = True
            note += "; tags the tree"
        for z in s.zombies:
            if z.at == nxt:
                note += f"; runs between {z.name}'s legs"
                break
        self.notes.append(note)
        return None

    def move_zombie(self, zi: int, move: str, chosen: str | None, rebuild=None,
                    options: list[str] | None = None) -> str | None:
        """Rotate the zombie at index ``zi`` by ``move`` and Move Forward; a capture ends
        the game.  Returns the bounce facing named, if one had to be."""
        s = self.s
        zs = s.zombies
        z = zs[zi]
        facing = ROTATE[(z.facing, move)]
        kind, nxt = self.board.exits[(z.at, facing)]
        if kind == "gate":
            kind = "gate"
        elif not kind:
            for j, other in enumerate(zs):
                if j != zi and other.at == nxt:
                    kind = "zombie"
                    break
        if kind:
            new, needed = self.bounce(z.name, z.at, facing, kind, chosen, zi, rebuild, options)
            if new != z.facing:
                s.zombies = (*zs[:zi], Zombie(z.name, z.at, new), *zs[zi + 1:])
            return new if needed else None
        self.refuse(no_bounce_check(z.name, f"{square_name(z.at)} to {square_name(nxt)} is open", chosen))
        s.zombies = (*zs[:zi], Zombie(z.name, nxt, facing), *zs[zi + 1:])
        note = f"{z.name} moves {square_name(z.at)}-{square_name(nxt)}, facing {facing}"
        if nxt == self.board.flower and z.name not in s.entered_flower:
            s.entered_flower = (*s.entered_flower, z.name)
            note += "; treads on the flower"
        self.notes.append(note)
        if nxt == s.fluffy:
            self.finish("zombies", "capture", f"{z.name} catches Fluffy at {square_name(nxt)}: the zombies win")
        return None

    # -- the zombies' turn ---------------------------------------------------------------

    def order(self, listed: tuple[ZMove, ...] | None, every: bool) -> list[ZMove]:
        """The zombies to move in order: those listed, then (when ``every``) the rest in
        board order (ruling ``fluffy.ruling.zombie-order``)."""
        s = self.s
        on_board = [z.name for z in s.zombies]
        if listed is not None and len(listed) == len(on_board) and [z.name for z in listed] == on_board:
            return list(listed)  # the usual record: every zombie, in board order
        out: list[ZMove] = []
        for zm in listed or ():
            self.refuse(zombie_listed_check(s, zm.name, [o.name for o in out]))
            out.append(zm)
        if every or not listed:
            out += [ZMove(n) for n in on_board if all(o.name != n for o in out)]
        return out

    def move_all(self, order: list[ZMove], card: str | None, rebuild_event) -> list[ZMove]:
        """Move each zombie in ``order`` (a shamble when ``card`` is None)."""
        s = self.s
        done: list[ZMove] = []
        two = card is not None and len(card) == 2
        where = {z.name: i for i, z in enumerate(s.zombies)}  # no zombie leaves during a move
        for i, zm in enumerate(order):
            if s.ending:
                break
            zi = where[zm.name]
            if card is None:
                move = "F"
            elif not two and not zm.choice:
                move = card
            else:
                move = self.choice(card, zm.choice)
                if move is None:
                    rest = order[i + 1:]
                    opts = [Option(rebuild_event((*done, ZMove(zm.name, m, zm.facing), *rest)).text(),
                                   self._preview_zombie(zi, m)) for m in card]
                    raise ChoiceNeeded(f"{card_name(card)}: name {zm.name}'s movement ({' or '.join(card)})",
                                       R_ZOMBIE_MOVEMENT, f"{card_name(card)}: which movement for {zm.name}?",
                                       opts, event=self.ev.text())
            choice = zm.choice if two else None
            named = self.move_zombie(
                zi, move, zm.facing,
                lambda f, name=zm.name, choice=choice, i=i: rebuild_event(
                    (*done, ZMove(name, choice, f), *order[i + 1:])))
            done.append(zm if named == zm.facing and choice == zm.choice else ZMove(zm.name, choice, named))
        # zombies not reached because the game ended keep their listed tokens
        done += order[len(done):]
        return done

    def _preview_zombie(self, zi: int, move: str) -> str:
        trial = Turn(self.r, self.s.copy(), [], self.ev)
        try:
            trial.move_zombie(zi, move, None, lambda f: self.ev)
        except ChoiceNeeded as need:
            return need.message
        return "; ".join(trial.notes)

    def turn_to_fluffy(self) -> None:
        """The shamble's turning, for every zombie first (ruling 3)."""
        s = self.s
        if s.fluffy is None:
            return
        zs = list(s.zombies)
        changed = False
        for i, z in enumerate(zs):
            face = facing_towards(z.at, s.fluffy)
            if face is None:
                continue
            if z.at[0] == s.fluffy[0] and self.board.bug_between(z.at, s.fluffy):
                continue
            if z.facing != face:
                self.notes.append(f"{z.name} turns to face Fluffy ({face})")
                zs[i] = Zombie(z.name, z.at, face)
                changed = True
        if changed:
            s.zombies = tuple(zs)

    def shamble(self) -> Event:
        s, ev = self.s, self.ev
        order = self.order(ev.zombies, every=True)
        self.turn_to_fluffy()
        s.shambled = True
        done = tuple(self.move_all(order, None, lambda zs: ev.with_(zombies=tuple(zs))))
        if done != ev.zombies:
            self.ev = ev.with_(zombies=done)
        return self.ev

    def zombie_play(self) -> Event:
        s, ev = self.s, self.ev
        order = self.order(ev.zombies, every=not self.r.some_zombies)
        s.zombie_hand = self._take(s.zombie_hand, ev.card, "the zombie player", checked=True)
        s.zplays += 1
        done = tuple(self.move_all(order, ev.card, lambda zs: ev.with_(zombies=tuple(zs))))
        if done != ev.zombies:
            self.ev = ev.with_(zombies=done)
        return self.ev

    def zombie_discard(self) -> Event:
        s, ev = self.s, self.ev
        s.zombie_hand = self._take(s.zombie_hand, ev.card, "the zombie player", checked=True)
        s.discards += 1
        return ev

    def zombie_end(self) -> Event:
        s = self.s
        if s.entered_flower:
            for name in s.entered_flower:
                if any(z.name == name for z in s.zombies):
                    s.zombies = tuple(z for z in s.zombies if z.name != name)
                    s.destroyed = (*s.destroyed, name)
                    self.notes.append(f"{name} trod on the flower this turn and is destroyed")
            s.entered_flower = ()
        self._start_fluffy_turn()
        return self.ev


_HANDLERS = {
    ("fluffy", "discard"): Turn.fluffy_discard, ("fluffy", "draw"): Turn.draw, ("fluffy", "play"): Turn.fluffy_play,
    ("fluffy", "snag"): Turn.snag, ("fluffy", "sprint"): Turn.sprint, ("fluffy", "end"): Turn.fluffy_end,
    ("zombies", "shamble"): Turn.shamble, ("zombies", "zplay"): Turn.zombie_play,
    ("zombies", "discard"): Turn.zombie_discard, ("zombies", "end"): Turn.zombie_end,
}


# -- expanding choices -------------------------------------------------------------------

Leaf = tuple[Event, Turn]


def _facing_options(t: Turn, sq: Square, facing: str, zi: int | None) -> tuple[list[str | None], list[str] | None]:
    """The bounce facings to branch on when moving forward from ``sq`` ([None] when
    nothing needs naming: no bounce, or one result), and the bounce's facings (None
    when nothing bounces) to hand to the move."""
    s = t.s
    if obstacle(t.board, s, sq, facing, zi):
        opts = bounce_facings(t.board, s, sq, facing, zi)
        return (opts if len(opts) > 1 else [None]), opts
    return [None], None


def expand_fluffy_move(t: Turn, verb: str, card: str | None) -> Iterator[Leaf]:
    """Every complete ``play C`` (``verb`` play) or ``sprint`` from ``t`` (checked)."""
    s = t.s
    moves = "F" if card is None else card
    for m in moves:
        for f in _facing_options(t, s.fluffy, ROTATE[(s.facing, m)], None)[0]:
            if verb == "sprint":
                ev = Event("sprint", facing=f)
            else:
                ev = Event("play", card=card, choice=m if len(card) == 2 else None, facing=f)
            child = Turn(t.r, s.copy(), [], ev)
            if verb == "sprint":
                child.s.sprinted = True
            else:
                child.s.fluffy_hand = child._take(child.s.fluffy_hand, card, "Fluffy")
                child.s.plays += 1
                child.s.snag = card
            child.move_fluffy(m, f)
            yield ev, child


def _zombie_branches(t: Turn, order: list[str], idx: int, card: str | None,
                     done: tuple[ZMove, ...]) -> Iterator[tuple[tuple[ZMove, ...], Turn]]:
    """Every way the zombies in ``order[idx:]`` can move with ``card`` (None: a shamble)."""
    s = t.s
    if idx == len(order) or s.ending:
        yield done + tuple(ZMove(n) for n in order[idx:]), t
        return
    name = order[idx]
    zi = s.zombie_index(name)
    z = s.zombies[zi]
    two = card is not None and len(card) == 2
    for m in ("F" if card is None else card):
        branches, options = _facing_options(t, z.at, ROTATE[(z.facing, m)], zi)
        for f in branches:
            child = t.fork()
            named = child.move_zombie(zi, m, f, None, options)
            yield from _zombie_branches(child, order, idx + 1, card,
                                        done + (ZMove(name, m if two else None, named),))


def expand_zombie_play(t: Turn, card: str) -> Iterator[Leaf]:
    """Every complete ``play C`` of the zombie player moving every zombie in board order."""
    base = t.fork()
    base.s.zombie_hand = base._take(base.s.zombie_hand, card, "the zombie player")
    base.s.zplays += 1
    order = [z.name for z in base.s.zombies]
    for tokens, leaf in _zombie_branches(base, order, 0, card, ()):
        leaf.ev = Event("zplay", card=card, zombies=tokens)
        yield leaf.ev, leaf


def expand_shamble(t: Turn) -> Iterator[Leaf]:
    """The shambles that end differently: each order of the zombies (and bounce facing)
    whose result differs from those before it, board order first (orders, then facings,
    in the order a player would try them).

    Each zombie's move is simulated once per order prefix, and the ways on from a
    position are worked out once however many prefixes reach it (with the same zombies
    left to move): the shamble tree is a DAG, walked with a memo."""
    base = t.fork()
    base.turn_to_fluffy()
    base.s.shambled = True
    names = tuple(z.name for z in base.s.zombies)
    index = {n: i for i, n in enumerate(names)}
    memo: dict = {}
    r, ev0 = t.r, t.ev

    def ways(node: Turn, remaining: tuple[str, ...]) -> dict:
        """For each result the moves from ``node`` can end in, the first way to it:
        ``result -> (order key, facing key, tokens, notes, final position)``.  Only the
        first way to each result is kept: prefixing keeps the order among them."""
        s = node.s
        if not remaining or s.ending:
            return {(s.zombies, s.ending): (tuple(index[n] for n in remaining), (0,) * len(remaining),
                                            tuple(ZMove(n) for n in remaining), (), s)}
        key = (s.zombies, remaining, s.entered_flower)
        hit = memo.get(key)
        if hit is not None:
            return hit
        out: dict = {}
        for k, name in enumerate(remaining):
            zi = s.zombie_index(name)
            z = s.zombies[zi]
            rest = remaining[:k] + remaining[k + 1:]
            branches, options = _facing_options(node, z.at, z.facing, zi)
            for fi, f in enumerate(branches):
                child = Turn(r, s.copy(), [], ev0)
                named = child.move_zombie(zi, "F", f, None, options)
                token, notes, first = ZMove(name, None, named), tuple(child.notes), index[name]
                for result, (ko, kf, toks, more, final) in ways(child, rest).items():
                    ko, kf = (first, *ko), (fi, *kf)
                    have = out.get(result)
                    if have is None or (ko, kf) < (have[0], have[1]):
                        out[result] = (ko, kf, (token, *toks), notes + more, final)
        memo[key] = out
        return out

    for ko, kf, toks, notes, final in sorted(ways(base, names).values(), key=lambda w: (w[0], w[1])):
        ev = Event("shamble", zombies=toks)
        yield ev, Turn(r, final.copy(), [*base.notes, *notes], ev)
