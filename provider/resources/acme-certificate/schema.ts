/**
 * AcmeCertificate: inputs, outputs and rules. A certificate from an ACME CA (Let's Encrypt by
 * default) for names in zones the account hosts, validated by DNS-01 through the account's DNS
 * (provider/acme/challenge.ts). Nothing here is paid.
 */
import { z } from "zod";
import { asciiOrSelf, isDnsName } from "../../../sdk/rules";
import type { StateOf } from "../../core/resource-class";

/** Let's Encrypt's production directory (RFC 8555 7.1.1); staging and any other CA by URL. */
export const LETS_ENCRYPT = "https://acme-v02.api.letsencrypt.org/directory";
export const LETS_ENCRYPT_STAGING = "https://acme-staging-v02.api.letsencrypt.org/directory";

const acmeName = z.string().transform((v, ctx) => {
  const n = asciiOrSelf(v.trim().replace(/\.$/, "").toLowerCase());
  const bare = n.replace(/^\*\./, "");
  if (!isDnsName(bare, false) || !bare.includes(".")) {
    ctx.addIssue({
      code: "custom",
      message: `${JSON.stringify(v)} is not a host name such as example.com or *.example.com ("*" only as the whole first label)`,
    });
    return z.NEVER;
  }
  return n;
});

/** The program's inputs, each documented once (the class's Args derive from them). */
export const acmeCertificateFields = {
  /** The certificate's names (the first is its subject), in zones the account hosts; wildcards as `*.example.com`. */
  names: z
    .array(acmeName)
    .min(1, { message: "at least one name is required" })
    .max(100, { message: "at most 100 names (Let's Encrypt's limit)" })
    .refine((a) => new Set(a).size === a.length, { message: "a name is listed twice" }),
  /** ACME directory (default Let's Encrypt production; `LETS_ENCRYPT_STAGING` or any CA's URL). */
  directoryUrl: z
    .string()
    .default(LETS_ENCRYPT)
    .refine((u) => /^https:\/\/[^\s/]+/.test(u), { message: "must be an https:// URL such as https://acme-v02.api.letsencrypt.org/directory" }),
  /** PEM of an extra CA to trust for the directory's TLS (a private or test CA); verification is never turned off. */
  directoryCaCert: z.string().optional(),
  /** Contact address the ACME account is registered with (expiry notices from the CA). */
  email: z.email({ message: "must be an e-mail address" }).optional(),
  /** External account binding for CAs that need it (ZeroSSL, Google Trust Services): the key id given with eabHmacKey. */
  eabKid: z.string().min(1).optional(),
  /** The external account binding's HMAC key, base64url (secret). */
  eabHmacKey: z.string().min(1).optional(),
  /** Renew when it expires within this many days (default 30): the plan shows an update. */
  renewBeforeDays: z.number().min(0).max(365).default(30),
  /** Revoke at destroy (default false: it simply expires). */
  revokeOnDestroy: z.boolean().default(false),
  /** ip[:port] of servers to check publication with, instead of the zones' nameservers. */
  dnsServers: z.array(z.string()).optional(),
  /** How long to wait for the TXT records to be published (default 300 s; 0 = do not wait). */
  propagationTimeoutSeconds: z.number().int().min(0).max(3600).default(300),
};

export const acmeInputs = z
  .object(acmeCertificateFields)
  .strict()
  .refine((v) => (v.eabKid === undefined) === (v.eabHmacKey === undefined), { message: "eabKid and eabHmacKey go together", path: ["eabHmacKey"] });
export type AcmeInputs = z.output<typeof acmeInputs>;

export const acmeOutputs = {
  /** PEM of the certificate. */
  certificate: z.string(),
  /** PEM of the issuer chain, as the CA sent it. */
  certificateChain: z.string(),
  /** Secret: PEM of the certificate's private key (generated at each issue). */
  privateKey: z.string(),
  /** Secret: PEM of the ACME account key (generated at the first issue, kept across renewals). */
  accountKey: z.string(),
  /** The ACME account's URL at the CA. */
  accountUrl: z.string(),
  /** The certificate's serial number. */
  serialNumber: z.string(),
  /** ISO 8601 time the certificate's validity starts. */
  notBefore: z.string(),
  /** ISO 8601 time the certificate expires. */
  notAfter: z.string(),
};
export type AcmeState = StateOf<AcmeInputs, typeof acmeOutputs>;

/** A certificate from another CA or account is another resource. */
export const ACME_REPLACE_ON: readonly string[] = ["directoryUrl", "eabKid"];
export const ACME_SECRET_INPUTS: readonly string[] = ["eabHmacKey"];
export const ACME_SECRET_OUTPUTS: readonly string[] = ["privateKey", "accountKey", "eabHmacKey"];
/** Inputs whose change alone needs no new certificate. */
export const ACME_SETTINGS: readonly string[] = ["renewBeforeDays", "revokeOnDestroy", "dnsServers", "propagationTimeoutSeconds", "directoryCaCert", "email"];

/** Whether the certificate is within its renewal window at `now`. */
export function dueForRenewal(state: Pick<AcmeState, "notAfter" | "renewBeforeDays">, now = Date.now()): boolean {
  return Date.parse(state.notAfter) - (state.renewBeforeDays ?? 30) * 86_400_000 <= now;
}
