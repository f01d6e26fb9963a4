/**
 * The ACME protocol (RFC 8555) as AcmeCertificate uses it, over one AcmeTransport (transport.ts:
 * deadline, budget, size cap, https only): the directory, nonces, the account, an order, its
 * authorizations, a dns-01 challenge answered, polls until a final status, finalize, the
 * certificate, revocation. Every reply is checked for the shape the step needs before it is used
 * (a Location where the RFC gives the object's URL there, the fields of an order or an
 * authorization), so a broken CA fails the step that met it instead of sending the client round in
 * circles. Polls follow the CA's Retry-After within [POLL_MIN_MS, POLL_MAX_MS], at most MAX_POLLS
 * per object.
 */
import { printable } from "../../sdk/core/printable";
import { AccountKey, pemToB64u } from "./jws";
import { type AcmeReply, AcmeStepError, type AcmeTransport, shownUrl } from "./transport";

/** Polls of one object (an authorization, the order) before giving up on it. */
export const MAX_POLLS = 30;
export const POLL_MIN_MS = 1_000;
export const POLL_MAX_MS = 10_000;
/** badNonce answers retried per request (RFC 8555 6.5: the reply carries a fresh nonce). */
const BAD_NONCE_RETRIES = 3;

export interface Directory {
  newNonce: string;
  newAccount: string;
  newOrder: string;
  revokeCert?: string;
  meta?: { termsOfService?: string };
}

export interface Challenge {
  type: string;
  url: string;
  token?: string;
  status?: string;
  error?: { type?: string; detail?: string };
}

export interface Authorization {
  url: string;
  status: string;
  identifier: { type: string; value: string };
  wildcard?: boolean;
  challenges: Challenge[];
}

export interface Order {
  url: string;
  status: string;
  authorizations: string[];
  finalize: string;
  certificate?: string;
  error?: { type?: string; detail?: string };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const NONCE = /^[A-Za-z0-9_-]{1,512}$/;

/** The CA's problem detail as one short visible line. */
const detailOf = (p: { type?: unknown; detail?: unknown } | undefined) => {
  const type = typeof p?.type === "string" ? printable(p.type.replace(/^urn:ietf:params:acme:error:/, ""), 80) : undefined;
  const detail = typeof p?.detail === "string" ? printable(p.detail, 500) : undefined;
  return [type, detail].filter(Boolean).join(": ") || "no detail";
};

export class AcmeClient {
  readonly key: AccountKey;
  #kid: string | undefined;
  #nonce: string | undefined;
  #dir: Directory | undefined;

  constructor(
    readonly t: AcmeTransport,
    accountKeyPem: string,
  ) {
    this.key = new AccountKey(accountKeyPem);
  }

  get accountUrl(): string {
    if (!this.#kid) throw new Error("no ACME account yet");
    return this.#kid;
  }

  #json(step: string, reply: AcmeReply): Record<string, unknown> {
    let v: unknown;
    try {
      v = JSON.parse(reply.body.toString("utf8"));
    } catch {
      v = undefined;
    }
    if (!isObj(v))
      throw this.t.fail(step, `the reply (HTTP ${reply.status}, ${printable(reply.headers["content-type"] ?? "no content type", 60)}) is not a JSON object`);
    return v;
  }

  /** The directory (RFC 8555 7.1.1), read once: its three required URLs must be there. */
  async directory(): Promise<Directory> {
    if (this.#dir) return this.#dir;
    const reply = await this.t.request("directory", this.t.directoryUrl, { method: "GET" });
    let d: unknown;
    try {
      d = reply.status === 200 ? JSON.parse(reply.body.toString("utf8")) : undefined;
    } catch {
      d = undefined;
    }
    if (!isObj(d) || !["newNonce", "newAccount", "newOrder"].every((k) => typeof d[k] === "string")) {
      const type = printable((reply.headers["content-type"] ?? "").split(";")[0].trim(), 60) || "no content type";
      throw this.t.fail(
        "directory",
        `the reply is not an ACME directory (HTTP ${reply.status}, ${type}; RFC 8555 7.1.1 needs newNonce, newAccount, newOrder): check directoryUrl`,
      );
    }
    this.#dir = d as unknown as Directory;
    return this.#dir;
  }

  #keepNonce(reply: AcmeReply): void {
    const n = reply.headers["replay-nonce"];
    this.#nonce = n && NONCE.test(n) ? n : undefined;
  }

