/**
 * One issue through an ACME CA (provider/acme/protocol.ts, RFC 8555): account (created or found by
 * its key), order for the names, a DNS-01 TXT record per pending authorization in the account's
 * zone (provider/acme/challenge.ts, CNAMEs followed), the wait until the zones' nameservers publish
 * them, the challenges answered, the order finalised with a CSR of a new key, the certificate
 * fetched.
 *
 * - Bounded (provider/acme/transport.ts): the whole issue ends by its deadline (the resource's
 *   customTimeouts, else DEFAULT_ISSUE_MS plus the propagation wait), each request within
 *   ACME_REQUEST_TIMEOUT_MS, within a request budget and a poll budget, each reply within a size
 *   cap; a failure names the CA and the step. Issues share nothing, so they run side by side: one
 *   CA that hangs holds only its own certificate.
 * - The CA does not choose the names: every authorization must be for a declared name (a wildcard's
 *   is its base name with wildcard=true), checked for all of them before anything is written.
 * - The TXT records are removed whatever happens; a rate limit from the CA is reported as such,
 *   never retried here.
 */
import { X509Certificate } from "node:crypto";
import * as acme from "acme-client";
import { apiZones, type ChallengeTarget, challengeName, challengeTarget, cleanupTxt, presentTxt } from "../../acme/challenge";
import { undeclaredIdentifier } from "../../acme/identifiers";
import { newEcKeyPem } from "../../acme/jws";
import { parseServers, waitForTxt } from "../../acme/propagation";
import { AcmeClient, type Authorization, type Challenge } from "../../acme/protocol";
import { AcmeStepError, AcmeTransport, requestBudget } from "../../acme/transport";
import type { Api } from "../../core/client";
import { info, warn } from "../../core/log";
import type { AcmeInputs, AcmeState } from "./schema";

/** The issue's deadline when the program sets no customTimeouts: this, plus propagationTimeoutSeconds. */
export const DEFAULT_ISSUE_MS = 10 * 60_000;
/** A revocation's, likewise. */
export const DEFAULT_REVOKE_MS = 2 * 60_000;

export interface Deadline {
  /** Epoch ms. */
  at: number;
  /** What set it, for the message. */
  why: string;
}

/** The deadline of an operation: its customTimeouts (`ms`) when set, else `fallbackMs` from now. */
export function deadlineOf(op: string, ms: number | undefined, fallbackMs: number): Deadline {
  if (ms) return { at: Date.now() + ms, why: `customTimeouts.${op}, ${Math.round(ms / 1000)} s` };
  return { at: Date.now() + fallbackMs, why: `the default of ${Math.round(fallbackMs / 1000)} s; customTimeouts.${op} sets another` };
}

/**
 * An error of the CA as one line: its problem type (rateLimited, unauthorized...) when it sent one,
 * and its detail; a rate limit is said in words (Let's Encrypt's details link to /docs/rate-limits/).
 */
