/**
 * `dondominio-export --import-file FILE`: the account as a Pulumi import file, for the provider plugin
 * (`pulumi import --file FILE --generate-code --out ...` then writes the account as a program in the
 * project's language, every object adopted with the inputs the plugin's Read records).
 *
 * Ids only: `{ resources: [{ type, name, id }] }`. The pinned Pulumi CLI (3.250) takes no inputs
 * or outputs in an import file (its importSpec: type, name, id, parent, provider, version,
 * pluginDownloadUrl, properties as a list of names, component, remote, logicalName); the plugin reads
 * each object from its id. Each id is the resource's idFormat (provider/registry.ts descriptors); the
 * objects of a service go by `<serviceName>/<name>` (plugin/import.ts), DNS records by entityID.
 *
 * Names are unique in the whole file (a program's resources share one namespace in YAML and in the
 * generated code) and made of [a-z0-9-] only, starting with the type; every value from the API
 * reaches the file JSON-encoded, never as code. Not written: AcmeCertificate (no API holds its
 * certificate), SslCertificateValidation (its certificate's id is the SslCertificate's), DNS records
 * of a type DnsRecord does not take, and DnsZone (each record is its own DnsRecord here, whatever --zones says).
 */
import { basename, dirname } from "node:path";
import { isDnsType, relativeName } from "../../sdk/rules";
import { dnssecKeyId } from "../resources/dnssec-key/schema";
import { recordBase, slug, uniqueNames } from "./names";
import type { AccountSnapshot } from "./read";
import { checkOutput, UnsafeOutputError, writeProjectFiles } from "./write";

export interface ImportFileEntry {
  type: string;
  name: string;
  id: string;
}

const PACKAGE = "dondominio";

/** The import file's text (JSON) and how many resources of each type it lists. */
export function renderImportFile(snapshot: AccountSnapshot): { text: string; counts: Record<string, number> } {
  const wanted: { type: string; base: string; id: string }[] = [];
  const add = (type: string, base: string, id: string) => wanted.push({ type, base: `${slug(type.replace(/([a-z0-9])([A-Z])/g, "$1-$2"))}-${base}`, id });
  for (const c of snapshot.contacts) add("Contact", slug(c.contactId), c.contactId);
  for (const d of snapshot.domains) {
    add("Domain", slug(d.name), d.ascii);
    for (const g of d.glue) add("GlueRecord", slug(g.name), `${d.ascii}/${g.name}`);
    for (const k of d.dnssec)
      add("DnssecKey", `${slug(d.name)}-${k.keytag}`, dnssecKeyId(d.ascii, { ...k, digest: k.digest.replace(/\s+/g, "").toUpperCase() }));
  }
  for (const s of snapshot.services) {
    const svc = s.name;
    add("HostingService", slug(svc), svc);
    for (const r of s.dns.filter((x) => isDnsType(x.type))) add("DnsRecord", recordBase(svc, relativeName(svc, r.name), r.type), `${svc}/${r.entityID}`);
    for (const m of s.mail) add("MailBox", slug(m.name), `${svc}/${m.name}`);
    for (const a of s.aliases) add("MailAlias", slug(a.name), `${svc}/${a.name}`);
    for (const r of s.redirects) add("Redirect", slug(r.origin), `${svc}/${r.origin}`);
    for (const f of s.ftp) add("FtpAccount", `${slug(f.name)}-${slug(svc)}`, `${svc}/${f.name}`);
    for (const d of s.databases) add("Database", slug(d.name), `${svc}/${d.name}`);
    for (const x of s.subdomains) add("Subdomain", slug(x.name), `${svc}/${x.name}`);
  }
  for (const c of snapshot.certificates) add("SslCertificate", `${slug(c.commonName)}-${c.certificateId}`, String(c.certificateId));
  // One namespace for all: a shared base gets a suffix from the object's type and id.
  const names = uniqueNames(wanted.map((w) => ({ base: w.base, identity: `${w.type} ${w.id}` })));
  const resources: ImportFileEntry[] = wanted.map((w, i) => ({ type: `${PACKAGE}:index:${w.type}`, name: names[i], id: w.id }));
  const counts: Record<string, number> = {};
  for (const w of wanted) counts[w.type] = (counts[w.type] ?? 0) + 1;
  return { text: `${JSON.stringify({ resources }, null, 2)}\n`, counts };
}

/** Refuses a FILE that is a link or no regular file, or whose name is not plain, before any API call. */
export function checkImportFile(path: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(basename(path)))
    throw new UnsafeOutputError(`--import-file: not a plain file name: ${JSON.stringify(basename(path))}`);
  checkOutput(dirname(path), [basename(path)]);
}

/** Writes the file as the project's files are written (write.ts: never through a link). */
export function writeImportFile(path: string, text: string): void {
  writeProjectFiles(dirname(path), { [basename(path)]: text });
}
