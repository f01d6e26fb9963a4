/**
 * SslCertificate when the CA issues before the provider reads the validation round (issue 19 item
 * 13: seen once under load as "ordered, then: ssl/getinfo failed with error 5000 ... certificate is
 * valid"). Made deterministic with a callAfter fault: right after the provider's status read (which
 * still says process/reissue), another writer creates the DCV record, so the CA issues before the
 * provider's next call, its validationStatus read. Issued is success: create (and a reissue) end
 * with the issued certificate, and the next plan is empty.
 */
import { expect } from "chai";
import { createPublicKey, X509Certificate } from "node:crypto";
import { csrDigests, decodeCsr } from "../../emulator/modules/ssl/csr";
import type { EngineStack } from "../harness/engine";
import { keyAndCsr } from "../fixtures";
import { expectCleanRefresh, expectEmptyPlan, type Harness, OWNER, outputsOf, startHarness } from "./harness";

const ZONE = "ssl-at-once.com";
const CN = `www.${ZONE}`;

/** The DCV CNAME the emulator asks for this CSR (emulator/modules/ssl/validation.ts, dns method). */
function dcvRecord(csr: string): Record<string, string> {
  const { md5, sha256 } = csrDigests(decodeCsr(csr));
  const value = `${sha256.slice(0, 32)}.${sha256.slice(32)}.sectigo.com`.toLowerCase();
  return { serviceName: ZONE, name: `_${md5.toLowerCase()}.${CN}`, type: "CNAME", value };
}

describe("SslCertificate issued before its validation round is read (engine)", function () {
  this.timeout(300_000);
  let h: Harness;
  let eng: EngineStack;
  let keys = keyAndCsr(CN);

  before(async () => {
    h = await startHarness();
    await h.client.call("service/create", { serviceName: ZONE, productkey: "redir" } as any);
    eng = await h.stack(async () => {
      const { SslCertificate } = h.pkg();
      const cert = new SslCertificate("cert", { productId: 101, csr: keys.csr, privateKey: keys.key, adminContact: OWNER, validationMethod: "dns" });
      return { status: cert.status, certificate: cert.certificate };
    });
  });
  after(async () => h?.close());

  /** The next ssl/getinfo (the provider's status read) is followed by the DCV record for `csr`. */
  const issueRightAfterStatusRead = (csr: string) =>
    h.emu.control.addFault({ action: "ssl/getinfo", kind: "callAfter", sideAction: "service/dnscreate", sideParams: dcvRecord(csr) });

  const issuedFor = (pem: string, key: string) =>
    new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" }).equals(createPublicKey(key).export({ type: "spki", format: "der" }));

  it("create: the certificate issued at once is recorded issued (no error); the next plan is empty", async () => {
    await issueRightAfterStatusRead(keys.csr);
    const up = await eng.stack.up();
    expect((await h.emu.control.listFaults()).length, "the fault met the status read").to.equal(0);
    expect(up.outputs.status.value).to.equal("valid");
    expect(issuedFor(up.outputs.certificate.value, keys.key)).to.equal(true);
    // Validated before the provider read it: no validation records (README "Outputs").
    expect(outputsOf(eng, "cert").validationRecords).to.deep.equal([]);
    await expectEmptyPlan(eng);
    await expectCleanRefresh(eng);
    await expectEmptyPlan(eng);
  });

  it("reissue: a new key reissued at once ends valid with the new certificate; the next plan is empty", async () => {
    keys = keyAndCsr(CN);
    await issueRightAfterStatusRead(keys.csr);
    const up = await eng.stack.up();
    expect(up.summary.resourceChanges).to.deep.equal({ same: 1, update: 1 });
    expect((await h.emu.control.listFaults()).length, "the fault met the status read").to.equal(0);
    expect(up.outputs.status.value).to.equal("valid");
    expect(issuedFor(up.outputs.certificate.value, keys.key), "the certificate of the new key").to.equal(true);
    await expectEmptyPlan(eng);
  });
});
