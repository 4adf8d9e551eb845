"""Zombie Fluxx: the steps, each an event applied to a draft of the position (spec
``fluxx.md``, rulebook ``zombie-fluxx.txt``).

:func:`step_event` takes a position and an event that has passed
:func:`.rules.event_check` and returns a new position (copy on write: see
:mod:`.state`), the canonical text and the notes.  A refusal met on the way comes from a
check function of :mod:`.rules`, raised with :func:`refuse`; the position the step
started from is unchanged whatever it raises.
"""

from __future__ import annotations

from collections import Counter

from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.games.base import refuse

from . import catalogue as catmod
from .catalogue import Card, Catalogue
from .notation import CardLine, Creeper, Discard, Draw, Drop, Effect, End, Event, Kill, Move, Play, Trio, fmt
from .notation import effects as read_effects
from .rules import (R_KILL, R_PAIR, R_TRIO, action_draws_check, draw_more_check, drawn_card_check,
                    drop_card_check, from_hand_check, front_check, give_check, goal_discard_check,
                    kill_sources, rule_discard_check)
from .frozen import frozen_counter, frozen_dict, frozen_list
from .state import BARE_HANDS, EMPTY, State, card_names, join


def step_event(state: State, ev: Event) -> tuple[State, str, list[str]]:
    """``ev`` (which has passed :func:`event_check`) applied: ``(position, canonical text,
    notes)``; ``state`` is not changed.  Raises the refusals met on the way, and
    :class:`ChoiceNeeded` where the event leaves a choice open."""
    notes: list[str] = []
    s = state.draft()
    t = type(ev)
    if t is CardLine:
        notes = define_step(s, ev.card)
        return s.settle(), card_line_text(s, ev.card), notes
    if t is Creeper:
        canon = creeper_step(s, ev.p, ev.name, notes)
    elif t is Draw:
        canon = draw_step(s, ev.p, ev.cards, notes)
    else:
        if s.first_round and not any(s.replacements) and s.ending is None:
            s.first_round = False       # the first event of the running game
        canon = _STEPS[t](s, ev, notes)
    if s.ending is None and (s.goal is not None or s.first_round):
        after_step(s, notes)
    return s.settle(), f"{s.players[ev.p]}: {canon}", notes


def card_line_text(s: State, card: Card) -> str:
    """The canonical ``card`` line of ``card`` once ``s`` knows it (names as the game
    writes them)."""
    known = s.cat.find(card.name)
    line = catmod.card_line(catmod.replace(card, name=known.name, needs=known.needs, text=""))
    return line + (f' text="{card.text}"' if card.text else "")


def define_check(cat: Catalogue, card: Card) -> None:
    """:class:`BadInputError` when ``card`` cannot join ``cat`` (ruling 23): a card of
    that name known with other data, or ``needs`` naming no Keeper or Creeper."""
    known = cat.find(card.name)
    if known is not None:
        if not catmod.same_data(known, card):
            raise BadInputError(
                f"{known.name} is already known ({known.type}: {known.describe() or 'no fields'}; "
                f"from {known.source}) and a card's data cannot change in the middle of a game: "
                "write the same type and fields, or change the card in the [Cards] file")
        return
    for need in card.needs or ():
        other = cat.find(need)
        if other is None or other.type not in ("keeper", "creeper"):
            raise BadInputError(f"card line: needs names {need!r}, which is not a Keeper or Creeper "
                                "the game knows (define it first)")


def define_step(s: State, card: Card) -> list[str]:
    """Add ``card`` to the draft's catalogue (ruling 23): its copies join the deck, so the
    draw pile grows by its ``count`` (none for a card set aside without the Zombies).
    Returns the notes."""
    define_check(s.cat, card)
    known = s.cat.find(card.name)
    if known is not None:
        return [f"{known.name} is already known with these data: nothing changes"]
    card = catmod.replace(card, needs=None if card.needs is None else
                          tuple(s.cat.card(n).name for n in card.needs))
    # a new catalogue and composition: the positions before keep the old ones
    s.cat = s.cat.merged(Catalogue({catmod.name_key(card.name): card}))
    s.names = card_names(s.cat)
    copies = 0 if s.zombies_out and (card.set_aside or card.type == "creeper") else card.count
    s.composition = frozen_dict({**s.composition, card.name: copies})
    s.pile += copies
    joins = "1 copy joins" if copies == 1 else f"{copies} copies join"
    return [f"{card.name} ({card.type}) is defined: {joins} the draw pile"]


def creeper_step(s: State, p: int, name: str, notes: list[str]) -> str:
    s.hand_take(p, None)
    s.add_front("creepers", p, name)
    s.own("replacements")[p] += 1
    notes.append(f"{s.players[p]} lays down {name} and draws a replacement")
    return f"creeper {fmt(name)}"


