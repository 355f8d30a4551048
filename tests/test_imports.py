"""The package's import structure: no module imports one that (directly or through others)
imports it back, and the games import nothing inside a function, so the order modules load in
never matters and every dependency is in plain sight at the top of a module."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "ingenium"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _load_time_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports a module runs as it loads: its top level, including `try` and `if`
    blocks, but not `if TYPE_CHECKING:` (never run) nor function or class bodies' defs."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node):
                found += _load_time_imports(node.body)
            found += _load_time_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody,
                          *(h.body for h in node.handlers)):
                found += _load_time_imports(block)
    return found


def _imported(name: str, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> set[str]:
    """The package's modules an import statement of module `name` loads."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = name.split(".")
            if modules[name].name != "__init__.py":
                package = package[:-1]
            package = package[:len(package) - node.level + 1]
            base = ".".join([*package, base] if base else package)
        # `from package import module` loads that module; `from module import name`, the module
        targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                   for alias in node.names]
    return {t for t in targets if t in modules}


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports while loading."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        graph[name] = {target for node in _load_time_imports(tree.body)
                       for target in _imported(name, node, modules) if target != name}
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of the graph (module, ..., the same module), or [] if none."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as circle:
        return list(circle.args[1])
    return []


def test_the_package_has_no_import_circle() -> None:
    circle = _circle(import_graph())
    assert not circle, f"modules importing each other: {' -> '.join(circle)}"


def test_the_import_graph_sees_the_imports_it_checks() -> None:
    """The checker itself: it finds a known import, and a planted circle is one."""
    graph = import_graph()
    machine, vocabulary = ("ingenium.games.civolution.machine",
                           "ingenium.games.civolution.rules.vocabulary")
    assert vocabulary in graph[machine]
    graph[vocabulary].add(machine)
    assert machine in _circle(graph)


def _function_imports(path: Path) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            lines += [inner.lineno for inner in ast.walk(node)
                      if isinstance(inner, ast.Import | ast.ImportFrom)]
    return sorted(set(lines))


def test_no_game_module_imports_inside_a_function() -> None:
    found = {str(path.relative_to(SRC)): lines
             for path in sorted((PACKAGE / "games").rglob("*.py"))
             if (lines := _function_imports(path))}
    assert not found, f"imports inside functions (file: lines): {found}"


def test_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    module = tmp_path / "late.py"
    module.write_text("import os\n\n\ndef f() -> None:\n    import sys\n    print(sys, os)\n")
    assert _function_imports(module) == [5]


def _exported(tree: ast.Module) -> set[str]:
    """The names a module re-exports (a use): those its `__all__` lists and those imported
    `as` themselves (`from m import X as X`)."""
    named = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             for alias in node.names if alias.asname == alias.name}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets):
            return named | {item.value for item in ast.walk(node.value)
                            if isinstance(item, ast.Constant) and isinstance(item.value, str)}
    return named


def _side_effect_imports(path: Path) -> list[int]:
    """Lines of a module's load-time imports of the package's own modules whose names the
    module never uses nor re-exports: imported only for what importing them does."""
    tree = ast.parse(path.read_text(), str(path))
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} | _exported(tree)
    lines = []
    for node in _load_time_imports(tree.body):
        if isinstance(node, ast.Import):
            bound = [(alias.name, alias.asname or alias.name.split(".")[0]) for alias in node.names]
        else:
            bound = [(f"{node.module}", alias.asname or alias.name) for alias in node.names]
            if node.level:
                bound = [("ingenium", name) for _, name in bound]
        if any(module.split(".")[0] == "ingenium" and name not in used for module, name in bound):
            lines.append(node.lineno)
    return lines


def test_no_module_of_the_package_is_imported_only_for_its_side_effects() -> None:
    found = {str(path.relative_to(SRC)): lines for path in sorted(PACKAGE.rglob("*.py"))
             if (lines := _side_effect_imports(path))}
    assert not found, f"imports used for their side effects only (file: lines): {found}"


def test_an_import_for_its_side_effect_is_found(tmp_path: Path) -> None:
    module = tmp_path / "registers.py"
    module.write_text("import ingenium.games.inventions.game\n"
                      "from ingenium import games as _games  # noqa: F401\n"
                      "from ingenium.engine import get_game, game_names\n"
                      "from ingenium.engine import State\n"
                      "import os\n\n__all__ = ['State']\n\nprint(get_game)\n")
    assert _side_effect_imports(module) == [1, 2, 3]
