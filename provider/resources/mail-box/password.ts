/**
 * Fingerprint of the last mailbox password applied. The API never returns the password (masked),
 * so diff cannot compare with the live value; it compares the program's password with this salted
 * scrypt hash, kept in the state as a secret output. Changing the password in the program is an
 * update; a password changed outside Pulumi cannot be seen (README).
 */
import { randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

const PREFIX = "scrypt";

export function passwordFingerprint(password: string, salt: Buffer = randomBytes(16)): string {
  return `${PREFIX}$${salt.toString("base64url")}$${scryptSync(password, salt, 32).toString("base64url")}`;
}

/** True when `password` is the one `fingerprint` was made from; false for anything unknown or malformed. */
export function passwordMatches(fingerprint: unknown, password: unknown): boolean {
  if (typeof fingerprint !== "string" || typeof password !== "string") return false;
  const [prefix, salt, hash] = fingerprint.split("$");
  if (prefix !== PREFIX || !salt || !hash) return false;
  const want = Buffer.from(hash, "base64url");
  const got = scryptSync(password, Buffer.from(salt, "base64url"), want.length || 32);
  return want.length === got.length && timingSafeEqual(want, got);
}
