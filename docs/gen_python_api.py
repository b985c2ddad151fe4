"""Writes the book's Python API reference, docs/src/python-api.md, from the
docstrings of the installed `duke` package.

    python docs/gen_python_api.py           # (re)write the page
    python docs/gen_python_api.py --check   # exit 1 if the page is stale

It imports `duke`, `duke.gym` and `duke.pettingzoo` (so gymnasium and
pettingzoo must be installed) and walks them with `inspect`. The output
depends only on the package: module members in `__all__` order, class
members by name (properties first), signatures without type annotations
(their spelling varies between Python versions; the .pyi stubs carry the
types), constants' meanings from the attribute docstrings of
`duke/__init__.py` and `duke/_duke.pyi`. Class signatures of the native
classes need CPython >= 3.10 (an abi3 limitation).
"""

import argparse
import ast
import difflib
import importlib
import inspect
import pathlib
import re
import sys

OUT = pathlib.Path(__file__).resolve().parent / "src" / "python-api.md"
MODULES = ["duke", "duke.gym", "duke.pettingzoo"]
SQUARE = re.compile(r"^[A-F][1-6]$")
# Py_TPFLAGS_DISALLOW_INSTANTIATION: a class that Python code cannot create
# (Outcome, Tile) has no constructor signature, though inspect gives it
# object's "()".
DISALLOW_INSTANTIATION = 1 << 7


def attribute_docs(path):
    """{name: docstring} of the `NAME = ...` / `NAME: type` statements of a
    Python file that are followed by a string literal."""
    if not path.exists():
        return {}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {}
    body = tree.body
    for stmt, nxt in zip(body, body[1:]):
        target = None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
        elif isinstance(stmt, ast.AnnAssign):
            target = stmt.target
        if (
            isinstance(target, ast.Name)
            and isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
            and isinstance(nxt.value.value, str)
        ):
            docs[target.id] = inspect.cleandoc(nxt.value.value)
    return docs


def markdown(doc):
    """A docstring as Markdown: `>>>` sessions become code blocks, the rest
    is kept as written (the docstrings use Markdown-style backticks)."""
    doc = inspect.cleandoc(doc or "")
    out, lines, i = [], doc.splitlines(), 0
    while i < len(lines):
        if lines[i].startswith(">>>"):
            out.append("```python")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append("```")
        else:
            # `<` would start HTML in Markdown (e.g. "<Game play ...>").
            out.append(lines[i].replace("<", "&lt;"))
            i += 1
    return "\n".join(out).strip()


