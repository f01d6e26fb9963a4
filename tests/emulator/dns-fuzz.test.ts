/**
 * A bounded fuzz of the emulator's DNS server, UDP and TCP (issue 27, "Done when"): truncated
 * headers, pointer loops, huge counts, oversized labels and names, reserved label types, bit flips,
 * length prefixes that lie, idle, trickling and pipelining connections, a burst of connections past
 * the cap (dns-fuzz-cases.ts, dns-fuzz-run.ts). The emulator runs as a separate process (the CLI),
 * so a crash is seen and its memory is its own. Asserted: the process stays up and answers; its
 * resident set grows by less than 160 MiB; the server closes the idle connections; a normal query,
 * asked all along by a process of its own (dns-prober.ts), is always answered: over UDP (every 100
 * ms, resent after 1 s as a resolver does) 95% within 1 s and every one within 3 s, a margin for a
 * loaded machine; over TCP (every 500 ms, a new connection each, asked again on another if one is
 * closed) every one within its 5 s deadline. TCP's own figures depend on the machine more than on
 * the server (a connection waits for the server's accept, then its read, each a turn of its event
 * loop: on a machine at load 20 with three busy loops beside, TCP p95 was 1-4 s while UDP's stayed
 * under 300 ms), so they are printed, not bounded at 1 s. The draw is seeded: DNS_FUZZ_SEED=<seed>
 * repeats a run. bench/dns-fuzz.ts runs a larger plan.
 */
import { expect } from "chai";
import dnsPacket from "dns-packet";
import { Fuzz } from "./dns-fuzz-cases";
import { describeFigures, type FuzzFigures, fuzzZones, runFuzz, SUITE_PLAN } from "./dns-fuzz-run";
import { type Decoded, type EmulatorProcess, figures, framed, query, startEmulatorProcess, tcpExchange, udpExchange } from "./dns-process";

const SEED = process.env.DNS_FUZZ_SEED ?? "issue-27-dns-fuzz";

describe("emulator DNS server: bounded fuzz, UDP and TCP (issue 27)", function () {
  this.timeout(120_000);
  let emu: EmulatorProcess;
  let result: FuzzFigures;

  before(async () => {
    emu = await startEmulatorProcess();
    const zones = await fuzzZones(emu);
    result = await runFuzz(emu, new Fuzz(SEED, zones.names), SUITE_PLAN, "example.com", zones.big);
    console.log(`      ${describeFigures(SEED, SUITE_PLAN.seconds, result)}`);
  });
  after(async () => {
    await emu?.stop();
  });

  it("the process stays up, and still answers a normal query over UDP and TCP", async () => {
    expect(emu.exited(), emu.stderr().slice(-2000)).to.equal(undefined);
    const udp = dnsPacket.decode((await udpExchange(emu.ready.dnsPort, query("www.example.com", "A"), 5000, 1000))!) as Decoded;
    expect(udp.answers?.[0]).to.include({ type: "A", data: "192.0.2.10" });
    const tcp = await tcpExchange(emu.ready.dnsPort, framed(query("www.example.com", "A")), 1, 5000);
    expect((dnsPacket.decode(tcp.messages[0]) as Decoded).answers?.[0]).to.include({ type: "A", data: "192.0.2.10" });
    expect(emu.stderr(), "no handler failed").to.not.contain("DNS error");
  });

  it("memory stays bounded: the resident set grows by less than 160 MiB", () => {
    expect(result.rss.peak - result.rss.before, describeFigures(SEED, SUITE_PLAN.seconds, result)).to.be.below(160);
  });

  it("a normal query is answered throughout: over UDP 95% within 1 s and every one within 3 s; over TCP every one within 5 s", () => {
    const udp = result.udpProbes;
    expect(udp.answered, `UDP: ${figures(udp)}`).to.equal(udp.sent);
    expect(udp.p95, `UDP: ${figures(udp)}`).to.be.below(1000);
    expect(udp.max, `UDP: ${figures(udp)}`).to.be.below(3000);
    const tcp = result.tcpProbes;
    expect(tcp.answered, `TCP: ${figures(tcp)}`).to.equal(tcp.sent);
  });

  it("idle connections are closed by the server (RFC 7766 6.2.3), a burst past the cap is still served", () => {
    expect(result.idleClosed).to.equal(result.idleOpened);
    expect(result.burstAnswered, "burst connections answered").to.be.greaterThan(0);
  });
});
