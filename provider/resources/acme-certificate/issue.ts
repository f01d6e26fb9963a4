/**
 * One issue through an ACME server (acme-client does the protocol, RFC 8555): account (created or
 * found by its key), order for the names, a DNS-01 TXT record per pending authorization in the
 * account's zone (provider/acme/challenge.ts), the wait until the zones' nameservers publish them,
 * the challenges answered, the order finalised with a CSR of a new key, the certificate fetched.
 * The TXT records are removed whatever happens; a failed validation names the name and the CA's
 * reason; a rate limit from the CA is reported as such, never retried here.
 */
import { X509Certificate } from "node:crypto";
import https from "node:https";
import { rootCertificates } from "node:tls";
import * as acme from "acme-client";
import { challengeName, cleanupTxt, presentTxt } from "../../acme/challenge";
import { parseServers, waitForTxt } from "../../acme/propagation";
import { acmeTransport } from "../../acme/transport";
import { MAX_REPLY_BYTES } from "../../../sdk/core/reply-limit";
import type { Api } from "../../core/client";
import { info, warn } from "../../core/log";
import type { AcmeInputs, AcmeState } from "./schema";

/**
 * The acme-client HTTP client: it trusts the system's CAs plus `extraCa`, and does not retry. Its
 * default retries a 429 (the CA's rate limit) up to 5 times after the Retry-After the CA names,
 * which for Let's Encrypt can be hours: an `up` would hang there. The failure is reported instead
 * (caReason), and the next `up` tries again. badNonce answers are still retried (acme-client's
 * http.js, RFC 8555 6.5).
 */
function configureHttp(directoryUrl: string, extraCa: string | undefined): void {
  // Network and TLS failures and a reply that is no directory, named with the directory (provider/acme/transport.ts).
  acme.axios.defaults.adapter = acmeTransport(directoryUrl);
  acme.axios.defaults.httpsAgent = new https.Agent({ ca: extraCa ? [...rootCertificates, extraCa] : [...rootCertificates], keepAlive: false });
  // The sdk's reply cap (sdk/core/reply-limit.ts), counted by axios after it inflates gzip: ACME
  // replies are a directory, JSON objects and a PEM chain, a few KiB; unset, axios reads any size.
  acme.axios.defaults.maxContentLength = MAX_REPLY_BYTES;
  (acme.axios.defaults as unknown as { acmeSettings: { retryMaxAttempts: number } }).acmeSettings.retryMaxAttempts = 0;
}

/**
 * An error of the CA as one line: its problem type (rateLimited, unauthorized...) when the error
 * carries it, and its detail. acme-client keeps only the detail text of most answers, so a rate
 * limit is also known by its words (Let's Encrypt's details link to /docs/rate-limits/) or its 429.
 */
function caReason(err: unknown): string {
  const e = err as { message?: string; response?: { data?: { type?: string; detail?: string } } };
  const problem = e.response?.data;
  const type = problem?.type?.replace(/^urn:ietf:params:acme:error:/, "");
  const text = problem?.detail ?? e.message ?? String(err);
  if (type === "rateLimited" || /rate.?limit|\b429\b|too many/i.test(text))
    return `the CA's rate limit: ${text} (not retried: try again after the time it names)`;
  return type ? `${type}: ${text}` : text;
}

export async function client(inputs: AcmeInputs, accountKey: string | undefined): Promise<{ client: acme.Client; accountKey: string }> {
  configureHttp(inputs.directoryUrl, inputs.directoryCaCert);
  const key = accountKey ?? (await acme.crypto.createPrivateEcdsaKey("P-256")).toString();
  const opts: ConstructorParameters<typeof acme.Client>[0] = { directoryUrl: inputs.directoryUrl, accountKey: key };
  if (inputs.eabKid && inputs.eabHmacKey) opts.externalAccountBinding = { kid: inputs.eabKid, hmacKey: inputs.eabHmacKey };
  return { client: new acme.Client(opts), accountKey: key };
}

/** The certificate's outputs from its PEM bundle (leaf first). */
export function certOutputs(bundle: string): Pick<AcmeState, "certificate" | "certificateChain" | "serialNumber" | "notBefore" | "notAfter"> {
  const [first, ...chain] = bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (!first) throw new Error("the CA returned no certificate");
  const leaf = new X509Certificate(first);
  return {
    certificate: `${first}\n`,
    certificateChain: chain.length ? `${chain.join("\n")}\n` : "",
    serialNumber: leaf.serialNumber,
    notBefore: new Date(leaf.validFrom).toISOString(),
    notAfter: new Date(leaf.validTo).toISOString(),
  };
}

/** The tail of the ACME work of this process (see `oneAtATime`). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * acme-client's HTTP settings (the trusted CAs) are one per process, so the issues and revocations
 * of a process run one at a time: two AcmeCertificates of different CAs never share them.
 */