def signature(obj, drop_first=False):
    """`(a, b=1)` without annotations, or "" when Python cannot tell."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    params = list(sig.parameters.values())
    if drop_first and params and params[0].name in ("self", "cls"):
        params = params[1:]
    params = [p.replace(annotation=inspect.Parameter.empty) for p in params]
    return str(sig.replace(parameters=params, return_annotation=inspect.Signature.empty))


def class_name(cls):
    if cls.__module__ == "builtins":
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def public_objects(module):
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            n
            for n, v in vars(module).items()
            if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__
        ]
    return [(n, getattr(module, n)) for n in names]


def member_kind(member):
    if isinstance(member, classmethod) or type(member).__name__ == "classmethod_descriptor":
        return "classmethod"
    if isinstance(member, staticmethod):
        return "staticmethod"
    if isinstance(member, property) or inspect.isdatadescriptor(member):
        return "property"
    if callable(member) or inspect.ismethoddescriptor(member):
        return "method"
    return None


def document_class(qual, cls, out):
    is_exception = issubclass(cls, BaseException)
    bases = [class_name(b) for b in cls.__bases__ if b is not object]
    head = f"class {qual}"
    if is_exception or bases:
        head += f"({', '.join(bases)})"
    elif not cls.__flags__ & DISALLOW_INSTANTIATION and (sig := signature(cls)) is not None:
        head += sig
    out.append(f"### `{head}`\n")
    if bases and not is_exception:
        sig = signature(cls)
        if sig is not None:
            out.append(f"Constructor: `{cls.__name__}{sig}`\n")
    out.append(markdown(vars(cls).get("__doc__")) + "\n")
    members = [(n, m, member_kind(m)) for n, m in vars(cls).items() if not n.startswith("_")]
    # Properties first, then methods, each by name: the order in which a
    # native class lists its members is not guaranteed between runs.
    members = sorted(
        ((n, m, k) for n, m, k in members if k is not None),
        key=lambda item: (item[2] != "property", item[0]),
    )
    for name, member, kind in members:
        if kind == "property":
            out.append(f"#### `{cls.__name__}.{name}` (property)\n")
            doc = member.__doc__
        else:
            func = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
            bound = getattr(cls, name)
            sig = signature(bound, drop_first=kind == "method") or "(...)"
            suffix = f" ({kind})" if kind != "method" else ""
            out.append(f"#### `{cls.__name__}.{name}{sig}`{suffix}\n")
            doc = func.__doc__
        out.append(markdown(doc) + "\n")


def document_module(module_name, out):
    module = importlib.import_module(module_name)
    out.append(f"## Module `{module_name}`\n")
    out.append(markdown(module.__doc__) + "\n")
    objects = public_objects(module)
    constants = [(n, v) for n, v in objects if not callable(v) and not n.startswith("_")]
    if constants:
        here = pathlib.Path(module.__file__).parent
        docs = attribute_docs(here / "__init__.py")
        docs.update(attribute_docs(here / "_duke.pyi"))
        out.append("### Constants\n")
        out.append("| name | value | meaning |")
        out.append("| --- | --- | --- |")
        squares = [(n, v) for n, v in constants if SQUARE.match(n)]
        for name, value in constants:
            if SQUARE.match(name):
                if name != squares[0][0]:
                    continue
                label = f"`{squares[0][0]}` … `{squares[-1][0]}`"
                shown = f"`{squares[0][1]!r}` … `{squares[-1][1]!r}`"
            else:
                label, shown = f"`{name}`", f"`{value!r}`"
                if isinstance(value, list) and len(value) > 8:
                    shown = f"`[{value[0]!r}, {value[1]!r}, …, {value[-1]!r}]`"
            meaning = " ".join(docs.get(name, "").split()).replace("|", "\\|")
            out.append(f"| {label} | {shown} | {meaning} |")
        out.append("")
    functions = [(n, v) for n, v in objects if callable(v) and not inspect.isclass(v)]
    if functions:
        out.append("### Functions\n")
        for name, func in functions:
            out.append(f"#### `{module_name}.{name}{signature(func) or '(...)'}`\n")
            out.append(markdown(func.__doc__) + "\n")
    for name, cls in objects:
        if inspect.isclass(cls):
            document_class(f"{module_name}.{name}", cls, out)


def render():
    out = [
        "# Python API reference\n",
        "<!-- Generated by `python docs/gen_python_api.py` from the docstrings of the",
        "     installed duke package: edit the docstrings, not this file. -->\n",
        "The `duke` package (`pip install duke-engine`; the Gymnasium and PettingZoo",
        "adapters with the extras `duke-engine[gymnasium]` and `duke-engine[pettingzoo]`).",
        "Squares are `duke.Square` values, ints 0 to 35 (`A1` = 0, `F6` = 35) that print",
        "as their names; methods take any of them, an int or a name such as `\"C2\"`;",
        "sides are `\"light\"` and `\"dark\"`. The type stubs shipped in the package",
        "(`duke/_duke.pyi`) give every argument's and result's type.\n",
    ]
    for module_name in MODULES:
        document_module(module_name, out)
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).rstrip("\n") + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the page is stale")
    args = parser.parse_args()
    text = render()
    if args.check:
        old = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if old != text:
            diff = difflib.unified_diff(
                old.splitlines(), text.splitlines(), "committed", "generated", lineterm=""
            )
            print("\n".join(list(diff)[:60]), file=sys.stderr)
            print(f"{OUT} is stale: run python docs/gen_python_api.py", file=sys.stderr)
            return 1
        print(f"{OUT.name} is up to date")
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
