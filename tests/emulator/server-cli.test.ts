/**
 * `dondominio-emulator`: the real command (bin/dondominio-emulator.js, a child process) for the ready
 * line, signals and exit codes; its main in this process for what each flag does.
 */
import { expect } from "chai";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, fetch } from "undici";
import { EmulatorControl } from "../../emulator/control-client";
import { PERSON } from "../fixtures";
import { type ReadyLine as Ready, runEmulatorCli, runEmulatorCliToEnd, spawnEmulatorCli } from "../harness/emulator-cli";

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
  it("the command prints exactly one JSON line when ready, serves HTTPS, and exits 0 on SIGTERM keeping state", async function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), "emu-cli-test-"));
    const cli = await spawnEmulatorCli(["--data", dir, "--port", "0"]);
    try {
      const ready = cli.ready;
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
      cli.child.kill("SIGTERM");
    }
    expect(await cli.exited).to.deep.equal({ code: 0, signal: null });
    expect(cli.stdout().trim().split("\n")).to.have.length(1);
    expect(cli.stderr()).to.include("SIGTERM: stopping");
    expect(cli.stderr()).to.not.include(cli.ready.apiPasswd);
    expect(cli.stderr()).to.not.include(cli.ready.controlToken);
    // Loopback: no warning about the network.
    expect(cli.stderr()).to.not.include("WARNING");
    // The state was flushed on the way out.
    expect(JSON.parse(readFileSync(join(dir, "state.json"), "utf8")).accounts.demo.apiuser).to.equal("demo");
  });

  it("--host 0.0.0.0 warns on stderr that the control API and dynamic DNS are reachable from the network; limit flags apply", async function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), "emu-cli-test-"));
    const cli = await runEmulatorCli([
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
      expect(await cli.stop()).to.equal(0);
    }
  });

  it("--allowed-ips sets the addresses the demo account (and the control API) accept", async function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), "emu-cli-test-"));
    const cli = await runEmulatorCli(["--data", dir, "--allowed-ips", "192.0.2.1, 198.51.100.7"]);
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
      expect(await cli.stop()).to.equal(0);
    }
  });

  it("--contact-verification-seconds turns the verification timer on (off by default: only the control API decides)", async function () {
    this.timeout(30_000);
    const cli = await runEmulatorCli(["--data", mkdtempSync(join(tmpdir(), "emu-cli-test-")), "--contact-verification-seconds", "0"]);
    try {
      const agent = new Agent({ connect: { ca: readFileSync(cli.ready.caFile, "utf8") } });
      const created = await call(cli.ready, agent, "/contact/create/", { ...PERSON });
      expect(created.success, JSON.stringify(created.messages)).to.equal(true);
      const info = await call(cli.ready, agent, "/contact/getinfo/", { contactID: created.responseData.contactID });
      expect(info.responseData.verificationstatus).to.equal("verified");
      await agent.close();
    } finally {
      expect(await cli.stop()).to.equal(0);
    }
  });

  for (const [flag, value] of [
    ["--contact-verification-seconds", "-1"],
    ["--max-concurrent", "0"],
    ["--errors-per-minute", "-1"],
    ["--operations-per-minute", "x"],
    ["--allowed-ips", "not-an-address"],
    ["--port", "abc"],
  ]) {
    it(`refuses ${flag} ${value} with a usage line and exit status 2, starting nothing`, async () => {
      const r = await runEmulatorCliToEnd([flag, value]);
      expect(r.status).to.equal(2);
      expect(r.stdout).to.equal("");
      expect(r.stderr).to.include(flag);
      expect(r.stderr).to.include("usage:");
    });
  }

  it("--help prints the usage on stderr and exits 0; SIGINT stops it as SIGTERM does", async () => {
    const help = await runEmulatorCliToEnd(["--help"]);
    expect([help.status, help.stdout]).to.deep.equal([0, ""]);
    expect(help.stderr).to.not.include("listening");
    expect(help.stderr).to.match(/^usage: dondominio-emulator \[--host 127\.0\.0\.1\]/);
    const cli = await runEmulatorCli(["--data", mkdtempSync(join(tmpdir(), "emu-cli-test-"))]);
    expect(await cli.stop("SIGINT")).to.equal(0);
    expect(cli.stderr()).to.match(/\[dondominio-emulator\] SIGINT: stopping\n$/);
  });

  it("the command refuses a bad flag value with a usage line and exit code 2", async function () {
    this.timeout(30_000);
    const start = spawnEmulatorCli(["--port", "abc"]);
    const err = await start.then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(err).to.match(/exited early \(2\)/);
    expect(err).to.include("--port");
    expect(err).to.include("usage:");
  });
});
