"""Every public class, method, property and function of the installed
`duke` package has a docstring of its own (not one inherited from a base
class): `help()` and the generated API reference read them."""

import importlib
import inspect

import pytest

MODULES = ["duke", "duke.gym", "duke.pettingzoo", "duke.data", "duke.selfplay", "duke.tournament",
           "duke.openspiel"]
NEEDS = {"duke.gym": "gymnasium", "duke.pettingzoo": "pettingzoo", "duke.data": "pyarrow",
         "duke.selfplay": "ray", "duke.tournament": "ray", "duke.openspiel": "pyspiel"}


def public_objects(module):
    """The module's public classes and functions: its `__all__`, or else
    the public names it defines itself (not what it imports)."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            n
            for n, v in vars(module).items()
            if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__
        ]
    for name in names:
        obj = getattr(module, name)
        if inspect.isclass(obj) or callable(obj):
            yield name, obj


def own_members(cls):
    """The public methods and properties a class defines itself, with the
    docstring each carries."""
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, (classmethod, staticmethod)):
            yield name, member.__func__.__doc__
        elif isinstance(member, property) or inspect.isdatadescriptor(member):
            yield name, member.__doc__
        elif callable(member) or inspect.ismethoddescriptor(member):
            yield name, member.__doc__


def undocumented(module_name):
    module = importlib.import_module(module_name)
    missing, seen = [], []
    if not (module.__doc__ or "").strip():
        missing.append(module_name)
    for name, obj in public_objects(module):
        qual = f"{module_name}.{name}"
        seen.append(qual)
        doc = vars(obj).get("__doc__") if inspect.isclass(obj) else obj.__doc__
        if not (doc or "").strip():
            missing.append(qual)
        if inspect.isclass(obj):
            for member, member_doc in own_members(obj):
                seen.append(f"{qual}.{member}")
                if not (member_doc or "").strip():
                    missing.append(f"{qual}.{member}")
    return missing, seen


@pytest.mark.parametrize("module_name", MODULES)
def test_every_public_item_has_a_docstring(module_name):
    if module_name in NEEDS:
        pytest.importorskip(NEEDS[module_name])
    missing, _ = undocumented(module_name)
    assert missing == [], f"without a docstring: {', '.join(missing)}"


def test_the_walk_reaches_methods_properties_and_functions():
    # A walk that finds nothing would pass the test above vacuously.
    _, seen = undocumented("duke")
    for qual in [
        "duke.Position.play",  # method
        "duke.Position.standard",  # classmethod
        "duke.Position.side_to_move",  # property
        "duke.VecGame.obs",  # attribute of a pyclass field
        "duke.VecGame.episode_seed",  # staticmethod
        "duke.Game.best_action",
        "duke.ParseError",  # exception
        "duke.troop_chart",  # function of the native module
        "duke.save_svg",  # function of the Python package
    ]:
        assert qual in seen
    pytest.importorskip("gymnasium")
    _, seen = undocumented("duke.gym")
    assert {"duke.gym.DukeEnv", "duke.gym.DukeEnv.step", "duke.gym.DukeEnv.reset"} <= set(seen)


def test_docstring_examples_run():
    # The `>>>` examples in the docstrings (help() and the API reference
    # show them) give the output they show.
    import doctest

    import duke

    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    docs = [("duke", duke.__doc__)]
    for name, obj in public_objects(duke):
        docs.append((f"duke.{name}", vars(obj).get("__doc__") if inspect.isclass(obj) else obj.__doc__))
        if inspect.isclass(obj):
            docs += [(f"duke.{name}.{m}", d) for m, d in own_members(obj)]
    examples = 0
    for qual, doc in docs:
        test = parser.get_doctest(doc or "", {"duke": duke}, qual, None, 0)
        examples += len(test.examples)
        runner.run(test)
    assert examples >= 10
    assert runner.failures == 0, f"{runner.failures} docstring example(s) failed (see the output above)"
