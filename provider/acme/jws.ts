/**
 * The signatures of ACME requests (RFC 8555 6.2): a flattened JWS (RFC 7515 7.2.2) over the request
 * URL, its nonce, and either the account key's public JWK (newAccount, revokeCert by certificate
 * key) or the account URL as `kid`. Keys are ECDSA P-256/P-384/P-521 (ES256/384/512, signatures
 * as r||s: RFC 7518 3.4) or RSA (RS256). The key's thumbprint (RFC 7638) enters the dns-01 value
 * (RFC 8555 8.1, 8.4); the external account binding is an HS256 JWS over the JWK (RFC 8555 7.3.4).
 */
import { createHash, createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";

const b64u = (data: Buffer | string) => Buffer.from(data).toString("base64url");
const b64uJson = (value: unknown) => b64u(JSON.stringify(value));

export interface Jws {
  protected: string;
  payload: string;
  signature: string;
}

/** A new account or certificate key: ECDSA P-256, PEM (PKCS #8). */
export function newEcKeyPem(): string {
  return generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

export class AccountKey {
  readonly #key: KeyObject;
  /** The public key as a JWK with only its required members, in RFC 7638's order. */
  readonly jwk: Record<string, string>;
  readonly alg: "ES256" | "ES384" | "ES512" | "RS256";
  readonly #hash: "sha256" | "sha384" | "sha512";

  constructor(pem: string) {
    this.#key = createPrivateKey(pem);
    const pub = createPublicKey(this.#key).export({ format: "jwk" }) as Record<string, string>;
    if (pub.kty === "EC") {
      const byCurve = { "P-256": ["ES256", "sha256"], "P-384": ["ES384", "sha384"], "P-521": ["ES512", "sha512"] } as const;
      const a = byCurve[pub.crv as keyof typeof byCurve];
      if (!a) throw new Error(`the account key's curve ${pub.crv} is not one ACME CAs accept (P-256, P-384, P-521)`);
      [this.alg, this.#hash] = a;
      this.jwk = { crv: pub.crv, kty: "EC", x: pub.x, y: pub.y };
    } else if (pub.kty === "RSA") {
      [this.alg, this.#hash] = ["RS256", "sha256"];
      this.jwk = { e: pub.e, kty: "RSA", n: pub.n };
    } else {
      throw new Error(`the account key is a ${pub.kty} key; ACME CAs accept ECDSA and RSA keys`);
    }
  }

  /** RFC 7638 thumbprint: SHA-256 of the JWK's required members, lexically ordered, no spaces. */
  thumbprint(): string {
    return createHash("sha256").update(JSON.stringify(this.jwk)).digest("base64url");
  }

  /** The TXT value of a dns-01 challenge: base64url(SHA-256(token "." thumbprint)) (RFC 8555 8.4). */
  dns01Value(token: string): string {
    return createHash("sha256").update(`${token}.${this.thumbprint()}`).digest("base64url");
  }

  /** A signed request body; `payload` undefined = POST-as-GET (empty payload, RFC 8555 6.3). */
  sign(url: string, nonce: string, payload: unknown, by: { kid: string } | "jwk"): Jws {
    const header = { alg: this.alg, nonce, url, ...(by === "jwk" ? { jwk: this.jwk } : { kid: by.kid }) };
    const protectedB64 = b64uJson(header);
    const payloadB64 = payload === undefined ? "" : b64uJson(payload);
    const signature = sign(this.#hash, Buffer.from(`${protectedB64}.${payloadB64}`), {
      key: this.#key,
      ...(this.alg === "RS256" ? {} : { dsaEncoding: "ieee-p1363" as const }),
    });
    return { protected: protectedB64, payload: payloadB64, signature: signature.toString("base64url") };
  }

  /** The external account binding for newAccount (RFC 8555 7.3.4): HS256 over this key's JWK. */
  externalAccountBinding(url: string, kid: string, hmacKeyB64u: string): Jws {
    const protectedB64 = b64uJson({ alg: "HS256", kid, url });
    const payloadB64 = b64uJson(this.jwk);
    const mac = createHmac("sha256", Buffer.from(hmacKeyB64u, "base64url")).update(`${protectedB64}.${payloadB64}`).digest();
    return { protected: protectedB64, payload: payloadB64, signature: mac.toString("base64url") };
  }
}

/** The DER of a PEM block (certificate or CSR) as base64url, as newOrder's finalize and revokeCert take it. */
export function pemToB64u(pem: string): string {
  const body = /-----BEGIN [^-]+-----([\s\S]+?)-----END [^-]+-----/.exec(pem)?.[1];
  if (!body) throw new Error("not a PEM block");
  return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("base64url");
}
