"""Command-line flags generated from a rules dataclass: every field of a game's rules object
becomes an option of every command that takes rules, so no command copies a rules option
by hand and no option of a game is missing from the command line.

How a field becomes a flag:

* the name: ``draw_size`` -> ``--draw-size``;
* the help: the field's line in the rules class docstring's ``Attributes:`` section
  (the one place a rules field is documented), with the default of the preset;
* the type, read from the annotation: ``bool`` -> a ``--x`` / ``--no-x`` pair; ``int``
  -> a whole number ([`int_arg`][dreidelpoker.limits.int_arg]); ``int | None`` -> a whole
  number or ``none``; a ``Literal`` -> its values as choices; ``str`` -> text; a tuple
  -> comma-separated values (``G,H,N,S``, ``1/2,1/6,1/6,1/6``);
* anything else, or a field with its own text form (a deck, trump pairs), reads the
  hints in the field's ``metadata["cli"]``: ``parse`` (text -> value, the game's own
  parser), ``metavar``, ``choices``, ``show`` (value -> text for the default),
  ``example`` (a non-default value as text, used by the tests) or ``skip`` (why it
  cannot be a flag).

A field is *not* a flag when it cannot be one (``skip`` says why; a function, say), when
the command sets it itself (``exclude={"players": "set by --opponents"}``) or when the
command already has an option of that name (the play commands' ``--players``). ``--help``
lists those fields with the reason.

Light on purpose: it imports no game and nothing heavy; a command's parser calls it only
when that command is chosen or its ``--help`` is asked for.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from .errors import InputError, shorten

__all__ = [
    "HELP_WIDTH", "DoesNotApply", "RulesFlag", "add_rules_flags", "field_docs", "help_width", "name_long_choices",
    "rules_flags", "rules_from_args", "rules_kwargs", "wrap_lines",
]

#: The namespace prefix of a generated flag's destination (``rules__deck``), so a rules
#: field never collides with a command's own option of the same name.
DEST_PREFIX = "rules__"


@dataclasses.dataclass(frozen=True)
class RulesFlag:
    """One rules field as a command-line option, or the reason it is none.

    Attributes:
        field: the rules field's name, e.g. ``"low_runs"``.
        flag: the option, e.g. ``"--low-runs"``.
        help: the help line (the field's documentation and its default).
        kind: ``"bool"``, ``"int"``, ``"optional-int"``, ``"choice"``, ``"text"``, ``"list"`` or ``"parsed"``.
        default: the field's default (from the rules type's default instance).
        choices: the allowed values of a ``"choice"`` flag.
        parse: text -> value for the rules object (``None`` for ``"bool"``).
        metavar: what ``--help`` shows for the value.
        example: a value other than the default, as command-line text (for tests and docs).
        skip: why this field is not a flag here (``None`` when it is one).
    """

    field: str
    flag: str
    help: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    parse: Callable[[str], Any] | None = None
    metavar: str | None = None
    example: str | None = None
    skip: str | None = None

    @property
    def dest(self) -> str:
        """Where argparse stores the value (``rules__<field>``)."""
        return DEST_PREFIX + self.field


def field_docs(rules_type: type) -> dict[str, str]:
    """Each field's one-paragraph documentation, from the class docstring's ``Attributes:`` section.

    Reads lines ``name: text`` at the section's indentation, with deeper-indented lines
    continuing the text; RST markup (````x````, ```B```) becomes plain text.

    Parameters:
        rules_type: a rules dataclass.

    Returns:
        ``{field: text}`` for every documented field.

    Examples:
        >>> class R:
        ...     '''Rules.
        ...
        ...     Attributes:
        ...         deck: the deck, e.g. ``"1-5-5-1"``;
        ...             any counts.
        ...         draw: cards drawn.
        ...     '''
        >>> field_docs(R)
        {'deck': 'the deck, e.g. "1-5-5-1"; any counts.', 'draw': 'cards drawn.'}
    """
    doc = rules_type.__doc__ or ""
    lines = doc.expandtabs().splitlines()
    out: dict[str, str] = {}
    i = next((k for k, line in enumerate(lines) if line.strip() == "Attributes:"), None)
    if i is None:
        return out
    head_indent = len(lines[i]) - len(lines[i].lstrip())
    base: int | None = None
    name: str | None = None
    for line in lines[i + 1:]:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent <= head_indent:
            break  # the next section
        if base is None:
            base = indent
        m = re.match(r"(\w+)\s*:\s*(.*)", line.strip()) if indent == base else None
        if m:
            name = m.group(1)
            out[name] = m.group(2)
        elif name is not None:
            out[name] += " " + line.strip()
    return {k: _plain(v) for k, v in out.items()}


def _plain(text: str) -> str:
    text = re.sub(r":\w+:`~?([^`]+)`", lambda m: m.group(1).rsplit(".", 1)[-1], text)
    return text.replace("``", "").strip()


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return str(value)


def _optional_int(text: str) -> int | None:
    from .limits import int_arg

    return None if text.strip().lower() == "none" else int_arg(text)


def _text_list(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(","))


def _int_list(text: str) -> tuple[int, ...]:
    from .limits import int_arg

    return tuple(int_arg(part.strip()) for part in text.split(","))


def _literal_values(tp: Any) -> tuple[str, ...] | None:
    """The values of ``Literal["a", "b"]`` (also inside an alias), else ``None``."""
    if typing.get_origin(tp) is typing.Literal:
        return tuple(str(v) for v in typing.get_args(tp))
    return None


def _classify(tp: Any) -> tuple[str, Callable[[str], Any] | None, tuple[str, ...], str | None]:
    """(kind, parse, choices, metavar) from a field's annotation; kind ``""`` = no text form."""
    from .limits import float_arg, int_arg

    if tp is bool:
        return "bool", None, (), None
    if tp is int:
        return "int", int_arg, (), "N"
    if tp is str:
        return "text", str, (), None
    if tp is float:
        return "float", float_arg, (), "X"
    values = _literal_values(tp)
    if values is not None:
        return "choice", str, values, None
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (types.UnionType, typing.Union) and set(args) == {int, type(None)}:
        return "optional-int", _optional_int, (), "N|none"
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is int:
            return "list", _int_list, (), "N,N,..."
        return "list", _text_list, (), "A,B,..."
    return "", None, (), None


