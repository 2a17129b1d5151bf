"""The one set of argument checks every public callable uses at its door.

Each check raises the project's own errors ([`InputError`][dreidelpoker.InputError], or
[`InputTypeError`][dreidelpoker.InputTypeError] for a value of the wrong type) with one message
that names the parameter, shows the (shortened) bad value and says what is allowed, so a
mistake never surfaces as an ``AttributeError`` or ``KeyError`` from deep inside an engine.

- [`check_count`][dreidelpoker.validation.check_count]: a whole number in a documented range (bools refused);
  [`is_whole_number`][dreidelpoker.validation.is_whole_number] is its test, for values checked in bulk.
- [`check_seed`][dreidelpoker.validation.check_seed]: a seed, a whole number from 0 to 2**128 - 1.
- [`check_flag`][dreidelpoker.validation.check_flag]: ``True`` or ``False``.
- [`check_number`][dreidelpoker.validation.check_number]: a finite real number (int, ``Fraction`` or float) in a range.
- [`check_choice`][dreidelpoker.validation.check_choice]: one of a few allowed values.
- [`check_literal_fields`][dreidelpoker.validation.check_literal_fields]: every ``Literal[...]`` field of a dataclass holds one of its
  allowed values, read from the class's own annotations (so the check cannot drift from them).
- [`default_rules`][dreidelpoker.validation.default_rules]: ``None`` becomes the game's default rules; anything but a rules
  object of that game is refused.
- [`check_arguments`][dreidelpoker.validation.check_arguments]: a decorator that checks every argument of a public callable against
  its own annotations at the door (type, whole numbers within 64 bits, finite floats), so a
  wrong type never travels into an engine.

Examples:
    >>> check_count(5, "samples", low=2, high=10)
    5
    >>> check_count(True, "samples", low=2, high=10)
    Traceback (most recent call last):
    ...
    dreidelpoker.errors.InputTypeError: samples must be an integer from 2 to 10, got bool True
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import inspect
import math
import numbers
import typing
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

if TYPE_CHECKING:  # annotations only: typing_extensions costs ~8 ms to import
    from typing_extensions import TypeIs

from .errors import InputError, InputTypeError, shorten

__all__ = ["MAX_INT_ARGUMENT", "MAX_SEED", "check_arguments", "check_choice", "check_count", "check_field_types",
           "check_flag", "check_literal_fields", "check_number", "check_seed", "default_rules", "is_whole_number",
           "literal_choices"]

#: Seeds are non-negative integers below 2**128 (numpy's SeedSequence takes any size; this keeps
#: outputs and messages short).
MAX_SEED = 2 ** 128 - 1

R = TypeVar("R")
T = TypeVar("T")
P = ParamSpec("P")


def is_whole_number(value: Any) -> TypeIs[int]:
    """Whether ``value`` is a whole number: an ``int`` or a numpy integer, never a bool.

    The one test behind [`check_count`][dreidelpoker.validation.check_count], for places that
    filter or check many values at once (a list of weights, a bot's legal bet sizes).

    Parameters:
        value: anything.

    Returns:
        ``True`` for ``int`` and numpy integer scalars other than bools.

    Examples:
        >>> is_whole_number(3), is_whole_number(True), is_whole_number(3.0)
        (True, False, False)
    """
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    dtype = getattr(value, "dtype", None)  # a numpy integer scalar
    return dtype is not None and getattr(value, "ndim", 1) == 0 and dtype.kind in "iu"


def check_count(value: Any, name: str, *, low: int, high: int | None, hint: str = "") -> int:
    """Check that ``value`` is a whole number from ``low`` to ``high``, before any work.

    Parameters:
        value: what the user passed (an ``int`` or a numpy integer; bools are refused).
        name: the argument's name as the user wrote it (``"samples"`` or ``"--samples"``).
        low: the smallest allowed value.
        high: the largest allowed value (a documented bound), or ``None`` for no upper bound.
        hint: added to the message, e.g. what the number counts or what the bound protects.

    Returns:
        ``value`` as an ``int``.

    Raises:
        InputTypeError: if ``value`` is not a whole number.
        InputError: if it is outside ``low..high``.

    Examples:
        >>> check_count(3, "games", low=1, high=10)
        3
        >>> check_count(0, "games", low=1, high=None, hint="games to play")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: games must be an integer >= 1, got 0 (games to play)
    """
    allowed = f"an integer from {low:,} to {high:,}" if high is not None else f"an integer >= {low:,}"
    tail = f" ({hint})" if hint else ""
    if not is_whole_number(value):
        raise InputTypeError(f"{name} must be {allowed}, got {type(value).__name__} {shorten(value)}{tail}")
    number = int(value)
    if number < low or (high is not None and number > high):
        raise InputError(f"{name} must be {allowed}, got {shorten(number)}{tail}")
    return number


def check_seed(value: Any, name: str = "seed") -> int:
    """Check a seed: a whole number from 0 to [`MAX_SEED`][dreidelpoker.validation.MAX_SEED].

    Parameters:
        value: the seed.
        name: the argument's name.

    Returns:
        ``value`` as an ``int``.

    Raises:
        InputTypeError: if it is not a whole number.
        InputError: if it is negative or too large.

    Examples:
        >>> check_seed(7)
        7
    """
    if not is_whole_number(value):
        raise InputTypeError(f"{name} must be a non-negative integer, got {type(value).__name__} {shorten(value)}")
    if not 0 <= int(value) <= MAX_SEED:
        raise InputError(f"{name} must be an integer from 0 to 2**128 - 1, got {shorten(value)}")
    return int(value)


def check_flag(value: Any, name: str) -> bool:
    """Check that ``value`` is ``True`` or ``False`` (not ``1``, ``"yes"`` or ``None``).

    Parameters:
        value: what the user passed.
        name: the argument's name.

    Returns:
        ``value``.

    Raises:
        InputTypeError: for anything but a bool.

    Examples:
        >>> check_flag(False, "exact")
        False
    """
    if not isinstance(value, bool):
        raise InputTypeError(f"{name} must be True or False, got {type(value).__name__} {shorten(value)}")
    return value


def check_number(value: Any, name: str, *, low: float | Fraction | None = None, high: float | Fraction | None = None,
                 low_open: bool = False, hint: str = "") -> float | Fraction | int:
    """Check that ``value`` is a finite real number (int, ``Fraction`` or float) in a range.

    Parameters:
        value: what the user passed.
        name: the argument's name.
        low: the smallest allowed value (``None``: no lower bound).
        high: the largest allowed value (``None``: no upper bound).
        low_open: ``low`` itself is not allowed (e.g. a target that must be positive).
        hint: added to the message.

    Returns:
        ``value``.

    Raises:
        InputTypeError: if it is not a real number (bools, strings, ``None`` and complex refused).
        InputError: if it is NaN, infinite or out of range.

    Examples:
        >>> check_number(0.5, "target", low=0, low_open=True)
        0.5
        >>> check_number(float("nan"), "target", low=0, low_open=True)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: target must be a finite number > 0, got nan
    """
    parts = []
    if low is not None:
        parts.append(f"{'>' if low_open else '>='} {low}")
    if high is not None:
        parts.append(f"<= {high}")
    allowed = "a finite number" + (f" {' and '.join(parts)}" if parts else "")
    tail = f" ({hint})" if hint else ""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InputTypeError(f"{name} must be {allowed}, got {type(value).__name__} {shorten(value)}{tail}")
    number: float | Fraction | int
    if isinstance(value, (int, float, Fraction)):
        number = value
    elif isinstance(value, numbers.Rational):  # e.g. a numpy int or a sympy Rational
        number = Fraction(int(value.numerator), int(value.denominator))
    else:
        number = float(value)
    if isinstance(number, float) and not math.isfinite(number):
        raise InputError(f"{name} must be {allowed}, got {shorten(value)}{tail}")
    if (low is not None and (number <= low if low_open else number < low)) or (high is not None and number > high):
        raise InputError(f"{name} must be {allowed}, got {shorten(value)}{tail}")
    return number


def check_choice(value: Any, name: str, allowed: Iterable[Any]) -> Any:
    """Check that ``value`` is one of ``allowed``.

    Parameters:
        value: what the user passed.
        name: the argument's name.
        allowed: the allowed values, in the order the message lists them.

    Returns:
        ``value``.

    Raises:
        InputError: for anything else (an unhashable value included).

    Examples:
        >>> check_choice("up", "hey_rounding", ("up", "down"))
        'up'
        >>> check_choice("sideways", "hey_rounding", ("up", "down"))
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: hey_rounding must be one of 'up', 'down'; got 'sideways'
    """
    options = tuple(allowed)
    # bools equal 0 and 1, so compare type as well as value
    if not any(type(value) is type(option) and value == option for option in options):
        raise InputError(f"{name} must be one of {', '.join(repr(o) for o in options)}; got {shorten(value)}")
    return value


#: Dataclass -> its Literal fields, read once per class.
_LITERAL_FIELDS: dict[type, tuple[tuple[str, tuple[Any, ...]], ...]] = {}


def _literal_fields(cls: type) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """(field name, allowed values) for every field of dataclass ``cls`` annotated ``Literal[...]``
    (or ``Literal[...] | None``, where ``None`` is allowed too)."""
    known = _LITERAL_FIELDS.get(cls)
    if known is None:
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            allowed = _literal_values(hints.get(f.name))
            if allowed is not None:
                out.append((f.name, allowed))
        known = _LITERAL_FIELDS[cls] = tuple(out)
    return known


def _literal_values(hint: Any) -> tuple[Any, ...] | None:
    """The values a ``Literal`` (or a union of Literals and ``None``) allows, else ``None``."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return typing.get_args(hint)
    if origin in (typing.Union, _union_type()):
        values: list[Any] = []
        for arm in typing.get_args(hint):
            if arm is type(None):
                values.append(None)
                continue
            sub = _literal_values(arm)
            if sub is None:
                return None
            values += sub
        return tuple(values)
    return None


def _union_type() -> Any:
    import types

    return types.UnionType


def literal_choices(cls: type, name: str) -> tuple[Any, ...]:
    """The values field ``name`` of dataclass ``cls`` allows, read from its ``Literal`` annotation.

    Parameters:
        cls: a dataclass.
        name: one of its fields, annotated ``Literal[...]``.

    Returns:
        The allowed values in annotation order.

    Raises:
        KeyError: if the field is not annotated with a ``Literal`` (a programming error).

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules
        >>> literal_choices(QueenieRules, "direction")
        ('right', 'left')
    """
    return dict(_literal_fields(cls))[name]


def check_literal_fields(obj: Any) -> None:
    """Check every ``Literal[...]`` field of a dataclass instance against its annotation.

    Call it from ``__post_init__``: the allowed values are read from the class's annotations
    once, so a new option added to a ``Literal`` is accepted without a second list to update.

    Parameters:
        obj: a dataclass instance.

    Raises:
        InputError: naming the first field whose value is not allowed.

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules
        >>> QueenieRules(direction="up")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: direction must be one of 'right', 'left'; got 'up'
    """
    for name, allowed in _literal_fields(type(obj)):
        check_choice(getattr(obj, name), name, allowed)


def default_rules(given: Any, rules_type: type[R] | Callable[[], type[R]], *, name: str = "rules") -> R:
    """The rules a function works under: ``rules`` itself, or the game's defaults for ``None``.

    Parameters:
        given: the rules the caller passed (or ``None``).
        rules_type: the game's rules class (or a function returning it, where importing the
            class at module level would make an import circle).
        name: the argument's name, for the message.

    Returns:
        ``given``, or ``rules_type()`` when ``given`` is ``None``.

    Raises:
        InputTypeError: if ``given`` is neither ``None`` nor an instance of ``rules_type``.

    Examples:
        >>> from dreidelpoker.games.queenie import QueenieRules
        >>> default_rules(None, QueenieRules).players
        4
        >>> default_rules(-1, QueenieRules)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputTypeError: rules must be a QueenieRules or None (None: the default rules), got int -1
    """
    cls: type[R] = rules_type if isinstance(rules_type, type) else rules_type()
    if given is None:
        return cls()
    if not isinstance(given, cls):
        raise InputTypeError(f"{name} must be a {cls.__name__} or None (None: the default rules), "
                             f"got {type(given).__name__} {shorten(given)}")
    return given


#: Whole-number arguments beyond this size are refused by [`check_arguments`][dreidelpoker.validation.check_arguments] (every count in
#: the library is far smaller; seeds are checked by [`check_seed`][dreidelpoker.validation.check_seed]).
MAX_INT_ARGUMENT = 2 ** 63 - 1
#: Parameters whose whole numbers may be larger than [`MAX_INT_ARGUMENT`][dreidelpoker.validation.MAX_INT_ARGUMENT].
_BIG_INT_NAMES = frozenset({"seed", "entropy"})
#: Elements of a collection argument looked at (the engine checks the rest as it reads them).
_ELEMENTS_CHECKED = 64

Predicate = Callable[[Any], bool]


def _elements_ok(items: Iterable[Any], predicate: Predicate | None) -> bool:
    if predicate is None:
        return True
    for n, item in enumerate(items):
        if n >= _ELEMENTS_CHECKED:
            break
        if not predicate(item):
            return False
    return True


def _predicate(hint: Any, *, loose: bool = False, deep: bool = True) -> Predicate | None:
    """A fast test of whether a value fits ``hint`` (``None``: anything fits, or the hint is not
    one this shallow check understands). ``loose``: any collection (not text) fits a tuple, list
    or set hint, as dataclass fields normalise what they are given. ``deep=False``: a collection's
    elements are not looked at."""
    if hint is Any or isinstance(hint, TypeVar) or hint is object or hint is _Unknown:
        return None
    if hint is type(None) or hint is None:
        return lambda v: v is None
    if hint is bool:
        return lambda v: isinstance(v, bool)
    if hint is int:
        return is_whole_number
    if hint is float:
        return lambda v: isinstance(v, numbers.Real) and not isinstance(v, bool)
    if hint is str:
        return lambda v: isinstance(v, str)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if loose and origin in (tuple, list, set, frozenset):
        each = _predicate(args[0], loose=True) if deep and args and (origin is not tuple or args[-1] is Ellipsis) else None
        return lambda v: isinstance(v, collections.abc.Collection) and not isinstance(v, (str, bytes)) and (
            _elements_ok(v, each))
    if origin is typing.Annotated:
        return _predicate(args[0], loose=loose, deep=deep)
    if origin is typing.Literal:
        return lambda v: any(type(v) is type(a) and v == a for a in args)
    if origin in (typing.Union, _union_type()):
        arms = [_predicate(a, loose=loose, deep=deep) for a in args]
        if any(a is None for a in arms):
            return None
        checks = [a for a in arms if a is not None]
        return lambda v: any(check(v) for check in checks)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _predicate(args[0]) if deep else None
            return lambda v: isinstance(v, tuple) and _elements_ok(v, each)
        if deep and args and args != ((),):
            parts = [_predicate(a) for a in args]
            return lambda v: isinstance(v, tuple) and len(v) == len(parts) and all(
                p is None or p(x) for p, x in zip(parts, v))
        return lambda v: isinstance(v, tuple)
    if origin is collections.abc.Callable:
        return callable
    if origin in (list, set, frozenset, collections.abc.Sequence, collections.abc.Collection,
                  collections.abc.Set, collections.abc.MutableSequence):
        each = _predicate(args[0]) if deep and args else None
        kind = origin
        text_fits = not args or _predicate(args[0]) is None or _predicate(args[0])("x")  # type: ignore[misc]
        return lambda v: isinstance(v, kind) and (text_fits or not isinstance(v, str)) and _elements_ok(v, each)
    if origin is collections.abc.Iterable:
        each = _predicate(args[0]) if deep and args else None
        # an iterator is not consumed here: only collections have their elements looked at
        text_ok = not args or _predicate(args[0]) is None or bool(_predicate(args[0])("x"))  # type: ignore[misc]
        return lambda v: isinstance(v, collections.abc.Iterable) and (text_ok or not isinstance(v, str)) and (
            not isinstance(v, (collections.abc.Sequence, collections.abc.Set)) or _elements_ok(v, each))
    if origin in (dict, collections.abc.Mapping):
        key = _predicate(args[0]) if deep and args else None
        value = _predicate(args[1]) if deep and len(args) > 1 else None
        return lambda v: isinstance(v, collections.abc.Mapping) and _elements_ok(v.keys(), key) and _elements_ok(
            v.values(), value)
    if origin is type:
        return lambda v: isinstance(v, type)
    if origin is not None:
        return _class_predicate(origin)
    if isinstance(hint, type):
        return _class_predicate(hint)
    return None


def _class_predicate(cls: type) -> Predicate | None:
    if getattr(cls, "_is_protocol", False) and not getattr(cls, "_is_runtime_protocol", False):
        # a static Protocol cannot be checked with isinstance: look for the attributes it names
        members = {n for n in (*vars(cls), *getattr(cls, "__annotations__", {})) if not n.startswith("_")}
        return lambda v: all(hasattr(v, n) for n in members)
    if cls.__module__.startswith("sympy") and cls.__name__ == "Rational":  # any exact number will do
        return lambda v: isinstance(v, numbers.Rational) and not isinstance(v, bool)
    if cls is numbers.Real or cls is numbers.Rational:
        return lambda v: isinstance(v, cls) and not isinstance(v, bool)
    return lambda v: isinstance(v, cls)


def _has_arm(hint: Any, kind: type) -> bool:
    """Whether ``hint`` is ``kind`` or a union with a ``kind`` arm."""
    if hint is kind:
        return True
    return typing.get_origin(hint) in (typing.Union, _union_type()) and kind in typing.get_args(hint)


class _ParameterCheck:
    """How one parameter (or field) is checked. A plain class, not a dataclass: making a
    dataclass costs about a millisecond of every fresh process that imports this module."""

    __slots__ = ("name", "allowed", "predicate", "whole", "real", "deep")

    def __init__(self, *, name: str, allowed: str, predicate: Predicate | None, whole: bool, real: bool,
                 deep: Predicate | None = None) -> None:
        self.name = name
        self.allowed = allowed
        self.predicate = predicate
        self.whole = whole  # an int arm: refuse whole numbers past MAX_INT_ARGUMENT
        self.real = real  # a float arm: refuse NaN and infinities
        #: the same with a collection's elements looked at, used once the function has failed
        self.deep = deep

    def explain(self, value: Any) -> None:
        """Raise the clear error if ``value`` or one of its elements does not fit."""
        if self.deep is not None and not self.deep(value):
            raise InputTypeError(f"{self.name} must be {self.allowed}, got {type(value).__name__} {shorten(value)}")
        self(value)

    def __call__(self, value: Any) -> None:
        if self.predicate is not None and not self.predicate(value):
            raise InputTypeError(f"{self.name} must be {self.allowed}, got {type(value).__name__} {shorten(value)}")
        if self.whole and is_whole_number(value) and abs(int(value)) > MAX_INT_ARGUMENT:
            raise InputError(f"{self.name} must be an integer of at most 19 digits, got {shorten(value)}")
        if self.real and isinstance(value, float) and not math.isfinite(value):
            raise InputError(f"{self.name} must be a finite number, got {value!r}")


def _resolve(func: Callable[..., Any], name: str, annotation: Any) -> Any:
    """The annotation of one parameter as a type (``Any`` when it names something only a type
    checker imports)."""
    return _resolve_in(getattr(inspect.unwrap(func), "__globals__", {}), name, annotation)


class _Unknown:
    """Stands for a name only a type checker imports: any value fits it."""

    def __class_getitem__(cls, item: Any) -> type[_Unknown]:
        return cls


class _UnknownModule:
    """Stands for a module only a type checker imports (``sympy.Rational``)."""

    def __getattr__(self, name: str) -> type[_Unknown]:
        return _Unknown


def _resolve_in(namespace: dict[str, Any], name: str, annotation: Any) -> Any:
    """``annotation`` as a type, read in ``namespace``; names only a type checker imports stand
    for anything (so ``Distribution[str] | None`` still refuses a number)."""
    if not isinstance(annotation, str):
        return annotation

    def probe() -> None:
        """Carries one annotation to typing.get_type_hints."""

    probe.__annotations__ = {name: annotation}
    names = dict(namespace)
    for _ in range(12):
        try:
            return typing.get_type_hints(probe, globalns=names, include_extras=True)[name]
        except NameError as exc:
            missing = exc.name
            if not missing or missing in names:
                break
            names[missing] = _UnknownModule() if f"{missing}." in annotation else _Unknown
        except Exception:
            break
    return Any


def _parameter_checks(func: Callable[..., Any], signature: inspect.Signature) -> dict[str, _ParameterCheck]:
    checks = {}
    for p in signature.parameters.values():
        if p.name in ("self", "cls") or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.annotation is p.empty:
            continue
        hint = _resolve(func, p.name, p.annotation)
        text = p.annotation if isinstance(p.annotation, str) else getattr(hint, "__name__", str(hint))
        literal = _literal_values(hint)
        if literal is not None:
            text = "one of " + ", ".join(repr(v) for v in literal)
        checks[p.name] = _ParameterCheck(
            name=p.name, allowed=_describe(text), predicate=_predicate(hint, deep=False), deep=_predicate(hint),
            whole=p.name not in _BIG_INT_NAMES and (_has_arm(hint, int) or _has_arm(hint, float)),
            real=_has_arm(hint, float))
    return checks


def check_arguments(func: Callable[P, T]) -> Callable[P, T]:
    """Decorate a public callable so every argument is checked against its annotation first.

    The check is shallow and fast: the value's type (a union's arms, a ``Literal``'s values),
    whole numbers within 64 bits (``seed`` excepted), floats finite. The function's own checks
    then speak first; only if it fails with another error are a collection's elements checked
    against the annotation, so a bad element is named instead of an error from deep code. Missing or unexpected arguments are refused the same way. Ranges that only
    the function knows (a hand's size, a deck's counts) stay in the function, through the other
    checks of this module.

    Parameters:
        func: a function or ``__init__`` with annotations.

    Returns:
        The same function, checking its arguments at the door.

    Examples:
        >>> @check_arguments
        ... def deal(cards: int, *, who: str = "me") -> int:
        ...     return cards
        >>> deal(3)
        3
        >>> deal("3")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputTypeError: cards must be an integer, got str '3'
        >>> deal(10 ** 100)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: cards must be an integer of at most 19 digits, got an integer of 101 digits
    """
    signature = inspect.signature(func)
    params = signature.parameters
    positional = [p.name for p in params.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    takes_varargs = any(p.kind is p.VAR_POSITIONAL for p in params.values())
    takes_varkw = any(p.kind is p.VAR_KEYWORD for p in params.values())
    keywords = {p.name for p in params.values() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    required = [p.name for p in params.values() if p.default is p.empty
                and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    defaults = {p.name: p.default for p in params.values()}
    checks: dict[str, _ParameterCheck] | None = None
    where = f"{func.__qualname__.replace('.__init__', '')}()"

    @functools.wraps(func)
    def checked(*args: P.args, **kwargs: P.kwargs) -> T:
        nonlocal checks
        if checks is None:  # built on first call: annotations may name classes defined later
            checks = _parameter_checks(func, signature)
        if len(args) > len(positional) and not takes_varargs:
            raise InputTypeError(f"{where} takes {len(positional)} positional arguments, got {len(args)}")
        for name, value in zip(positional, args):
            check = checks.get(name)
            if check is not None and value is not defaults[name]:
                check(value)
        for name, value in kwargs.items():
            check = checks.get(name)
            if check is not None:
                if value is not defaults[name]:
                    check(value)
            elif name not in keywords and not takes_varkw:
                raise InputTypeError(f"{where} got an unexpected argument {name!r}; it takes "
                                     f"{', '.join(n for n in params if n not in ('self', 'cls'))}")
        if required:
            given = positional[:len(args)]
            missing = [n for n in required if n not in kwargs and n not in given]
            if missing:
                raise InputTypeError(f"{where} is missing {', '.join(missing)}")
        try:
            return func(*args, **kwargs)
        except InputError:
            raise
        except Exception as exc:  # a deep failure: name the argument whose elements caused it, if one did
            for name, value in [*zip(positional, args), *kwargs.items()]:
                check = checks.get(name)
                if check is not None and value is not defaults[name]:
                    try:
                        check.explain(value)
                    except InputError as clear:
                        raise clear from exc
            raise

    return checked


#: Dataclass -> checks of its fields, built once per class.
_FIELD_CHECKS: dict[type, dict[str, _ParameterCheck]] = {}


def check_field_types(obj: Any, *, skip: tuple[str, ...] = ()) -> None:
    """Check every field of a dataclass instance against its annotation, as
    [`check_arguments`][dreidelpoker.validation.check_arguments] checks a call (collections of any kind fit a tuple or set field).

    Call it first in ``__post_init__``; the range checks that only the class knows follow it.

    Parameters:
        obj: a dataclass instance.
        skip: fields the class checks itself (e.g. one that also takes text to parse).

    Raises:
        InputTypeError: naming the first field of the wrong type.
        InputError: a whole number past 64 bits or a float that is not finite.

    Examples:
        >>> from dreidelpoker.games.skirmish import SkirmishRules
        >>> SkirmishRules(line_size=None)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputTypeError: line_size must be an integer, got NoneType None
    """
    cls = type(obj)
    checks = _FIELD_CHECKS.get(cls)
    if checks is None:
        checks = {}
        home = vars(__import__("sys").modules[cls.__module__])
        for f in dataclasses.fields(cls):
            if not f.init:
                continue
            hint = _resolve_in(home, f.name, f.type)
            if _literal_values(hint) is not None:
                continue  # check_literal_fields names the allowed values
            text = f.type if isinstance(f.type, str) else getattr(hint, "__name__", str(hint))
            checks[f.name] = _ParameterCheck(name=f.name, allowed=_describe(text), predicate=_predicate(hint, loose=True),
                                             whole=_has_arm(hint, int) or _has_arm(hint, float),
                                             real=_has_arm(hint, float))
        _FIELD_CHECKS[cls] = checks
    # A field held apart from its public face (exact.hold_exact) is checked as held: no sympy.
    held = getattr(obj, "__dict__", {})
    for name, check in checks.items():
        if name not in skip:
            check(held[name] if name in held else getattr(obj, name))


def _describe(text: str) -> str:
    """An annotation in words: ``TwoDreidelRules | None`` -> ``a TwoDreidelRules or None``."""
    if text.startswith("one of "):
        return text
    words = {"int": "an integer", "str": "text", "float": "a number", "bool": "True or False", "None": "None",
             "sympy.Rational": "a number", "Rational": "a number", "Fraction": "a number", "Any": "anything"}
    arms, depth, start = [], 0, 0
    for i, ch in enumerate(text):  # split on the top-level " | " only
        depth += {"[": 1, "]": -1}.get(ch, 0)
        if ch == "|" and depth == 0:
            arms.append(text[start:i].strip())
            start = i + 1
    arms.append(text[start:].strip())
    said = [words.get(a, f"a {a}" if a[:1].isupper() else a) for a in arms]
    return " or ".join(dict.fromkeys(said))
