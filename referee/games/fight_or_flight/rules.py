"""The rules of Zombie Fight or Flight (rulebook ``zombie-fight-or-flight.txt``): the
check functions, each returning a :data:`~referee.games.base.Problem` ``(reason,
rule_id)`` or None, and the steps that apply an event to a :class:`.state.Position`
and return a new one.

Every refusal comes from a check (:func:`event_check`): an event that passes it
always steps, so a step never refuses and never changes the position it is given.
The engine (:mod:`.engine`) calls :func:`event_check` then :func:`step`; the listings
(``legal_events``, ``blocked_events``, the advisor) call the same checks.
"""

from __future__ import annotations

from referee.games.base import Problem, Step
from referee.words import plural as _plural

from .notation import (BACKTRACK, CALM, CARD_INDEX, CARDS, COMBAT, FIGHTS, FLIGHTS, HEAL,
                       PROVISION, RECOVERY, REST, SKIPS, SKIRMISH, THE_END, Event)
from .state import (FIGHT_FREE_NEEDED, FIRST_COUNTING_DAY, I_HEAL, I_REST, WEEK, Position, Table,
                    derive, heal_rest_left, left)

_tuple_new = tuple.__new__

# -- rule ids ---------------------------------------------------------------------------

R_GAME_OVER = "fight-or-flight.game-over"
R_TURN = "fight-or-flight.turn-order"
R_RECOVERY = "fight-or-flight.recovery"
R_RECOVERY_COMBAT = "fight-or-flight.recovery.combat"
R_SECOND_SKIRMISH = "fight-or-flight.second-skirmish"
R_FLIGHT = "fight-or-flight.flight"
R_THE_END = "fight-or-flight.the-end"
R_SHOW = "fight-or-flight.show"
R_STUCK = "fight-or-flight.stuck"
R_DECK = "fight-or-flight.deck"
R_SHOW_PLAY = "fight-or-flight.show.play"
R_FACE_UP_DEFAULT = "fight-or-flight.ruling.face-up-default"  #: cited, never raised

#: Every rule id this engine can raise.
RULE_IDS: frozenset[str] = frozenset({
    R_GAME_OVER, R_TURN, R_RECOVERY, R_RECOVERY_COMBAT, R_SECOND_SKIRMISH, R_FLIGHT,
    R_THE_END, R_SHOW, R_STUCK, R_DECK, R_SHOW_PLAY,
})

_PLAYABLE_RECOVERING = frozenset({PROVISION, HEAL, REST})


# -- what the position implies ------------------------------------------------------------

def recovery_needed(s: Position) -> int:
    """Recovery cards still needed to recover (0 when not recovering): two after a
    Fight, one of them a Heal after a Combat (rulebook "The Cards")."""
    return _needed(s.recovering, s.recovery_cards, s.recovery_heals)


def _needed(recovering: str | None, cards: int, heals: int) -> int:
    if recovering is None:
        return 0
    need = 2 - cards
    if recovering == "combat" and heals == 0:
        need = max(need, 1)
    return max(need, 0)


def unreachable(recovering: str | None, cards: int, heals: int, fight_free: int,
                heal_left: int, rest_left: int, calm: int) -> str | None:
    """Why The End can no longer be reached, on the numbers a position keeps (the
    recovery, the fight-free count, and the Heal, Rest and calm cards not yet played),
    or None (ruling ``fight-or-flight.ruling.end-unreachable``; see
    :func:`end_unreachable`).

    >>> unreachable("combat", 2, 0, 0, 0, 3, 20)
    'the Combat needs a Heal and every Heal has been played'
    >>> unreachable(None, 0, 0, 4, 5, 5, 20) is None
    True
    """
    recovery = _needed(recovering, cards, heals)
    spare = heal_left + rest_left
    if spare < recovery:
        return f"{_plural(recovery, 'more Recovery card')} needed and {spare} left unplayed"
    if recovering == "combat" and heals == 0 and not heal_left:
        return "the Combat needs a Heal and every Heal has been played"
    days = recovery + max(0, FIGHT_FREE_NEEDED - fight_free)
    if calm < days:
        return (f"{days} more days without a Fight needed and only {calm} cards other "
                f"than Fights left unplayed")
    return None