def _default(f: dataclasses.Field[Any]) -> Any:
    """A field's default, read from the dataclass (building a rules object may be slow)."""
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return None


def _example(kind: str, default: Any, choices: tuple[str, ...]) -> str | None:
    if kind == "list" and isinstance(default, tuple) and tuple(reversed(default)) != default:
        return _show(tuple(reversed(default)))
    if kind == "int":
        return str(default + 1)
    if kind == "optional-int":
        return "none" if default is not None else "2"
    if kind == "choice":
        return next((c for c in choices if c != default), None)
    if kind == "bool":
        return "no" if default else "yes"
    return None


def rules_flags(rules_type: type) -> list[RulesFlag]:
    """Every init field of ``rules_type`` as a [`RulesFlag`][dreidelpoker.rules_cli.RulesFlag] (``skip`` set where it cannot be one).

    Parameters:
        rules_type: a frozen rules dataclass whose no-argument instance is the default rules.

    Returns:
        One entry per field, in the dataclass's field order.

    Raises:
        InputTypeError: when ``rules_type`` is not a dataclass.

    Examples:
        >>> from dreidelpoker.games.dice_poker.rules import DicePokerRules
        >>> [(f.flag, f.kind) for f in rules_flags(DicePokerRules)][3:]
        [('--betting', 'choice'), ('--limit', 'choice'), ('--max-raises', 'int'), ('--straights-from-one', 'bool'), ('--bobtail-from-one', 'bool')]
    """
    if not (isinstance(rules_type, type) and dataclasses.is_dataclass(rules_type)):
        from .errors import InputTypeError

        raise InputTypeError(f"rules_type must be a rules dataclass, got {shorten(rules_type)}")
    try:
        hints = typing.get_type_hints(rules_type)
    except (NameError, TypeError):  # an annotation only type checkers can read
        hints = {}
    docs = field_docs(rules_type)
    out: list[RulesFlag] = []
    for f in dataclasses.fields(rules_type):
        if not f.init or f.name.startswith("_"):
            continue
        meta: Mapping[str, Any] = f.metadata.get("cli", {})
        default = _default(f)
        kind, parse, choices, metavar = _classify(hints.get(f.name))
        if "parse" in meta:
            kind, parse = "parsed", meta["parse"]
        choices = tuple(meta.get("choices", choices))
        if choices and kind in ("text", "parsed"):
            kind = "choice"
        metavar = meta.get("metavar", metavar)
        shown = meta["show"](default) if "show" in meta else _show(default)
        doc = meta.get("help") or docs.get(f.name) or f.name.replace("_", " ")
        doc = doc.rstrip(".")
        skip = meta.get("skip")
        if skip is None and not kind:
            skip = "it has no text form; set it in Python"
        example = meta.get("example", _example(kind, default, choices))
        out.append(RulesFlag(
            field=f.name, flag="--" + f.name.replace("_", "-"), help=f"{doc} (default: {shown})",
            kind=kind, default=default, choices=choices, parse=parse, metavar=metavar,
            example=example, skip=skip,
        ))
    return out


