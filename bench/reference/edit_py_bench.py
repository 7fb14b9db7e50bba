#!/usr/bin/env python3
"""The Python side of `npm run bench`'s "vs reference" rows (bench/reference-bench.ts).

Reads one JSON request a line on stdin and answers one JSON line on stdout; times only the
operation, inside this process (time.perf_counter), never the interpreter's start or the pipe.

    python3 -X utf8 bench/reference/edit_py_bench.py [--tools DIR]

With --tools DIR (a folder holding anthropic-quickstarts' edit.py with its base.py and run.py, as
conformance/anthropic/run_reference.py takes it) the calls go to that edit.py's
EditTool20250429. Without it they go to `StrReplaceLikeEditPy` below: the same operations edit.py
performs for `str_replace`, in the same order, on the same Python types (written from its
behaviour: read_text, expandtabs of the file and both strings, count, replace, write_text, the
history entry, the snippet's line arithmetic and its `cat -n` numbering).

Requests:
  {"op": "str_replace", "path": P, "old": S, "new": S, "reset": TEXT|null}
      one call; when "reset" is a string the file is first rewritten with it (untimed)
  {"op": "calls", "path": P, "calls": [[old, new], ...], "reset": TEXT}
      every call in a row on one tool (as a session does), the time of each summed
  {"op": "quit"}
Answers: {"ms": wall time, "cpu_ms": this process's CPU time (time.process_time), "output": the
last result text, "sha256": of the file's bytes afterwards}
"""

import argparse
import asyncio
import hashlib
import json
import os
import sys
import time

if not sys.flags.utf8_mode:
    os.execv(sys.executable, [sys.executable, "-X", "utf8", *sys.argv])

SNIPPET_LINES = 4
# edit.py clips a text over 16,000 characters before numbering it (a snippet never is).
MAX_RESPONSE_LEN = 16000


class StrReplaceLikeEditPy:
    """edit.py's str_replace work, step for step; errors are raised as ValueError."""

    def __init__(self):
        self.history = {}

    async def __call__(self, *, command, path, old_str, new_str):
        from pathlib import Path

        p = Path(path)
        if not p.is_absolute() or not p.exists() or p.is_dir():
            raise ValueError(f"bad path {path}")
        text = p.read_text().expandtabs()
        old = old_str.expandtabs()
        new = new_str.expandtabs() if new_str is not None else ""
        found = text.count(old)
        if found != 1:
            raise ValueError(f"{found} occurrences")
        result = text.replace(old, new)
        p.write_text(result)
        # edit.py appends every version to a list per path; one is kept here (memory only).
        self.history[p] = [text]
        line = text.split(old)[0].count("\n")
        first = max(0, line - SNIPPET_LINES)
        last = line + SNIPPET_LINES + new.count("\n")
        snippet = "\n".join(result.split("\n")[first : last + 1])
        return f"The file {p} has been edited. " + numbered(snippet, f"a snippet of {p}", first + 1) + (
            "Review the changes and make sure they are as expected. Edit the file again if necessary."
        )


def numbered(content, what, first):
    if len(content) > MAX_RESPONSE_LEN:
        raise ValueError("a snippet over the clipping length: not a workload of this bench")
    content = content.expandtabs()
    rows = "\n".join(f"{i + first:6}\t{row}" for i, row in enumerate(content.split("\n")))
    return f"Here's the result of running `cat -n` on {what}:\n" + rows + "\n"


def load_edit_py(tools_dir):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "conformance", "anthropic"))
    from run_reference import load_reference  # noqa: E402

    edit, _base = load_reference(os.path.abspath(tools_dir))
    return edit.EditTool20250429


def text_of(result):
    if isinstance(result, str):
        return result
    return getattr(result, "output", None) or getattr(result, "error", None) or ""


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tools", help="folder with edit.py, base.py and run.py")
    args = parser.parse_args()
    make_tool = load_edit_py(args.tools) if args.tools else StrReplaceLikeEditPy
    loop = asyncio.new_event_loop()
    print(json.dumps({"ready": True, "tool": "edit.py" if args.tools else "edit.py's operations"}), flush=True)
    for raw in sys.stdin:
        req = json.loads(raw)
        op = req["op"]
        if op == "quit":
            break
        path = req["path"]
        if req.get("reset") is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(req["reset"])
        tool = make_tool()
        pairs = [[req["old"], req["new"]]] if op == "str_replace" else req["calls"]
        total = 0.0
        cpu = 0.0
        output = ""
        for old, new in pairs:
            started = time.perf_counter()
            cpu_started = time.process_time()
            result = loop.run_until_complete(tool(command="str_replace", path=path, old_str=old, new_str=new))
            cpu += time.process_time() - cpu_started
            total += time.perf_counter() - started
            output = text_of(result)
            # edit.py keeps every version in memory (5 GB after 1,000 calls on 5 MB): untimed trim.
            history = getattr(tool, "_file_history", None)
            if history is not None:
                for versions in history.values():
                    del versions[:-1]
        print(json.dumps({"ms": total * 1000, "cpu_ms": cpu * 1000, "output": output, "sha256": digest(path)}), flush=True)


if __name__ == "__main__":
    main()