function oneAtATime<T>(f: () => Promise<T>): Promise<T> {
  const run = queue.then(f);
  queue = run.catch(() => undefined);
  return run;
}

/** Issues one certificate (one at a time in the process). */
export function issue(api: Api, inputs: AcmeInputs, accountKey: string | undefined, label: string): Promise<Omit<AcmeState, keyof AcmeInputs>> {
  return oneAtATime(() => issueNow(api, inputs, accountKey, label));
}

async function issueNow(api: Api, inputs: AcmeInputs, accountKey: string | undefined, label: string): Promise<Omit<AcmeState, keyof AcmeInputs>> {
  const started = Date.now();
  const c = await client(inputs, accountKey);
  let accountUrl: string;
  try {
    // A known key finds its account (a POST with onlyReturnExisting, RFC 8555 7.3.1); acme-client
    // would otherwise follow an existing account's 200 with an update that only agrees to the terms,
    // which a CA may refuse as an empty update (pebble does).
    if (accountKey) await c.client.createAccount({ onlyReturnExisting: true });
    else await c.client.createAccount({ termsOfServiceAgreed: true, ...(inputs.email ? { contact: [`mailto:${inputs.email}`] } : {}) });
    accountUrl = c.client.getAccountUrl();
  } catch (err) {
    throw new Error(`${label}: the ACME account at ${inputs.directoryUrl} could not be created or found: ${caReason(err)}`);
  }
  let order: acme.Order;
  try {
    order = await c.client.createOrder({ identifiers: inputs.names.map((value) => ({ type: "dns", value })) });
  } catch (err) {
    throw new Error(`${label}: the order was refused: ${caReason(err)}`);
  }
  const authzs = await c.client.getAuthorizations(order);
  const published: { name: string; zone: string; value: string; identifier: string; challenge: acme.Authorization["challenges"][number] }[] = [];
  try {
    for (const authz of authzs) {
      if (authz.status === "valid") continue;
      const identifier = `${authz.wildcard ? "*." : ""}${authz.identifier.value}`;
      const challenge = authz.challenges.find((ch) => ch.type === "dns-01");
      if (!challenge) throw new Error(`${identifier}: the CA offers no dns-01 challenge`);
      const value = await c.client.getChallengeKeyAuthorization(challenge);
      const name = challengeName(`_acme-challenge.${authz.identifier.value}`);
      const p = await presentTxt(api, name, value);
      published.push({ name, zone: p.zone, value, identifier, challenge });
      info(`AcmeCertificate ${label}: ${name} TXT ${p.created ? "created" : "present"} in zone ${p.zone} for ${identifier}`);
    }
    const servers = inputs.dnsServers ? parseServers(inputs.dnsServers.join(",")) : undefined;
    if (inputs.propagationTimeoutSeconds > 0) {
      for (const p of published) {
        await waitForTxt(api, p.zone, p.name, p.value, { servers, timeoutMs: inputs.propagationTimeoutSeconds * 1000, intervalMs: 2000 });
      }
    }
    for (const p of published) {
      try {
        await c.client.completeChallenge(p.challenge);
        await c.client.waitForValidStatus(p.challenge);
      } catch (err) {
        throw new Error(`${p.identifier}: validation failed: ${caReason(err)}`);
      }
    }
  } finally {
    for (const p of published) {
      await cleanupTxt(api, p.name, p.value).catch((err: Error) =>
        warn(`AcmeCertificate ${label}: ${p.name} TXT not removed: ${err.message}; remove it by hand`),
      );
    }
  }
  const privateKey = (await acme.crypto.createPrivateEcdsaKey("P-256")).toString();
  const [, csr] = await acme.crypto.createCsr({ commonName: inputs.names[0], altNames: inputs.names }, privateKey);
  let bundle: string;
  try {
    const finalized = await c.client.finalizeOrder(order, csr);
    bundle = await c.client.getCertificate(finalized);
  } catch (err) {
    throw new Error(`${label}: finalising the order failed: ${caReason(err)}`);
  }
  const outs = certOutputs(bundle);
  info(`AcmeCertificate ${label}: issued serial ${outs.serialNumber}, valid until ${outs.notAfter} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { ...outs, privateKey, accountKey: c.accountKey, accountUrl };
}

/** Revokes `certificate` with the account key (destroy with revokeOnDestroy). */
export function revoke(inputs: AcmeInputs, accountKey: string, certificate: string): Promise<void> {
  return oneAtATime(async () => {
    const c = await client(inputs, accountKey);
    await c.client.createAccount({ onlyReturnExisting: true });
    await c.client.revokeCertificate(certificate);
  });
}