class _Parse:
    """An argparse ``type=`` that turns a parser's [`InputError`][dreidelpoker.InputError] into a usage error
    (argparse names the flag; one line, exit 2)."""

    def __init__(self, flag: str, parse: Callable[[str], Any]) -> None:
        self.flag, self.parse, self.__name__ = flag, parse, flag

    def __call__(self, text: str) -> Any:
        try:
            return self.parse(text)
        except (InputError, argparse.ArgumentTypeError) as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None  # argparse names the flag


class DoesNotApply(argparse.Action):
    """An option a command does not use: giving it is a usage error saying why, never ignored.

    Examples:
        >>> import argparse
        >>> p = argparse.ArgumentParser(prog="odds", exit_on_error=False)
        >>> _ = p.add_argument("--ante", action=DoesNotApply, reason="odds do not depend on the ante")
        >>> p.parse_args(["--ante", "5"])
        Traceback (most recent call last):
        ...
        argparse.ArgumentError: argument --ante: does not apply here: odds do not depend on the ante
    """

    def __init__(self, option_strings: list[str], dest: str, *, reason: str, **kwargs: Any) -> None:
        kwargs["nargs"] = 0 if any(o.startswith("--no-") for o in option_strings) else "?"
        kwargs["default"] = argparse.SUPPRESS
        super().__init__(option_strings, dest, **kwargs)
        self.reason = reason

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        raise argparse.ArgumentError(self, f"does not apply here: {self.reason}")


def add_rules_flags(parser: argparse.ArgumentParser, rules_type: type, *,
                    exclude: Mapping[str, str] | None = None, title: str | None = None) -> list[RulesFlag]:
    """Add one option per field of ``rules_type`` to ``parser`` (in its own help group).

    Values are not checked here: the rules object checks them when
    [`rules_from_args`][dreidelpoker.rules_cli.rules_from_args] builds it (one message, naming the field). A field is left out
    when it cannot be a flag, when ``exclude`` names it, or when ``parser`` already has an
    option of the same name; ``--help`` lists the fields left out and why.

    Parameters:
        parser: the command's parser.
        rules_type: the game's rules dataclass.
        exclude: ``{field: reason}`` for fields the command sets itself.
        title: the help group's title (default: "rules options").

    Returns:
        The fields added as flags.

    Examples:
        >>> import argparse
        >>> from dreidelpoker.games.domino_poker.rules import DominoPokerRules
        >>> p = argparse.ArgumentParser()
        >>> [f.flag for f in add_rules_flags(p, DominoPokerRules, exclude={"players": "set by --opponents"})]
        ['--ante', '--min-bet', '--max-bet', '--max-raises', '--low-runs', '--betting', '--stack', '--session-hands']
        >>> rules_from_args(DominoPokerRules, p.parse_args(["--low-runs", "straight"])).low_runs
        'straight'
    """
    if not dataclasses.is_dataclass(rules_type):
        return []  # a rules type that is no dataclass has no fields to offer
    exclude = dict(exclude or {})
    group = parser.add_argument_group(title or "rules options",
                                      f"every field of {rules_type.__name__}; unset ones keep the default rules")
    added: list[RulesFlag] = []
    left_out: list[str] = []
    for spec in rules_flags(rules_type):
        reason = exclude.get(spec.field) or spec.skip
        if reason is not None:
            left_out.append(f"{spec.field} ({reason})")
            if spec.field in exclude:
                # given anyway, it is refused in one line instead of being "unrecognized"
                try:
                    parser.add_argument(spec.flag, *(["--no-" + spec.flag[2:]] if spec.kind == "bool" else []),
                                        action=DoesNotApply, reason=reason, help=argparse.SUPPRESS)
                except argparse.ArgumentError:  # the command has an option of that name: it stays
                    pass
            continue
        help_text = spec.help.replace("%", "%%")
        try:
            if spec.kind == "bool":
                group.add_argument(spec.flag, dest=spec.dest, action=argparse.BooleanOptionalAction,
                                   default=argparse.SUPPRESS, help=help_text)
            else:
                assert spec.parse is not None
                # A game's own parser (a deck, trump pairs) runs when the rules are built, so its
                # message is our InputError naming the flag; plain numbers are checked by argparse.
                type_: Callable[[str], Any] = str if spec.kind == "parsed" else _Parse(spec.flag, spec.parse)
                group.add_argument(spec.flag, dest=spec.dest, type=type_,
                                   choices=list(spec.choices) or None, metavar=spec.metavar,
                                   default=argparse.SUPPRESS, help=help_text)
        except argparse.ArgumentError:  # a conflicting option string: the command's own option wins
            left_out.append(f"{spec.field} (set by this command's own {spec.flag})")
            continue
        added.append(spec)
    if left_out:
        group.description = wrap_lines((group.description or "") + "; not options here: " + "; ".join(left_out),
                                       indent=2)
    return added


