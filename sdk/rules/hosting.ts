/**
 * Rules of the objects inside a hosting service (spec "Service sub-resources"; the spec is silent on
 * most of them, so these are the catalogue's choices, which the emulator enforces and the provider
 * checks at preview): passwords, paths, FTP user names, mail local parts and alias targets,
 * redirect URLs. Each is a plain test plus the zod field the catalogue and the provider both use.
 * Messages never repeat a password.
 */
import { z } from "zod";

const required = (message?: string) => (message ? { error: message } : undefined);

// ---------- passwords ----------

/** 8 to 64 printable ASCII characters, no spaces (mailboxes, FTP accounts, databases). */
const PASSWORD = /^[\x21-\x7e]{8,64}$/;
export const PASSWORD_RULE = "must be 8 to 64 printable ASCII characters without spaces (value not shown)";

export function isPassword(v: string): boolean {
  return PASSWORD.test(v);
}

/** A password field; `missing` is the message when it is absent. */
export const passwordField = (missing?: string) => z.string(required(missing)).regex(PASSWORD, { error: PASSWORD_RULE });

// ---------- paths ----------

/** An absolute path inside the hosting space: letters, digits, . _ - /, no ".." segment. */
const PATH = /^\/[A-Za-z0-9._\-/]*$/;
export const PATH_RULE = "must be a path starting with / (letters, digits, . _ - /)";

export function pathProblem(v: string): string | undefined {
  if (!PATH.test(v)) return PATH_RULE;
  return v.split("/").includes("..") ? "must not contain .." : undefined;
}

/** ftpPath / sslPath field, trimmed (the API trims parameters). */
export const pathField = (missing?: string) =>
  z
    .string(required(missing))
    .trim()
    .regex(PATH, { error: PATH_RULE })
    .refine((s) => !s.split("/").includes(".."), { error: "must not contain .." });

// ---------- FTP user names ----------

const FTP_USER = /^[a-z0-9][a-z0-9._-]{0,31}$/;
export const FTP_USER_RULE = "must be 1 to 32 letters, digits, . _ - starting with a letter or digit";

/** FTP user name, trimmed and lower-cased (ftpcreate stores it so). */
export const ftpUserField = (missing?: string) => z.string(required(missing)).trim().toLowerCase().regex(FTP_USER, { error: FTP_USER_RULE });

// ---------- mail ----------

/** An e-mail address (contacts, CSR subjects, approvers): something@host.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(v: string): boolean {
  return EMAIL.test(v);
}

/** Local part of a mailbox or alias: lower case letters, digits and . _ + - (64 at most, RFC 5321). */
const MAIL_LOCAL = /^[a-z0-9._+-]{1,64}$/;
export const MAIL_LOCAL_RULE = "the local part must be 1 to 64 lower-case letters, digits, . _ + or -";

export function isMailLocalPart(v: string): boolean {
  return MAIL_LOCAL.test(v);
}

/** The catalogue's mailbox/alias name: a local part, or an address under an ASCII domain. */
export const mailNameField = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.string().refine(
      (s) => {
        const at = s.lastIndexOf("@");
        return isMailLocalPart(at < 0 ? s : s.slice(0, at)) && (at < 0 || /^[a-z0-9.-]+$/.test(s.slice(at + 1)));
      },
      { error: "must be a mailbox name (local part or address under the service's domain)" },
    ),
  );

/** One alias target: an address, no spaces or commas. */
const MAIL_TARGET = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

export function isMailTarget(v: string): boolean {
  return MAIL_TARGET.test(v);
}

/** A list (or one comma-separated string, as the API takes it) -> trimmed, lower case, unique, in order. */
export function normaliseTargets(raw: readonly string[] | string): string[] {
  const parts = (typeof raw === "string" ? [raw] : raw).flatMap((t) => t.split(","));
  return [...new Set(parts.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}

/** Alias targets: a list or a comma-separated string, normalised by normaliseTargets, one at least. */
export const mailTargetsField = (missing?: string) =>
  z.union([z.array(z.string({ error: "each target must be a string" })), z.string()], required(missing)).transform((raw, ctx) => {
    const list = normaliseTargets(raw);
    if (list.length === 0) ctx.addIssue({ code: "custom", message: "needs at least one address" });
    for (const t of list) if (!isMailTarget(t)) ctx.addIssue({ code: "custom", message: `"${t}" is not an e-mail address` });
    return list;
  });

// ---------- redirects ----------

/** A redirect destination: an http(s) URL with a dotted host. */
const URL_RULE = /^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i;
export const URL_RULE_MESSAGE = "must be an http:// or https:// URL such as https://example.org/path";

export function isRedirectUrl(v: string): boolean {
  return URL_RULE.test(v);
}

/** Redirect destination, trimmed and otherwise kept as written (the API stores it as given). */
export const redirectUrlField = (missing?: string) => z.string(required(missing)).trim().regex(URL_RULE, { error: URL_RULE_MESSAGE });
