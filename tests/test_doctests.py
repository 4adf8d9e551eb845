"""The examples in the docstrings of ``referee`` and ``rulesdb`` run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import referee
import rulesdb


def _modules():
    for package in (referee, rulesdb):
        yield package.__name__
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            yield info.name


MODULES = sorted(set(_modules()))


def test_the_doctests_cover_the_core():
    assert {"referee.records", "referee.games", "referee.files", "referee.advice"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
