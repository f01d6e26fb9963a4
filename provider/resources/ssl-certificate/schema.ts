/**
 * SslCertificate: inputs, outputs and rules. check() validates and normalises locally: the CSR is
 * decoded (its common name becomes the `commonName` input), a private key must belong to it,
 * alternative names are normalised and sorted as the state records them.
 */
import { z } from "zod";
import { DNS_TYPES } from "../../../sdk/rules";
import { bool, contactId, country, email, int, oneOf } from "../../../sdk/catalogue/fields";
import { isSslName, type ValidationMethod, validationMethod } from "../../../sdk/catalogue/ssl-fields";
import { certNameProblem, cleanHost, hostNameProblem, subjectLengthProblem, tryAscii, validationMethodProblem } from "../../../sdk/rules";
import { accepts } from "../../core/fields";
import type { StateOf } from "../../core/resource-class";
import type { PendingOrder } from "../../money/money";
import { contactDataShape, requireContactData } from "../contact/schema";
import { keySpki } from "../../../sdk/core/x509";
import { parseCsr } from "./csr";

const sslName = cleanHost;

/** ssl/csrcreate's subject fields (all required by the API). */
const subject = z
  .object({
    commonName: z.string(),
    organizationName: z.string().trim().min(1, { error: "must not be empty" }),
    organizationalUnitName: z.string().trim().min(1, { error: "must not be empty" }),
    countryName: country(),
    stateOrProvinceName: z.string().trim().min(1, { error: "must not be empty" }),
    localityName: z.string().trim().min(1, { error: "must not be empty" }),
    emailAddress: email(),
  })
  .strict();
export type CsrSubject = z.output<typeof subject>;

const contactData = z.object(contactDataShape).superRefine((v, ctx) => requireContactData(v, ctx));
const contactRef = z.union([contactId(), contactData], { error: "must be a contact id such as ABC-12345 or the contact data" });

/** The program's inputs, each documented once (the class's Args derive from them). */
export const sslCertificateFields = {
  /**
   * Adopt: the certificate with this id (ssl/list's certificateID) is taken as it is, with no order
   * and no write; productId, commonName (and alternativeNames, csr, privateKey when given) must match it.
   */
  certificateId: int({ min: 1 }).optional(),
  /** ssl/productlist's productID. Changing it orders a new certificate. */
  productId: int({ min: 1 }),
  /** The CSR (PEM). Give csr or subject. A new CSR with the same common name reissues in place. */
  csr: z.string().optional(),
  /**
   * Subject fields `{ commonName, organizationName, organizationalUnitName, countryName, stateOrProvinceName,
   * localityName, emailAddress }`: the provider generates the key and CSR with ssl/csrcreate (key output as privateKey, secret).
   */
  subject: subject.optional(),
  /** Optional: must equal the CSR's common name. Changing it orders a new certificate. */
  commonName: z.string().optional(),
  /** The CSR's private key (PEM, stored encrypted), sent as keyData so the API can build PFX files. */
  privateKey: z.string().optional(),
  /** Years (default the product's minimum). */
  period: int({ min: 1, max: 10 }).optional(),
  /** Multi-domain products: names besides the common name. Adding one is in place (ssl/multidomainaddsan, paid); removing one orders a new certificate. */
  alternativeNames: z.array(z.string()).optional(),
  /** dns (default), http, https or an approver e-mail address. */
  validationMethod: accepts<ValidationMethod>()(validationMethod().default("dns")),
  /** The admin contact: a contact id (e.g. `contact.contactId`) or inline data. Required to order; not needed with certificateId. */
  adminContact: contactRef.optional(),
  /**
   * What create waits for: "submitted" (default with dns validation: later ups look again until
   * issued), "issued" (default otherwise), or "validation" (as submitted, but an
   * SslCertificateValidation waits for the issue, so later plans do not look again).
   */
  waitFor: oneOf(["issued", "submitted", "validation"] as const).optional(),
  /** Renew (ssl/renew, paid) on the next up once the certificate is renewable. */
  autoRenew: bool().optional(),
};

