"""Start-up: typer coerces every parameter through a pydantic ``TypeAdapter``, and
importing pydantic costs more than the rest of a one-shot command.  Our parameters
are plain ``str``, ``int``, ``bool``, ``Path`` (no constraints) and lists of those, which need
no pydantic: :func:`install` gives them a light coercion with the same messages and
leaves every other parameter to typer.  If typer's internals ever differ from what
this expects, nothing is changed (typer then works as shipped, only slower).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_origin

_SIMPLE = (str, int, bool, Path)


def _simple(annotation: Any) -> bool:
    if annotation in _SIMPLE:  # (a float range or a Literal goes to typer as shipped)
        return True
    if get_origin(annotation) is list:
        args = get_args(annotation)
        return len(args) == 1 and args[0] in _SIMPLE
    return False


def _unconstrained(info: Any) -> bool:
    """No option typer would check through pydantic (ranges, path checks, parsers)."""
    for name in ("parser", "click_type"):
        if getattr(info, name, None) is not None:
            return False
    for name in ("exists", "resolve_path", "clamp", "allow_dash"):
        if getattr(info, name, False):
            return False
    for name in ("file_okay", "dir_okay", "readable"):
        if getattr(info, name, True) is False:
            return False
    return not getattr(info, "writable", False)


def compatible(core: Any, runtime_param: Any, type_descriptor: Any) -> bool:
    """Whether typer's private coercion layer has the shape :func:`install` patches.

    ``core`` is ``typer.core``; ``runtime_param`` and ``type_descriptor`` are
    ``typer._coercion.RuntimeParam`` and ``TypeDescriptor`` (tested with typer 0.29).
    Every name and signature the patch relies on is checked, so a typer release that
    renames, removes or reshapes any of them leaves typer as shipped (slower, never
    broken).  Never raises."""
    import dataclasses
    import inspect

    try:
        if not callable(getattr(core, "build_runtime_param", None)):
            return False
        for cls, needed in ((runtime_param, {"parameter_info", "annotation"}),
                            (type_descriptor, {"parameter_info", "annotation", "file_annotation"})):
            if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
                return False
            if not needed <= {f.name for f in dataclasses.fields(cls)}:
                return False
        if {f.name for f in dataclasses.fields(runtime_param)} != {"parameter_info", "annotation"}:
            return False  # a new required field: our subclass could not be built
        if not callable(getattr(runtime_param, "coerce", None)):
            return False
        coerce_value = getattr(runtime_param, "_coerce_value", None)
        if coerce_value is None:
            return False
        return list(inspect.signature(coerce_value).parameters) == ["self", "value", "param", "ctx"]
    except Exception:  # noqa: BLE001 - any surprise means: leave typer alone
        return False


def install() -> None:
    """Route simple parameters around pydantic (see the module docstring).

    Does nothing when typer's internals are missing or differ (:func:`compatible`);
    a parameter the light path cannot read goes to typer's own ``build_runtime_param``."""
    try:
        from typer import core
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam, TypeDescriptor
    except ImportError:  # another typer: leave it alone
        return
    if not compatible(core, RuntimeParam, TypeDescriptor):
        return
    original = core.build_runtime_param
    if getattr(original, "_referee_light", False):
        return

    class LightParam(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            ann = self.annotation
            if get_origin(ann) is list:
                item = get_args(ann)[0]
                return [self._ranged(self._one(v, item, param, ctx), param, ctx) for v in value]
            return self._ranged(self._one(value, ann, param, ctx), param, ctx)

        def _ranged(self, value: Any, param: Any, ctx: Any) -> Any:
            """``min``/``max`` of an int, with pydantic's words."""
            if not isinstance(value, int) or isinstance(value, bool):
                return value
            low = getattr(self.parameter_info, "min", None)
            high = getattr(self.parameter_info, "max", None)
            if low is not None and value < low:
                raise BadParameter(f"Input should be greater than or equal to {low}", ctx=ctx, param=param)
            if high is not None and value > high:
                raise BadParameter(f"Input should be less than or equal to {high}", ctx=ctx, param=param)
            return value

        @staticmethod
        def _one(value: Any, ann: Any, param: Any, ctx: Any) -> Any:
            if ann is bool:
                if isinstance(value, bool):
                    return value
                text = str(value).strip().lower()
                if text in ("1", "true", "t", "yes", "y", "on"):
                    return True
                if text in ("0", "false", "f", "no", "n", "off", ""):
                    return False
                raise BadParameter(f"{value!r} is not a valid boolean.", ctx=ctx, param=param)
            if ann is int:
                if isinstance(value, int) and not isinstance(value, bool):
                    return value
                from referee.numbers import MAX_DIGITS

                text = str(value).strip()
                if not (text.isascii() and text.lstrip("+-").isdigit()):
                    raise BadParameter("Input should be a valid integer, unable to parse string as an integer",
                                       ctx=ctx, param=param)
                if len(text.lstrip("+-").lstrip("0")) > MAX_DIGITS:  # int() of 4,301 digits raises
                    raise BadParameter(f"Input should be a valid integer of at most {MAX_DIGITS} digits",
                                       ctx=ctx, param=param)
                return int(text)
            if ann is Path:
                return value if isinstance(value, Path) else Path(value)
            return value if isinstance(value, str) else str(value)

    def build(descriptor: Any) -> Any:
        try:
            if (descriptor.file_annotation is None and _simple(descriptor.annotation)
                    and _unconstrained(descriptor.parameter_info)):
                return LightParam(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation)
        except Exception:  # noqa: BLE001 - a descriptor we cannot read: typer's own way
            pass
        return original(descriptor)

    build._referee_light = True  # type: ignore[attr-defined]
    core.build_runtime_param = build
