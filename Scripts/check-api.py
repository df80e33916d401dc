#!/usr/bin/env python3
"""The public API record: fails when the public API of the library modules changed and the record was not.

The record is docs/api/MODULE.json: swift-api-digester's dump of each module an application sees
(WaylandSlider and what it re-exports: SliderCore, SliderWayland, SliderScripts; and SliderRenderer, whose
image and error types it re-exports), as `swift package diagnose-api-breaking-changes` writes it, kept to
the public declarations: the digester's dumps also hold the package's `package` declarations (marked
`isInternal`) and the `@_spi` ones the package's modules and its Benchmarks package share, and neither is
API an application can use. Source locations and tool arguments are left out, so the record is the same
on every machine.

    python3 Scripts/check-api.py            compare the working tree's API with the record (exit 1 if it differs)
    python3 Scripts/check-api.py --update   rewrite the record from the working tree

The working tree (tracked and untracked files, not ignored ones) is dumped through a commit object of its
own, made with a temporary index: nothing in the repository changes. Run by Scripts/test.sh.
"""
import json
import os
import subprocess
import sys
import tempfile

# The WaylandSlider product lists the modules it re-exports, so the digester dumps each of them.
PRODUCTS = ["WaylandSlider", "SliderCore"]
MODULES = ["WaylandSlider", "SliderCore", "SliderScripts", "SliderWayland", "SliderRenderer"]
# Fields that change with the machine or the build, not with the API.
VOLATILE = {"usr", "mangledName", "tool_arguments"}

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
record = os.path.join(root, "docs", "api")


def git(*arguments, env=None):
    return subprocess.run(["git", *arguments], cwd=root, env=env, check=True, stdout=subprocess.PIPE, text=True).stdout.strip()


def working_tree_commit():
    """A commit object of the working tree as it is, made without touching the index or any branch."""
    with tempfile.TemporaryDirectory() as directory:
        env = dict(os.environ, GIT_INDEX_FILE=os.path.join(directory, "index"))
        git("read-tree", "HEAD", env=env)
        git("add", "-A", env=env)
        tree = git("write-tree", env=env)
    # The commit is never kept: it names an author of its own, so no git identity need be configured (a fresh
    # machine, a container or a build daemon has none).
    author = {f"GIT_{role}_{field}": value for role in ("AUTHOR", "COMMITTER")
              for field, value in (("NAME", "check-api"), ("EMAIL", "check-api@localhost"))}
    return git("commit-tree", tree, "-p", "HEAD", "-m", "check-api: the working tree", env=dict(os.environ, **author))


def is_public(node):
    if node.get("isInternal"):
        return False
    attributes = node.get("declAttributes", [])
    return "SPIAccessControl" not in attributes and not node.get("spi_group_names")


def public_tree(node):
    """The node with its public descendants only, volatile fields dropped."""
    kept = {key: value for key, value in node.items() if key not in VOLATILE and key != "children"}
    children = [public_tree(child) for child in node.get("children", []) if is_public(child)]
    # The modules a module imports are listed among its declarations: not API.
    children = [child for child in children if child.get("kind") != "Import"]
    if children:
        kept["children"] = sorted(children, key=lambda c: (c.get("kind", ""), c.get("printedName", ""), json.dumps(c, sort_keys=True)))
    return kept


def declarations(node, path=()):
    """Readable lines, one per public declaration: 'Slider.value (Var)'."""
    lines = []
    for child in node.get("children", []):
        if child.get("kind") in ("TypeNominal", "TypeFunc", "TypeNameAlias", "Conformance"):
            continue
        name = path + (child.get("printedName", "?"),)
        lines.append(".".join(name) + f" ({child.get('declKind', child.get('kind'))})")
        lines += declarations(child, name)
    return lines


def dump_working_tree():
    commit = working_tree_commit()
    with tempfile.TemporaryDirectory() as baseline:
        arguments = ["swift", "package", "diagnose-api-breaking-changes", commit, "--baseline-dir", baseline, "--regenerate-baseline",
                     "--products", *PRODUCTS]
        run = subprocess.run(arguments, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        dumps = {}
        for module in MODULES:
            path = os.path.join(baseline, commit, module + ".json")
            if not os.path.exists(path):
                sys.exit(f"check-api: swift-api-digester wrote no dump for {module}:\n{run.stdout[-4000:]}")
            with open(path) as f:
                dumps[module] = public_tree(json.load(f)["ABIRoot"])
    return dumps


def main():
    update = "--update" in sys.argv
    dumps = dump_working_tree()
    changed = []
    for module, dump in dumps.items():
        path = os.path.join(record, module + ".json")
        text = json.dumps(dump, indent=1, sort_keys=True) + "\n"
        count = len(declarations(dump))
        if update:
            os.makedirs(record, exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            print(f"check-api: recorded {module}: {count} public declarations")
            continue
        old = json.load(open(path)) if os.path.exists(path) else {}
        if old == json.loads(text):
            print(f"check-api: {module}: {count} public declarations, as recorded")
            continue
        before, after = set(declarations(old)), set(declarations(dump))
        detail = [f"  + {line}" for line in sorted(after - before)] + [f"  - {line}" for line in sorted(before - after)]
        if not detail:
            detail = ["  (the same declarations, with other types, attributes or conformances: see git diff after --update)"]
        changed.append(f"{module}:\n" + "\n".join(detail))
    if changed:
        print("check-api: the public API differs from the record in docs/api:\n" + "\n".join(changed)
              + "\nIf the change is meant, record it: python3 Scripts/check-api.py --update", file=sys.stderr)
        sys.exit(1)


main()