def _doomed(recovering: str | None, cards: int, heals: int, fight_free: int,
            heal_left: int, rest_left: int, calm: int) -> bool:
    """``unreachable(...) is not None``, quick while far from it: at most 2 Recovery cards
    (one a Heal) and 7 calm days are ever missing."""
    if calm >= 7 and heal_left and heal_left + rest_left >= 2:
        return False
    return unreachable(recovering, cards, heals, fight_free, heal_left, rest_left, calm) is not None


def end_unreachable(t: Table, s: Position) -> str | None:
    """Why The End can no longer be reached whatever is played, or None (rulebook
    "Ways the Team Can Die (Lose)" 3 and 4).

    Necessary conditions for a win (ruling ``fight-or-flight.ruling.end-unreachable``):
    enough unplayed Recovery cards (and a Heal, for a Combat) to finish the recovery,
    and enough unplayed cards that are neither a Fight nor The End for the recovery
    plus the fight-free days still missing.  (Enough cards in all follows: before day
    22 at least 34 are left, and from then on the cards other than Fights plus The End
    suffice.)
    """
    heal_left, rest_left = heal_rest_left(t, s)
    return unreachable(s.recovering, s.recovery_cards, s.recovery_heals, s.fight_free_days,
                       heal_left, rest_left, s.calm)


def week_provisioned(s: Position) -> bool:
    """Whether the week the next card belongs to already has a Provision."""
    return len(s.played) % WEEK != 0 and s.fed


# -- checks ---------------------------------------------------------------------------

def _deck_problem(t: Table, card: str) -> Problem:
    return (f"the deck holds {_plural(t.counts[CARD_INDEX[card]], card + ' card')} and every "
            f"one is already played or shown", R_DECK)


def common_check(t: Table, s: Position, seat: int) -> Problem | None:
    """Why nobody but the seat that must show may act: the game is over, or another
    seat played its face-up card and must first show a new one ("COMMUNICATION
    IMPROVES")."""
    if s.result is not None:
        return f"the game is over ({s.result}: {s.reason})", R_GAME_OVER
    if s.must_show is not None and s.must_show != seat:
        return f"{t.players[s.must_show]} played the face-up card and must first show a new one", R_SHOW
    return None


def turn_check(t: Table, s: Position, seat: int) -> Problem | None:
    """Why ``seat`` may not play now: it must show a new card first, or it is not its
    turn ("Order of Play"; the message names a skip)."""
    players = t.players
    if s.must_show == seat:
        return f"{players[seat]} played the face-up card and must first show a new one", R_SHOW
    if seat != s.turn:
        msg = f"it is {players[s.turn]}'s turn, not {players[seat]}'s"
        if seat in s.skipped:
            msg += f" ({players[seat]} was skipped by the {s.played[-1][1]})"
        return msg, R_TURN
    return None


def rule_check(s: Position, card: str) -> Problem | None:
    """Why ``card`` may not be played now by the rules of play, whoever holds it
    (rulebook "The Cards": recovery, a second Skirmish, Flight cards, The End)."""
    recovering = s.recovering
    if recovering is not None:
        if card in _PLAYABLE_RECOVERING:
            return None
        still = f"the group is still recovering from a {recovering.capitalize()}"
        if recovering == "combat" and s.recovery_cards >= 2 and s.recovery_heals == 0:
            return (f"{still}: two Recovery cards were played but a Combat needs a Heal among them",
                    R_RECOVERY_COMBAT)
        if card == SKIRMISH:
            if recovering == "skirmish":
                return None
            return (f"{still}: a second Skirmish is allowed only while recovering from a Skirmish",
                    R_SECOND_SKIRMISH)
        if card in FLIGHTS:
            return f"{still}: no Flight card until the group has recovered", R_FLIGHT
        if card == THE_END:
            return f"{still}: The End needs five fight-free days first", R_THE_END
        return f"{still}: only Provision, Heal or Rest may be played", R_RECOVERY
    if card == THE_END and s.fight_free_days < FIGHT_FREE_NEEDED:
        return (f"The End needs five fight-free days counted from day {FIRST_COUNTING_DAY}; "
                f"the count is {s.fight_free_days}", R_THE_END)
    return None


def holds_check(t: Table, s: Position, seat: int, card: str) -> Problem | None:
    """Why seat ``seat`` cannot be holding ``card`` (the card counts, rulebook
    "Contents"), or None."""
    if s.shown[seat] == card:
        return None
    if s.hidden[seat] == 0:
        return f"{t.players[seat]}'s only card is the face-up {s.shown[seat]}", R_DECK
    if left(t, s, card) <= 0:
        return _deck_problem(t, card)
    return None


