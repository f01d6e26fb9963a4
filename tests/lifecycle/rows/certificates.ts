/** SslCertificate (paid), SslCertificateValidation and AcmeCertificate (pebble) in the lifecycle table (model.ts). */
import { findSslProduct } from "../../../emulator/data/ssl-products";
import { ACME_ZONE, list, SSL_CN } from "../fixture";
import type { Case, Fixture, Row, World } from "../model";

const createPrice = (id: number) => findSslProduct(id)?.create?.create ?? Number.NaN;
const keyLine = (pem: string) => pem.split(/\r?\n/)[1];
const acme = (f: Fixture) => {
  if (!f.acme) throw new Error("no ACME CA in the fixture");
  return f.acme;
};

/** The account's certificates for a common name, oldest first: product and status. */
const certificates = async (w: World, cn: string) => {
  const all = ((await w.client.call("ssl/list", {} as never)) as any).ssl as Record<string, any>[];
  const mine = all.filter((c) => c.commonName === cn).sort((a, b) => a.certificateID - b.certificateID);
  return mine.length ? { certificates: mine.map((c) => `${c.productID} ${c.status}`) } : undefined;
};
/** The status of a certificate the fixture ordered. */
const status = async (w: World, id: number) =>
  (((await w.client.call("ssl/list", {} as never)) as any).ssl as Record<string, any>[]).find((x) => x.certificateID === id)?.status as string | undefined;
/** The certificate the state records for a row (its id), reissued outside with its own CSR and its validation held. */
const reissueHeld = async (w: World, id: number, csr: string) => {
  await w.client.call("ssl/reissue", { certificateID: id, csrData: csr, validationMethod: "http" } as never);
  await w.emu.control.decideSslValidation(w.emu.apiUser, id, { approve: false });
};
const approve = (w: World, id: number) => w.emu.control.decideSslValidation(w.emu.apiUser, id, { approve: true }).then(() => undefined);

export const ROWS: Row[] = [
  {
    key: "ssl",
    type: "SslCertificate",
    args: {
      create: (f) => ({ productId: 103, csr: f.tls.csr, privateKey: f.tls.key, validationMethod: "http", waitFor: "issued", adminContact: f.contactId }),
      // csr and privateKey are ignored (options): the second key never reaches the API (no reissue).
      "in-place": (f) => ({
        productId: 103,
        csr: f.tls.cert2Csr,
        privateKey: f.tls.cert2Key,
        alternativeNames: ["api.lc-ssl.com"],
        validationMethod: "http",
        waitFor: "issued",
        adminContact: f.contactId,
      }),
      replace: (f) => ({
        productId: 106,
        csr: f.tls.cert2Csr,
        privateKey: f.tls.cert2Key,
        alternativeNames: ["api.lc-ssl.com"],
        validationMethod: "http",
        waitFor: "issued",
        adminContact: f.contactId,
      }),
    },
    options: { ignoreChanges: ["csr", "privateKey"] },
    live: (w) => certificates(w, SSL_CN),
  },
  {
    key: "sslv",
    type: "SslCertificateValidation",
    args: { create: (f) => ({ certificateId: f.certA }), replace: (f) => ({ certificateId: f.certB }) },
    // The two certificates it waits for (fixture): "a" then "b".
    live: async (w) => ({ a: await status(w, w.fixture.certA), b: await status(w, w.fixture.certB) }),
    notApplicable: {
      "in-place":
        "nothing changes in place: certificateId replaces and validationRecordIds only orders the creation (createOnly); an update only waits again, after a refresh saw the certificate not valid (its drift case)",
      ignoreChanges: "its one compared input, certificateId, replaces (the replace step); validationRecordIds is never compared",
      secrets: "no secret: it outputs the certificate and its chain, never a key",
    },
  },
  {
    key: "acme",
    type: "AcmeCertificate",
    needs: "acme",
    args: {
      create: (f) => ({
        names: [`acme.${ACME_ZONE}`],
        directoryUrl: acme(f).directory,
        directoryCaCert: acme(f).caCert,
        dnsServers: [acme(f).dnsServer],
        email: "acme@example.com",
      }),
      // email is ignored (options): the new address is never recorded.
      "in-place": (f) => ({
        names: [`acme.${ACME_ZONE}`, `www.${ACME_ZONE}`],
        directoryUrl: acme(f).directory,
        directoryCaCert: acme(f).caCert,
        dnsServers: [acme(f).dnsServer],
        email: "other@example.com",
      }),
      replace: (f) => ({
        names: [`acme.${ACME_ZONE}`, `www.${ACME_ZONE}`],
        directoryUrl: acme(f).directoryAlt,
        directoryCaCert: acme(f).caCert,
        dnsServers: [acme(f).dnsServer],
        email: "other@example.com",
      }),
    },
    options: { ignoreChanges: ["email"] },
    // Its challenge records never outlive an issue.
    live: async (w) => ({ challenges: (await list(w, "service/dnslist", ACME_ZONE, "dns")).filter((r) => r.name.startsWith("_acme-challenge")).length }),
    notApplicable: {
      drift: "nothing outside holds it: the certificate, its key and the ACME account live only in the state (a refresh keeps the state; README Behaviour)",
      import:
        "cannot be imported: no DonDominio API holds its certificate (plugin/import.ts refuses it, saying why: tests/plugin/import.test.ts); the dynamic resources have no `pulumi import` at all",
    },
  },
];

