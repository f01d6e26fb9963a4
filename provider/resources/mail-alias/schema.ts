/**
 * MailAlias: inputs, outputs and rules, normalised at check (preview) with no API call, the way
 * the API stores them: the name is the full address under the service's domain; targets are
 * trimmed and lower-cased (catalogue `targets()`), kept in the order given (the API answers them in
 * that order), duplicates dropped (spec silent; a repeated target delivers nothing more).
 */
import { z } from "zod";
import { mailTargetsField } from "../../../sdk/rules";
import { mailEntityInputs } from "../../service-entities/mail-address";
import type { StateOf } from "../../core/resource-class";

/** Alias targets: the rule library's field, the catalogue's too (sdk/rules mailTargetsField). */
const targetsInput = mailTargetsField("required: the destination addresses (a list)");

export const mailAliasInputs = mailEntityInputs("sales", { targets: targetsInput });

export type MailAliasInputs = z.output<typeof mailAliasInputs>;

/** What the state adds to the inputs. */
export const mailAliasOutputs = {
  /** The full address: `sales@example.com`. */
  name: z.string(),
  /** Destination addresses as the API answers them. */
  targets: z.array(z.string()),
  /** The API's entityID. */
  entityId: z.string(),
};
export type MailAliasState = StateOf<MailAliasInputs, typeof mailAliasOutputs>;

/** mailaliasupdate takes only the targets (spec "CRUD families"): no rename. */
export const MAIL_ALIAS_REPLACE_ON: readonly string[] = ["serviceName", "name"];
export const MAIL_ALIAS_CREATE_ONLY: readonly string[] = ["adopt"];