def face_up_choice(t: Table, s: Position, seat: int, card: str) -> bool:
    """True when ``seat`` may play ``card`` either as its face-up card or as a hidden
    one (the hand holds hidden cards and the deck still has an unseen ``card``)."""
    return s.shown[seat] == card and s.hidden[seat] > 0 and left(t, s, card) > 0


def source_check(t: Table, s: Position, seat: int, card: str, source: str | None) -> Problem | None:
    """Why ``seat`` cannot play the ``source`` copy (``shown``/``hidden``) of ``card``."""
    name = t.players[seat]
    if source == "shown" and s.shown[seat] != card:
        shown = s.shown[seat]
        return (f"{name} shows {'no card' if shown is None else 'a ' + shown}, not a {card}",
                R_SHOW_PLAY)
    if source == "hidden":
        if s.hidden[seat] == 0:
            return f"{name} holds no hidden card, only the face-up {s.shown[seat]}", R_DECK
        if left(t, s, card) <= 0:
            return _deck_problem(t, card)
    return None


def play_check(t: Table, s: Position, seat: int, card: str) -> Problem | None:
    """Why ``seat`` may not play ``card`` now, or None.

    Checks in order: the game is over; a face-up card must be shown first
    ("COMMUNICATION IMPROVES"); turn order ("Order of Play"); the card counts
    ("Contents"); recovery, Flight and The End ("The Cards").
    """
    return (common_check(t, s, seat) or turn_check(t, s, seat)
            or holds_check(t, s, seat, card) or rule_check(s, card))


def show_check(t: Table, s: Position, seat: int, card: str | None) -> Problem | None:
    """Why ``seat`` may not show ``card`` now (``card`` None: show anything), or None.

    Rulebook "COMMUNICATION IMPROVES": a card is shown after one's own play from week
    two on, and a face-up card stays until it is played.
    """
    problem = common_check(t, s, seat)
    if problem:
        return problem
    name = t.players[seat]
    if not s.may_show[seat]:
        return f"{name} shows a card only after playing a card in week two or later", R_SHOW
    if s.shown[seat] is not None:
        return f"{name}'s face-up card ({s.shown[seat]}) stays until it is played", R_SHOW
    if s.hidden[seat] == 0:
        return f"{name} holds no card to show", R_SHOW
    if card is not None and left(t, s, card) <= 0:
        return _deck_problem(t, card)
    return None


def playable(s: Position) -> set[str]:
    """Cards the rules of play allow now (whoever holds them)."""
    return {c for c in CARDS if rule_check(s, c) is None}


def stuck_check(t: Table, s: Position, seat: int) -> Problem | None:
    """Why ``seat`` may not declare itself stuck now, or None.

    Rulebook "The Cards" (Fights) and "Ways the Team Can Die (Lose)" 2.  Refused out
    of turn, when the face-up card is playable, or when the card counts show the
    hidden cards cannot all be unplayable (too few unplayable cards unseen).
    """
    problem = common_check(t, s, seat) or turn_check(t, s, seat)
    if problem:
        return problem
    name = t.players[seat]
    ok = playable(s)
    shown = s.shown[seat]
    if shown in ok:
        return f"{name}'s face-up {shown} may be played", R_STUCK
    blocked_unseen = sum(left(t, s, c) for c in CARDS if c not in ok)
    hidden = s.hidden[seat]
    if hidden > blocked_unseen:
        cant = ", ".join(c for c in CARDS if c not in ok)
        return (f"{name} holds {_plural(hidden, 'hidden card')} but only {blocked_unseen} "
                f"unplayable card{'s are' if blocked_unseen != 1 else ' is'} left unseen "
                f"({cant}): {name} must hold a playable card", R_STUCK)
    return None