def draw_cards(s: State, p: int, cards: tuple, owed: int, notes: list[str],
               what: str) -> tuple[list[str | None], int]:
    """Draw ``cards`` for ``p`` (None: unseen); Creepers are laid down and do not count.
    Returns the canonical list (a known top card written in) and the cards counted."""
    out: list[str | None] = []
    counted = 0
    who = s.players[p]
    for name in cards:
        if counted >= owed or not s.pile:
            refuse(draw_more_check(s, p, counted, owed, what))
        if s.pile == 0:
            notes.append(f"the draw pile ran out: the discard pile ({len(s.discard)}) is "
                         "shuffled into a new one")
            s.pile, s.discard = len(s.discard), EMPTY
        if s.top or name is not None:
            refuse(drawn_card_check(s, name))
        if s.top:    # ruling 21: the known top card is drawn first; '?' stands for it
            name = s.own("top").pop()
        s.pile -= 1
        out.append(name)
        if name is not None and (s.names.get(name) or s.card(name)).type == "creeper":
            s.add_front("creepers", p, name)
            notes.append(f"{who} draws {name}: laid down at once, and {who} draws again")
            continue
        s.hand_add(p, name)
        counted += 1
    return out, counted


def draw_step(s: State, p: int, cards: tuple, notes: list[str]) -> str:
    if s.first_round and s.replacements[p] and s.ending is None:
        owed = s.replacements[p]
        out, counted = draw_cards(s, p, cards, owed, notes, "owed to replace Creepers")
        s.own("replacements")[p] -= counted
        return "draw " + " ".join(map(fmt, out))
    if s.first_round and not any(s.replacements) and s.ending is None:
        s.first_round = False
    owed = s.draws_owed()
    out, counted = draw_cards(s, p, cards, owed, notes, "still owed")
    s.drawn += counted
    return "draw " + " ".join(map(fmt, out))


def play_step(s: State, ev: Play, notes: list[str]) -> str:
    p = ev.p
    if ev.name is None:
        raise BadInputError(f"{s.players[p]} may play now: name the card played "
                            f"(`...` stands for any card)")
    name = ev.name
    card = s.names.get(name) or s.card(name)
    if ev.extra:
        raise BadInputError(f"only an Action carries effects; {name} is a {card.type}")
    who = s.players[p]
    if s.subplays:
        subplays = s.own("subplays")
        subplays[-1] -= 1
        while subplays and subplays[-1] <= 0:
            subplays.pop()
    else:
        s.played += 1
    s.hand_take(p, name)
    canon = f"play {fmt(name)}"
    if card.type == "keeper":
        s.add_front("keepers", p, name)
    elif card.type == "rule":
        if card.slot == "none":
            s.own("others").append(name)
        else:
            old = s.rules[card.slot]
            if old:
                s.own("discard").append(old)
                notes.append(f"{name} replaces {old}")
            s.own("rules")[card.slot] = name
            _rule_notes(s, card, notes)
    elif card.type in ("goal", "ungoal"):
        old = s.goal        # one place: a Goal or an Ungoal replaces either (ruling 17)
        if old:
            s.own("discard").append(old)
        s.goal = name
        notes.append(f"the {'Goal' if card.type == 'goal' else 'Ungoal'} is now {name}"
                     + (f" ({old} discarded)" if old else ""))
    elif card.type == "action":
        canon += effects_step(s, p, card, ev.effects, notes, ev.rest)
        s.own("discard").append(name)
        if card.plays:
            s.own("subplays").append(card.plays)
            notes.append(f"{who} plays {card.plays} more for {name} (part of this one play)")
    _owing_notes(s, notes)
    return canon


def _rule_notes(s: State, card: Card, notes: list[str]) -> None:
    who = s.players[s.current]
    if card.slot == "draw":
        owed = s.draws_owed()
        if owed:
            notes.append(f"{who} must draw {owed} more")
    elif card.slot in ("hand-limit", "keeper-limit"):
        for q in s.pushed():
            if card.slot == "hand-limit" and s.hand_excess(q):
                notes.append(f"{s.players[q]} must discard {s.hand_excess(q)} at once "
                             f"(Hand Limit {card.value})")
            if card.slot == "keeper-limit" and s.keeper_excess(q):
                notes.append(f"{s.players[q]} must drop {s.keeper_excess(q)} Keeper(s) at "
                             f"once (Keeper Limit {card.value})")


def _owing_notes(s: State, notes: list[str]) -> None:
    if s.ending is not None:
        return
    owed = s.draws_owed()
    if owed:
        who = s.players[s.current]
        if not any(n.startswith(f"{who} must draw") for n in notes):
            notes.append(f"{who} must draw {owed} more")


