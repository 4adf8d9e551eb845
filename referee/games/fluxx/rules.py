"""Zombie Fluxx: the checks (each returns a :data:`~referee.games.base.Problem` or None)
and the steps (an event applied to a draft of the position), spec ``fluxx.md``, rulebook
``zombie-fluxx.txt``.

:func:`event_check` is every check an event must pass before anything changes.  The
refusals only found on the way (the cards of a draw drawn one by one, an Action's effects
in their order, the cards discarded or dropped one by one) are named check functions
too, called by the steps on the draft and raised with :func:`refuse`: the position the
step started from is never changed (see :mod:`.state`).
"""

from __future__ import annotations

from collections import Counter

from referee.errors import BadInputError, ChoiceNeeded, Option
from referee.games.base import Problem, refuse, rule_ids
from referee.words import plural

from . import catalogue as catmod
from .catalogue import Card, Catalogue
from .notation import (CardLine, Creeper, Discard, Draw, Drop, Effect, End, Event, Kill, Move, Play,
                       Trio, fmt)
from .state import BARE_HANDS, State, card_names, join

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


# -- the position as an event of the running game sees it ----------------------------------

def leaving_first_round(s: State) -> bool:
    """True when the first round is over as soon as an event of the running game comes:
    every replacement drawn, the game not over."""
    return s.first_round and not any(s.replacements) and s.ending is None


def running(s: State) -> State:
    """``s`` as the events of the running game (all but ``creeper`` and a replacement
    ``draw``) see it: the first round left behind when it is over (a new position when
    that changes anything; ``s`` is not changed)."""
    if s.first_round and not any(s.replacements) and s.ending is None:
        s = s.draft().settle()
        s.first_round = False
    return s


# -- checks ------------------------------------------------------------------------------

def gate(s: State, p: int, *, own_turn: bool = True, limit_discard: bool = False) -> Problem | None:
    """The checks every event of the running game passes first."""
    if s.ending is not None:
        who = "the zombies (everybody loses)" if s.winner == "zombies" else s.winner
        return f"the game is over: {who} won", R_OVER
    if s.first_round:
        owing = [s.players[q] for q, n in enumerate(s.replacements) if n]
        if owing:
            return (f"{join(owing)} must first draw to replace the first round's Creepers",
                    R_FIRST_ROUND)
    if s.trio or s.flee:   # ruling 18: nothing else, not even a limit discard
        what = ("the killed Zombie Trio's direction ('trio left' or 'right')" if s.trio
                else "where the fleeing Pair of Zombies goes ('move ... to P')")
        return f"{s.players[s.current]} must first say {what}", R_ZOMBIE_MOVES
    pushed = s.pushed() if not s.first_round else []
    if pushed and not (limit_discard and p in pushed):
        names = join([s.players[q] for q in pushed])
        return f"{names} must first discard down to the limits", R_PUSHED
    if limit_discard and p != s.current:
        return None
    if own_turn and p != s.current:
        return f"it is {s.players[s.current]}'s turn, not {s.players[p]}'s", R_TURN
    return None


def holds_check(s: State, p: int, name: str, seen: Counter | None = None) -> Problem | None:
    """Why ``p`` cannot hold ``name`` in hand, or None."""
    card = s.card(name)
    if card.type == "creeper":
        return f"{name} is a Creeper: it is laid down when drawn, never held", R_CREEPER
    if s.composition.get(name, 0) == 0 and s.zombies_out and (card.set_aside):
        return f"{name} is set aside in a game without the Zombies", R_SET_ASIDE
    hand = s.hands[p]
    if hand.known.get(name, 0):
        return None
    if not hand.unknown:
        return f"{s.players[p]} holds no {name} (every card in that hand is known)", R_HIDDEN
    if s.unseen(name, seen) <= 0:
        return (f"every {name} card ({s.composition.get(name, 0)} in the deck) is already "
                "accounted for", R_COUNT)
    return None


