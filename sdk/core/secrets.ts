/**
 * The one rule for what is a secret, shared by every surface that shows data: the sdk's redaction
 * (errors, debug log, inspect: redact.ts), the emulator's state dumps and `dondominio-review`
 * (provider/review/collect.ts, which adds the values the Pulumi engine marks secret).
 *
 * A member is secret by its NAME (a pattern, not a list: the API and the resources spell the same
 * secret many ways: apipasswd, aeroPass, pfxpass, sslKey, keyData, dyndnsKey, privateKey...) or by
 * its VALUE (a PEM private key, or a URL with a password in it, whatever the member is called). Names compare without case and
 * without separators, so `ssl_key`, `SSL-Key` and `sslKey` are one name.
 */

/** Names that mean "secret" wherever they occur in a member name. */
const SECRET_PART =
  /passw|passphrase|passcode|pwd|secret|token|authcode|authinfo|authorization|bearer|jwt|credential|cookie|apikey|keydata|keypem|pincode|otpcode|totp|mfacode/;
/**
 * Names that end so: aeroPass, pfxpass; key, sslKey, csrKey, certKey, tlsKey, sshKey, signingKey,
 * privateKey, dyndnsKey; and their plurals (sshKeys, privateKeys: a list of keys is as secret as one);
 * pin, simPin; otp, emailOtp, hotp; salt, passwordSalt. Short words such as pin and otp only at
 * the end (shipping, opinion and footprint hold the letters), the code forms anywhere (pinCode, otpCode).
 */
const SECRET_END = /(pass|key|.keys|pin|otp|salt)$/;
/**
 * Names ending in "key" or "keys" that name something public: the API's product code (`productkey`)
 * and public keys. keytag, keyLength and the like do not end in "key" at all; `keys` alone is a
 * list of names. `spin` ends in "pin".
 */
const PUBLIC_KEY_NAMES: ReadonlySet<string> = new Set(["productkey", "publickey", "pubkey", "dnskey", "spin"].flatMap((n) => [n, `${n}s`]));

/** The member name as the rule compares it: lower case, letters and digits only. */
const normal = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * True when a member called `name` holds a secret: by the name pattern above, or because `extra`
 * (an operation's own `secrets`, sdk/catalogue/types.ts) lists it.
 */
export function isSecretName(name: string, extra: readonly string[] = []): boolean {
  const n = normal(name);
  if (extra.some((x) => normal(x) === n)) return true;
  if (SECRET_PART.test(n)) return true;
  return SECRET_END.test(n) && !PUBLIC_KEY_NAMES.has(n);
}

/**
 * A PEM private key (RFC 7468 labels "PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY",
 * "ENCRYPTED PRIVATE KEY", "OPENSSH PRIVATE KEY", and OpenPGP's "PGP PRIVATE KEY BLOCK"), also
 * with the label's case or spacing changed.
 */
export const PRIVATE_KEY_PEM = /-----BEGIN[ \t]+(?:[A-Z0-9]+[ \t]+)*PRIVATE[ \t]+KEY(?:[ \t]+BLOCK)?-----/i;

/** Every PEM private key block in a text, from its BEGIN line to its END line (or the end of the text). */
export const PRIVATE_KEY_BLOCKS = new RegExp(`${PRIVATE_KEY_PEM.source}[\\s\\S]*?(?:-----END[^-\\n]*-----|$)`, "gi");

/** Any string holding a PEM private key is a secret whatever its member is called. */
export function holdsPrivateKey(value: unknown): value is string {
  return typeof value === "string" && PRIVATE_KEY_PEM.test(value);
}

/**
 * A URL with a password in its userinfo (RFC 3986 3.2.1, `scheme://user:password@host`: a database
 * connection string, a redirect with credentials). `https://host/a@b` and `mailto:a@b` hold none.
 * From "://" on, without the scheme: a pattern starting with the scheme's letters backtracks over
 * every run of letters (a 20,000-letter value took 0.2 s, a megabyte minutes); this one starts at a
 * literal and each of its runs ends at the next "/".
 */
export const CREDENTIAL_URL = /:\/\/[^\s/?#@:]*:[^\s/?#@]+@/;

/** A string that is a secret whatever its member is called: a PEM private key, or a URL carrying a password. */
export function holdsSecretValue(value: unknown): value is string {
  return typeof value === "string" && (PRIVATE_KEY_PEM.test(value) || CREDENTIAL_URL.test(value));
}

/**
 * THE rule: is the member `name` holding `value` a secret? A private key under any name; under a
 * secret name any value but nothing (undefined, null, "") and yes/no flags (`authcodereq`,
 * `exposeAuthcode`, `zonepass` hold no secret).
 */
export function isSecretMember(name: string, value: unknown, extra: readonly string[] = []): boolean {
  if (holdsSecretValue(value)) return true;
  if (value === undefined || value === null || value === "" || typeof value === "boolean") return false;
  return isSecretName(name, extra);
}
