"""Rules variants written as text, ``"streets=spins-then-bet"`` or ``"deck=2-7-7-2;chips_per_player=20"``,
checked against the game's rules dataclass (the same field parsers as the command line's
rules flags, [`dreidelpoker.rules_cli`][dreidelpoker.rules_cli]; nothing is evaluated).

A variant is one or more ``field=value`` settings joined by ``;``; the field is a rules
field's name (``chips_per_player``, or ``chips-per-player`` as on the command line) and the
value is its command-line text (``yes``/``no`` for a switch, ``none`` for an optional number).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import InputError, InputTypeError, shorten
from ..rules_cli import RulesFlag, rules_flags

__all__ = ["parse_variant", "rules_variant", "rules_variants"]

_TRUE, _FALSE = ("yes", "true", "on", "1"), ("no", "false", "off", "0")


def _flags(rules_type: type) -> dict[str, RulesFlag]:
    return {f.field: f for f in rules_flags(rules_type)}


def parse_variant(rules_type: type, text: str) -> dict[str, Any]:
    """The settings of one variant text as ``{field: value}``, each value parsed by its field's parser.

    Parameters:
        rules_type: the game's rules dataclass.
        text: ``"field=value"``, several joined by ``;``.

    Returns:
        The settings, in the order given.

    Raises:
        InputError: malformed text, an unknown field (the message lists the fields), a field
            given twice, or a value the field's parser refuses (it says what is allowed).

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> parse_variant(TwoDreidelRules, "streets=spins-then-bet; chips-per-player=20")
        {'streets': 'spins-then-bet', 'chips_per_player': 20}
    """
    if not isinstance(text, str):
        raise InputTypeError(f"variant: expected text like 'field=value', got {shorten(text)}")
    flags = _flags(rules_type)
    out: dict[str, Any] = {}
    parts = [p.strip() for p in text.split(";")]
    if not any(parts):
        raise InputError(f"variant: {shorten(text)} sets nothing; expected field=value (e.g. deck=2-7-7-2)")
    for part in parts:
        if not part:
            continue
        name, sep, value = part.partition("=")
        name, value = name.strip().replace("-", "_"), value.strip()
        if not sep or not name:
            raise InputError(f"variant: {shorten(part)} is not field=value (e.g. deck=2-7-7-2)")
        flag = flags.get(name)
        if flag is None:
            allowed = ", ".join(f for f, fl in flags.items() if fl.skip is None)
            raise InputError(f"variant: {rules_type.__name__} has no field {shorten(name)}; fields: {allowed}")
        if flag.skip is not None:
            raise InputError(f"variant: field {name} cannot be set from text ({flag.skip})")
        if name in out:
            raise InputError(f"variant: field {name} is given twice in {shorten(text)}")
        out[name] = _parse_value(flag, value)
    return out


def _parse_value(flag: RulesFlag, value: str) -> Any:
    if flag.kind == "bool":
        low = value.lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise InputError(f"variant: {flag.field}={shorten(value)}: expected yes or no")
    if flag.choices and value not in flag.choices:
        raise InputError(f"variant: {flag.field}={shorten(value)}: expected one of {', '.join(flag.choices)}")
    if not value:
        raise InputError(f"variant: {flag.field} has no value; e.g. {flag.field}={flag.example or flag.default}")
    assert flag.parse is not None
    try:
        return flag.parse(value)
    except InputError as exc:
        raise InputError(f"variant: {flag.field}={shorten(value)}: {exc}") from None
    except (ValueError, argparse.ArgumentTypeError) as exc:  # the flag parsers' own errors
        raise InputError(f"variant: {flag.field}={shorten(value)}: {exc}") from None


def rules_variant(base: Any, text: str) -> Any:
    """``base`` with the settings of ``text`` (``dataclasses.replace``; the rules object checks them).

    Parameters:
        base: a rules object.
        text: one variant (see [`parse_variant`][dreidelpoker.play.variants.parse_variant]).

    Returns:
        The variant's rules object.

    Raises:
        InputError: as [`parse_variant`][dreidelpoker.play.variants.parse_variant], or the rules object refuses the combination
            (its message names the field), prefixed with the variant.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> rules_variant(TwoDreidelRules(), "deck=2-7-7-2").deck_label
        '2-7-7-2'
    """
    if not dataclasses.is_dataclass(base) or isinstance(base, type):
        raise InputTypeError(f"base: expected a rules object, got {shorten(base)}")
    settings = parse_variant(type(base), text)
    try:
        return dataclasses.replace(base, **settings)
    except (InputError, ValueError, TypeError) as exc:
        raise InputError(f"variant {shorten(text)}: {exc}") from None


def rules_variants(base: Any, variants: Iterable[str] | Mapping[str, str], *, base_label: str = "base") -> dict[str, Any]:
    """The base rules and each variant, labelled: ``{"base": base, "deck=2-7-7-2": ..., ...}``.

    Parameters:
        base: the rules every variant changes.
        variants: variant texts (each labelled by its text), or ``{label: text}``.
        base_label: the base's label.

    Returns:
        ``{label: rules}``, the base first.

    Raises:
        InputError: an empty list, a label given twice, or a bad variant.

    Examples:
        >>> from dreidelpoker.games.two_dreidel import TwoDreidelRules
        >>> list(rules_variants(TwoDreidelRules(), ["streets=spins-then-bet", "deck=2-7-7-2"]))
        ['base', 'streets=spins-then-bet', 'deck=2-7-7-2']
    """
    items = list(variants.items()) if isinstance(variants, Mapping) else [(t, t) for t in variants]
    if isinstance(variants, str):
        items = [(variants, variants)]
    if not items:
        raise InputError("variants: the list is empty; give at least one variant like streets=spins-then-bet")
    out: dict[str, Any] = {base_label: base}
    for label, text in items:
        label = str(label).strip()
        if label in out:
            raise InputError(f"variants: {shorten(label)} is given twice")
        out[label] = rules_variant(base, text)
    return out