def play_check(s: State, p: int, name: str) -> Problem | None:
    """Why ``p`` may not play ``name`` now, or None."""
    problem = gate(s, p)
    if problem:
        return problem
    owed = s.draws_owed()
    if owed:
        return f"{s.players[p]} must first draw {owed} more", R_DRAWS_FIRST
    if not s.subplays and s.plays_owed() == 0:
        rule = s.rule_value("play")
        return (f"{s.players[p]} has played {s.played} this turn (Play "
                f"{'All' if rule == 'all' else rule}): no more plays", R_PLAY)
    return holds_check(s, p, name)


def any_play_check(s: State, p: int) -> Problem | None:
    """Why ``p`` may play no card at all now (whatever the card), or None: what
    ``Ann: play ...`` is refused with, and what ``blocked_events`` lists."""
    problem = gate(s, p)
    if problem is None and s.draws_owed():
        problem = (f"{s.players[p]} must first draw {s.draws_owed()} more", R_DRAWS_FIRST)
    if problem is None and not s.subplays and not s.plays_owed():
        problem = (f"{s.players[p]} has no play left this turn", R_PLAY)
    return problem


def end_check(s: State, p: int) -> Problem | None:
    """Why ``p`` may not end the turn now, or None."""
    problem = gate(s, p)
    if problem:
        return problem
    who = s.players[p]
    owed = s.draws_owed()
    if owed:
        return f"{who} must first draw {owed} more", R_DRAWS_FIRST
    plays = s.plays_owed()
    if plays and s.subplays:
        return f"{who} must still play {plays} for the Action", R_ACTION_PLAYS
    if plays:
        return f"{who} must still play {plays} more", R_PLAY
    if s.hand_excess(p):
        return (f"{who} holds {s.hands[p].size} cards and must first discard down to "
                f"{s.rule_value('hand-limit')}", R_HAND_LIMIT)
    if s.keeper_excess(p):
        return (f"{who} has {sum(s.keepers[p].values())} Keepers and must first drop down "
                f"to {s.rule_value('keeper-limit')}", R_KEEPER_LIMIT)
    return None


def limit_check(s: State, p: int, slot: str) -> Problem | None:
    """Why ``p`` may not discard (slot hand-limit) or drop (keeper-limit) now."""
    problem = gate(s, p, limit_discard=True)
    if problem:
        return problem
    who = s.players[p]
    rule = R_HAND_LIMIT if slot == "hand-limit" else R_KEEPER_LIMIT
    excess = s.hand_excess(p) if slot == "hand-limit" else s.keeper_excess(p)
    if not excess:
        limit = s.rule_value(slot)
        if slot == "hand-limit":
            why = "no Hand Limit is in play" if limit is None else f"{who} is within the Hand Limit of {limit}"
            return f"{why}: a card is played, not discarded", R_NO_DISCARD
        why = "no Keeper Limit is in play" if limit is None else f"{who} is within the Keeper Limit of {limit}"
        return f"{why}: nothing to drop", R_KEEPER_LIMIT
    if p == s.current:
        owed = s.draws_owed()
        if owed:
            return f"{who} must first draw {owed} more", R_DRAWS_FIRST
        if s.plays_owed():
            return f"{who} must first play {s.plays_owed()} more: limits come last", rule
    return None


def kill_check(s: State, p: int, target: str, source: str) -> Problem | None:
    """Why ``p`` may not kill ``target`` with ``source`` now, or None (rulings 6, 9)."""
    problem = gate(s, p, own_turn=False)
    if problem:
        return problem
    if p != s.current:
        return f"kills happen only in the killer's own turn ({s.players[s.current]}'s now)", R_KILL_TURN
    who = s.players[p]
    card = s.card(target)
    if not card.is_zombie:
        return f"{target} is not a Zombie", R_KILL
    if not s.creepers[p].get(target, 0):
        return f"{who} has no {target} in front of them", R_KILL
    if source == BARE_HANDS:
        allowed = s.kill_allowance(p, source)
        if not allowed:
            return "no rule in play allows bare-hand kills (Zombie Season does)", R_KILL
    else:
        if not s.keepers[p].get(source, 0):
            return f"{who} has no {source} in front of them", R_KILL
        allowed = s.kill_allowance(p, source)
        if not allowed:
            keeper = s.card(source)
            why = "needs Weapon Bonus in play" if keeper.weapon else "cannot kill"
            return f"{source} {why}", R_KILL
    if s.kills_used.get(source, 0) >= allowed:
        return (f"{'bare hands' if source == BARE_HANDS else source} already killed "
                f"{plural(allowed, 'Zombie')} this turn", R_KILL_LIMIT)
    return None


