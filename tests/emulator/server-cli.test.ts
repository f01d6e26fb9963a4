import { expect } from "chai";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Agent, fetch } from "undici";
import { EmulatorControl } from "../../emulator/control-client";
import { PERSON } from "../fixtures";

const ROOT = resolve(__dirname, "../..");

interface Ready {
  url: string;
  dyndnsUrl: string;
  caFile: string;
  apiUser: string;
  apiPasswd: string;
  dyndnsKey: string;
  controlToken: string;
}

/** Starts the CLI with `args`; resolves with its ready line (or rejects with its stderr when it exits first). */
async function startCli(args: string[]) {
  const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((res) => child.on("exit", (code) => res(code)));
  const ready = await new Promise<Ready>((res, rej) => {
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes("\n")) res(JSON.parse(stdout.split("\n")[0]));
    });
    child.on("exit", () => rej(new Error(`CLI exited early: ${stderr}`)));
  });
  return { child, ready, exited, stderr: () => stderr };
}

/** An API call to the CLI's emulator. */
async function call(ready: Ready, agent: Agent, path: string, params: Record<string, string> = {}) {
  const res = await fetch(`${ready.url}${path}`, {
    method: "POST",
    body: new URLSearchParams({ apiuser: ready.apiUser, apipasswd: ready.apiPasswd, ...params }),
    dispatcher: agent,
  });
  return (await res.json()) as { success: boolean; errorCode: number; messages: string[]; responseData: Record<string, any> };
}

describe("dondominio-emulator CLI", () => {
  it("prints exactly one JSON line when ready, serves HTTPS, and exits 0 on SIGTERM keeping state", async () => {
    const dir = mkdtempSync(join(tmpdir(), "emu-cli-test-"));
    const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), "--data", dir, "--port", "0"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
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
      expect(Object.keys(ready).sort()).to.deep.equal(["apiPasswd", "apiUser", "caFile", "controlToken", "dyndnsKey", "dyndnsUrl", "url"]);
      expect(ready.caFile).to.equal(join(dir, "ca.cert.pem"));
      const caCert = readFileSync(ready.caFile, "utf8");
      const agent = new Agent({ connect: { ca: caCert } });
      const res = await fetch(`${ready.url}/tool/hello/`, {
        method: "POST",
        body: new URLSearchParams({ apiuser: ready.apiUser, apipasswd: ready.apiPasswd }),
        dispatcher: agent,
      });
      expect(((await res.json()) as { success: boolean }).success).to.equal(true);
      // The control API takes the ready line's token, not the API password.
      const control = new EmulatorControl({ url: ready.url, caCert, controlToken: ready.controlToken });
      expect((await control.counters()).totalCalls).to.equal(1);
      const withPassword = new EmulatorControl({ url: ready.url, caCert, controlToken: ready.apiPasswd });
      expect(
        await withPassword.counters().then(
          () => "opened",
          (e: Error) => e.message,
        ),
      ).to.match(/HTTP 401/);
      await Promise.all([control.close(), withPassword.close(), agent.close()]);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).to.equal(0);
    expect(stdout.trim().split("\n")).to.have.length(1);
    expect(stderr).to.include("SIGTERM");
    expect(stderr).to.not.include(JSON.parse(stdout).apiPasswd);
    expect(stderr).to.not.include(JSON.parse(stdout).controlToken);
    // Loopback: no warning about the network.
    expect(stderr).to.not.include("WARNING");
    // The state was flushed on the way out.
    expect(JSON.parse(readFileSync(join(dir, "state.json"), "utf8")).accounts.demo.apiuser).to.equal("demo");
  });

  it("--host 0.0.0.0 warns on stderr that the control API and dynamic DNS are reachable from the network; limit flags apply", async function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), "emu-cli-test-"));
    const cli = await startCli([
      "--data",
      dir,
      "--host",
      "0.0.0.0",
      "--operations-per-minute",
      "2",
      "--errors-per-minute",
      "3",
      "--max-concurrent",
      "4",
      "--block-seconds",
      "30",
    ]);
    try {
      expect(cli.stderr()).to.match(
        /WARNING: listening on 0\.0\.0\.0, not a loopback address: the control API .* and the dynamic DNS endpoint are reachable from the network/,
      );
      expect(cli.stderr()).to.not.include(cli.ready.controlToken);
      // The printed URL names an address the server certificate covers.
      expect(cli.ready.url).to.match(/^https:\/\/127\.0\.0\.1:\d+$/);
      const agent = new Agent({ connect: { ca: readFileSync(cli.ready.caFile, "utf8") } });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await call(cli.ready, agent, "/tool/hello/")).errorCode);
      expect(codes).to.deep.equal([0, 0, 1011]);
      await agent.close();
    } finally {
      cli.child.kill("SIGTERM");
    }
    expect(await cli.exited).to.equal(0);
  });

  it("--allowed-ips sets the addresses the demo account (and the control API) accept", async function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), "emu-cli-test-"));
    const cli = await startCli(["--data", dir, "--allowed-ips", "192.0.2.1, 198.51.100.7"]);
    try {
      const caCert = readFileSync(cli.ready.caFile, "utf8");
      const agent = new Agent({ connect: { ca: caCert } });
      const r = await call(cli.ready, agent, "/account/info/");
      expect(r.errorCode).to.equal(1007);
      const control = new EmulatorControl({ url: cli.ready.url, caCert, controlToken: cli.ready.controlToken });
      expect(
        await control.counters().then(
          () => "opened",
          (e: Error) => e.message,
        ),
      ).to.match(/HTTP 403/);
      await Promise.all([control.close(), agent.close()]);
    } finally {
      cli.child.kill("SIGTERM");
    }
    expect(await cli.exited).to.equal(0);
  });

  it("--contact-verification-seconds turns the verification timer on (off by default: only the control API decides)", async function () {
    this.timeout(30_000);
    const cli = await startCli(["--data", mkdtempSync(join(tmpdir(), "emu-cli-test-")), "--contact-verification-seconds", "0"]);
    try {
      const agent = new Agent({ connect: { ca: readFileSync(cli.ready.caFile, "utf8") } });
      const created = await call(cli.ready, agent, "/contact/create/", { ...PERSON });
      expect(created.success, JSON.stringify(created.messages)).to.equal(true);
      const info = await call(cli.ready, agent, "/contact/getinfo/", { contactID: created.responseData.contactID });
      expect(info.responseData.verificationstatus).to.equal("verified");
      await agent.close();
    } finally {
      cli.child.kill("SIGTERM");
    }
    expect(await cli.exited).to.equal(0);
  });

  for (const [flag, value] of [
    ["--contact-verification-seconds", "-1"],
    ["--max-concurrent", "0"],
    ["--errors-per-minute", "-1"],
    ["--operations-per-minute", "x"],
    ["--allowed-ips", "not-an-address"],
  ]) {
    it(`refuses ${flag} ${value} with a usage line and exit code 2`, async () => {
      const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), flag, value], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((res) => child.on("exit", (c) => res(c)));
      expect(code).to.equal(2);
      expect(stderr).to.include(flag);
      expect(stderr).to.include("usage:");
    });
  }

  it("refuses a bad flag value with a usage line and exit code 2", async () => {
    const child = spawn(process.execPath, ["--require", "tsx/cjs", join(ROOT, "emulator/cli.ts"), "--port", "abc"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((res) => child.on("exit", (c) => res(c)));
    expect(code).to.equal(2);
    expect(stderr).to.include("--port");
    expect(stderr).to.include("usage:");
  });
});
