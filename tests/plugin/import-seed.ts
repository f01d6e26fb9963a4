/**
 * One live object of each resource the plugin can import, made in the emulator through the API
 * (as if outside Pulumi), and each one's import id as its descriptor's idFormat gives it. Shared by
 * tests/plugin/import.test.ts (`pulumi import` of each) and tests/plugin/import-file.test.ts
 * (`dondominio-export --import-file`), with the project both import into (importProject).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RunningEmulator } from "../../emulator";
import type { DonDominioClient, OperationName } from "../../sdk";
import { buildPluginArchive } from "../../scripts/plugin-archive";
import { CSR_SUBJECT } from "../fixtures";
import { contactCreateParams, type Harness, OWNER, startHarness } from "../provider/harness";
import { type YamlProject, yamlProject } from "./yaml-project";

export const DOMAIN = "import-all.com";
/** A second hosting service whose zone a DnsZone takes whole (a DnsRecord of the first zone stays apart). */
export const ZONE_SERVICE = "zone-import.com";
export const PASSWORD = "S3cret-pw-1234";
export const DIGEST = "2bb183af5f22588179a53b0a98631fad1a292118a8a1c8a9ccdf1c1d0e8a8ab0";

/** Import id by resource type (every resource but AcmeCertificate, whose certificate the API does not hold). */
export type ImportIds = Record<string, string>;

export async function seedOneOfEach(client: DonDominioClient, emu: RunningEmulator): Promise<ImportIds> {
  const call = (op: OperationName, params: Record<string, unknown>) => client.call(op, params as never) as Promise<any>;
  const owner = (await call("contact/create", contactCreateParams(OWNER))).contactID as string;
  await call("domain/create", { domain: DOMAIN, ownerContactID: owner });
  await emu.control.advanceClock(2 * 3600);
  await call("domain/gluerecordcreate", { domain: DOMAIN, name: `ns1.${DOMAIN}`, ipv4: "192.0.2.53" });
  await call("domain/dnsseccreate", { domain: DOMAIN, keytag: 12345, algorithm: 13, digesttype: 2, digest: DIGEST });
  await call("service/create", { serviceName: DOMAIN, productkey: "basic", period: 1 });
  await call("service/create", { serviceName: ZONE_SERVICE, productkey: "basic", period: 1 });
  const entity = (reply: any, key: string) => String((reply[key]?.[0] ?? reply[key] ?? reply).entityID);
  const record = await call("service/dnscreate", { serviceName: DOMAIN, name: "app", type: "A", value: "192.0.2.77", ttl: 300 });
  await call("service/dnscreate", { serviceName: ZONE_SERVICE, name: "api", type: "CNAME", value: `www.${DOMAIN}` });
  await call("service/dnscreate", { serviceName: ZONE_SERVICE, name: "@", type: "TXT", value: "v=spf1 -all" });
  const mail = await call("service/mailcreate", { serviceName: DOMAIN, name: "info", password: PASSWORD });
  const alias = await call("service/mailaliascreate", { serviceName: DOMAIN, name: "hello", target: ["info@import-all.com", "ops@example.org"] });
  const redirect = await call("service/redirectcreate", { serviceName: DOMAIN, origin: "old", destination: "https://www.example.org/new", type: "301" });
  const ftp = await call("service/ftpcreate", { serviceName: DOMAIN, name: "deploy", ftpPath: "/public", password: PASSWORD });
  const db = await call("service/ddbbcreate", { serviceName: DOMAIN, password: PASSWORD });
  const sub = await call("service/subdomaincreate", { serviceName: DOMAIN, name: "blog", ftpPath: "/blog" });
  const csr = await call("ssl/csrcreate", { ...CSR_SUBJECT, commonName: `www.${DOMAIN}`, organizationName: "Import S.L." });
  const cert = (await call("ssl/create", { csrData: csr.csrData, productID: 101, validationMethod: "http", adminContactID: owner })).ssl;
  await emu.control.advanceClock(60);
  const inService = (reply: any, key: string) => `${DOMAIN}/${entity(reply, key)}`;
  return {
    Contact: owner,
    Domain: DOMAIN,
    HostingService: DOMAIN,
    DnsRecord: inService(record, "dns"),
    DnsZone: ZONE_SERVICE,
    MailBox: inService(mail, "mail"),
    MailAlias: inService(alias, "mailalias"),
    Redirect: inService(redirect, "redirect"),
    FtpAccount: inService(ftp, "ftp"),
    Database: inService(db, "ddbb"),
    Subdomain: inService(sub, "subdomain"),
    GlueRecord: `${DOMAIN}/ns1.${DOMAIN}`,
    DnssecKey: `${DOMAIN}/12345-13-2-${DIGEST.slice(0, 16).toUpperCase()}`,
    SslCertificate: String(cert.certificateID),
    SslCertificateValidation: String(cert.certificateID),
  };
}

/**
 * An emulator seeded with seedOneOfEach, and a Pulumi YAML project (Pulumi.yaml `base`) with the
 * plugin installed from its archive (built in `work`) and the emulator's credentials in its config.
 */
export async function importProject(work: string, base: string): Promise<{ h: Harness; project: YamlProject; ids: ImportIds }> {
  const archive = await buildPluginArchive({ outDir: work });
  const h = await startHarness({ delays: { sslValidationSec: 5 } });
  let project: YamlProject | undefined;
  try {
    const ids = await seedOneOfEach(h.client, h.emu);
    project = await yamlProject((dir) => writeFileSync(join(dir, "Pulumi.yaml"), base));
    await project.pulumi("plugin", "install", "resource", "dondominio", archive.version, "--file", archive.file);
    await project.configureEmulator(h.emu, { "dondominio:maxOpsPerMinute": "20000" });
    return { h, project, ids };
  } catch (e) {
    project?.dispose();
    await h.close();
    throw e;
  }
}
