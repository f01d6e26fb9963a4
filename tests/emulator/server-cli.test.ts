import { expect } from "chai";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Agent, fetch } from "undici";

const ROOT = resolve(__dirname, "../..");

describe("dondominio-emulator CLI", () => {
  it("prints exactly one JSON line when ready, serves HTTPS, and exits 0 on SIGTERM keeping state", async () => {
    const dir = mkdtempSync(join(tmpdir(), "emu-cli-test-"));
    const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), "--data", dir, "--port", "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((res) => child.on("exit", (code) => res(code)));
    try {
      const line = await new Promise<string>((res, rej) => {
        child.stdout.on("data", (c: Buffer) => {
          stdout += c.toString();
          if (stdout.includes("\n")) res(stdout.split("\n")[0]);
        });
        child.on("exit", () => rej(new Error(`CLI exited early: ${stderr}`)));
      });
      const ready = JSON.parse(line);
      expect(Object.keys(ready).sort()).to.deep.equal(["apiPasswd", "apiUser", "caFile", "dyndnsKey", "dyndnsUrl", "url"]);
      expect(ready.caFile).to.equal(join(dir, "ca.cert.pem"));
      const agent = new Agent({ connect: { ca: readFileSync(ready.caFile, "utf8") } });
      const res = await fetch(`${ready.url}/tool/hello/`, {
        method: "POST",
        body: new URLSearchParams({ apiuser: ready.apiUser, apipasswd: ready.apiPasswd }),
        dispatcher: agent,
      });
      expect(((await res.json()) as { success: boolean }).success).to.equal(true);
      await agent.close();
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).to.equal(0);
    expect(stdout.trim().split("\n")).to.have.length(1);
    expect(stderr).to.include("SIGTERM");
    expect(stderr).to.not.include(JSON.parse(stdout).apiPasswd);
    // The state was flushed on the way out.
    expect(JSON.parse(readFileSync(join(dir, "state.json"), "utf8")).accounts.demo.apiuser).to.equal("demo");
  });

  it("refuses a bad flag value with a usage line and exit code 2", async () => {
    const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), "--port", "abc"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((res) => child.on("exit", (c) => res(c)));
    expect(code).to.equal(2);
    expect(stderr).to.include("--port");
    expect(stderr).to.include("usage:");
  });
});
