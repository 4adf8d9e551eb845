"""``referee play``: one window that stays open at the table.

It redraws the position after every event, completes event notation with the legal
events of the moment, asks for the choices the rules leave open (bounce facings, choice
cards, the shamble order when it matters), and offers undo and a rules lookup without
leaving.  Every accepted event is stored at once, so after Ctrl-C or a closed terminal
``referee play`` resumes exactly where the game stopped.

The loop is split in two: :class:`PlayLoop` handles one typed line (testable in
process), and :func:`play` wraps it in a prompt_toolkit prompt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import typer

from .app import app
from .output import MAX_ID, Paged, console, guard, interactive, legal_renderables, print_paged

HELP = """Type an event in record notation (Tab completes the legal ones), or:
  legal            the legal events now, with what each would do
  check EVENT      is EVENT legal now, and what would it do? (nothing is entered)
  advise           each option now with its chances (games with an advisor);
                   advise --plan "EVENTS; ..." or --hand CARDS asks about those
  undo             take back the last event
  rules QUERY      look a rule up (also: ? QUERY)
  show             draw the position again
  next             after a match game ends: start the next game of the match
  quit             leave (every event is already stored; `referee play` resumes)"""


#: The session's own commands, offered by Tab after the legal events.
SESSION_WORDS = ["legal", "check ", "advise", "undo", "rules ", "show", "help", "quit"]


@dataclass
class PlayLoop:
    """The session's state machine: the store, the game id, and the way to ask a choice.

    :meth:`handle` takes one typed line and returns what to print (rich renderables or
    strings); it never raises for anything a user can type.
    """

    store: object
    game_id: int
    choose: Callable = lambda need: None
    define: Callable = lambda game, need: None   # asks for what an event names that the game lacks
    done: bool = False
    drawn: int | None = None  # the log length of the position last drawn: a stale screen is refused
    _cache: tuple | None = field(default=None, repr=False)

    def loaded(self):
        """The game rebuilt from the store, rebuilt again only when its log has changed
        (one line typed may need it several times: picture, completions, match table)."""
        from referee import session

        key = (self.game_id, self.store.log_length(self.game_id))
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, session.load(self.store, self.game_id))
        return self._cache[1]

    def picture(self) -> list:
        from rich.markup import escape

        from referee import session

        loaded = self.loaded()
        self.drawn = loaded.length
        rend = loaded.spec.render_module()
        extras = session.extras(loaded)
        warnings = extras.pop("warnings")
        out = [rend.render(loaded.game, **extras), rend.summary(loaded.game)]
        out += [f"[bold red]{escape(w)}[/bold red]" for w in warnings]
        out += [f"[bold cyan]Due now:[/bold cyan] {escape(d.description)}: type "
                f"[bold]{escape(d.text)}[/bold]" for d in loaded.game.due()]
        return out

    def changed_elsewhere(self) -> list:
        """When the game's log moved since the picture was drawn (another terminal
        entered or undid an event): the picture drawn again and a line saying what
        changed; ``[]`` when nothing did."""
        from rich.markup import escape

        before = self.drawn
        if before is None or self.store.log_length(self.game_id) == before:
            return []  # nothing drawn yet, or nothing new
        new = [e for e in self.store.log(self.game_id) if e.seq > before]
        words = "; ".join("undo" if e.kind != "event" else e.text for e in new)
        n = len(new)
        return [f"[bold yellow]Changed in another window:[/bold yellow] {n} new log "
                f"entr{'y' if n == 1 else 'ies'}: {escape(words)}"] + self.picture()

    def after_game(self) -> list:
        """Once a match game is over: the match table and how to go on."""
        loaded = self.loaded()
        if not loaded.game.over or loaded.stored.match is None or loaded.spec.match is None:
            return []
        return loaded.spec.load(loaded.spec.match).match_picture(self.store, loaded.stored.match) + [
            "[dim]Type next to start the next game of the match (sides swapped).[/dim]"]

    def completions(self) -> list[str]:
        """The legal events now, then the session's own commands."""
        from referee.errors import RefereeError

        from referee.games.base import due_prefix

        try:
            game = self.loaded().game
            events = [due_prefix(d.text) for d in game.due()] + [e.text for e in game.legal_events()]
        except RefereeError:
            events = []
        return events + SESSION_WORDS

    def complete(self, typed: str) -> list[tuple[str, str]]:
        """Completions of the line ``typed`` so far, as ``(whole line, what to show)``.

        The legal events and the session's words that start with it; past them, token
        by token: after ``draw ? `` each card that may come next in the same refill
        (a line is offered only if the game would accept it, checked on a copy).
        """
        low = typed.lower()
        if low.startswith("check ") and typed.strip():  # check EVENT: the events complete as well
            rest = typed[len("check "):].lstrip()
            return [("check " + line, shown) for line, shown in self.complete(rest)
                    if line not in SESSION_WORDS]
        out = [(c, c) for c in self.completions() if c.lower().startswith(low)]
        words = typed.split()
        if not words:
            return out
        done, partial = (words, "") if typed.endswith(" ") else (words[:-1], words[-1])
        if len(done) < 2:  # the legal events already cover the first token after the verb
            return out
        verb = done[0].lower()
        tokens: list[str] = []
        for event in self.completions():
            parts = event.split()
            if len(parts) >= 2 and parts[0].lower() == verb and parts[1] not in tokens:
                tokens.append(parts[1])
        seen = {line.lower() for line, _ in out}
        for tok in tokens:
            if not tok.lower().startswith(partial.lower()):
                continue
            line = " ".join(done + [tok])
            if line.lower() not in seen and self._accepts(line):
                seen.add(line.lower())
                out.append((line, tok))
        return out

    def _accepts(self, line: str) -> bool:
        """Whether the game would take ``line`` now (tried on a copy; a choice still to
        make counts as taken)."""
        from referee.errors import ChoiceNeeded, RefereeError
        from referee.games.base import trial_copy

        try:
            trial_copy(self.loaded().game).apply(line)
        except ChoiceNeeded:
            return True
        except RefereeError:
            return False
        return True

    def handle(self, line: str) -> list:
        """Act on one typed line; return what to print."""
        from rich.markup import escape

        from referee import session
        from referee.errors import ChoiceNeeded, RefereeError
        from referee.store import StaleError

        text = " ".join(line.split())
        word = text.split(" ", 1)[0].lower() if text else ""
        try:
            if not text:
                return []
            if word in ("quit", "exit", "q"):
                self.done = True
                return ["Stopped. Every event is stored: `referee play` resumes this game."]
            if word in ("help", "h"):
                return [HELP]
            if word == "show":
                return self.picture() + self.after_game()
            if word == "legal":
                return legal_renderables(self.loaded().game)
            if word == "check":
                return self.check(text[len(word):].strip())
            if word == "advise":
                from .advise import advice_renderables, run_advisor

                return advice_renderables(run_advisor(self.loaded(), **advise_options(text)))
            if word in ("rules", "?") or text.startswith("?"):
                query = text[1:] if text.startswith("?") and word != "?" else text.split(" ", 1)[1:]
                query = query if isinstance(query, str) else (query[0] if query else "")
                return self.rules(query.strip())
            if word == "undo":
                undone = self.store.undo(self.game_id, self.drawn)
                return self.picture() + [f"Undid {escape(undone.text)}."]
            if word == "next":
                return self.next_game()
            news = self.changed_elsewhere()
            if news:  # the event was typed against an old picture: show the new one first
                return news + [f"[red]{escape(text)!r} was not entered: the game changed while it "
                               f"was typed; look again and type it again if it still stands[/red]"]
            loaded = self.loaded()
            applied = session.enter(self.store, loaded, text, self.choose, expect=self.drawn,
                                    define=self.define)
            # enter() brought the cached game up to date along with the log
            self._cache = ((self.game_id, self.store.log_length(self.game_id)), loaded)
            notes = [f"[bold]{escape(applied.text)}[/bold]"] + [f"  {escape(n)}" for n in applied.notes]
            notes += self.choices_after(loaded)
            return self.picture() + notes + self.after_game()
        except Refused as refused:
            options = " | ".join(o.text for o in refused.need.options)
            return [f"[red]{escape(refused.typed)!r} is not one of the choices: nothing was entered[/red]"
                    f"{escape(f' (choose one: {options})')}"]
        except RefereeError as exc:
            options = exc.options if isinstance(exc, ChoiceNeeded) else []
            extra = (" (choose one: " + " | ".join(o.text for o in options) + ")") if options else ""
            stale = self.picture() if isinstance(exc, StaleError) else []  # redraw what changed
            return stale + [f"[red]{escape(str(exc))}[/red]{escape(extra)}"]

    def check(self, text: str) -> list:
        """``check EVENT``: what ``referee check EVENT`` prints, for the position drawn
        (tried on a copy: nothing is entered)."""
        from rich.markup import escape

        from referee.check import check as try_event, report_lines, rule_title

        if not text:
            return ["check EVENT: is the event legal now, and what would it do? e.g. check "
                    + escape(next(iter(self.completions()), "EVENT"))]
        trial = try_event(self.loaded().game, text)
        title = rule_title(trial.rule) if trial.legal is not True else None
        lines = report_lines(trial, title)
        style = "green" if trial.legal else "red"
        return [f"[bold {style}]{escape(lines[0])}[/bold {style}]"] + [escape(line) for line in lines[1:]]

    def choices_after(self, loaded) -> list:
        """Ask at once each choice the event just entered left for the next line (the
        game's ``choice_after``, e.g. the exit after a Weapon hit), enter the answer and
        return its lines; stop when the player makes no choice (it can be typed later)."""
        from rich.markup import escape

        from referee import session

        out: list = []
        for _ in range(8):
            need = loaded.game.choice_after()
            picked = self.choose(need) if need is not None else None
            if picked is None:
                break
            applied = session.enter(self.store, loaded, picked, self.choose, expect=loaded.length)
            self._cache = ((self.game_id, self.store.log_length(self.game_id)), loaded)
            self.drawn = loaded.length
            out += [f"[bold]{escape(applied.text)}[/bold]"] + [f"  {escape(n)}" for n in applied.notes]
        return out


    def rules(self, query: str) -> list:
        """``? QUESTION`` / ``rules QUESTION``: what ``referee rules ask`` says, for this game."""
        if not query:
            return ["? QUESTION (or rules QUESTION): e.g. ? can two zombies share a square"]
        from rich.markup import escape

        from rulesdb.model import RulesError, check_question

        from .rules import ask_lines

        try:
            check_question(query)
        except RulesError as exc:
            return [f"[red]{escape(str(exc))}[/red]"]
        stored = self.loaded().stored
        return ["\n".join(ask_lines(query, stored.game, tags=stored.tags,
                                     game_from=f"current game {stored.id}"))]

    def next_game(self) -> list:
        loaded = self.loaded()
        if loaded.stored.match is None or loaded.spec.match is None:
            return ["This game is not part of a match (start one with `referee match new`)."]
        if not loaded.game.over:
            return ["The match's next game starts once this one is over."]
        self.game_id = loaded.spec.load(loaded.spec.match).start_next_game(self.store, loaded.stored.match)
        return self.picture() + [f"Game {self.game_id} of the match: sides swapped."]