def effects_step(s: State, p: int, card: Card, effects: tuple[Effect, ...], notes: list[str],
                 rest: tuple = ()) -> str:
    """Apply an Action's written effects in order; return their canonical text.  ``rest``:
    the words of an effect that does not read, read again after the others (raising)."""
    parts: list[str] = []
    drawn = 0
    could_draw = s.drawable()
    for e in effects:
        word, name, q = e.word, e.name, e.q
        if word == "goal-discard":
            refuse(goal_discard_check(s))
            s.own("discard").append(s.goal)
            notes.append(f"the {'Ungoal' if s.ungoal else 'Goal'} {s.goal} is discarded")
            s.goal = None
            parts.append("goal-discard")
        elif word == "rule-discard":
            refuse(rule_discard_check(s, name))
            slot = next((x for x, n in s.rules.items() if n == name), None)
            if slot is not None:
                s.own("rules")[slot] = None
            else:
                s.own("others").remove(name)
            s.own("discard").append(name)
            notes.append(f"{name} is discarded")
            parts.append(f"rule-discard {fmt(name)}")
        elif word == "draw":
            out, counted = draw_cards(s, p, e.cards, 10 ** 6, notes, "")
            drawn += counted
            parts.append("draw " + " ".join(map(fmt, out)))
        elif word == "take":
            _move_front(s, q, p, name)
            parts.append(f"take {fmt(name)} from {s.players[q]}")
        elif word == "give":
            refuse(give_check(p, q))
            if name is not None and (s.keepers[p][name] or s.creepers[p][name]):
                _move_front(s, p, q, name)
            else:
                _hand_to_hand(s, p, q, name)
            parts.append(f"give {fmt(name)} to {s.players[q]}")
        else:   # discard, trash
            if q is not None:
                refuse(front_check(s, q, name))
                s.take_front("keepers" if s.keepers[q][name] else "creepers", q, name)
            elif word == "trash" and name is not None and (s.keepers[p][name] or s.creepers[p][name]):
                s.take_front("keepers" if s.keepers[p][name] else "creepers", p, name)
            else:
                _take_from_hand(s, p, name)
            if word == "trash" and name is None:
                raise BadInputError("name the card put out of the game")
            s.own("trash" if word == "trash" else "discard").append(name)
            tail = f" from {s.players[q]}" if q is not None else ""
            parts.append(f"{word} {fmt(name)}{tail}")
    if rest:        # the first effect that does not read: bad input, once those before it are done
        read_effects(list(rest), s.cat, s.players, s.index)
    refuse(action_draws_check(card, drawn, could_draw))
    return "".join(" " + part for part in parts)


def _move_front(s: State, src: int, dst: int, name: str) -> None:
    refuse(front_check(s, src, name))
    kind = "keepers" if s.keepers[src][name] else "creepers"
    s.take_front(kind, src, name)
    s.add_front(kind, dst, name)


def _take_from_hand(s: State, p: int, name: str | None) -> None:
    refuse(from_hand_check(s, p, name))
    s.hand_take(p, name)


def _hand_to_hand(s: State, src: int, dst: int, name: str | None) -> None:
    _take_from_hand(s, src, name)
    s.hand_add(dst, name)


def kill_step(s: State, ev: Kill, notes: list[str]) -> str:
    p, target, source = ev.p, ev.target, ev.source
    if source is None:
        sources = kill_sources(s, p, target)
        if len(sources) > 1:
            raise kill_choice(s, p, target, sources)
        source = sources[0]
    who = s.players[p]
    kills = s.own("kills_used")
    kills[source] = kills.get(source, 0) + 1
    s.take_front("creepers", p, target)
    kind = (s.names.get(target) or s.card(target)).zombie
    if kind in (1, 2):
        s.own("discard").append(target)
        notes.append(f"{who} kills {target}: it goes to the discard pile")
    elif kind == 3:
        s.trio = target
        notes.append(f"{who} kills {target}: it moves by its arrow ('{who}: trio left' or 'right')")
    else:
        s.pile += 1
        s.own("top").append(target)
        notes.append(f"{who} kills {target}: it goes on top of the draw pile")
    pairs = {}
    names = s.names
    for c, n in s.creepers[p].items():
        if (names.get(c) or s.card(c)).zombie == 2:
            pairs[c] = n
    if pairs:
        s.flee = pairs = frozen_counter(pairs)
        notes.append(f"{who}'s {join(sorted(pairs))} flees: {who} names the player it goes to")
    return f"kill {fmt(target)} with {fmt(source) if source != BARE_HANDS else BARE_HANDS}"