const raw = z.object(sslCertificateFields).strict();

export type SslInputs = Omit<z.output<typeof raw>, "commonName" | "alternativeNames" | "subject"> & {
  /** The certificate's name: the CSR's CN (or subject.commonName), lower case. */
  commonName: string;
  subject?: CsrSubject;
  /** Normalised, sorted, without the common name. */
  alternativeNames?: string[];
};

export const sslInputs = raw.transform((v, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  let cn: string | undefined;
  let csr: string | undefined;
  const adopting = v.certificateId !== undefined;
  if (adopting && v.subject !== undefined) {
    issue("subject", "leave it out when certificateId adopts an existing certificate (its key stays as it is; a new csr after adopting reissues)");
  } else if (!adopting && (v.csr === undefined) === (v.subject === undefined)) {
    issue("csr", "give either csr (a PEM certificate request) or subject (to generate one with ssl/csrcreate), not both");
  } else if (v.subject) {
    cn = sslName(v.subject.commonName);
    if (v.privateKey !== undefined) issue("privateKey", "leave it out with subject: ssl/csrcreate generates the key (output privateKey)");
  } else if (v.csr !== undefined) {
    const parsed = parseCsr(v.csr);
    if ("problem" in parsed) issue("csr", parsed.problem);
    else {
      csr = parsed.pem;
      cn = parsed.commonName === undefined ? undefined : sslName(parsed.commonName);
      if (cn === undefined && v.commonName === undefined) issue("commonName", "the CSR's common name cannot be read here: give commonName");
      if (v.privateKey !== undefined && parsed.spki) {
        const spki = keySpki(v.privateKey);
        if (!spki) issue("privateKey", "must be a private key in PEM form");
        else if (!spki.equals(parsed.spki)) issue("privateKey", "does not belong to the CSR (the public keys differ)");
      }
    }
  }
  const given = v.commonName === undefined ? undefined : sslName(v.commonName);
  if (given !== undefined && cn !== undefined && given !== cn)
    issue("commonName", `is ${given} but the CSR is for ${cn}: leave commonName out or make them equal`);
  cn ??= given;
  const nameProblem = (n: string) => hostNameProblem(n.startsWith("*.") ? n.slice(2) : n, { minLabels: 2 });
  if (cn !== undefined && !isSslName(cn)) issue("commonName", `"${cn}" must be a host name such as www.example.com or *.example.com`);
  else if (cn !== undefined && nameProblem(cn)) issue("commonName", `"${cn}": ${nameProblem(cn)}`);
  const alts = [...new Set((v.alternativeNames ?? []).map(sslName))].filter((n) => n !== cn).sort();
  for (const n of alts) {
    if (!isSslName(n)) issue("alternativeNames", `"${n}" must be a host name such as www.example.com`);
    else if (nameProblem(n)) issue("alternativeNames", `"${n}": ${nameProblem(n)}`);
  }
  // What a CA issues (sdk/rules cert-names.ts: BR 7.1.4.2.1, 3.2.2.6; RFC 5280 A.1) and what the
  // validation method can prove (BR 3.2.2.4): before an order spends money.
  if (cn !== undefined && isSslName(cn) && !nameProblem(cn)) {
    const p = certNameProblem(cn) ?? subjectLengthProblem("commonName", cn);
    if (p) issue("commonName", p);
  }
  for (const n of alts) {
    const p = isSslName(n) && !nameProblem(n) ? certNameProblem(n) : undefined;
    if (p) issue("alternativeNames", p);
  }
  // The same name in its two IDNA forms (or the common name again): one name to the CA.
  const forms = new Map<string, string>();
  for (const n of [...(cn === undefined ? [] : [cn]), ...alts]) {
    const key = tryAscii(n) ?? n;
    const first = forms.get(key);
    if (first !== undefined && first !== n) issue("alternativeNames", `${n} is ${first} in its other IDNA form: one name to the CA, give it once`);
    else forms.set(key, n);
  }
  if (v.subject) {
    for (const f of ["organizationName", "organizationalUnitName", "localityName", "stateOrProvinceName", "emailAddress"] as const) {
      const p = subjectLengthProblem(f, v.subject[f]);
      if (p) issue(`subject.${f}`, p);
    }
  }
  if (cn !== undefined) {
    const p = validationMethodProblem(v.validationMethod, [cn, ...alts]);
    if (p) issue("validationMethod", p);
  }
  if (adopting && cn === undefined && v.csr === undefined)
    issue("commonName", "required with certificateId: the adopted certificate's common name (ssl/list), checked against it when adopting");
  if (!adopting && v.adminContact === undefined)
    issue("adminContact", "required to order a certificate: a contact id or the contact data (or give certificateId to adopt an existing certificate)");
  if (cn === undefined) return z.NEVER;
  const out: SslInputs = { ...v, commonName: cn, ...(csr ? { csr } : {}), ...(v.alternativeNames ? { alternativeNames: alts } : {}) };
  return out;
});

