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


def install() -> None:
    """Route simple parameters around pydantic (see the module docstring)."""
    try:
        from typer import core
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam
    except ImportError:  # another typer: leave it alone
        return
    original = getattr(core, "build_runtime_param", None)
    if original is None or getattr(original, "_referee_light", False):
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
            low, high = self.parameter_info.min, self.parameter_info.max
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
        if (descriptor.file_annotation is None and _simple(descriptor.annotation)
                and _unconstrained(descriptor.parameter_info)):
            return LightParam(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation)
        return original(descriptor)

    build._referee_light = True  # type: ignore[attr-defined]
    core.build_runtime_param = build
