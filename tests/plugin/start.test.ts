/**
 * bin/pulumi-resource-dondominio started as the engine starts it (its address as the argument after
 * the engine's flags): one line on stdout, the port, then GetPluginInfo and GetSchema over gRPC.
 * Prints the time from spawn to the port (the plugin's start cost in every `pulumi` command).
 * Runs dist/ when built, else the TypeScript sources through tsx (bin/run-cli.js).
 */
import { expect } from "chai";
import { spawn } from "node:child_process";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import type * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provgrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { REPO } from "../harness/engine";

describe("plugin: the executable", function () {
  this.timeout(60_000);

  it("prints its port alone on stdout, then answers GetPluginInfo and GetSchema", async () => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, [join(REPO, "bin", "pulumi-resource-dondominio"), "-v=9", "--logtostderr", "127.0.0.1:1"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    try {
      const port = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (d) => {
          stdout += String(d);
          if (stdout.includes("\n")) resolve(stdout.split("\n")[0]);
        });
        child.on("exit", (code) => reject(new Error(`exited with ${code}`)));
      });
      console.log(`      port after ${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms`);
      expect(port).to.match(/^\d+$/);
      const rpc = new provgrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
      const info = await new Promise<plugproto.PluginInfo>((res, rej) => rpc.getPluginInfo(new Empty(), (e, r) => (e ? rej(e) : res(r))));
      expect(info.getVersion()).to.equal(require("../../package.json").version);
      const schema = await new Promise<provproto.GetSchemaResponse>((res, rej) =>
        rpc.getSchema(new provproto.GetSchemaRequest(), (e, r) => (e ? rej(e) : res(r))),
      );
      expect(JSON.parse(schema.getSchema()).resources).to.have.property("dondominio:index:DnsRecord");
      rpc.close();
      expect(stdout.trim().split("\n")).to.have.length(1);
    } finally {
      child.kill();
    }
  });
});
