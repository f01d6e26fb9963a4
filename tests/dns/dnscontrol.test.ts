/**
 * The DNSControl way of testing DNS (issue 12 item 5): the table of tests/dns/groups.ts applied
 * through the real engine against one emulator and one stack. For every step of every group: `up`
 * with the step's records, the next plan empty, the live zone (service/dnslist, every page) equal
 * to the step's records, and the up's API writes as the table says; a step the API cannot hold is
 * refused at preview instead, naming the field and the rule, with 0 API writes and the zone
 * untouched (DNSControl's capability flags). Groups run as one DnsZone each; those marked
 * `asRecords` run again as one DnsRecord per record, in a zone of their own.
 *
 * To keep the engine runs few (the suite's time budget), the groups run side by side in rounds,
 * each group in its own zone: round k applies step k of every group in one `up` and one preview
 * (writes are checked as the round's sum, which each group's expectation adds up to); a refusal
 * gets a preview of its own (the engine stops at the first check failure). A group that has
 * finished stays in the program, so every later plan also shows its zone does not drift. The last
 * test removes everything.
 * Run `npm run build` first.
 */
import { expect } from "chai";
import { countCalls, expectEmptyPlan, failureOf, type Harness, startHarness, writeCalls } from "../provider/harness";
import type { EngineStack } from "../harness/engine";
import { GROUPS, type Group, type Rec, type Step } from "./groups";

const PARENT = "dnstable.example";
const NS = ["@ NS ns1.emulator.test", "@ NS ns2.emulator.test"];
/** The size group's zone holds only the declared records (no apex NS), so its counts are the live counts. */
const BARE = new Set(["size"]);
const HOST_TYPES = new Set(["CNAME", "MX", "NS", "SRV"]);
const PRIORITY_TYPES = new Set(["MX", "SRV"]);

type Mode = "DnsZone" | "DnsRecord";
interface Applied {
  mode: Mode;
  group: Group;
  zone: string;
  step: Step;
}

/** The line dnslist should show for a declared record (groups.ts: expected spelling). */
function expectedLine(r: Rec): string {
  if (r.live) return r.live;
  const type = r.type.toUpperCase();
  // Host names (CNAME, MX, NS and SRV's target) are stored without the final dot.
  const value = HOST_TYPES.has(type) ? r.value.replace(/\.$/, "") : r.value;
  const ttl = r.ttl !== undefined && r.ttl !== "-" ? ` ttl=${r.ttl}` : "";
  const prio = PRIORITY_TYPES.has(type) ? ` prio=${r.priority ?? 10}` : "";
  return `${r.name} ${type} ${value}${ttl}${prio}`;
}

const zoneOf = (g: Group, mode: Mode) => `${g.zone}${mode === "DnsRecord" ? "-rec" : ""}.${PARENT}`;
/** The program's record: the table's expectations dropped. */
const declared = ({ live: _live, key: _key, ...r }: Rec) => r;

