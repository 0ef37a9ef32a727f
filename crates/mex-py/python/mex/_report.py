"""The JSON the native module writes (serde, the shapes of ``mex ... --json``)
read as Python objects.

>>> th = with_fractions('{"mean": "5/4", "left_wall": {"points": [{"t": "-1", "value": "2"}], "tail_slope": 0}}')
>>> th["mean"], th["left_wall"]["points"][0]["value"], th["left_wall"]["tail_slope"]
(Fraction(5, 4), Fraction(2, 1), 0)
"""

import json as _json
from fractions import Fraction as _Fraction
from typing import Any as _Any, Dict as _Dict

__all__ = ["with_fractions"]

# Fields whose strings are exact rationals ("5/4", "-1") in a thermograph.
_RATIONALS = ("mean", "temperature", "t", "value")


def _rationals(fields: _Dict[str, _Any]) -> _Dict[str, _Any]:
    for key in _RATIONALS:
        if isinstance(fields.get(key), str):
            fields[key] = _Fraction(fields[key])
    return fields


def with_fractions(text: str) -> _Any:
    """``json.loads`` of a thermograph's JSON, the exact rationals (strings
    in the CLI's JSON) as ``Fraction``s."""
    return _json.loads(text, object_hook=_rationals)