function caReason(err: unknown): string {
  const e = err as AcmeStepError;
  const type = e.problem?.type?.replace(/^urn:ietf:params:acme:error:/, "");
  const text = e.message ?? String(err);
  if (type === "rateLimited" || e.problem?.status === 429 || /rate.?limit/i.test(e.problem?.detail ?? ""))
    return `${text} (the CA's rate limit: not retried; try again after the time it names)`;
  return text;
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

/** The transport and client of one issue or revocation with the CA of `inputs`. */
export function acmeClient(inputs: AcmeInputs, accountKey: string, deadline: Deadline): AcmeClient {
  const t = new AcmeTransport(inputs.directoryUrl, inputs.directoryCaCert, {
    deadline: deadline.at,
    deadlineWhy: deadline.why,
    maxRequests: requestBudget(inputs.names.length),
  });
  return new AcmeClient(t, accountKey);
}

/** Issues one certificate; `deadline` defaults to DEFAULT_ISSUE_MS plus the propagation wait. */
export async function issue(
  api: Api,
  inputs: AcmeInputs,
  accountKey: string | undefined,
  label: string,
  deadline = deadlineOf("create", undefined, DEFAULT_ISSUE_MS + inputs.propagationTimeoutSeconds * 1000),
): Promise<Omit<AcmeState, keyof AcmeInputs>> {
  const key = accountKey ?? newEcKeyPem();
  const c = acmeClient(inputs, key, deadline);
  try {
    return await issueWith(c, api, inputs, { pem: key, known: accountKey !== undefined }, label);
  } catch (err) {
    throw new Error(`${label}: ${caReason(err)}`);
  } finally {
    await c.t.close();
  }
}

interface Published {
  name: string;
  zone: string;
  value: string;
  identifier: string;
  authz: Authorization;
  challenge: Challenge;
}

/** The authorizations of the order, each for a declared name and offering dns-01; nothing is written before all are checked. */
async function authorizations(c: AcmeClient, inputs: AcmeInputs, urls: string[]): Promise<{ authz: Authorization; challenge?: Challenge }[]> {
  // One authorization per identifier (RFC 8555 7.1.3): more is a CA choosing names, and requests.
  if (urls.length > inputs.names.length)
    throw c.t.fail("newOrder", `the order lists ${urls.length} authorizations for ${inputs.names.length} names: refused before any was read`);
  const out: { authz: Authorization; challenge?: Challenge }[] = [];
  for (const url of urls) {
    const authz = await c.authorization(url);
    const undeclared = undeclaredIdentifier(authz.identifier, authz.wildcard, inputs.names);
    if (undeclared) throw c.t.fail("authorization", `the CA's authorization is for ${undeclared}: no challenge record is written for it`);
    if (authz.status === "valid") {
      out.push({ authz });
      continue;
    }
    if (authz.status !== "pending") throw c.t.fail("authorization", `${authz.identifier.value}: the authorization is "${authz.status}", not pending`);
    const challenge = authz.challenges.find((ch) => ch.type === "dns-01");
    if (!challenge) throw c.t.fail("authorization", `${authz.identifier.value}: the CA offers no dns-01 challenge`);
    // The token enters the TXT value only through a hash; its alphabet is checked all the same.
    if (typeof challenge.token !== "string" || !/^[A-Za-z0-9_-]{1,512}$/.test(challenge.token))
      throw c.t.fail("authorization", `${authz.identifier.value}: the dns-01 challenge's token is not base64url (RFC 8555 8.1)`);
    out.push({ authz, challenge });
  }
  return out;
}

async function issueWith(
  c: AcmeClient,
  api: Api,
  inputs: AcmeInputs,
  accountKey: { pem: string; known: boolean },
  label: string,
): Promise<Omit<AcmeState, keyof AcmeInputs>> {
  const started = Date.now();
  const eab = inputs.eabKid && inputs.eabHmacKey ? { kid: inputs.eabKid, hmacKey: inputs.eabHmacKey } : undefined;
  // A known key finds its account (onlyReturnExisting, RFC 8555 7.3.1).
  const accountUrl = await c.account({ existing: accountKey.known, contact: inputs.email ? [`mailto:${inputs.email}`] : undefined, eab });
  const order = await c.newOrder(inputs.names);
  const authzs = await authorizations(c, inputs, order.authorizations);
  // Where each TXT goes (CNAMEs followed), for every authorization before anything is written.
  const zones = apiZones(api);
  const todo: (Omit<Published, "zone"> & { target: ChallengeTarget })[] = [];
  for (const { authz, challenge } of authzs) {
    if (!challenge) continue;
    const target = await challengeTarget(zones, challengeName(`_acme-challenge.${authz.identifier.value}`));
    const identifier = `${authz.wildcard ? "*." : ""}${authz.identifier.value}`;
    todo.push({ name: target.name, value: c.key.dns01Value(challenge.token as string), identifier, authz, challenge, target });
  }
  const published: Published[] = [];
  try {
    for (const { target, ...t } of todo) {
      const p = await presentTxt(api, target.name, t.value, target.zone);
      published.push({ ...t, zone: p.zone });
      const via = target.chain.length > 1 ? ` (CNAME of ${target.chain[0]})` : "";
      info(`AcmeCertificate ${label}: ${target.name}${via} TXT ${p.created ? "created" : "present"} in zone ${p.zone} for ${t.identifier}`);
    }
    const servers = inputs.dnsServers ? parseServers(inputs.dnsServers.join(",")) : undefined;
    if (inputs.propagationTimeoutSeconds > 0) {
      for (const p of published) {
        const left = c.t.remainingMs();
        const timeoutMs = Math.min(inputs.propagationTimeoutSeconds * 1000, left);
        await waitForTxt(api, p.zone, p.name, p.value, { servers, timeoutMs, intervalMs: 2000 }).catch((err: Error) => {
          throw timeoutMs < inputs.propagationTimeoutSeconds * 1000 ? c.t.fail("propagation", `${err.message} (cut short by the issue's deadline)`) : err;
        });
      }
    }
    for (const p of published) {
      await c.answer(p.challenge);
      try {
        await c.validated(p.authz);
      } catch (err) {
        throw new AcmeStepError(`${p.identifier}: ${(err as Error).message}`, "authorization", (err as AcmeStepError).problem);
      }
    }
  } finally {
    for (const p of published) {
      await cleanupTxt(api, p.name, p.value, p.zone).catch((err: Error) =>
        warn(`AcmeCertificate ${label}: ${p.name} TXT not removed: ${err.message}; remove it by hand`),
      );
    }
  }
  const privateKey = newEcKeyPem();
  const [, csr] = await acme.crypto.createCsr({ commonName: inputs.names[0], altNames: inputs.names }, privateKey);
  const outs = certOutputs(await c.finalizeAndDownload(order, csr.toString()));
  info(
    `AcmeCertificate ${label}: issued serial ${outs.serialNumber}, valid until ${outs.notAfter} (${((Date.now() - started) / 1000).toFixed(1)} s, ${c.t.requests} requests to the CA)`,
  );
  return { ...outs, privateKey, accountKey: accountKey.pem, accountUrl };
}

/** Revokes `certificate` with the account key (destroy with revokeOnDestroy). */
export async function revoke(
  inputs: AcmeInputs,
  accountKey: string,
  certificate: string,
  deadline = deadlineOf("delete", undefined, DEFAULT_REVOKE_MS),
): Promise<void> {
  const c = acmeClient(inputs, accountKey, deadline);
  try {
    await c.account({ existing: true });
    await c.revoke(certificate);
  } catch (err) {
    throw new Error(`revoking the certificate of ${inputs.names[0]}: ${caReason(err)}`);
  } finally {
    await c.t.close();
  }
}
