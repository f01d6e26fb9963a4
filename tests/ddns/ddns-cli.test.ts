/**
 * `dondominio-ddns` (sdk/ddns-cli.ts, bin/dondominio-ddns.js) against the emulator's dynamic DNS
 * endpoint: main() in-process for each behaviour, and the real bin once as a child process.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { Clock } from "../../emulator/core/clock";
import { newWorld } from "../../emulator/core/state";
import { newServiceRecord } from "../../emulator/modules/service/model";
import { DDNS_HELP, defaultStatePath, EXIT_FAILED, EXIT_OK, EXIT_USAGE, main } from "../../sdk/ddns-cli";

const ROOT = resolve(__dirname, "../..");

describe("dondominio-ddns", () => {
  let emu: RunningEmulator;
  let dir: string;
  let stateFile: string;

  /** main() with the emulator's endpoint, CA, user and key unless the test says otherwise. */
  async function run(args: string[], opts: { env?: NodeJS.ProcessEnv; url?: boolean; ca?: boolean; state?: boolean } = {}) {
    let stdout = "";
    let stderr = "";
    const argv = [
      "--user",
      emu.apiUser,
      ...(opts.url === false ? [] : ["--url", emu.dyndnsUrl]),
      ...(opts.ca === false ? [] : ["--ca-file", emu.caFile]),
      ...(opts.state === false ? [] : ["--state-file", stateFile]),
      ...args,
    ];
    const status = await main(argv, opts.env ?? { DONDOMINIO_DDNS_KEY: emu.dyndnsKey }, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
    });
    return { status, stdout, stderr, lines: stdout.split("\n").filter(Boolean) };
  }
  const calls = async () => (await emu.control.counters()).calls["dyndns/json"] ?? 0;
  const records = async () =>
    (await emu.control.getState(emu.apiUser)).services["example.com"].dns.map(
      (r: { name: string; type: string; value: string }) => `${r.name} ${r.type} ${r.value}`,
    );

  before(async () => {
    emu = await startEmulator();
  });
  beforeEach(async () => {
    await emu.control.reset();
    // example.com hosting home (A and AAAA) and office (A).
    const svc = newServiceRecord(newWorld(), "example.com", "basic", 1, new Clock(), "8.2");
    svc.status = "active";
    svc.dns.push(
      { entityID: `SRV${svc.id}-1`, name: "home.example.com", type: "A", value: "192.0.2.10" },
      { entityID: `SRV${svc.id}-2`, name: "home.example.com", type: "AAAA", value: "2001:db8::10" },
      { entityID: `SRV${svc.id}-3`, name: "office.example.com", type: "A", value: "192.0.2.20" },
    );
    await emu.control.seed({
      accounts: [{ apiuser: emu.apiUser, apipasswd: emu.apiPasswd, dyndnsKey: emu.dyndnsKey, balance: 5000, services: { "example.com": svc } }],
    });
    await emu.control.counters({ reset: true });
    dir = mkdtempSync(join(tmpdir(), "ddns-cli-"));
    stateFile = join(dir, "state", "ddns.json");
  });
  after(async () => {
    await emu.close();
  });

  it("updates one host to the caller's address (the endpoint sees 127.0.0.1)", async () => {
    const r = await run(["--host", "home.example.com"]);
    expect(r).to.deep.include({ status: EXIT_OK, stderr: "" });
    expect(r.lines).to.deep.equal(["home.example.com updated 127.0.0.1"]);
    expect(await records()).to.include("home.example.com A 127.0.0.1");
    // Without --ip the address cannot be known beforehand: the second run sends again.
    const again = await run(["--host", "home.example.com"]);
    expect(again.lines).to.deep.equal(["home.example.com unchanged 127.0.0.1"]);
    expect(await calls()).to.equal(2);
  });

  it("updates two hosts with --ip (IPv4), one line each", async () => {
    const r = await run(["--host", "home.example.com", "--host", "office.example.com", "--ip", "198.51.100.7"]);
    expect(r.status).to.equal(EXIT_OK);
    expect(r.lines).to.deep.equal(["home.example.com updated 198.51.100.7", "office.example.com updated 198.51.100.7"]);
    expect(await records()).to.include.members(["home.example.com A 198.51.100.7", "office.example.com A 198.51.100.7"]);
  });

  it("updates the AAAA record with an IPv6 --ip, in canonical form", async () => {
    const r = await run(["--host", "home.example.com", "--ip", "2001:DB8:0:0:0:0:0:99"]);
    expect(r).to.deep.include({ status: EXIT_OK, stderr: "" });
    expect(r.lines).to.deep.equal(["home.example.com updated 2001:db8::99"]);
    expect(await records()).to.include.members(["home.example.com AAAA 2001:db8::99", "home.example.com A 192.0.2.10"]);
  });

  it("sends no request when --ip is the address of the last successful update; the state file is 0600 and written by rename", async () => {
    const args = ["--host", "home.example.com", "--host", "office.example.com", "--ip", "198.51.100.7"];
    expect((await run(args)).status).to.equal(EXIT_OK);
    expect(await calls()).to.equal(2);
    expect(statSync(stateFile).mode & 0o777).to.equal(0o600);
    expect(readdirSync(join(dir, "state"))).to.deep.equal(["ddns.json"]);
    const state = JSON.parse(readFileSync(stateFile, "utf8"));
    expect(state.entries[JSON.stringify([emu.dyndnsUrl, emu.apiUser, "home.example.com"])].ip).to.equal("198.51.100.7");
    expect(readFileSync(stateFile, "utf8")).to.not.include(emu.dyndnsKey);

    const same = await run(args);
    expect(same).to.deep.include({ status: EXIT_OK, stderr: "" });
    expect(same.lines).to.deep.equal(["home.example.com skipped 198.51.100.7", "office.example.com skipped 198.51.100.7"]);
    expect(await calls()).to.equal(2);

    // A new address, and another state file (keyed by url + user + host, not shared), both send.
    expect((await run(["--host", "home.example.com", "--ip", "198.51.100.8"])).lines).to.deep.equal(["home.example.com updated 198.51.100.8"]);
    expect(await calls()).to.equal(3);
    expect(
      (await run(["--host", "office.example.com", "--ip", "198.51.100.7", "--state-file", join(dir, "other.json")], { state: false })).lines,
    ).to.deep.equal(["office.example.com unchanged 198.51.100.7"]);
    expect(await calls()).to.equal(4);
  });

  it("a failed update is not remembered: the next run sends again", async () => {
    const r = await run(["--host", "home.example.com", "--host", "nothere.example.com", "--ip", "198.51.100.9"]);
    expect(r.status).to.equal(EXIT_FAILED);
    expect(r.lines).to.deep.equal(["home.example.com updated 198.51.100.9", "nothere.example.com failed 198.51.100.9"]);
    expect(r.stderr).to.match(/^dondominio-ddns: nothere\.example\.com: The host does not exist as an A record/);
    const again = await run(["--host", "home.example.com", "--host", "nothere.example.com", "--ip", "198.51.100.9"]);
    expect(again.lines).to.deep.equal(["home.example.com skipped 198.51.100.9", "nothere.example.com failed 198.51.100.9"]);
    expect(await calls()).to.equal(3);
  });

  it("a wrong key exits non-zero and the key is in no output", async () => {
    const wrong = "Wrong-ddns-Key-9876543210";
    const r = await run(["--host", "home.example.com", "--ip", "198.51.100.7"], { env: { DONDOMINIO_DDNS_KEY: wrong } });
    expect(r.status).to.equal(EXIT_FAILED);
    expect(r.lines).to.deep.equal(["home.example.com failed 198.51.100.7"]);
    expect(r.stderr).to.contain("Incorrect data");
    for (const text of [r.stdout, r.stderr]) {
      expect(text).to.not.contain(wrong);
      expect(text).to.not.contain(emu.dyndnsKey);
    }
    expect(existsSync(stateFile)).to.equal(false);
  });

  it("reads the key from an owner-only --key-file and refuses a group-readable one, naming the file and the mode", async () => {
    const keyFile = join(dir, "ddns.key");
    writeFileSync(keyFile, `${emu.dyndnsKey}\n`, { mode: 0o600 });
    const ok = await run(["--host", "home.example.com", "--key-file", keyFile, "--ip", "198.51.100.7"], { env: {} });
    expect(ok.lines).to.deep.equal(["home.example.com updated 198.51.100.7"]);

    chmodSync(keyFile, 0o640);
    const refused = await run(["--host", "home.example.com", "--key-file", keyFile, "--ip", "198.51.100.8"], { env: {} });
    expect(refused.status).to.equal(EXIT_USAGE);
    expect(refused.stdout).to.equal("");
    expect(refused.stderr).to.contain(`permissions 0640 for key file '${keyFile}' are too open`);
    expect(refused.stderr).to.not.contain(emu.dyndnsKey);
    expect(await calls()).to.equal(1);
  });

  it("refuses --key (and its spellings) without repeating the value", async () => {
    for (const args of [["--key", "SeCrEt-On-Argv-1"], ["--key=SeCrEt-On-Argv-1"], ["--password=SeCrEt-On-Argv-1"]]) {
      const r = await run(["--host", "home.example.com", ...args]);
      expect(r.status).to.equal(EXIT_USAGE);
      expect(r.stderr).to.match(/^dondominio-ddns: --(key|password) is refused: the key is never taken from the command line/);
      expect(r.stderr).to.contain("DONDOMINIO_DDNS_KEY");
      expect(r.stdout + r.stderr).to.not.contain("SeCrEt-On-Argv-1");
    }
    // Nor is a stray positional (maybe a pasted key) repeated.
    const stray = await run(["--host", "home.example.com", "SeCrEt-On-Argv-1"]);
    expect(stray.status).to.equal(EXIT_USAGE);
    expect(stray.stderr).to.not.contain("SeCrEt-On-Argv-1");
    expect(await calls()).to.equal(0);
  });

  it("refuses a bad --ip or --host naming the rule, and a missing key, with status 2 and no request", async () => {
    for (const bad of ["192.0.2.256", "010.0.0.1", "fe80::1%eth0", "home"]) {
      const r = await run(["--host", "home.example.com", "--ip", bad]);
      expect(r.status, bad).to.equal(EXIT_USAGE);
      expect(r.stderr, bad).to.contain(
        `--ip ${JSON.stringify(bad)}: must be an IPv4 address as a dotted quad without leading zeros (192.0.2.1) or an IPv6 address without a zone id`,
      );
    }
    const host = await run(["--host", "bad_name.example.com"]);
    expect(host.status).to.equal(EXIT_USAGE);
    expect(host.stderr).to.contain(
      '--host "bad_name.example.com": not a host name such as home.example.com: label "bad_name" must be letters, digits and inner hyphens (LDH)',
    );
    const noKey = await run(["--host", "home.example.com"], { env: {} });
    expect(noKey.status).to.equal(EXIT_USAGE);
    expect(noKey.stderr).to.contain("no key: set DONDOMINIO_DDNS_KEY or use --key-file FILE");
    const http = await run(["--host", "home.example.com", "--url", emu.dyndnsUrl.replace("https:", "http:")], { url: false });
    expect(http.status).to.equal(EXIT_USAGE);
    expect(http.stderr).to.contain("--url must be an https:// URL");
    expect((await run(["--host", "home.example.com", "--host"])).stderr).to.contain("--host needs a value");
    expect((await run([])).stderr).to.contain("--host is required");
    expect(await calls()).to.equal(0);
  });

  it("fails TLS without the CA in one clear line, sends nothing, and does not try the other hosts", async () => {
    const r = await run(["--host", "home.example.com", "--host", "office.example.com", "--ip", "198.51.100.7"], { ca: false });
    expect(r.status).to.equal(EXIT_FAILED);
    expect(r.lines).to.deep.equal(["home.example.com failed 198.51.100.7", "office.example.com failed 198.51.100.7"]);
    expect(r.stderr.trim().split("\n")).to.have.length(1);
    expect(r.stderr).to.match(
      /^dondominio-ddns: home\.example\.com: TLS with 127\.0\.0\.1:\d+ refused \(\w+\): its certificate is not issued by a trusted CA; give the CA that signed it with --ca-file FILE/,
    );
    expect(r.stderr).to.contain("nothing was sent; the 1 other host(s) were not tried");
    expect(r.stderr).to.not.contain(emu.dyndnsKey);
    expect(await calls()).to.equal(0);
  });

  it("prints --help (the key rules and the no-request rule) and defaults the state file under XDG_STATE_HOME or ~/.local/state", async () => {
    const r = await run(["--help"]);
    expect(r.status).to.equal(EXIT_OK);
    expect(r.stdout).to.equal(DDNS_HELP);
    expect(DDNS_HELP)
      .to.contain("DONDOMINIO_DDNS_KEY")
      .and.contain("Without --ip the address is decided by the endpoint")
      .and.contain("https://dondns.dondominio.com");
    expect(defaultStatePath({ XDG_STATE_HOME: "/var/x", HOME: "/home/a" })).to.equal("/var/x/dondominio-ddns/state.json");
    expect(defaultStatePath({ XDG_STATE_HOME: "relative", HOME: "/home/a" })).to.equal("/home/a/.local/state/dondominio-ddns/state.json");
  });

  it("the bin runs end to end as a child process (dist, or the sources through tsx), with DONDOMINIO_DEBUG on", async () => {
    const home = join(dir, "home");
    const env = { PATH: process.env.PATH, HOME: home, DONDOMINIO_DDNS_KEY: emu.dyndnsKey, DONDOMINIO_DEBUG: "1" };
    const bin = join(ROOT, "bin", "dondominio-ddns.js");
    const args = [bin, "--user", emu.apiUser, "--host", "home.example.com", "--ip", "203.0.113.4", "--url", emu.dyndnsUrl, "--ca-file", emu.caFile];
    const r = await promisify(execFile)(process.execPath, args, { cwd: dir, env, encoding: "utf8" });
    expect(r.stdout).to.equal("home.example.com updated 203.0.113.4\n");
    // The debug line of the call is there (the scan below reads something), without the key.
    expect(r.stderr).to.match(/^\[dondominio\] \S+ [\d.]+ms ok updated /m);
    expect(r.stderr).to.not.contain(emu.dyndnsKey);
    expect(statSync(join(home, ".local", "state", "dondominio-ddns", "state.json")).mode & 0o777).to.equal(0o600);
    // The second run sends nothing; a usage error exits 2.
    const again = await promisify(execFile)(process.execPath, args, { cwd: dir, env, encoding: "utf8" });
    expect(again.stdout).to.equal("home.example.com skipped 203.0.113.4\n");
    const usage = await promisify(execFile)(process.execPath, [bin, "--key", "x"], { cwd: dir, env, encoding: "utf8" }).catch((e) => e);
    expect(usage.code).to.equal(EXIT_USAGE);
    expect(await calls()).to.equal(1);
  });
});