def kill_sources(s: State, p: int, target: str) -> list[str]:
    """What ``p`` may kill ``target`` with now: bare hands first, then the Keepers."""
    return [x for x in [BARE_HANDS, *sorted(s.keepers[p])] if kill_check(s, p, target, x) is None]


def unwritten_source_check(s: State, p: int, target: str) -> Problem | None:
    """Why ``kill Z`` (the source not written) is refused: nothing can kill it now."""
    if kill_sources(s, p, target):
        return None
    return (kill_check(s, p, target, BARE_HANDS) or
            (f"nothing of {s.players[p]}'s can kill {target} now", R_KILL))


def creeper_check(s: State, p: int, name: str) -> Problem | None:
    """Why ``p`` may not lay down ``name`` as a dealt Creeper now (the first round)."""
    if s.ending is not None:
        return gate(s, p)
    if not s.first_round:
        return "first-round Creepers are written before the first turn's first event", R_FIRST_ROUND_FIRST
    card = s.card(name)
    if card.type != "creeper":
        return f"{name} is not a Creeper", R_FIRST_ROUND
    if s.composition.get(name, 0) == 0 and s.zombies_out:
        return f"{name} is set aside in a game without the Zombies", R_SET_ASIDE
    if not s.hands[p].unknown:
        return f"{s.players[p]}'s dealt cards are all accounted for", R_FIRST_ROUND
    if s.unseen(name) <= 0:
        return f"every {name} card is already accounted for", R_COUNT
    return None


def turn_draw_check(s: State, p: int) -> Problem | None:
    """Why ``p`` may not draw under the Draw rule now (``s`` as the running game sees it)."""
    problem = gate(s, p)
    if problem:
        return problem
    if not s.draws_owed():
        return f"{s.players[p]} owes no draw now (drawn {s.drawn}, Draw {s.rule_value('draw')})", R_DRAW
    return None


def draw_more_check(s: State, p: int, counted: int, owed: int, what: str) -> Problem | None:
    """Why ``p`` may not draw one more card, ``counted`` of ``owed`` drawn: more than
    owed, or both piles empty."""
    if counted >= owed:
        return f"{s.players[p]} draws more than the {plural(owed, 'card')} {what}", R_DRAW
    if s.pile == 0 and not s.discard:
        return "the draw pile and the discard pile are both empty", R_RESHUFFLE
    return None


def drawn_card_check(s: State, name: str | None) -> Problem | None:
    """Why the next card drawn cannot be ``name`` (None: unseen): a known top card
    (ruling 21), a card set aside, or one every copy of which is accounted for."""
    if s.top:
        if name is not None and name != s.top[-1]:
            return (f"{s.top[-1]} is known to lie on top of the draw pile: the next card "
                    f"drawn is {s.top[-1]} (write it, or ?), not {name}", R_TOP)
        return None
    if name is not None:
        if s.composition.get(name, 0) == 0 and s.zombies_out:
            return f"{name} is set aside in a game without the Zombies", R_SET_ASIDE
        if s.unseen(name) <= 0:
            return (f"every {name} card ({s.composition.get(name, 0)} in the deck) is "
                    "already accounted for", R_COUNT)
    return None


def discard_count_check(s: State, p: int, cards: tuple) -> Problem | None:
    """Why ``p`` may not discard ``cards`` to the Hand Limit now (before any is taken)."""
    problem = limit_check(s, p, "hand-limit")
    if problem is None and len(cards) > s.hand_excess(p):
        problem = (f"{s.players[p]} must discard {s.hand_excess(p)}, not {len(cards)}: down to "
                   f"the Hand Limit, no further", R_NO_DISCARD)
    return problem


