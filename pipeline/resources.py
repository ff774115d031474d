"""Where the data that ships with the code is: the embedded corpus and the site template. In a
checkout they are corpus/ and site/ beside the code; installed, they are the packages
pipeline.embedded and pipeline.site (pyproject.toml maps one onto the other), found
with importlib."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parents[1]


def data_dir(package: str, checkout_name: str) -> Path:
    """The folder of `package` where it is installed, else the checkout's. (A data folder has no
    __init__.py: it is a namespace package, whose folder its spec names.)"""
    try:
        spec = importlib.util.find_spec(package)
    except (ModuleNotFoundError, ValueError):
        spec = None
    for location in (spec.submodule_search_locations or []) if spec else []:
        if Path(location).is_dir():
            return Path(location)
    return _CHECKOUT / checkout_name


EMBEDDED_CORPUS = data_dir("pipeline.embedded", "corpus")
SITE_DIR = data_dir("pipeline.site", "site")
