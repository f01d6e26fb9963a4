/**
 * Rules of the objects inside a hosting service (spec "Service sub-resources"; the spec is silent on
 * most of them, so these are the catalogue's choices, which the emulator enforces and the provider
 * checks at preview): passwords, paths, FTP user names, mail local parts and alias targets,
 * redirect URLs. Each is a plain test plus the zod field the catalogue and the provider both use.
 * Messages never repeat a password.
 */
import { z } from "zod";
import { emailAddressProblem, localPartProblem } from "./mail-syntax";
import { redirectUrlProblem, URL_RULE_MESSAGE } from "./url";

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

/** An e-mail address (contacts, CSR subjects, approvers): RFC 5321 syntax (mail-syntax.ts). */
export function isEmailAddress(v: string): boolean {
  return emailAddressProblem(v) === undefined;
}

/** Local part of a mailbox or alias: lower case letters, digits and . _ + - (64 at most), an RFC 5321 dot-string (no dot at either end, none doubled). */
const MAIL_LOCAL = /^[a-z0-9._+-]{1,64}$/;
export const MAIL_LOCAL_RULE = "the local part must be 1 to 64 lower-case letters, digits, . _ + or -";

/** Why `v` is not a mailbox or alias local part, or undefined. */
export function mailLocalPartProblem(v: string): string | undefined {
  if (!MAIL_LOCAL.test(v)) return MAIL_LOCAL_RULE;
  return localPartProblem(v);
}

export function isMailLocalPart(v: string): boolean {
  return mailLocalPartProblem(v) === undefined;
}

/** The catalogue's mailbox/alias name: a local part, or an address under an ASCII domain. */
export const mailNameField = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.string().refine(
      (s) => {
        const at = s.lastIndexOf("@");
        return isMailLocalPart(at < 0 ? s : s.slice(0, at)) && (at < 0 || (/^[a-z0-9.-]+$/.test(s.slice(at + 1)) && isEmailAddress(s)));
      },
      { error: "must be a mailbox name (local part or address under the service's domain)" },
    ),
  );

/** One alias target: an RFC 5321 address (no spaces or commas either: the API takes a comma list). */
export function mailTargetProblem(v: string): string | undefined {
  return v.includes(",") ? "a comma inside one address" : emailAddressProblem(v);
}

export function isMailTarget(v: string): boolean {
  return mailTargetProblem(v) === undefined;
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
    for (const t of list) {
      const problem = mailTargetProblem(t);
      if (problem) ctx.addIssue({ code: "custom", message: `"${t}" is not an e-mail address: ${problem}` });
    }
    return list;
  });

// ---------- redirects ----------

/** A redirect destination: an http(s) URL, its host and port checked (url.ts). */
export function isRedirectUrl(v: string): boolean {
  return redirectUrlProblem(v) === undefined;
}

/** Redirect destination, trimmed and otherwise kept as written (the API stores it as given). */
export const redirectUrlField = (missing?: string) =>
  z
    .string(required(missing))
    .trim()
    .transform((s, ctx) => {
      const problem = redirectUrlProblem(s);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem === URL_RULE_MESSAGE ? problem : `${URL_RULE_MESSAGE}: ${problem}` });
        return z.NEVER;
      }
      return s;
    });
