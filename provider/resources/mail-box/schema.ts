/**
 * MailBox: inputs, outputs and rules. Inputs are validated and normalised at check (preview) with
 * no API call. The password is a secret input; the API answers it masked (spec "Service
 * sub-resources": "returned masked"), so the state keeps only a salted scrypt fingerprint of the
 * last password applied (`passwordHash`, a secret output) and diff compares the input with it
 * (password.ts).
 */
import { z } from "zod";
import { bool } from "../../../sdk/catalogue/fields";
import { passwordField } from "../../../sdk/rules";
import { mailAddress } from "../../core/mail-address";
import { serviceNameField } from "../../core/service-entities";

export const mailBoxInputs = z
  .object({
    serviceName: serviceNameField,
    name: z.string({ error: 'required: the local part ("info") or the full address under the service\'s domain' }),
    password: passwordField("required: the mailbox password (a secret)"),
    adopt: bool().optional(),
  })
  .strict()
  .transform((v, ctx) => {
    const address = mailAddress(v.serviceName, v.name, ctx);
    if (!address) return z.NEVER;
    return { ...v, name: address.address };
  });

export type MailBoxInputs = z.output<typeof mailBoxInputs>;

/** The state: no password, only its fingerprint. */
export interface MailBoxState {
  serviceName: string;
  /** The full address, as the API answers it: `info@example.com`. */
  name: string;
  /** The API's entityID. */
  entityId: string;
  /** Bytes used. */
  usage: number;
  /** Bytes allowed (the service's product). */
  quotaMax: number;
  /** `scrypt$<salt>$<hash>` of the last password applied (secret output). */
  passwordHash: string;
  adopt?: boolean;
}

/** No rename in the API (mailupdate takes only the password: spec "CRUD families"). */
export const MAILBOX_REPLACE_ON: readonly string[] = ["serviceName", "name"];
/** adopt only matters at creation. */
export const MAILBOX_CREATE_ONLY: readonly string[] = ["adopt"];
export const MAILBOX_SECRET_INPUTS: readonly string[] = ["password"];
export const MAILBOX_SECRET_OUTPUTS: readonly string[] = ["passwordHash"];