def advise_options(text: str) -> dict[str, str]:
    """``advise --plan "play F; end" --hand "F F R"`` typed in the session, as the
    keyword options of :func:`~referee.cli.advise.run_advisor`.

    >>> advise_options('advise --plan "play F; end" --hand F F R')
    {'plan': 'play F; end', 'hand': 'F F R'}
    >>> advise_options("advise")
    {}
    """
    import shlex

    from referee.errors import BadInputError

    try:
        words = shlex.split(text)[1:]
    except ValueError as exc:
        raise BadInputError(f"advise: {exc}") from None
    out: dict[str, str] = {}
    key = None
    for w in words:
        if w in ("--plan", "--hand"):
            key = w[2:]
            out[key] = ""
        elif key is None:
            raise BadInputError(f"advise takes --plan EVENTS and --hand CARDS, not {w[:30]!r}")
        else:
            out[key] = f"{out[key]} {w}".strip()
    return out


def match_option(options, typed: str) -> str | None:
    """The option ``typed`` picks, or None: its number (1, 2, ...), its whole text, or
    the end of it (``>E``, ``E`` for ``play F >E``; ``R`` for ``play LR:R``), all
    case-insensitive; None too when the end of the text fits more than one option.

    >>> from referee.errors import Option
    >>> opts = [Option("play F >S"), Option("play F >E")]
    >>> match_option(opts, ">e"), match_option(opts, "2"), match_option(opts, "snag")
    ('play F >E', 'play F >E', None)
    """
    t = " ".join(typed.split()).lower()
    if not t:
        return None
    texts = [o.text for o in options]
    if t.isdigit() and 1 <= int(t) <= len(texts):
        return texts[int(t) - 1]
    for text in texts:
        if text.lower() == t:
            return text
    ends = [text for text in texts
            if any(text.lower().endswith(sep + t) for sep in (" ", ":", ">", " >"))]
    return ends[0] if len(ends) == 1 else None


