"""Knowledge and profile files read into pydantic models; every error names the file and line.

A YAML file is parsed into Python data for the model (by libyaml where installed: the pure-Python
parser took seconds per build). Only when something is wrong is it parsed again into PyYAML's node
graph, which remembers where every key and value stands: a validation error's location
(`facts.3.facet`) is walked down the node graph to the line that holds it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from pipeline.errors import HoyleError

M = TypeVar("M", bound=BaseModel)


def _line_of(node: yaml.Node | None, loc: tuple) -> int | None:
    """1-based line of the YAML node at `loc` (keys and list indexes), or of its nearest parent."""
    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            hit = next(((k, v) for k, v in node.value if str(k.value) == str(part)), None)
            if hit is None:
                break
            line = hit[0].start_mark.line + 1
            node = hit[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line


def _message(err: dict) -> str:
    if err["type"] == "extra_forbidden":
        return "unknown key (misspelt? see the file's documented keys)"
    return err["msg"]


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# Values a knowledge file may hold once its aliases are expanded: the largest shipped file holds
# about 40,000; nine nested aliases of nine ("billion laughs") expand to 387 million, which the
# models then copy value by value (5.5 GB)
MAX_EXPANDED_VALUES = 2_000_000


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise HoyleError(f"{path}: not valid UTF-8", hint="save the file as UTF-8") from None


def read_yaml(path: Path) -> Any:
    """The data of a YAML file; a syntax error names file:line:column."""
    try:
        data = yaml.load(_text(path), Loader=_Loader)   # noqa: S506 (a safe loader)
    except RecursionError:
        raise HoyleError(f"{path}: nested too deeply to read", hint="flatten the lists and mappings") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise HoyleError(f"{where}: malformed YAML: {getattr(exc, 'problem', None) or exc}",
                         hint="fix the YAML there (a quote inside a '...' string is written '')") from None
    if _expanded_values_over(data, MAX_EXPANDED_VALUES):
        raise HoyleError(f"{path}: more than {MAX_EXPANDED_VALUES:,} values once its aliases (*name) are expanded",
                         hint="write the values out, or use fewer nested aliases")
    return data


def _expanded_values_over(data: Any, cap: int) -> bool:
    """Whether `data`, with every shared (aliased) list or mapping counted each time it is used,
    holds more than `cap` values. Stops counting at the cap: bounded whatever the expansion."""
    count, stack = 0, [data]
    while stack:
        item = stack.pop()
        count += 1
        if count > cap:
            return True
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def located_error(path: Path, loc: tuple, message: str) -> HoyleError:
    """An error at the line of `loc` (keys and list indexes) in the YAML file `path`."""
    try:
        node = yaml.compose(_text(path), Loader=yaml.SafeLoader)
    except (HoyleError, yaml.YAMLError, OSError):
        node = None
    line = _line_of(node, loc)
    where = f"{path}:{line}" if line else str(path)
    what = ".".join(str(p) for p in loc)
    return HoyleError(f"{where}: {what + ': ' if what else ''}{message}")


def load_model(path: Path, model: type[M], *, context: dict | None = None, wrap: str | None = None) -> M:
    """`path` validated as `model`. `wrap` puts a top-level list under that key first (games.yaml
    is a bare list of games)."""
    data = read_yaml(path)
    payload = {wrap: data} if wrap else data
    try:
        return model.model_validate(payload if payload is not None else {}, context=context)
    except ValidationError as exc:
        errors = exc.errors()
        # a misspelt key shows as an unknown key and a missing one: name the misspelling
        err = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
        loc = tuple(err["loc"])[1:] if wrap else tuple(err["loc"])
        raise located_error(path, loc, _message(err)) from None
