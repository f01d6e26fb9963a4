/**
 * The fuzz's prober, a process of its own (tests/emulator/dns-fuzz-run.ts starts it): it asks a
 * normal query over UDP every 100 ms (sent again after 1 s, as a resolver does) and over TCP every
 * 500 ms until its stdin ends, then prints the figures as one JSON line. Apart from the process that
 * generates the fuzz, so what it measures is the emulator (and the machine), not the generator's
 * own event loop. Usage: `node --require tsx/cjs dns-prober.ts <port> <name>`.
 */
import { startProbes } from "./dns-process";

const port = Number(process.argv[2]);
const name = process.argv[3];
const udp = startProbes(port, name, { everyMs: 100, timeoutMs: 5000, resendMs: 1000 });
const tcp = startProbes(port, name, { everyMs: 500, timeoutMs: 5000, tcp: true });
process.stdout.write("probing\n");
process.stdin.on("end", async () => {
  const figures = { udp: await udp.stop(), tcp: await tcp.stop() };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
});
process.stdin.resume();