/** One name to validate, and what the CA asks for it (from getinfo infoType=validationStatus). */
export interface Validation {
  domainName: string;
  method: string;
  validated: boolean;
  /** dns: the record to create. */
  recordName?: string;
  recordType?: string;
  recordValue?: string;
  /** http/https: the file to serve. */
  fileUrl?: string;
  fileContents?: string;
  /** mail: the approver address. */
  approverEmail?: string;
}

/** What the state adds to the inputs. */
export const sslOutputs = {
  /** The API's certificateID. */
  certificateId: z.number(),
  /** process, valid, expired, renew, reissue, cancel (facts.md "SSL"). */
  status: z.string(),
  /** Whether the API allows a renewal now. */
  renewable: z.boolean(),
  /** Order date (YYYY-MM-DD). */
  tsCreate: z.string().optional(),
  /** Expiry date of the certificate (YYYY-MM-DD). */
  tsExpir: z.string().optional(),
  /** End of the paid subscription (YYYY-MM-DD). */
  tsSubscriptionEnds: z.string().optional(),
  /** The CSR the order used (given or generated). */
  csr: z.string(),
  /** Secret: the key given, or the one ssl/csrcreate generated. */
  privateKey: z.string().optional(),
  /** The validation of each name, as ssl/getinfo answers it. */
  validations: z.custom<Validation>().array(),
  /** The DNS records the CA asks for (dns validation) in the last round, common name first, kept after issue: feed them to DnsRecord resources. */
  validationRecords: z.array(z.object({ name: z.string(), type: z.enum(DNS_TYPES), value: z.string() })),
  /** PEM, once issued. */
  certificate: z.string().optional(),
  /** The intermediate certificates (PEM), once issued. */
  certificateChain: z.array(z.string()).optional(),
  /** A paid order (create, renew, reissue, added name) sent but not confirmed: its reply was lost; the next `pulumi up` looks again before ordering anything (provider/money/money.ts). */
  pendingOrder: z.custom<PendingOrder>().optional(),
};
export type SslState = StateOf<SslInputs, typeof sslOutputs>;

/** A new product or name is a new certificate (the API cannot change them); another certificateId adopts another certificate. */
export const SSL_REPLACE_ON: readonly string[] = ["productId", "commonName", "certificateId"];
/** Only matter when ordering (renew/reissue keep the certificate's own). */
export const SSL_CREATE_ONLY: readonly string[] = ["period", "validationMethod", "adminContact", "waitFor", "autoRenew"];
export const SSL_SECRETS: readonly string[] = ["privateKey"];
export const VALIDATING = new Set(["process", "renew", "reissue"]);

/** waitFor default: dns validation records usually come from the same program (two steps); other methods complete by themselves. */
export function waitForOf(i: Pick<SslInputs, "waitFor" | "validationMethod">): "issued" | "submitted" | "validation" {
  return i.waitFor ?? (i.validationMethod === "dns" ? "submitted" : "issued");
}

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const sslObjects = (s: SslInputs) =>
  s.certificateId === undefined ? [] : [{ key: `ssl:${s.certificateId}`, what: `the certificate ${s.certificateId}` }];
