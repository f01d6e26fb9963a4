/**
 * Pulumi's ResourceProvider gRPC service of the plugin: each RPC is the wire's decoding (wire.ts),
 * a handler (handlers.ts: the one lifecycle, provider/core/lifecycle.ts) and the wire's encoding.
 * On the generated stubs @pulumi/pulumi ships (proto/provider_grpc_pb.js) rather than on
 * `@pulumi/pulumi/provider`, whose server leaves config, DiffConfig, old inputs, detailed diffs,
 * ignoreChanges, timeouts, the preview flag, import and per-resource logs undone (issue 21).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { setLogSinkForTests } from "../provider/core/log";
import { buildInfo } from "./build-info";
import { handlers } from "./handlers";
import { packageSchema } from "./schema";
import { EngineLog, request, response, unary } from "./wire";

export { grpcError } from "./wire";

/** schema.json inside the release executable (plugin/build-info.ts), else at the package's root (dist/plugin/ or plugin/ below it): generated with the docs (scripts/gen-schema.ts). */
function schemaJson(): string | undefined {
  const built = buildInfo()?.schema;
  if (built) return built;
  for (const up of ["..", "../.."]) {
    try {
      return readFileSync(join(__dirname, up, "schema.json"), "utf8");
    } catch {}
  }
  return undefined;
}

export interface ServerOptions {
  version: string;
  engineAddress?: string;
}

const empty = () => new Empty();
const none = () => undefined;

export function providerService(opts: ServerOptions): provgrpc.IResourceProviderServer {
  const log = new EngineLog();
  if (opts.engineAddress) log.connect(opts.engineAddress);
  // The provider's progress and warnings (provider/core/log.ts) go to the engine under their resource.
  setLogSinkForTests((level, message) => log.send(level, message));
  const h = handlers();
  let schemaText: string | undefined;
  const connect = async (address: string) => log.connect(address);
  return {
    handshake: unary(
      (r: provproto.ProviderHandshakeRequest) => r.getEngineAddress(),
      connect,
      () => new provproto.ProviderHandshakeResponse().setAcceptSecrets(true),
    ),
    getPluginInfo: unary(
      none,
      async () => opts.version,
      (v: string) => new plugproto.PluginInfo().setVersion(v),
    ),
    getSchema: unary(
      none,
      async () => (schemaText ??= schemaJson() ?? JSON.stringify(packageSchema(opts.version))),
      (s: string) => new provproto.GetSchemaResponse().setSchema(s),
    ),
    checkConfig: unary(request.check, h.checkConfig, response.check),
    diffConfig: unary(request.diff, h.diffConfig, response.diff),
    configure: unary(request.configure, h.configure, () => new provproto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true)),
    check: unary(request.check, h.check, response.check),
    diff: unary(request.diff, h.diff, response.diff),
    create: unary(request.create, h.create, response.create),
    read: unary(request.read, h.read, response.read),
    update: unary(request.update, h.update, response.update),
    delete: unary(request.delete, h.delete, empty),
    invoke: unary(request.invoke, h.invoke, response.invoke),
    cancel: unary(none, h.cancel, empty),
    attach: unary((r: plugproto.PluginAttach) => r.getAddress(), connect, empty),
  } as unknown as provgrpc.IResourceProviderServer;
}

/** Starts the server on a loopback port and returns the port (the plugin prints it for the engine). */
export async function serve(opts: ServerOptions): Promise<{ port: number; server: grpc.Server }> {
  // The engine's own limit (400 MiB) both ways: a zone of many records is one message.
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024, "grpc.max_send_message_length": 400 * 1024 * 1024 });
  server.addService(provgrpc.ResourceProviderService, providerService(opts) as unknown as grpc.UntypedServiceImplementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { port, server };
}