export const CASES: Case[] = [
  { name: "SslCertificate create (http validation, waits for the issue)", key: "ssl", step: "create", op: "create", live: { certificates: ["103 valid"] } },
  { name: "SslCertificate order pays once", key: "ssl", step: "create", money: { calls: { "ssl/create": 1 }, amount: () => createPrice(103) } },
  { name: "SslCertificateValidation create waits for the issue", key: "sslv", step: "create", op: "create", live: { a: "valid" } },
  { name: "AcmeCertificate create: issued, no challenge record left", key: "acme", step: "create", op: "create", live: { challenges: 0 } },
  { name: "SslCertificate no-op plan, clean refresh", key: "ssl", step: "no-op", op: "same", unchanged: ["certificate"] },
  { name: "SslCertificateValidation no-op plan, clean refresh", key: "sslv", step: "no-op", op: "same" },
  { name: "AcmeCertificate no-op plan, clean refresh: not issued again", key: "acme", step: "no-op", op: "same", unchanged: ["serialNumber"] },
  {
    name: "SslCertificate in-place: a name added",
    key: "ssl",
    step: "in-place",
    op: "update",
    diffs: ["alternativeNames"],
    live: { certificates: ["103 valid"] },
  },
  {
    name: "SslCertificate name added pays sanPrice once",
    key: "ssl",
    step: "in-place",
    money: { calls: { "ssl/multidomainaddsan": 1 }, amount: () => findSslProduct(103)?.sanPrice ?? Number.NaN },
  },
  {
    name: "SslCertificate ignoreChanges csr and privateKey: no reissue",
    key: "ssl",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "update",
    diffs: ["alternativeNames"],
  },
  {
    name: "AcmeCertificate in-place: a name added issues again",
    key: "acme",
    step: "in-place",
    op: "update",
    diffs: ["names"],
    changed: ["serialNumber"],
    live: { challenges: 0 },
  },
  {
    name: "AcmeCertificate ignoreChanges email",
    key: "acme",
    step: "in-place",
    aspect: "ignoreChanges",
    op: "update",
    diffs: ["names"],
    inputs: { email: "acme@example.com" },
  },
  {
    name: "SslCertificate replace on productId: orders a new certificate, the old one stays",
    key: "ssl",
    step: "replace",
    op: "replace",
    diffs: ["productId"],
    replaces: ["productId"],
    live: { certificates: ["103 valid", "106 valid"] },
  },
  { name: "SslCertificate replacement pays one order", key: "ssl", step: "replace", money: { calls: { "ssl/create": 1 }, amount: () => createPrice(106) } },
  {
    name: "SslCertificateValidation replace on certificateId",
    key: "sslv",
    step: "replace",
    op: "replace",
    diffs: ["certificateId"],
    replaces: ["certificateId"],
    live: { b: "valid" },
  },
  {
    name: "AcmeCertificate replace on directoryUrl",
    key: "acme",
    step: "replace",
    op: "replace",
    diffs: ["directoryUrl"],
    replaces: ["directoryUrl"],
    changed: ["serialNumber"],
    live: { challenges: 0 },
  },
  {
    name: "SslCertificate bad input",
    key: "ssl",
    step: "bad input",
    // Not csr or privateKey: they are ignored (options), so the engine would put the recorded ones back before the check.
    args: (f) => ({ productId: 0, csr: f.tls.csr, validationMethod: "http", waitFor: "issued", adminContact: f.contactId }),
    error: "productId: must be at least 1",
  },
  {
    name: "SslCertificateValidation bad input",
    key: "sslv",
    step: "bad input",
    args: () => ({ certificateId: 0 }),
    error: "certificateId: must be at least 1",
  },
  {
    name: "AcmeCertificate bad input",
    key: "acme",
    step: "bad input",
    args: (f) => ({ names: [`acme.${ACME_ZONE}`, `acme.${ACME_ZONE}`], directoryUrl: acme(f).directoryAlt }),
    error: "names: a name is listed twice",
  },
  {
    name: "SslCertificate reissued outside + refresh: status, one more look, no order",
    key: "ssl",
    step: "drift",
    // The replacement was ordered with the program's CSR (ignored or not: the engine's rule), reissued with it.
    outside: (w) => reissueHeld(w, Number(w.outputs("ssl")?.certificateId), w.fixture.tls.cert2Csr),
    beforeRepair: (w) => approve(w, Number(w.outputs("ssl")?.certificateId)),
    refreshed: { changed: ["status"], outputs: { status: "reissue" } },
    op: "update",
    diffs: ["status"],
    repaired: { certificates: ["103 valid", "106 valid"] },
  },
  {
    name: "SslCertificateValidation reissued outside + refresh: waits again",
    key: "sslv",
    step: "drift",
    outside: (w) => reissueHeld(w, w.fixture.certB, w.fixture.certBCsr),
    beforeRepair: (w) => approve(w, w.fixture.certB),
    refreshed: { changed: ["status"], outputs: { status: "reissue" } },
    op: "update",
    repaired: { b: "valid" },
  },
  { name: "SslCertificate import", key: "ssl", step: "import", op: "same" },
  { name: "SslCertificateValidation import", key: "sslv", step: "import", op: "same" },
  {
    name: "SslCertificate private keys absent from state and output",
    key: "ssl",
    step: "secrets",
    secrets: (w) => [keyLine(w.fixture.tls.key), keyLine(w.fixture.tls.cert2Key)],
    outputs: { encrypted: ["privateKey"] },
  },
  {
    name: "AcmeCertificate keys absent from state and output",
    key: "acme",
    step: "secrets",
    secrets: async (w) => {
      const o = await w.plainOutputs("acme");
      return [keyLine(String(o?.privateKey)), keyLine(String(o?.accountKey))];
    },
    outputs: { encrypted: ["privateKey", "accountKey"] },
  },
  {
    name: "SslCertificate destroy forgets it: both certificates stay in the account",
    key: "ssl",
    step: "destroy",
    op: "delete",
    live: { certificates: ["103 valid", "106 valid"] },
  },
  {
    name: "SslCertificateValidation destroy forgets it: the certificate stays",
    key: "sslv",
    step: "destroy",
    op: "delete",
    live: { b: "valid" },
  },
  {
    name: "AcmeCertificate destroy forgets it (revokeOnDestroy false): no challenge record",
    key: "acme",
    step: "destroy",
    op: "delete",
    live: { challenges: 0 },
  },
];
