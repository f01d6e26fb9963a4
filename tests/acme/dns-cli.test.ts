/** `dondominio-emulator --dns-port`: the port it picked is in the ready line, and answers DNS there. */
import { spawn } from "node:child_process";
import { Resolver } from "node:dns/promises";
import { join, resolve } from "node:path";
import { expect } from "chai";

const ROOT = resolve(__dirname, "../..");

async function readyLine(args: string[]): Promise<{ ready: Record<string, unknown>; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((res) => child.on("exit", () => res()));
  const ready = await new Promise<Record<string, unknown>>((res, rej) => {
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes("\n")) res(JSON.parse(stdout.split("\n")[0]));
    });
    child.on("exit", () => rej(new Error(`CLI exited early: ${stderr}`)));
  });
  return {
    ready,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

describe("dondominio-emulator --dns-port", function () {
  this.timeout(30_000);

  it("--dns-port 0 picks a port, reports it as dnsPort, and answers there (REFUSED for a zone it does not host)", async () => {
    const { ready, stop } = await readyLine(["--dns-port", "0"]);
    try {
      expect(ready.dnsPort).to.be.a("number").and.greaterThan(0);
      const resolver = new Resolver({ timeout: 2000, tries: 1 });
      resolver.setServers([`127.0.0.1:${ready.dnsPort}`]);
      const err = await resolver.resolve4("not-hosted.example").then(
        () => undefined,
        (e: NodeJS.ErrnoException) => e,
      );
      expect(err?.code).to.equal("EREFUSED");
    } finally {
      await stop();
    }
  });

  it("without --dns-port there is no DNS listener and no dnsPort in the line", async () => {
    const { ready, stop } = await readyLine([]);
    await stop();
    expect(ready).to.not.have.property("dnsPort");
  });

  it("a bad --dns-port is refused naming the flag", async () => {
    const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), "--dns-port", "-1"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((res) => child.on("exit", (c) => res(c)));
    expect(code).to.equal(2);
    expect(stderr).to.contain("--dns-port");
  });
});
