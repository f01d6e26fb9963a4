/**
 * MailBox: inputs, outputs and rules. Inputs are validated and normalised at check (preview) with
 * no API call. The password is a secret input; the API answers it masked (spec "Service
 * sub-resources": "returned masked"), so the state keeps only a salted scrypt fingerprint of the
 * last password applied (`passwordHash`, a secret output) and diff compares the input with it
 * (password.ts).
 */
import { z } from "zod";
import { bool } from "../../../sdk/catalogue/fields";
import { mailKey, passwordField } from "../../../sdk/rules";
import { mailEntityInputs, mailNameInput } from "../../service-entities/mail-address";
import { passwordUnlessAdopt, serviceNameField } from "../../service-entities/service-entities";
import type { StateOf } from "../../core/resource-class";

/** The program's inputs, each documented once (the class's Args derive from them). */
export const mailBoxFields = {
  /** The mail or hosting service's name, e.g. "example.com" (a HostingService's `name`). */
  serviceName: serviceNameField,
  /** The local part ("info") or the full address under the service's domain ("info@example.com"). */
  name: mailNameInput("info"),
  /**
   * 8 to 64 printable ASCII characters without spaces; stored as a secret. May be left out only with
   * adopt: the live password is then kept until the program sets one.
   */
  password: passwordField("required: the mailbox password (a secret)").optional(),
  /** Take over a mailbox of the same address that already exists (its password is set when given) instead of failing. */
  adopt: bool().optional(),
};

/** The password may be left out only with adopt (the live one is kept: service-entities.ts passwordUnlessAdopt). */
export const mailBoxInputs = mailEntityInputs(mailBoxFields).superRefine((v, ctx) => passwordUnlessAdopt(v, ctx));

export type MailBoxInputs = z.output<typeof mailBoxInputs>;

/** What the state adds to the inputs: no password, only its fingerprint. */
export const mailBoxOutputs = {
  /** The full address, as the API answers it: `info@example.com`. */
  name: z.string(),
  /** The API's entityID. */
  entityId: z.string(),
  /** Bytes used. */
  usage: z.number(),
  /** Bytes allowed by the service's product. */
  quotaMax: z.number(),
  /** `scrypt$<salt>$<hash>`: salted fingerprint of the last password applied (secret). */
  passwordHash: z.string(),
};
export type MailBoxState = StateOf<Omit<MailBoxInputs, "password">, typeof mailBoxOutputs>;

/** No rename in the API (mailupdate takes only the password: spec "CRUD families"). */
export const MAILBOX_REPLACE_ON: readonly string[] = ["serviceName", "name"];
/** adopt only matters at creation. */
export const MAILBOX_CREATE_ONLY: readonly string[] = ["adopt"];
export const MAILBOX_SECRET_INPUTS: readonly string[] = ["password"];
export const MAILBOX_SECRET_OUTPUTS: readonly string[] = ["passwordHash"];

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const mailBoxObjects = (m: MailBoxInputs) => [{ key: `mail:${mailKey(m.name)}`, what: `the mailbox ${m.name}` }];