def drop_count_check(s: State, p: int, cards: tuple) -> Problem | None:
    """Why ``p`` may not drop ``cards`` to the Keeper Limit now (before any is dropped)."""
    problem = limit_check(s, p, "keeper-limit")
    if problem is None and len(cards) > s.keeper_excess(p):
        problem = (f"{s.players[p]} must drop {s.keeper_excess(p)}, not {len(cards)}", R_KEEPER_LIMIT)
    return problem


def drop_card_check(s: State, p: int, name: str) -> Problem | None:
    """Why ``p`` has no Keeper ``name`` to drop (a Creeper is not dropped)."""
    if not s.keepers[p][name]:
        rule = R_DROP if s.creepers[p][name] else R_KEEPER_LIMIT
        return f"{s.players[p]} has no Keeper {name} in front of them", rule
    return None


def from_hand_check(s: State, p: int, name: str | None) -> Problem | None:
    """Why ``p`` cannot give up ``name`` (None: an unseen card) from hand."""
    if name is None:
        if not s.hands[p].unknown:
            return f"{s.players[p]} holds no unseen card", R_HIDDEN
        return None
    return holds_check(s, p, name)


def front_check(s: State, p: int, name: str) -> Problem | None:
    """Why ``name`` cannot be taken from in front of ``p`` (an Action's effect)."""
    if s.keepers[p][name] or s.creepers[p][name]:
        return None
    return f"{s.players[p]} has no {name} in front of them", R_EFFECT


def trio_check(s: State, p: int) -> Problem | None:
    """Why ``p`` may not say a Trio's direction now."""
    if s.ending is not None:
        return gate(s, p)
    if s.trio is None or p != s.current:
        return "no killed Zombie Trio is waiting for its direction", R_TRIO
    return None


def move_check(s: State, p: int, name: str, q: int) -> Problem | None:
    """Why ``p`` may not send the fleeing Pair ``name`` to ``q`` now (ruling 14)."""
    if s.ending is not None:
        return gate(s, p)
    if p != s.current or not s.flee[name]:
        return f"no {name} of {s.players[p]}'s is fleeing now", R_PAIR
    if q == p:
        return "a fleeing Pair goes to another player", R_PAIR_OTHER
    return None


def goal_discard_check(s: State) -> Problem | None:
    if not s.goal:
        return "there is no Goal or Ungoal to discard", R_EFFECT
    return None


def rule_discard_check(s: State, name: str) -> Problem | None:
    if name in s.rules.values() or name in s.others:
        return None
    return f"{name} is not a rule in play", R_EFFECT


def give_check(p: int, q: int) -> Problem | None:
    if q == p:
        return "give to another player", R_EFFECT
    return None


def action_draws_check(card: Card, drawn: int, could_draw: int) -> Problem | None:
    """Why an Action's written draws are not the number it calls for (Creepers not counted)."""
    if card.draws is not None and drawn != min(card.draws, could_draw):
        return (f"{card.name} draws {card.draws} (Creepers not counted), not {drawn}: write "
                f"'draw {' '.join(['?'] * card.draws)}'", R_EFFECT)
    return None


def event_check(s: State, ev: Event) -> Problem | None:
    """Every check ``ev`` must pass in ``s`` before anything changes.  The refusals of a
    :data:`~.notation.SEQUENCES` event met on the way come from the step."""
    return _CHECKS[type(ev)](s, ev)


def _draw_event_check(s: State, ev: Draw) -> Problem | None:
    if s.ending is not None:
        return gate(s, ev.p)
    if s.first_round and s.replacements[ev.p]:
        return None
    return turn_draw_check(running(s), ev.p)