describe("DNSControl-style record groups through the engine (DnsZone and DnsRecord)", function () {
  this.timeout(1_800_000);
  let h: Harness;
  let eng: EngineStack;
  /** The last applied step of every group run so far (by zone), and the steps being tried. */
  const applied = new Map<string, Applied>();
  let trying: Applied[] = [];
  /** The program declares only the steps being tried (a refusal's preview). */
  let alone = false;
  const counts = { groups: 0, steps: 0, refusals: 0, recordGroups: 0, recordSteps: 0 };

  const program = async () => {
    const { DnsZone, DnsRecord } = h.pkg() as any;
    const tried = new Set(trying.map((a) => a.zone));
    const others = alone ? [] : [...applied.values()].filter((a) => !tried.has(a.zone));
    for (const { mode, group, zone, step } of [...others, ...trying]) {
      if (mode === "DnsZone") new DnsZone(zone, { serviceName: zone, records: step.records.map(declared), ignore: group.ignore, purge: group.purge });
      else for (const [i, r] of step.records.entries()) new DnsRecord(`${zone}/${r.key ?? `r${i}`}`, { serviceName: zone, ...declared(r) });
    }
    return {};
  };
  const api = (op: string, params: Record<string, unknown>) => h.client.call(op as any, params as any) as Promise<any>;
  /** The live zone as lines (relative names, ttl when set, MX/SRV priority), sorted. */
  const lines = async (zone: string): Promise<string[]> => {
    const items = (await h.client.listAll("service/dnslist", { serviceName: zone } as any, { limit: 10_000 })) as any[];
    return items
      .map((r) => {
        const name = r.name === zone ? "@" : r.name.slice(0, -zone.length - 1);
        const ttl = r.ttl !== "-" ? ` ttl=${r.ttl}` : "";
        const prio = PRIORITY_TYPES.has(r.type) ? ` prio=${r.priority === "-" ? 10 : r.priority}` : "";
        return `${name} ${r.type} ${r.value}${ttl}${prio}`;
      })
      .sort();
  };
  const expectedLines = (a: Applied) => [...(BARE.has(a.group.zone) ? [] : NS), ...a.step.records.map(expectedLine), ...(a.step.alsoLive ?? [])].sort();
  const counted = async <T>(f: () => Promise<T>) => {
    const { result, calls } = await countCalls(h, f);
    return { result, writes: writeCalls(calls) };
  };

  before(async () => {
    h = await startHarness();
    for (const g of GROUPS) {
      for (const mode of ["DnsZone", "DnsRecord"] as Mode[]) {
        if (mode === "DnsRecord" && !g.asRecords) continue;
        const zone = zoneOf(g, mode);
        await api("service/create", { serviceName: zone, productkey: "redir" });
        // Each group starts from an empty zone (DNSControl clears the zone first): only the apex NS.
        await api("service/dnsdeleteall", { serviceName: zone });
        if (!BARE.has(g.zone)) for (const ns of NS) await api("service/dnscreate", { serviceName: zone, name: "@", type: "NS", value: ns.split(" ")[2] });
      }
    }
    eng = await h.stack(program);
  });
  after(async () => h?.close());

  /** The group runs: every group as DnsZone, and those marked asRecords as DnsRecords. */
  const runs = GROUPS.flatMap((group) =>
    (["DnsZone", "DnsRecord"] as Mode[])
      .filter((mode) => mode === "DnsZone" || group.asRecords)
      .map((mode) => ({ mode, group, zone: zoneOf(group, mode), steps: group.steps.filter((s) => mode === "DnsZone" || !s.zoneOnly) })),
  );
  const rounds = Math.max(...runs.map((r) => r.steps.length));
  for (const r of runs) {
    if (r.mode === "DnsZone") {
      counts.groups++;
      counts.steps += r.steps.length;
    } else {
      counts.recordGroups++;
      counts.recordSteps += r.steps.length;
    }
  }

  /** Lines missing from the live zone and lines it should not hold, or undefined when equal. */
  const mismatch = (live: string[], expected: string[]) => {
    const missing = expected.filter((l) => !live.includes(l));
    const extra = live.filter((l) => !expected.includes(l));
    return missing.length || extra.length || live.length !== expected.length
      ? `missing ${JSON.stringify(missing)}, not expected ${JSON.stringify(extra)} (${live.length} live, ${expected.length} expected)`
      : undefined;
  };

  for (let round = 0; round < rounds; round++) {
    const here = runs.filter((r) => r.steps[round]).map((r) => ({ ...r, step: r.steps[round] }));
    const label = (a: Applied) => `${a.mode} ${a.group.name} (${a.zone}), step ${round + 1} "${a.step.desc}"`;
    it(`round ${round + 1}: step ${round + 1} of ${here.length} group runs applied, re-planned, compared with the live zones`, async () => {
      const problems: string[] = [];
      const apply = here.filter((a) => !a.step.refuse);
      const refuse = here.filter((a) => a.step.refuse);

      if (apply.length) {
        for (const a of apply) for (const r of a.step.apiCreates ?? []) await api("service/dnscreate", { serviceName: a.zone, ...r });
        trying = apply;
        const up = await counted(() => eng.stack.up());
        trying = [];
        expect(up.result.summary.result).to.equal("succeeded");
        for (const a of apply) applied.set(a.zone, a);
        // Each step's writes, added up; only when every step of the round says what they are.
        const stepWrites = apply.map((a) => a.step.writes);
        if (stepWrites.every((w) => w)) {
          const sum: Record<string, number> = {};
          for (const w of stepWrites) for (const [op, n] of Object.entries(w ?? {})) sum[op] = (sum[op] ?? 0) + n;
          const detail = apply.map((a, i) => `${a.mode} ${a.group.zone} ${JSON.stringify(stepWrites[i])}`).join("; ");
          expect(up.writes, `API writes of the round's up (the steps': ${detail})`).to.deep.equal(sum);
        }
        await expectEmptyPlan(eng);
        for (const a of apply) {
          const wrong = mismatch(await lines(a.zone), expectedLines(a));
          if (wrong) problems.push(`${label(a)}: the live zone: ${wrong}`);
        }
      }

      // The engine stops a preview at the first check failure: one preview per refusal, of that group's resources alone (a preview writes nothing).
      for (const a of refuse) {
        const before = await lines(a.zone);
        trying = [a];
        alone = true;
        const pre = await counted(() => failureOf(eng.stack.preview()));
        trying = [];
        alone = false;
        if (Object.keys(pre.writes).length) problems.push(`${label(a)}: the refused preview wrote ${JSON.stringify(pre.writes)}`);
        const { index, field, rule } = a.step.refuse!;
        const where = a.mode === "DnsZone" ? `records\\[${index}\\]${field ? `\\.${field}` : ""}` : (field ?? "");
        const name = a.mode === "DnsZone" ? a.zone : `${a.zone}/${a.step.records[index].key ?? `r${index}`}`;
        // "...:DnsZone resource '<name>' has a problem: records[1].value: <the rule>"
        const refusal = new RegExp(`resource '${name.replace(/[.*]/g, "\\$&")}' has a problem: ${where}: [^\\n]*${rule.source}`);
        if (!refusal.test(pre.result))
          problems.push(
            `${label(a)}: not refused at preview as ${refusal}; got: ${pre.result.split("\n").find((l) => /error:/.test(l)) ?? pre.result.slice(0, 400)}`,
          );
        const wrong = mismatch(await lines(a.zone), before);
        if (wrong) problems.push(`${label(a)}: the zone changed: ${wrong}`);
        counts.refusals++;
      }
      expect(problems, problems.join("\n")).to.deep.equal([]);
    });
  }

  it("removes every group's records, leaving what the program never owned", async () => {
    const last = [...applied.values()];
    applied.clear();
    const up = await eng.stack.up();
    expect(up.summary.result).to.equal("succeeded");
    for (const a of last) {
      const owned = new Set(a.step.records.map(expectedLine));
      const left = expectedLines(a).filter((l) => !owned.has(l));
      expect(await lines(a.zone), `${a.mode} ${a.group.name}: what is left`).to.deep.equal(left);
    }
    console.log(
      `      DNSControl-style table: ${counts.groups} groups, ${counts.steps} steps as DnsZone; ${counts.recordGroups} groups, ` +
        `${counts.recordSteps} steps as DnsRecords; ${counts.refusals} refusals at preview; ${rounds} rounds`,
    );
  });
});
