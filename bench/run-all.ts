/** `npm run bench`: every benchmark in turn, each printing its own numbers. */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const benches = ["client-overhead.ts", "emulator-throughput.ts", "provider-calls.ts", "provider-dns.ts", "dns-scale.ts", "dns-fuzz.ts", "plugin-vs-dynamic.ts"];
for (const b of benches) {
  console.log(`\n== bench/${b}`);
  execFileSync(process.execPath, ["--import", "tsx", join(__dirname, b)], { stdio: "inherit" });
}