def event_check(t: Table, s: Position, e: Event) -> Problem | None:
    """The first rule ``e`` breaks in ``s``, or None: :func:`play_check` then
    :func:`source_check` for a play, :func:`show_check`, :func:`stuck_check`."""
    if e.verb == "play":
        seat, card = e.seat, e.card
        if (s.result is None and s.must_show is None and seat == s.turn and s.recovering is None
                and card != THE_END and e.source is None
                and (s.shown[seat] == card or (s.hidden[seat] and left(t, s, card) > 0))):
            return None  # the common case, which no check refuses
        return play_check(t, s, seat, card) or source_check(t, s, seat, card, e.source)
    if e.verb == "show":
        return show_check(t, s, e.seat, e.card)
    return stuck_check(t, s, e.seat)


# -- steps (each on a position the event has passed event_check in) ----------------------

def step(t: Table, s: Position, e: Event) -> Step:
    """``e`` applied to ``s`` (not changed): the new position, the canonical text and
    the notes.  ``e`` must have passed :func:`event_check` in ``s``."""
    if e.verb == "play":
        return play_step(t, s, e.seat, e.card, e.source)
    name = t.players[e.seat]
    if e.verb == "show":
        return show_step(t, s, e.seat, e.card)
    return Step(derive(s, result="loss", reason="stuck", detail=f"{name} cannot play any card"),
                f"{name}: stuck", [f"the group loses: {name} cannot play any card (stuck)"])


def show_step(t: Table, s: Position, seat: int, card: str) -> Step:
    """``seat`` places ``card`` from its hidden cards face up ("COMMUNICATION IMPROVES");
    the seat that had to show a new card may let play go on."""
    hidden, shown = list(s.hidden), list(s.shown)
    hidden[seat] -= 1
    shown[seat] = card
    must_show = None if s.must_show == seat else s.must_show
    return Step(derive(s, hidden=tuple(hidden), shown=tuple(shown), must_show=must_show),
                f"{t.players[seat]}: show {card}", [])