  async #takeNonce(): Promise<string> {
    const kept = this.#nonce;
    this.#nonce = undefined;
    if (kept) return kept;
    const reply = await this.t.request("newNonce", (await this.directory()).newNonce, { method: "HEAD" });
    const n = reply.headers["replay-nonce"];
    if (reply.status >= 400 || !n || !NONCE.test(n)) throw this.t.fail("newNonce", `HTTP ${reply.status} without a usable Replay-Nonce header (RFC 8555 7.2)`);
    return n;
  }

  /**
   * A signed POST (RFC 8555 6.2); `payload` undefined = POST-as-GET. A badNonce answer is retried
   * with the nonce it carries (at most BAD_NONCE_RETRIES); any other answer of 400 or more throws
   * the CA's problem, named with the step.
   */
  async post(
    step: string,
    url: string,
    payload: unknown,
    opts: { jwk?: boolean; poll?: boolean; extra?: (url: string) => Record<string, unknown> } = {},
  ): Promise<AcmeReply> {
    for (let attempt = 0; ; attempt++) {
      const nonce = await this.#takeNonce();
      const body = opts.extra ? { ...(payload as object), ...opts.extra(url) } : payload;
      const jws = this.key.sign(url, nonce, body, opts.jwk ? "jwk" : { kid: this.accountUrl });
      const reply = await this.t.request(step, url, { method: "POST", body: JSON.stringify(jws), poll: opts.poll });
      this.#keepNonce(reply);
      if (reply.status < 400) return reply;
      let problem: { type?: string; detail?: string; status?: number } | undefined;
      try {
        const p = JSON.parse(reply.body.toString("utf8"));
        problem = isObj(p) ? (p as typeof problem) : undefined;
      } catch {
        problem = undefined;
      }
      if (problem?.type === "urn:ietf:params:acme:error:badNonce" && attempt < BAD_NONCE_RETRIES) continue;
      throw this.t.fail(step, `the CA refused it (HTTP ${reply.status}): ${detailOf(problem)}`, { ...problem, status: reply.status });
    }
  }

  /** The object's URL from a Location header, which must be https (RFC 8555 7.3, 7.4). */
  #location(step: string, reply: AcmeReply, what: string): string {
    const loc = reply.headers.location;
    if (!loc)
      throw this.t.fail(step, `HTTP ${reply.status} without a Location header: RFC 8555 gives the ${what}'s URL there; without it there is nothing to go on`);
    let u: URL;
    try {
      u = new URL(loc, reply.url);
    } catch {
      throw this.t.fail(step, `the Location header is no URL`);
    }
    if (u.protocol !== "https:") throw this.t.fail(step, `the ${what}'s URL ${printable(`${u.protocol}//${u.host}`, 200)} is not https: refused`);
    return u.href;
  }

  /**
   * Creates the account, or finds the one of this key (onlyReturnExisting, RFC 8555 7.3.1). A
   * reply without a Location fails here: acme-client 5.4 answered it by asking again, without end.
   */
  async account(opts: { existing: boolean; contact?: string[]; eab?: { kid: string; hmacKey: string } }): Promise<string> {
    const dir = await this.directory();
    const payload = opts.existing ? { onlyReturnExisting: true } : { termsOfServiceAgreed: true, ...(opts.contact ? { contact: opts.contact } : {}) };
    const eab = !opts.existing && opts.eab ? opts.eab : undefined;
    const reply = await this.post("newAccount", dir.newAccount, payload, {
      jwk: true,
      extra: eab ? (url) => ({ externalAccountBinding: this.key.externalAccountBinding(url, eab.kid, eab.hmacKey) }) : undefined,
    });
    if (reply.status !== 200 && reply.status !== 201) throw this.t.fail("newAccount", `unexpected HTTP ${reply.status}`);
    this.#kid = this.#location("newAccount", reply, "account");
    return this.#kid;
  }

