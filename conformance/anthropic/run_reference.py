#!/usr/bin/env python3
"""Run the cases `npm run conformance -- --export-anthropic FILE` wrote through an edit.py of
Anthropic's computer-use demo (anthropic-quickstarts, computer-use-demo/computer_use_demo/tools)
and compare every answer and every byte with what our profile answered.

    python3 conformance/anthropic/run_reference.py --tools DIR --cases FILE [--json OUT] [--show N]

DIR holds the reference's edit.py with the base.py and run.py it imports. The anthropic SDK is
not needed (base.py only takes a type from it; a stand-in is used when it is missing). The
cases name a root folder (/tmp/edit-playground-conformance/root by default); it is emptied and
rewritten for every case. Python runs in UTF-8 mode, as in the demo's container (no LANG: the C
locale turns UTF-8 mode on).
"""

import argparse
import asyncio
import base64
import importlib.util
import json
import os
import shutil
import sys
import types
from collections import Counter, defaultdict

if not sys.flags.utf8_mode:
    os.execv(sys.executable, [sys.executable, "-X", "utf8", *sys.argv])


def load_reference(tools_dir):
    try:
        import anthropic.types.beta  # noqa: F401
    except Exception:
        for name in ("anthropic", "anthropic.types", "anthropic.types.beta"):
            sys.modules[name] = types.ModuleType(name)
        sys.modules["anthropic.types.beta"].BetaToolUnionParam = object
        sys.modules["anthropic.types"].beta = sys.modules["anthropic.types.beta"]
        sys.modules["anthropic"].types = sys.modules["anthropic.types"]
    pkg = types.ModuleType("edit_reference")
    pkg.__path__ = [tools_dir]
    sys.modules["edit_reference"] = pkg
    for mod in ("base", "run", "edit"):
        spec = importlib.util.spec_from_file_location(f"edit_reference.{mod}", os.path.join(tools_dir, f"{mod}.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return sys.modules["edit_reference.edit"], sys.modules["edit_reference.base"]


def snapshot(root):
    files = {}
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(folder, name)
            with open(full, "rb") as f:
                files[os.path.relpath(full, root)] = base64.b64encode(f.read()).decode()
    return dict(sorted(files.items()))


def answer(tool, call, base):
    try:
        result = asyncio.run(tool(**call))
    except base.ToolError as e:
        return {"ok": False, "code": "ToolError", "text": e.message}
    except Exception as e:  # escapes the demo's tool collection
        return {"ok": False, "code": type(e).__name__, "text": str(e)}
    if getattr(result, "error", None):
        return {"ok": False, "code": "ToolResult.error", "text": result.error}
    return {"ok": True, "text": result.output or ""}


def differences(ref, ours):
    out = []
    if ref["ok"] != ours["ok"]:
        out.append("outcome")
    elif not ref["ok"] and ref.get("code") != ours.get("code"):
        out.append("code")
    if ref["text"] != ours["text"]:
        out.append("text")
    if ref["files"] != ours["files"]:
        out.append("bytes")
    return out


def shown(files):
    out = {}
    for path, b64 in files.items():
        raw = base64.b64decode(b64)
        try:
            out[path] = raw.decode("utf-8")
        except UnicodeDecodeError:
            out[path] = "bytes " + raw.hex()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", required=True, help="folder with the reference's edit.py, base.py and run.py")
    parser.add_argument("--cases", required=True, help="the JSON file npm run conformance -- --export-anthropic wrote")
    parser.add_argument("--json", help="write every call's comparison here")
    parser.add_argument("--show", type=int, default=1, help="examples to print per class of disagreement")
    args = parser.parse_args()

    edit, base = load_reference(os.path.abspath(args.tools))
    with open(args.cases, encoding="utf-8") as f:
        data = json.load(f)
    root = data["root"]

    calls = Counter()
    agree = Counter()
    classes = defaultdict(list)
    records = []
    for case in data["cases"]:
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
        for path, b64 in case["files"].items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as f:
                f.write(base64.b64decode(b64))
        tool_class = getattr(edit, case["reference_class"], None)
        if tool_class is None:
            print(f"case {case['id']}: this edit.py has no class {case['reference_class']}; skipped", file=sys.stderr)
            continue
        tool = tool_class()
        for index, (call, ours) in enumerate(zip(case["calls"], case["ours"])):
            ref = answer(tool, call, base)
            ref["files"] = snapshot(root)
            diff = differences(ref, ours)
            calls[case["tool"]] += 1
            if not diff:
                agree[case["tool"]] += 1
            else:
                why = "; ".join(ours.get("documented", [])) or "unexplained: a bug of ours unless the profile's page documents it"
                key = (why, case["tool"], "+".join(diff), call.get("command"), ref.get("code") or "ok", ours.get("code") or "ok")
                classes[key].append((case["id"], index, call, ref, ours))
            records.append({"case": case["id"], "call": index, "tool": case["tool"], "differs": diff, "reference": ref, "ours": ours})
            if diff and ref["files"] != ours["files"]:
                break  # later calls would start from different files

    for tool in sorted(calls):
        n, a = calls[tool], agree[tool]
        print(f"{tool}: {n} calls, {a} agree ({100 * a / n:.2f}%)")
    documented = sum(len(v) for k, v in classes.items() if not k[0].startswith("unexplained"))
    unexplained = sum(len(v) for k, v in classes.items() if k[0].startswith("unexplained"))
    print(f"disagreements: {documented} touch a documented deliberate difference, {unexplained} unexplained")
    for key, items in sorted(classes.items(), key=lambda kv: (kv[0][0].startswith("unexplained"), -len(kv[1]))):
        why, tool, diff, command, ref_code, our_code = key
        print(f"\n{tool} · {command} · differs in {diff} · reference {ref_code}, ours {our_code}: {len(items)}")
        print(f"  {why}")
        for case_id, index, call, ref, ours in sorted(items, key=lambda it: len(json.dumps(it[2])))[: args.show]:
            print(f"  case {case_id}, call {index}: {json.dumps(call, ensure_ascii=False)}")
            print(f"    reference: {json.dumps(ref['text'], ensure_ascii=False)}")
            print(f"    ours:      {json.dumps(ours['text'], ensure_ascii=False)}")
            if ref["files"] != ours["files"]:
                print(f"    reference files: {json.dumps(shown(ref['files']), ensure_ascii=False)}")
                print(f"    our files:       {json.dumps(shown(ours['files']), ensure_ascii=False)}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(records, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