class Refused(Exception):
    """Text typed at a choice menu that matches no option: the event is not entered."""

    def __init__(self, typed: str, need) -> None:
        super().__init__(typed)
        self.typed, self.need = typed, need


def choose_at_terminal(need) -> Optional[str]:
    """Ask a choice with an arrow-key menu (questionary).  Typed text (also text typed
    ahead before the menu was up) picks the option it names (:func:`match_option`), or
    leaves the menu with :class:`Refused`: it is never dropped in favour of the
    highlighted option."""
    import questionary
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    _print_options(need.options)
    choices = [questionary.Choice(title=f"{i}. {o.text}", value=o.text)
               for i, o in enumerate(need.options, 1)]
    question = questionary.select(need.question, choices=choices, use_jk_keys=False,
                                  instruction="(arrows and Enter, or type the choice)")
    typed: list[str] = []
    kb = KeyBindings()
    has_typed = Condition(lambda: bool(typed))

    def _type(event) -> None:
        typed.append(event.key_sequence[0].data)

    import string

    for ch in string.ascii_letters + string.digits + " >:?_-.,":
        kb.add(ch, eager=True)(_type)  # printable keys only: the arrows still move the menu

    @kb.add("backspace", filter=has_typed, eager=True)
    def _back(event) -> None:
        typed.pop()

    @kb.add("c-m", filter=has_typed, eager=True)  # questionary's own Enter is eager too
    def _enter(event) -> None:
        text = "".join(typed)
        picked = match_option(need.options, text)
        event.app.exit(result=picked if picked is not None else Refused(text, need))

    app = question.application
    app.key_bindings = merge_key_bindings([app.key_bindings, kb])
    answer = question.ask()
    if isinstance(answer, Refused):
        raise answer
    return answer


