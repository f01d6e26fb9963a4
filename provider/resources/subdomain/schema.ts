/**
 * Subdomain: inputs, outputs and rules (spec "Service sub-resources": name, ftpPath, optional ssl
 * {sslPath, sslCert, sslKey, sslCertChain}; sdk/catalogue/service.ts subdomaincreate/update).
 * Checked and normalised at preview with no API call: the name becomes the full host name the API
 * answers, in lower case ASCII (the zone too, for an IDN service), PEM blocks lose \r and outer whitespace (the API trims parameters).
 */
import { createPrivateKey, X509Certificate } from "node:crypto";
import { z } from "zod";
import { asciiOrSelf, domainForms, idnaProblem, isDnsHost, toAscii } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";
import { ftpPathField, serviceNameField } from "../../service-entities/service-entities";

const pemText = (kind: string) =>
  z
    .string({ error: `required: a PEM ${kind}` })
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    .refine((s) => /^-----BEGIN [A-Z0-9 ]+-----\n[\s\S]+\n-----END [A-Z0-9 ]+-----$/.test(s), { error: `must be a PEM ${kind} (-----BEGIN ...----- block)` });

/** The fields of `ssl`, each documented once (SubdomainSslArgs derives from them). */
export const subdomainSslFields = {
  /** PEM certificate for the subdomain. */
  sslCert: pemText("certificate"),
  /** PEM private key of sslCert. Secret. */
  sslKey: pemText("private key"),
  /** PEM intermediate certificate(s). */
  sslCertChain: pemText("certificate chain"),
  /** Path of the certificate files in the hosting space, starting with "/". */
  sslPath: ftpPathField,
};

export const sslInputs = z.object(subdomainSslFields).strict();

export type SslInputs = z.output<typeof sslInputs>;

/** A problem with the certificate and key pair, found locally (messages never quote the PEM). */
function sslProblem(ssl: SslInputs): [string, string] | undefined {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(ssl.sslCert);
  } catch {
    return ["sslCert", "is not a readable X.509 certificate"];
  }
  try {
    if (!cert.checkPrivateKey(createPrivateKey(ssl.sslKey))) return ["sslKey", "does not belong to ssl.sslCert (the public keys differ)"];
  } catch {
    return ["sslKey", "is not a readable private key"];
  }
  return undefined;
}

/** The full host name under the service (`blog` and `blog.example.com` are the same, as for the API). */
export function subdomainFullName(serviceName: string, raw: string): string | { problem: string } {
  let zone: string;
  try {
    zone = domainForms(serviceName).ascii;
  } catch {
    return { problem: `needs a valid serviceName (${JSON.stringify(serviceName)} is not a domain name)` };
  }
  const v = raw.trim().replace(/\.$/, "");
  if (v === "" || v === "@") return { problem: 'must name a subdomain such as "blog" (the apex is the service itself)' };
  if (/\.\.|^\.|\.$/.test(v)) return { problem: `${JSON.stringify(raw)} has an empty label (two dots in a row, or a leading dot)` };
  let host: string;
  try {
    host = toAscii(v);
  } catch {
    return { problem: `${JSON.stringify(raw)} is not a valid host name` };
  }
  // A name written full (a final dot) must be under the service; so must one that ends in the
  // service's own TLD after two labels or more ("blog.other.com" under example.com): read as
  // relative it would become blog.other.com.example.com, which nobody means.
  const under = host === zone || host.endsWith(`.${zone}`);
  const tld = zone.split(".").pop();
  if (!under && (raw.trim().endsWith(".") || (host.includes(".") && host.split(".").pop() === tld)))
    return { problem: `"${raw}" is not under the service's domain ${serviceName}: give the label ("blog") or a name ending in .${serviceName}` };
  const full = under ? host : `${host}.${zone}`;
  if (full === zone) return { problem: `${serviceName} is the service's own domain, not a subdomain` };
  if (!isDnsHost(full, 1)) return { problem: `${JSON.stringify(raw)} is not a valid host name (no wildcards)` };
  const idna = idnaProblem(full);
  if (idna) return { problem: `${JSON.stringify(raw)}: ${idna}` };
  return full;
}

/** The program's inputs, each documented once (the class's Args derive from them). */
export const subdomainFields = {
  /** The hosting service's name, e.g. "example.com". Changing it replaces. */
  serviceName: serviceNameField,
  /** "blog" or "blog.example.com" (stored as the full host name, IDN in punycode). Changing it replaces. */
  name: z.string({ error: 'required: the subdomain, relative ("blog") or full ("blog.example.com")' }),
  /** Document root inside the hosting space, starting with "/". Changes in place. */
  ftpPath: ftpPathField,
  /**
   * A certificate to install: `{ sslCert, sslKey, sslCertChain, sslPath }` (PEM certificate, its private key, the
   * intermediate chain, and the path of the files in the hosting space). Changes in place; the whole object is stored
   * as a secret. Left out (or resolving to undefined, e.g. until a certificate is issued): not managed.
   */
  ssl: sslInputs.optional(),
  /** Take over a subdomain of the same name that already exists instead of failing. */
  adopt: z.boolean({ error: "must be true or false" }).optional(),
};

export const subdomainInputs = z
  .object(subdomainFields)
  .strict()
  .transform((v, ctx) => {
    const full = subdomainFullName(v.serviceName, v.name);
    if (typeof full !== "string") ctx.addIssue({ code: "custom", path: ["name"], message: full.problem });
    const problem = v.ssl && sslProblem(v.ssl);
    if (problem) ctx.addIssue({ code: "custom", path: ["ssl", problem[0]], message: problem[1] });
    if (typeof full !== "string" || problem) return z.NEVER;
    return { ...v, name: full };
  });

export type SubdomainInputs = z.output<typeof subdomainInputs>;

/** What the state adds to the inputs. */
export const subdomainOutputs = {
  /** Full host name, lower case, IDN labels in punycode. */
  name: z.string(),
  /** The installed certificate while managed; always a secret. */
  ssl: sslInputs.optional(),
  /** A certificate is installed (managed or not). */
  sslInstalled: z.boolean(),
  /** The API's entityID (SRV<digits>-<digits>). */
  entityId: z.string(),
};
export type SubdomainState = StateOf<SubdomainInputs, typeof subdomainOutputs>;

/** subdomainupdate changes ftpPath and the certificate only (spec): another name is a new subdomain. */
export const SUBDOMAIN_REPLACE_ON: readonly string[] = ["serviceName", "name"];
export const SUBDOMAIN_CREATE_ONLY: readonly string[] = ["adopt"];
/** Pulumi marks secrets per top-level property: the whole ssl object (it holds sslKey) is secret. */
export const SUBDOMAIN_SECRETS: readonly string[] = ["ssl"];

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const subdomainObjects = (s: SubdomainInputs) => [{ key: `subdomain:${asciiOrSelf(s.name)}`, what: `the subdomain ${s.name}` }];