def describe_kill(s: State, p: int, z: str) -> str:
    """What killing ``z`` does, in words."""
    kind = s.card(z).zombie
    where = {1: "to the discard pile", 2: "to the discard pile", 3: "moves by its arrow",
             4: "back on top of the draw pile"}[kind]
    text = f"free action: {z} {where}"
    if any(s.card(c).zombie == 2 for c, k in (s.creepers[p] - Counter({z: 1})).items() if k):
        text += "; a Pair flees"
    return text


def kill_choice(s: State, p: int, target: str, sources: list[str]) -> ChoiceNeeded:
    """The choice of what to kill ``target`` with, when the event does not say."""
    who = s.players[p]
    options = [Option(f"{who}: kill {fmt(target)} with {x if x == BARE_HANDS else fmt(x)}",
                      describe_kill(s, p, target)) for x in sources]
    return ChoiceNeeded(f"{who} can kill {target} with {join([fmt(x) for x in sources])}",
                        R_KILL, "kill with what?", options)


def trio_step(s: State, ev: Trio, notes: list[str]) -> str:
    p, n = ev.p, len(s.players)
    if ev.side is None:
        raise ChoiceNeeded("the Trio moves by its arrow: left or right?", R_TRIO,
                           "which way does the Trio's arrow point?",
                           [Option(f"{s.players[p]}: trio {side}",
                                   f"{s.trio} moves to {s.players[(p + d) % n]}")
                            for side, d in (("left", 1), ("right", -1))])
    q = (p + (1 if ev.side == "left" else -1)) % n
    s.add_front("creepers", q, s.trio)
    notes.append(f"{s.trio} moves to {s.players[q]}")
    s.trio = None
    return f"trio {ev.side}"


def move_step(s: State, ev: Move, notes: list[str]) -> str:
    p, name, q = ev.p, ev.name, ev.to
    if q is None:
        raise ChoiceNeeded(f"{name} flees: to whom?", R_PAIR, f"where does {name} flee?",
                           [Option(f"{s.players[p]}: move {fmt(name)} to {s.players[x]}",
                                   f"{name} goes in front of {s.players[x]}")
                            for x in range(len(s.players)) if x != p])
    flee = s.own("flee")
    flee[name] -= 1
    if flee[name] <= 0:
        del flee[name]
    s.take_front("creepers", p, name)
    s.add_front("creepers", q, name)
    notes.append(f"{name} flees to {s.players[q]}")
    return f"move {fmt(name)} to {s.players[q]}"


def discard_step(s: State, ev: Discard, notes: list[str]) -> str:
    for name in ev.cards:
        _take_from_hand(s, ev.p, name)
        s.own("discard").append(name)
    return "discard " + " ".join(map(fmt, ev.cards))


def drop_step(s: State, ev: Drop, notes: list[str]) -> str:
    p = ev.p
    for name in ev.cards:
        refuse(drop_card_check(s, p, name))
        s.take_front("keepers", p, name)
        s.own("discard").append(name)
    return "drop " + " ".join(map(fmt, ev.cards))


def end_step(s: State, ev: End, notes: list[str]) -> str:
    s.current = (s.current + 1) % len(s.players)
    s.turn += 1
    s.drawn = s.played = 0
    s.subplays = EMPTY
    s.kills_used = _NO_KILLS
    notes.append(f"{s.players[s.current]}'s turn: draw {s.rule_value('draw')}, "
                 f"play {s.rule_value('play')}")
    return "end"


_NO_KILLS = frozen_counter()

_STEPS = {Play: play_step, Kill: kill_step, Trio: trio_step, Move: move_step, Discard: discard_step,
          Drop: drop_step, End: end_step}


def after_step(s: State, notes: list[str]) -> None:
    """The Goal and the Ungoal, checked after every event for every player."""
    if s.ending is not None:
        return
    if s.first_round and any(s.replacements) and not s.drawable():
        s.replacements = frozen_list([0] * len(s.players))
        notes.append("no card is left to draw: the first round's replacements are forgiven")
    if s.goal is None:
        return
    goal = s.names.get(s.goal) or s.card(s.goal)
    if goal.needs is None:
        return
    meeting = s.meeting(s.goal)
    if goal.type == "ungoal":
        if meeting:
            s.winner, s.ending = "zombies", "ungoal"
            notes.append(f"the Ungoal {s.goal} is met: everybody loses, the Zombies win")
        return
    if len(meeting) == 1:
        s.winner, s.ending = s.players[meeting[0]], "goal"
        notes.append(f"{s.winner} meets the Goal {s.goal} and wins")
    elif len(meeting) > 1:
        notes.append(f"{join([s.players[q] for q in meeting])} all meet the Goal: "
                     "no clear winner, play goes on")