  #order(step: string, url: string, o: Record<string, unknown>): Order {
    const auths = o.authorizations;
    if (typeof o.status !== "string" || typeof o.finalize !== "string" || !Array.isArray(auths) || !auths.every((a) => typeof a === "string"))
      throw this.t.fail(step, "the reply is not an ACME order (RFC 8555 7.1.3: status, authorizations, finalize)");
    return {
      url,
      status: o.status,
      authorizations: auths as string[],
      finalize: o.finalize,
      certificate: typeof o.certificate === "string" ? o.certificate : undefined,
      error: isObj(o.error) ? (o.error as Order["error"]) : undefined,
    };
  }

  async newOrder(names: string[]): Promise<Order> {
    const dir = await this.directory();
    const reply = await this.post("newOrder", dir.newOrder, { identifiers: names.map((value) => ({ type: "dns", value })) });
    const url = this.#location("newOrder", reply, "order");
    return this.#order("newOrder", url, this.#json("newOrder", reply));
  }

  #authorization(step: string, url: string, a: Record<string, unknown>): Authorization {
    const id = a.identifier;
    if (typeof a.status !== "string" || !isObj(id) || typeof id.type !== "string" || typeof id.value !== "string" || !Array.isArray(a.challenges))
      throw this.t.fail(step, "the reply is not an ACME authorization (RFC 8555 7.1.4: status, identifier, challenges)");
    const challenges = (a.challenges as unknown[])
      .filter(isObj)
      .filter((c) => typeof c.type === "string" && typeof c.url === "string") as unknown as Challenge[];
    return { url, status: a.status, identifier: { type: id.type, value: id.value }, wildcard: a.wildcard === true, challenges };
  }

  async authorization(url: string): Promise<Authorization> {
    const reply = await this.post("authorization", url, undefined);
    return this.#authorization("authorization", url, this.#json("authorization", reply));
  }

  /** Tells the CA the challenge is ready (RFC 8555 7.5.1: an empty JSON object). */
  async answer(challenge: Challenge): Promise<void> {
    await this.post("challenge", challenge.url, {});
  }

  /** Seconds of a Retry-After header (delta or HTTP date), clamped to the poll bounds. */
  #interval(reply: AcmeReply, attempt: number): number {
    const h = reply.headers["retry-after"];
    let ms = Number.NaN;
    if (h && /^\s*\d+\s*$/.test(h)) ms = Number(h) * 1000;
    else if (h) ms = Date.parse(h) - Date.now();
    if (!Number.isFinite(ms)) ms = POLL_MIN_MS * 2 ** Math.min(attempt, 4);
    return Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, ms));
  }

  /** POST-as-GET `url` until its status is no longer one of `waiting`, at most MAX_POLLS times. */
  async #poll(step: string, url: string, waiting: string[]): Promise<{ obj: Record<string, unknown>; status: string }> {
    for (let attempt = 1; ; attempt++) {
      const reply = await this.post(step, url, undefined, { poll: true });
      const obj = this.#json(step, reply);
      const status = typeof obj.status === "string" ? obj.status : "";
      if (!waiting.includes(status)) return { obj, status };
      if (attempt >= MAX_POLLS)
        throw this.t.fail(
          step,
          `${shownUrl(new URL(url))} is still "${printable(status, 40)}" after ${MAX_POLLS} polls (the poll budget): giving up on this CA`,
        );
      await this.t.sleep(step, this.#interval(reply, attempt));
    }
  }

  /** Polls the authorization until the CA decided (RFC 8555 7.5.1); throws the challenge's error when invalid. */
  async validated(authz: Authorization): Promise<void> {
    const { obj, status } = await this.#poll("authorization", authz.url, ["pending", "processing"]);
    if (status === "valid") return;
    const a = this.#authorization("authorization", authz.url, obj);
    const failed = a.challenges.find((c) => c.error);
    throw new AcmeStepError(
      this.t.fail("authorization", `validation failed (status ${printable(status, 40)}): ${detailOf(failed?.error)}`).message,
      "authorization",
      failed?.error,
    );
  }

  /** Finalizes the order with the CSR (PEM) and polls it until its certificate is ready; the certificate chain's PEM. */
  async finalizeAndDownload(order: Order, csrPem: string): Promise<string> {
    const reply = await this.post("finalize", order.finalize, { csr: pemToB64u(csrPem) });
    let o = this.#order("finalize", order.url, this.#json("finalize", reply));
    if (o.status !== "valid") {
      const { obj } = await this.#poll("order", order.url, ["pending", "ready", "processing"]);
      o = this.#order("order", order.url, obj);
    }
    if (o.status !== "valid" || !o.certificate)
      throw this.t.fail("order", `the order ended "${printable(o.status, 40)}" without a certificate: ${detailOf(o.error)}`);
    const cert = await this.post("certificate", o.certificate, undefined);
    const pem = cert.body.toString("utf8");
    if (!pem.includes("-----BEGIN CERTIFICATE-----")) throw this.t.fail("certificate", "the reply holds no PEM certificate");
    return pem;
  }

  /** Revokes a certificate (PEM) with the account key (RFC 8555 7.6). */
  async revoke(certificatePem: string): Promise<void> {
    const dir = await this.directory();
    if (!dir.revokeCert) throw this.t.fail("revokeCert", "the CA's directory offers no revokeCert");
    await this.post("revokeCert", dir.revokeCert, { certificate: pemToB64u(certificatePem) });
  }
}