def _print_options(options) -> None:
    """Each option of a choice with what it would do, numbered and wrapped to the
    terminal (a menu line is cut at its edge, and the last zombie's move in a shamble
    order decides games: issue 25).  The menu below lists the same numbers."""
    from rich.table import Table

    table = Table(box=None, show_header=False, pad_edge=False)
    table.add_column(justify="right", no_wrap=True)
    table.add_column(no_wrap=True, style="bold")
    table.add_column(overflow="fold")
    for i, o in enumerate(options, 1):
        table.add_row(f"{i}.", o.text, o.description)
    console().print(table)


_choose_with_questionary = choose_at_terminal


def _game_ids(ctx, incomplete: str):
    from .complete import game_ids

    return game_ids(ctx, incomplete)


@app.command()
def play(
    ctx: typer.Context,
    game_id: Optional[int] = typer.Argument(None, metavar="[GAME_ID]", min=1, max=MAX_ID,
                                            autocompletion=_game_ids,
                                            help="A stored game id; default: the current game."),
) -> None:
    """Play a stored game in one window: the picture after every event, completion of
    the legal events, choices asked, undo and rules lookup; resumes where it stopped."""
    with guard():
        from referee.errors import BadInputError
        from referee.store import Store

        if not interactive():
            raise BadInputError("`referee play` needs a terminal; in a script use `referee move`")
        store = Store((ctx.obj or {}).get("db"))
        stored = store.resolve(game_id)
        store.switch(stored.id)
        from .game import ask_definition

        loop = PlayLoop(store, stored.id, choose_at_terminal, ask_definition)
        run_prompt(loop)


