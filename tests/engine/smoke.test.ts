/**
 * Engine smoke test (issue 3; issue 27 item 12: it used to drive a toy provider and none of the
 * package's code): the package as a user's program imports it (`pulumi-dondominio`, the packed
 * package's main entry), one DnsRecord through the real Pulumi engine against the emulator:
 * preview, up, preview and refresh with no changes, an in-place update, destroy. Each step is
 * checked where it lands: the change summary, the API calls the emulator counted, the zone's
 * records, and the state file (no plaintext API password, the provider stored by reference).
 * Run `npm run build` first.
 */
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { engineRuns } from "../harness/budget";
import { ensurePulumi, type EngineStack, loadInstalled } from "../harness/engine";
import { checkStoredProviders, countCalls, expectNoPlaintext, type Harness, type ProviderModule, startHarness, writeCalls } from "../provider/harness";

const ZONE = "smoke.example";

describe("engine smoke: the package's DnsRecord through the real Pulumi CLI (Automation API)", function () {
  this.timeout(engineRuns(2)); // each test makes one or two runs
  let h: Harness;
  let eng: EngineStack;
  let value = "smoke-test=1";

  const ours = async () =>
    (((await h.client.call("service/dnslist", { serviceName: ZONE } as never)) as { dns: Record<string, string>[] }).dns ?? [])
      .filter((r) => r.name === `smoke.${ZONE}`)
      .map((r) => `${r.type} ${r.value}`);

  before(async () => {
    const version = execFileSync(join(ensurePulumi(), "bin", "pulumi"), ["version"], { encoding: "utf8" }).trim();
    console.log(`      pulumi ${version}, node ${process.version}`);
    h = await startHarness();
    await h.client.call("service/create", { serviceName: ZONE, productkey: "redir" } as never);
    eng = await h.stack(async () => {
      // The package's root entry, as `import { DnsRecord } from "pulumi-dondominio"` loads it.
      const { DnsRecord } = loadInstalled<ProviderModule>();
      const record = new DnsRecord("smoke", { serviceName: ZONE, name: "smoke", type: "TXT", value });
      return { id: record.id, value: record.value };
    });
  });
  after(async () => h?.close());

  it("preview plans the record and writes nothing", async () => {
    const { result, calls } = await countCalls(h, () => eng.stack.preview());
    expect(result.changeSummary).to.deep.equal({ create: 2 }); // the stack and the record
    expect(writeCalls(calls), "a preview writes nothing").to.deep.equal({});
    expect(await ours()).to.deep.equal([]);
  });

  it("up creates it with one dnscreate; the state holds no plaintext password and the provider by reference", async () => {
    const { result: up, calls } = await countCalls(h, () => eng.stack.up());
    expect(up.summary.result).to.equal("succeeded");
    expect(up.summary.resourceChanges).to.deep.equal({ create: 2 });
    expect(writeCalls(calls)).to.deep.equal({ "service/dnscreate": 1 });
    expect(up.outputs.id.value).to.match(new RegExp(`^${ZONE.replace(".", "\\.")}/\\S+$`));
    expect(up.outputs.value.value).to.equal(value);
    expect(await ours()).to.deep.equal([`TXT ${value}`]);
    expectNoPlaintext(eng, [h.emu.apiPasswd]);
    expect(checkStoredProviders(eng, [h.emu.apiPasswd]), "dondominio resources in the state").to.equal(1);
  });

  it("a preview and a refresh find no change, and write nothing", async () => {
    const { result: preview, calls } = await countCalls(h, () => eng.stack.preview());
    expect(preview.changeSummary).to.deep.equal({ same: 2 });
    const { result: refresh, calls: refreshCalls } = await countCalls(h, () => eng.stack.refresh());
    expect(refresh.summary.resourceChanges).to.deep.equal({ same: 2 });
    // The refresh did read the record from the API (not vacuous), and wrote nothing.
    expect(refreshCalls["service/dnslist"] ?? 0, JSON.stringify(refreshCalls)).to.be.greaterThan(0);
    expect(writeCalls({ ...calls, ...refreshCalls })).to.deep.equal({});
  });

  it("a changed value updates the record in place (one dnsupdate)", async () => {
    value = "smoke-test=2";
    const { result: up, calls } = await countCalls(h, () => eng.stack.up());
    expect(up.summary.resourceChanges).to.deep.equal({ same: 1, update: 1 });
    expect(writeCalls(calls)).to.deep.equal({ "service/dnsupdate": 1 });
    expect(up.outputs.value.value).to.equal(value);
    expect(await ours()).to.deep.equal([`TXT ${value}`]);
  });

  it("destroy deletes the record (one dnsdelete)", async () => {
    const { result: destroy, calls } = await countCalls(h, () => eng.stack.destroy());
    expect(destroy.summary.resourceChanges).to.deep.equal({ delete: 2 });
    expect(writeCalls(calls)).to.deep.equal({ "service/dnsdelete": 1 });
    expect(await ours()).to.deep.equal([]);
  });
});
