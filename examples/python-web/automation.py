"""Runs web.py's program through Pulumi's Automation API as an inline program: no Python language
host is needed, only the Pulumi CLI on PATH and the provider plugin.

    python automation.py up|preview|refresh|destroy

The project is this directory's Pulumi.yaml, the stack PULUMI_STACK (default dev) with its config
in Pulumi.<stack>.yaml (`pulumi config set ...`, as for `pulumi up`), the backend
PULUMI_BACKEND_URL. Prints the engine's output to stderr and one JSON line to stdout: the
operation, its counts of changes, and each resource's step by name, e.g.
{"op": "up", "changes": {"create": 7}, "steps": {"api": "create", ...}}.
"""
import json
import os
import sys

from pulumi import automation as auto

from web import site

HERE = os.path.dirname(os.path.abspath(__file__))
# A replacement shows as several steps of one resource: it is one "replace".
REPLACE_STEPS = {"replace", "create-replacement", "delete-replaced"}


def main(argv: list) -> int:
    if len(argv) != 1 or argv[0] not in ("up", "preview", "refresh", "destroy"):
        print("usage: python automation.py up|preview|refresh|destroy", file=sys.stderr)
        return 2
    op = argv[0]
    stack = auto.create_or_select_stack(
        stack_name=os.environ.get("PULUMI_STACK", "dev"),
        project_name="python-web",
        program=site,
        opts=auto.LocalWorkspaceOptions(work_dir=HERE),
    )
    steps = {}

    def on_event(event: auto.EngineEvent) -> None:
        done = event.res_outputs_event
        if op == "refresh" and done is not None:
            # A refresh step is "refresh" for every resource: what it found is whether the outputs moved.
            meta = done.metadata
            moved = meta.new is None or meta.old is None or dict(meta.old.outputs or {}) != dict(meta.new.outputs or {})
            record(meta.type, meta.urn, "update" if moved else "same")
        pre = event.resource_pre_event
        if pre is not None and op != "refresh":
            record(pre.metadata.type, pre.metadata.urn, pre.metadata.op.value)

    def record(kind: str, urn: str, step: str) -> None:
        if kind == "pulumi:pulumi:Stack" or kind.startswith("pulumi:providers:"):
            return
        name = urn.rsplit("::", 1)[-1]
        if steps.get(name) != "replace":
            steps[name] = "replace" if step in REPLACE_STEPS else step

    def on_output(line: str) -> None:
        print(line, file=sys.stderr)

    if op == "up":
        changes = stack.up(on_event=on_event, on_output=on_output).summary.resource_changes
    elif op == "preview":
        changes = stack.preview(on_event=on_event, on_output=on_output).change_summary
    elif op == "refresh":
        changes = stack.refresh(on_event=on_event, on_output=on_output).summary.resource_changes
    else:
        changes = stack.destroy(on_event=on_event, on_output=on_output).summary.resource_changes
    changes = {str(getattr(k, "value", k)): v for k, v in (changes or {}).items()}
    print(json.dumps({"op": op, "changes": changes, "steps": steps}, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
