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
from .output import MAX_ID, console, guard, interactive

HELP = """Type an event in record notation (Tab completes the legal ones), or:
  legal            the legal events now, with what each would do
  advise           each option now with its chances (games with an advisor)
  undo             take back the last event
  rules QUERY      look a rule up (also: ? QUERY)
  show             draw the position again
  next             after a match game ends: start the next game of the match
  quit             leave (every event is already stored; `referee play` resumes)"""


@dataclass
class PlayLoop:
    """The session's state machine: the store, the game id, and the way to ask a choice.

    :meth:`handle` takes one typed line and returns what to print (rich renderables or
    strings); it never raises for anything a user can type.
    """

    store: object
    game_id: int
    choose: Callable = lambda need: None
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
        return out

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

        try:
            events = [e.text for e in self.loaded().game.legal_events()]
        except RefereeError:
            events = []
        return events + ["legal", "advise", "undo", "rules ", "show", "help", "quit"]

    def handle(self, line: str) -> list:
        """Act on one typed line; return what to print."""
        from rich.markup import escape

        from referee import session
        from referee.errors import RefereeError
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
                return [self.legal_table()]
            if word == "advise":
                from .advise import advice_renderables, run_advisor

                return advice_renderables(run_advisor(self.loaded()))
            if word in ("rules", "?") or text.startswith("?"):
                query = text[1:] if text.startswith("?") and word != "?" else text.split(" ", 1)[1:]
                query = query if isinstance(query, str) else (query[0] if query else "")
                return self.rules(query.strip())
            if word == "undo":
                undone = self.store.undo(self.game_id, self.drawn)
                return self.picture() + [f"Undid {escape(undone.text)}."]
            if word == "next":
                return self.next_game()
            loaded = self.loaded()
            applied = session.enter(self.store, loaded, text, self.choose, expect=self.drawn)
            # enter() brought the cached game up to date along with the log
            self._cache = ((self.game_id, self.store.log_length(self.game_id)), loaded)
            notes = [f"[bold]{escape(applied.text)}[/bold]"] + [f"  {escape(n)}" for n in applied.notes]
            return self.picture() + notes + self.after_game()
        except RefereeError as exc:
            options = getattr(exc, "options", None)
            extra = (" (choose one: " + " | ".join(o.text for o in options) + ")") if options else ""
            stale = self.picture() if isinstance(exc, StaleError) else []  # redraw what changed
            return stale + [f"[red]{escape(str(exc))}[/red]{escape(extra)}"]

    def legal_table(self):
        from rich.table import Table

        game = self.loaded().game
        table = Table(box=None, header_style="bold")
        table.add_column("event")
        table.add_column("what it does")
        for e in game.legal_events():
            table.add_row(e.text, e.description)
        return table

    def rules(self, query: str) -> list:
        """``? QUESTION`` / ``rules QUESTION``: what ``referee rules ask`` says, for this game."""
        if not query:
            return ["? QUESTION (or rules QUESTION): e.g. ? can two zombies share a square"]
        from .rules import ask_lines

        return ["\n".join(ask_lines(query, self.loaded().stored.game))]

    def next_game(self) -> list:
        loaded = self.loaded()
        if loaded.stored.match is None or loaded.spec.match is None:
            return ["This game is not part of a match (start one with `referee match new`)."]
        if not loaded.game.over:
            return ["The match's next game starts once this one is over."]
        self.game_id = loaded.spec.load(loaded.spec.match).start_next_game(self.store, loaded.stored.match)
        return self.picture() + [f"Game {self.game_id} of the match: sides swapped."]


def _choose_with_questionary(need) -> Optional[str]:
    import questionary

    choices = [questionary.Choice(title=f"{o.text}   {o.description}".rstrip(), value=o.text)
               for o in need.options]
    return questionary.select(need.question, choices=choices).ask()


@app.command()
def play(
    ctx: typer.Context,
    game_id: Optional[int] = typer.Argument(None, metavar="[GAME_ID]", min=1, max=MAX_ID,
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
        loop = PlayLoop(store, stored.id, _choose_with_questionary)
        run_prompt(loop)


def run_prompt(loop: PlayLoop) -> None:
    """The prompt_toolkit loop around :class:`PlayLoop` (Ctrl-C and Ctrl-D leave)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion

    out = console()

    class LegalCompleter(Completer):
        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor.lower()
            for option in loop.completions():
                if option.lower().startswith(typed):
                    yield Completion(option, start_position=-len(document.text_before_cursor))

    prompt = PromptSession(completer=LegalCompleter(), complete_while_typing=False)
    for item in loop.picture() + loop.after_game():
        out.print(item)
    out.print("[dim]Type an event, or help. Tab completes the legal events.[/dim]")
    while not loop.done:
        try:
            game = loop.loaded()
            label = f"game {loop.game_id} {'over' if game.game.over else game.game.to_json().get('turn', '')}> "
            line = prompt.prompt(label)
        except (KeyboardInterrupt, EOFError):
            out.print("Stopped. Every event is stored: `referee play` resumes this game.")
            return
        for item in loop.handle(line):
            out.print(item)