def run_prompt(loop: PlayLoop) -> None:
    """The prompt_toolkit loop around :class:`PlayLoop` (Ctrl-C and Ctrl-D leave)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion

    out = console()

    class LegalCompleter(Completer):
        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor
            for line, shown in loop.complete(typed):
                yield Completion(line, start_position=-len(typed), display=shown)

    prompt = PromptSession(completer=LegalCompleter(), complete_while_typing=False)
    for item in loop.picture() + loop.after_game():
        out.print(item)
    out.print("[dim]Type an event, or help. Tab completes the legal events.[/dim]")
    watcher = Watcher(loop, prompt)
    watcher.start()
    typed = ""
    try:
        while not loop.done:
            try:
                game = loop.loaded()
                label = f"game {loop.game_id} {'over' if game.game.over else game.game.to_json().get('turn', '')}> "
                line = prompt.prompt(label, default=typed)
            except (KeyboardInterrupt, EOFError):
                out.print("Stopped. Every event is stored: `referee play` resumes this game.")
                return
            typed = ""
            if line is CHANGED:  # the store was written: redraw if the game moved, keep the text
                typed = watcher.typed
                for item in loop.changed_elsewhere():
                    out.print(item)
                continue
            for item in loop.handle(line):
                print_paged(out, item) if isinstance(item, Paged) else out.print(item)
            watcher.seen = watcher.look()  # this window's own writes are no news
    finally:
        watcher.stop()


#: Seconds between two looks at the store for events entered in another window.
WATCH_EVERY = 1.0
#: What the prompt returns when the watcher ends it because the game changed elsewhere.
CHANGED = object()


class Watcher:
    """A thread that looks at the store's files every :data:`WATCH_EVERY` seconds and,
    when they changed since the window last looked (another terminal wrote), ends the
    waiting prompt with :data:`CHANGED`, keeping the text typed so far in
    :attr:`typed`; the loop then reads the log on its own connection, redraws if it
    moved and prompts again with that text.

    It only ``stat``s the files: a second SQLite connection (or any open and close of
    the database file) in this process would drop the POSIX locks SQLite holds for the
    window's own connection, which can lose a write (SQLite's "how to corrupt" notes,
    2.2)."""

    def __init__(self, loop: PlayLoop, prompt) -> None:
        import threading

        self.loop, self.prompt, self.typed = loop, prompt, ""
        self.files = [str(loop.store.path), f"{loop.store.path}-wal"]
        self.seen = self.look()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="referee-watch", daemon=True)

    def look(self) -> tuple:
        """The store's files as last written: (mtime in ns, size) of each, None if absent."""
        import os

        out = []
        for name in self.files:
            try:
                st = os.stat(name)
                out.append((st.st_mtime_ns, st.st_size))
            except OSError:
                out.append(None)
        return tuple(out)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(WATCH_EVERY):
            now = self.look()
            if now == self.seen:
                continue
            self.seen = now
            app = self.prompt.app
            if app.is_running and app.loop is not None:
                try:
                    app.loop.call_soon_threadsafe(self._end_prompt)
                except RuntimeError:  # that prompt's event loop has just closed
                    continue

    def _end_prompt(self) -> None:
        app = self.prompt.app
        if app.is_running and not app.is_done:
            self.typed = self.prompt.default_buffer.text
            app.exit(result=CHANGED)
