/**
 * http, https and mail validation decided on request (control API ssl/validation), moto's third way
 * besides "at once" and "after time": approved now, held (its timer stopped until a later request or
 * a resent mail), or, for http and https, fetched now from a server on loopback that the test names,
 * as a CA fetches the file: GET <fetchFrom>/.well-known/pki-validation/<file> with the name as Host
 * (and as TLS server name, the certificate verified against the CA the test gives), validated when
 * the answer is 200 with the expected contents. Nothing leaves loopback. dns names are not decided
 * here: their record decides (validation.ts).
 */
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import type { CertificateRecord, DcvEntry, HttpCheck } from "./model";

export interface DcvRequest {
  /** One name of the certificate; all its names still to validate by http, https or mail when absent. */
  domainName?: string;
  /** false: held (not validated, timer stopped). Default true. Ignored with fetchFrom. */
  approve?: boolean;
  /** Base URL of a loopback server to fetch the http/https validation file from. */
  fetchFrom?: string;
  /** PEM of the CA that signed the loopback https server's certificate. */
  caCert?: string;
}

export interface DcvDecision {
  domainName: string;
  method: string;
  validated: boolean;
  /** Why a fetch did not validate it (held requests: "held"). */
  reason?: string;
}

const MAX_FILE_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5000;

/** The entries a request is about, or the reason it cannot apply. */
export function targets(rec: CertificateRecord, req: DcvRequest): DcvEntry[] | string {
  const methods = req.fetchFrom !== undefined ? ["http", "https"] : ["http", "https", "mail"];
  const what = methods.join(", ").replace(/, (\w+)$/, " or $1");
  if (req.domainName !== undefined) {
    const e = Object.hasOwn(rec.dcv, req.domainName) ? rec.dcv[req.domainName] : undefined;
    if (!e) return `certificate ${rec.certificateID} has no name ${req.domainName} (its names: ${Object.keys(rec.dcv).join(", ")})`;
    if (e.method === "dns") return `${req.domainName} is validated by dns: the CNAME in the zone its domain is delegated to decides, not a request`;
    if (!methods.includes(e.method)) return `${req.domainName} is validated by ${e.method}: it is approved or held, not fetched`;
    if (e.validated) return `${req.domainName} is already validated`;
    return [e];
  }
  const open = Object.values(rec.dcv).filter((e) => !e.validated && methods.includes(e.method));
  return open.length ? open : `certificate ${rec.certificateID} has no name left to validate by ${what}`;
}

/** Whether a URL names a loopback host (the emulator never reaches further). */
export function loopbackUrl(raw: string, method: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `fetchFrom: ${raw} is not a URL`;
  }
  if (url.protocol !== `${method}:`) return `fetchFrom: the CA fetches a ${method} name over ${method}, not ${url.protocol.replace(":", "")}`;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const loopback = host === "localhost" || (isIP(host) === 4 && host.startsWith("127.")) || host === "::1";
  return loopback ? url : `fetchFrom: ${url.hostname} is not a loopback address (the emulator reaches nothing else)`;
}

/** Fetches the validation file of an http/https entry from a loopback server; undefined when it matches, else why not. */
export async function fetchCheck(e: DcvEntry, fetchFrom: string, caCert: string | undefined): Promise<string | undefined> {
  const url = loopbackUrl(fetchFrom, e.method);
  if (typeof url === "string") return url;
  const check = e.checkvalue as HttpCheck;
  const name = e.domainName.replace(/^\*\./, "");
  const path = `${url.pathname.replace(/\/$/, "")}/.well-known/pki-validation/${check.file}`;
  const got = await new Promise<{ status: number; body: string } | string>((resolve) => {
    const options = {
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port || (e.method === "https" ? 443 : 80),
      path,
      method: "GET",
      headers: { host: name, "user-agent": "dondominio-emulator-dcv" },
      timeout: FETCH_TIMEOUT_MS,
      ...(e.method === "https" ? { servername: name, ...(caCert ? { ca: caCert } : {}) } : {}),
    };
    const req = (e.method === "https" ? https : http).request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > MAX_FILE_BYTES) {
          req.destroy();
          resolve(`the answer is larger than ${MAX_FILE_BYTES} bytes`);
        } else chunks.push(c);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", (err) => resolve(`reading the answer failed: ${err.message}`));
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${FETCH_TIMEOUT_MS} ms`)));
    req.on("error", (err) => resolve(`GET ${e.method}://${name}${path} from ${url.host} failed: ${err.message}`));
    req.end();
  });
  if (typeof got === "string") return got;
  if (got.status !== 200) return `GET ${e.method}://${name}${path} answered HTTP ${got.status}`;
  // CAs compare the contents, tolerating line-ending differences and surrounding whitespace.
  const norm = (s: string) => s.replace(/\r\n/g, "\n").trim();
  if (norm(got.body) !== norm(check.contents)) return `GET ${e.method}://${name}${path} answered other contents than the checkvalue asks for`;
  return undefined;
}

/** Applies a decision reached for `e` (after any fetch). */
export function decide(e: DcvEntry, validated: boolean): void {
  e.validated = validated;
  delete e.dueMs;
}
