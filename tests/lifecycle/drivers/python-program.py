"""
The lifecycle table's program in Python (tests/lifecycle/drivers/plugin-python.ts): one process
serving Pulumi's language runtime protocol on loopback, as Python's Automation API does for an
inline program (pulumi.automation._server.LanguageServer), so that the driver runs the CLI itself
with --client and --event-log (the engine's events as JSON lines, the same the Node driver reads).
Each run declares the resources in the JSON file DECLARATIONS names, written by the driver before
the run: `getattr(pulumi_dondominio, type)(key, opts, **args)`, the arguments' names in Python's
spelling (the SDK maps them back). Prints the port, then serves until stdin closes.
"""

import json
import os
import re
import sys
from concurrent import futures

import grpc
import pulumi
import pulumi_dondominio as dondominio
from pulumi.automation._server import LanguageServer
from pulumi.runtime._grpc_settings import _GRPC_CHANNEL_OPTIONS
from pulumi.runtime.proto import language_pb2_grpc


def snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def python_names(value):
    """Nested input types take their Python names too (a list of records, the contacts)."""
    if isinstance(value, list):
        return [python_names(v) for v in value]
    if isinstance(value, dict):
        return {snake(k): python_names(v) for k, v in value.items()}
    return value


def program():
    with open(os.environ["DECLARATIONS"], encoding="utf-8") as f:
        declared = json.load(f)
    for d in declared:
        cls = getattr(dondominio, d["type"])
        ignored = (d.get("options") or {}).get("ignoreChanges")
        opts = pulumi.ResourceOptions(ignore_changes=[snake(k) for k in ignored] if ignored else None)
        cls(d["key"], opts=opts, **{snake(k): python_names(v) for k, v in d["args"].items()})


def main():
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4), options=_GRPC_CHANNEL_OPTIONS)
    language_pb2_grpc.add_LanguageRuntimeServicer_to_server(LanguageServer(program), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print(port, flush=True)
    sys.stdin.read()
    server.stop(0)


if __name__ == "__main__":
    main()