#: The widest help text line (a terminal wider than this still gets lines this long at most).
HELP_WIDTH = 100


def help_width() -> int:
    """The width ``--help`` text is laid out in: the terminal's, at most [`HELP_WIDTH`][dreidelpoker.rules_cli.HELP_WIDTH] columns.

    Returns:
        The width in columns.
    """
    import shutil

    return min(shutil.get_terminal_size().columns - 2, HELP_WIDTH - 2)


def wrap_lines(text: str, *, indent: int = 0) -> str:
    """Each line of ``text`` wrapped to the help width on its own (a line's leading spaces
    carry over to its continuation lines): descriptions keep their line breaks (one example
    a line) without running past the terminal.

    Parameters:
        text: the description or epilog.
        indent: the columns argparse puts before it (2 inside an option group).

    Returns:
        The wrapped text.

    Examples:
        >>> lines = wrap_lines("  dreidelpoker odds two-dreidel" + " --deck 2-6-6-2" * 12).splitlines()
        >>> len(lines) > 1 and all(len(line) <= help_width() and line.startswith("  ") for line in lines)
        True
    """
    import textwrap

    width = max(help_width() - indent, 20)
    out = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        lead = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(line.strip(), width, initial_indent=lead, subsequent_indent=lead, break_on_hyphens=False)
    return "\n".join(out)


def name_long_choices(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """``add_argument`` keyword arguments with a long choice list named in the usage line
    (``--policy POLICY``) and listed in the help, where argparse would print ``{a,b,…}``,
    which does not wrap.

    Parameters:
        args: the option strings.
        kwargs: the keyword arguments.

    Returns:
        The keyword arguments to use.

    Examples:
        >>> name_long_choices(("--policy",), {"choices": ["normal-best", "keep-shin", "keep-gimel"], "help": "keep"})
        {'choices': ['normal-best', 'keep-shin', 'keep-gimel'], 'help': 'keep (one of: normal-best, keep-shin, keep-gimel)', 'metavar': 'POLICY'}
    """
    choices = kwargs.get("choices")
    if choices is None or kwargs.get("metavar") is not None or len(",".join(map(str, choices))) <= 24:
        return kwargs
    flags = [a for a in args if isinstance(a, str) and a.startswith("--")]
    out = dict(kwargs)
    help_text = out.get("help")
    values = [str(c) for c in choices]
    if isinstance(help_text, str) and help_text != argparse.SUPPRESS and not all(v in help_text for v in values):
        out["help"] = help_text + f" (one of: {', '.join(values)})".replace("%", "%%")
    out["metavar"] = flags[0][2:].upper().replace("-", "_") if flags else (args[0].upper() if args else None)
    return out


def rules_kwargs(rules_type: type, args: argparse.Namespace) -> dict[str, Any]:
    """The rules fields the command line set (only those given), as keyword arguments.

    Parameters:
        rules_type: the game's rules dataclass.
        args: the namespace of a parser that [`add_rules_flags`][dreidelpoker.rules_cli.add_rules_flags] filled in.

    Returns:
        ``{field: value}`` for every rules flag given.

    Raises:
        InputError: a value the game's own parser refuses (a malformed deck), naming the flag.
    """
    if not dataclasses.is_dataclass(rules_type):
        return {}
    given = {f.name: getattr(args, DEST_PREFIX + f.name) for f in dataclasses.fields(rules_type)
             if f.init and hasattr(args, DEST_PREFIX + f.name)}
    if any(isinstance(v, str) for v in given.values()):
        for spec in rules_flags(rules_type):
            value = given.get(spec.field)
            if spec.kind == "parsed" and isinstance(value, str) and spec.parse is not None:
                try:
                    given[spec.field] = spec.parse(value)
                except (InputError, argparse.ArgumentTypeError) as exc:
                    raise InputError(f"{spec.flag}: {exc}") from None
    return given


def rules_from_args(rules_type: type, args: argparse.Namespace, **fixed: Any) -> Any:
    """The rules object the command line asks for: the default rules with every flag given.

    Parameters:
        rules_type: the game's rules dataclass.
        args: the parsed command line.
        **fixed: fields the command sets itself (they win over flags).

    Returns:
        ``rules_type(**given, **fixed)``.

    Raises:
        InputError: the rules object rejects a value (its message names the field).
    """
    return _build(rules_type, {**rules_kwargs(rules_type, args), **fixed})


def _build(rules_type: type, kwargs: dict[str, Any]) -> Any:
    """``rules_type(**kwargs)``: the one place a command line becomes a rules object (tests watch it)."""
    return rules_type(**kwargs)