_CHECKS = {
    Draw: _draw_event_check,
    Creeper: lambda s, ev: creeper_check(s, ev.p, ev.name),
    CardLine: lambda s, ev: None,
    Play: lambda s, ev: (any_play_check(running(s), ev.p) if ev.name is None
                         else play_check(running(s), ev.p, ev.name)),
    End: lambda s, ev: end_check(running(s), ev.p),
    Kill: lambda s, ev: (unwritten_source_check(running(s), ev.p, ev.target) if ev.source is None
                         else kill_check(running(s), ev.p, ev.target, ev.source)),
    Discard: lambda s, ev: discard_count_check(running(s), ev.p, ev.cards),
    Drop: lambda s, ev: drop_count_check(running(s), ev.p, ev.cards),
    Trio: lambda s, ev: None if ev.side is None else trio_check(running(s), ev.p),
    Move: lambda s, ev: None if ev.to is None else move_check(running(s), ev.p, ev.name, ev.to),
}


# -- steps -------------------------------------------------------------------------------

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
    s.composition = {**s.composition, card.name: copies}
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
            s.pile, s.discard = len(s.discard), []
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
        return "draw " + " ".join(fmt(c) for c in out)
    if s.first_round and not any(s.replacements) and s.ending is None:
        s.first_round = False
    owed = s.draws_owed()
    out, counted = draw_cards(s, p, cards, owed, notes, "still owed")
    s.drawn += counted
    return "draw " + " ".join(fmt(c) for c in out)


def play_step(s: State, ev: Play, notes: list[str]) -> str:
    p = ev.p
    if ev.name is None:
        raise BadInputError(f"{s.players[p]} may play now: name the card played "
                            f"(`...` stands for any card)")
    name = ev.name
    card = s.card(name)
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
        canon += effects_step(s, p, card, ev.effects, notes)
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
    who = s.players[s.current]
    if s.draws_owed() and not any(n.startswith(f"{who} must draw") for n in notes):
        notes.append(f"{who} must draw {s.draws_owed()} more")


def effects_step(s: State, p: int, card: Card, effects: tuple[Effect, ...], notes: list[str]) -> str:
    """Apply an Action's written effects in order; return their canonical text."""
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
            parts.append("draw " + " ".join(fmt(c) for c in out))
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
            s.own("trash" if word == "trash" else "discard").append(name)
            tail = f" from {s.players[q]}" if q is not None else ""
            parts.append(f"{word} {fmt(name)}{tail}")
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
    kind = s.card(target).zombie
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
    pairs = Counter({c: n for c, n in s.creepers[p].items() if s.card(c).zombie == 2})
    if pairs:
        s.flee = pairs
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


def trio_choosable(s: State, p: int) -> bool:
    """True when ``trio`` without a side asks the choice (a Trio waits, ``p``'s turn)."""
    return s.trio is not None and p == s.current and s.ending is None


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


def move_choosable(s: State, p: int, name: str) -> bool:
    """True when ``move P`` without ``to`` asks the choice (``name`` must flee now)."""
    return bool(s.flee[name]) and p == s.current and s.ending is None


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
    return "discard " + " ".join(fmt(c) for c in ev.cards)


def drop_step(s: State, ev: Drop, notes: list[str]) -> str:
    p = ev.p
    for name in ev.cards:
        refuse(drop_card_check(s, p, name))
        s.take_front("keepers", p, name)
        s.own("discard").append(name)
    return "drop " + " ".join(fmt(c) for c in ev.cards)


def end_step(s: State, ev: End, notes: list[str]) -> str:
    s.current = (s.current + 1) % len(s.players)
    s.turn += 1
    s.drawn = s.played = 0
    s.subplays = []
    s.kills_used = Counter()
    notes.append(f"{s.players[s.current]}'s turn: draw {s.rule_value('draw')}, "
                 f"play {s.rule_value('play')}")
    return "end"


_STEPS = {Play: play_step, Kill: kill_step, Trio: trio_step, Move: move_step, Discard: discard_step,
          Drop: drop_step, End: end_step}


def after_step(s: State, notes: list[str]) -> None:
    """The Goal and the Ungoal, checked after every event for every player."""
    if s.ending is not None:
        return
    if s.first_round and any(s.replacements) and not s.drawable():
        s.replacements = [0] * len(s.players)
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