def play_step(t: Table, s: Position, seat: int, card: str, source: str | None = None) -> Step:
    """``seat`` plays ``card`` (its face-up copy unless ``source`` is ``"hidden"``) and
    draws while the deck lasts; the day's consequences, in the order the notes give
    them: the Fight or the recovery, the fight-free count, the direction and the skips
    (rulebook "The Cards"), then the end of the game: The End wins, a week without a
    Provision loses, so does the next player holding no card ("Ways the Team Can Die");
    The End out of reach is a warning only; a face-up card played must be replaced.

    A play that could be either copy (:func:`face_up_choice`) is written with its copy,
    the face-up one by default (``fight-or-flight.ruling.face-up-default``).
    """
    players = t.players
    name = players[seat]
    shown, hidden = s.shown, s.hidden
    i = CARD_INDEX[card]
    counts, pc = t.counts, s.played_count
    face = shown[seat] == card
    if face and hidden[seat] > 0 and counts[i] - pc[i] - shown.count(card) > 0:  # face_up_choice
        source = source or "shown"
        text = f"{name}: {card} {source}"
    else:
        text = f"{name}: {card}"
    notes: list[str] = []
    heal_left, rest_left = counts[I_HEAL] - pc[I_HEAL], counts[I_REST] - pc[I_REST]
    recovering, cards, heals = s.recovering, s.recovery_cards, s.recovery_heals
    fight_free, calm = s.fight_free_days, s.calm
    was_doomed = _doomed(recovering, cards, heals, fight_free, heal_left, rest_left, calm)

    from_face_up = face and source != "hidden"
    if from_face_up:
        shown = shown[:seat] + (None,) + shown[seat + 1:]
    deck = s.deck
    drawn = deck > 0
    if drawn:
        deck -= 1
    if drawn == from_face_up:  # a hidden card played and none drawn, or the face-up one and one drawn
        hidden = hidden[:seat] + (hidden[seat] + (1 if drawn else -1),) + hidden[seat + 1:]
    played = s.played + ((seat, card),)
    played_count = pc[:i] + (pc[i] + 1,) + pc[i + 1:]
    day = len(played)
    dow = day % WEEK
    fed = s.fed and dow != 1
    may_show = s.may_show
    if day > WEEK and not may_show[seat]:
        may_show = may_show[:seat] + (True,) + may_show[seat + 1:]

    was_recovering = recovering is not None
    if card in FIGHTS:
        fight_free = 0
        if card == SKIRMISH and recovering == "skirmish":
            notes.append("second Skirmish before recovering: the fight becomes a Combat and "
                         "recovery starts again (two Recovery cards, one a Heal)")
            recovering = "combat"
        elif card == SKIRMISH:
            notes.append("Skirmish: the group must recover with two Recovery cards")
            recovering = "skirmish"
        else:
            notes.append("Combat: the group must recover with two Recovery cards, one a Heal")
            recovering = "combat"
        cards = heals = 0
    else:
        if card in CALM:
            calm -= 1
        if card == HEAL:
            heal_left -= 1
        elif card == REST:
            rest_left -= 1
        if card in RECOVERY and recovering is not None:
            cards += 1
            heals += card == HEAL
            if _needed(recovering, cards, heals) == 0:
                notes.append(f"the group has recovered from the {recovering.capitalize()}")
                recovering = None
                cards = heals = 0
        if card == PROVISION:
            fed = True
        if not was_recovering and day >= FIRST_COUNTING_DAY:
            fight_free += 1
            if fight_free == FIGHT_FREE_NEEDED:
                notes.append("five fight-free days: The End may now be played")

    direction = s.direction
    if card == BACKTRACK:
        direction = -direction
        notes.append("play now runs " + ("clockwise" if direction > 0 else "counter-clockwise"))
    skip = SKIPS.get(card, 0)
    n = len(players)
    turn = (seat + direction * (skip + 1)) % n
    skipped: tuple[int, ...] = ()
    if skip:
        # with two or three players a skip comes round to the player or the next one
        passed = [(seat + direction * k) % n for k in range(1, skip + 1)]
        skipped = tuple(x for x in dict.fromkeys(passed) if x not in (seat, turn))
        if skipped:
            notes.append("skipped: " + ", ".join(players[x] for x in skipped))

    result = reason = detail = None
    if card == THE_END:
        result, reason, detail = "win", "the-end", "The End was played"
        notes.append("The End: the group reaches safety and wins")
    elif dow == 0 and not fed:
        result, reason, detail = "loss", "hunger", f"week {day // WEEK} ended without a Provision"
        notes.append(f"the group loses: week {day // WEEK} ended without a Provision (hunger)")
    elif hidden[turn] == 0 and shown[turn] is None:
        result, reason, detail = "loss", "out-of-cards", f"{players[turn]} has no card to play"
        notes.append(f"the group loses: the deck is empty and {players[turn]} has no card (out of cards)")
    elif dow == 0:
        notes.append(f"week {day // WEEK} is over")
    if result is None and not was_doomed and _doomed(recovering, cards, heals, fight_free,
                                                     heal_left, rest_left, calm):
        why = unreachable(recovering, cards, heals, fight_free, heal_left, rest_left, calm)
        # A warning, not an ending: the spec's losses are hunger, stuck and the player
        # to play holding no card, and the record goes on to one of them.
        notes.append(f"The End can no longer be reached ({why}): the group will lose")
    must_show = s.must_show
    if from_face_up and result is None and hidden[seat] + (shown[seat] is not None) > 0:
        must_show = seat
        notes.append(f"{name} played the face-up card and must show a new one")
    new = _tuple_new(Position, (  # every field, in Position's order
        shown, hidden, deck, played, played_count, calm, recovering,
        cards, heals, fight_free, direction, turn, skipped, fed, may_show, must_show, result,
        reason, detail))
    return Step(new, text, notes)


# -- what a card would do, for the listings --------------------------------------------

def describe(s: Position, card: str) -> str:
    """What playing ``card`` now would do, in a few words (``referee legal``)."""
    if card == THE_END:
        return "win the game"
    recovering = s.recovering
    if card in FIGHTS:
        if card == SKIRMISH and recovering == "skirmish":
            return "second Skirmish: becomes a Combat, recovery restarts"
        return f"fight: recover with two Recovery cards{', one a Heal' if card == COMBAT else ''}"
    if card in RECOVERY and recovering:
        cards, heals = s.recovery_cards + 1, s.recovery_heals + (card == HEAL)
        if cards >= 2 and (recovering == "skirmish" or heals):
            return "recovers the group"
        if cards > 2:
            return "does not help: the Combat needs a Heal"
        return "a Recovery card toward recovery"
    if card == BACKTRACK:
        return "reverse the direction of play"
    if card in SKIPS:
        n = SKIPS[card]
        return f"skip the next {'player' if n == 1 else 'two players'}"
    if card == PROVISION:
        return "provision for the week" + ("" if week_provisioned(s) else " (none yet)")
    return "no effect outside recovery"
