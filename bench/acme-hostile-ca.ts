/**
 * A hostile ACME CA against AcmeCertificate's issue (issue 27 item 4): newAccount answers 200
 * without a Location header (acme-client 5.4 then alternated createAccount and updateAccount
 * without end). The CA is tests/acme/hostile-ca.ts on loopback; the issue runs in a child process
 * (bench/acme-hostile-ca-child.ts) that reports its RSS. Prints the requests the CA received and the
 * child's RSS over time, and how the issue ended. Bounded: the child is stopped after SECONDS.
 *
 *   npx tsx bench/acme-hostile-ca.ts [SECONDS]     (default 60)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { reply, startHostileCa } from "../tests/acme/hostile-ca";

const SECONDS = Math.min(600, Math.max(5, Number(process.argv[2]) || 60));

async function main(): Promise<void> {
  const ca = await startHostileCa((req, res) => {
    if (req.path !== "/account") return false;
    reply(res, 200, { status: "valid" });
    return true;
  });
  const dir = mkdtempSync(join(tmpdir(), "acme-hostile-bench-"));
  const caFile = join(dir, "ca.pem");
  writeFileSync(caFile, ca.caPem);
  const child = spawn(process.execPath, [...process.execArgv, join(__dirname, "acme-hostile-ca-child.ts"), ca.directory, caFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const samples: { t: number; rssMiB: number; requests: number; outcome?: string }[] = [];
  let buf = "";
  child.stdout.on("data", (c: Buffer) => {
    buf += c.toString();
    for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      try {
        samples.push({ ...JSON.parse(line), requests: ca.requests.length });
      } catch {
        // not a sample
      }
    }
  });
  const done = new Promise<void>((r) => child.once("exit", () => r()));
  const timer = setTimeout(() => child.kill("SIGKILL"), SECONDS * 1000);
  await done;
  clearTimeout(timer);
  await ca.close();
  rmSync(dir, { recursive: true, force: true });
  const end = samples.find((s) => s.outcome);
  const first = samples[0];
  const peak = Math.max(...samples.map((s) => s.rssMiB));
  console.log(`acme hostile CA (newAccount 200 without Location), up to ${SECONDS} s:`);
  for (const at of [1, 5, 10, 30, 60, 120].filter((s) => s <= SECONDS)) {
    const s = samples.filter((x) => x.t <= at * 1000).pop();
    if (s && !end) console.log(`  at ${at} s: ${s.requests} requests to the CA, child RSS ${s.rssMiB} MiB`);
  }
  console.log(`  requests to the CA: ${ca.requests.length}; child RSS first ${first?.rssMiB} MiB, peak ${peak} MiB`);
  console.log(`  outcome: ${end ? `failed after ${(end.t / 1000).toFixed(1)} s: ${end.outcome}` : `still running after ${SECONDS} s (stopped)`}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
