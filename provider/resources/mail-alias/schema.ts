/**
 * MailAlias: inputs, outputs and rules, normalised at check (preview) with no API call, the way
 * the API stores them: the name is the full address under the service's domain; targets are
 * trimmed and lower-cased (catalogue `targets()`), kept in the order given (the API answers them in
 * that order), duplicates dropped (spec silent; a repeated target delivers nothing more).
 */
import { z } from "zod";
import { bool } from "../../../sdk/catalogue/fields";
import { aliasSelfProblem, mailKey, mailTargetsField, unresolvableHostProblem } from "../../../sdk/rules";
import { mailEntityInputs, mailNameInput } from "../../service-entities/mail-address";
import { serviceNameField } from "../../service-entities/service-entities";
import type { StateOf } from "../../core/resource-class";
import { servedAs } from "../../core/fields";

/** The program's inputs, each documented once (the class's Args derive from them). */
export const mailAliasFields = {
  /** The mail or hosting service's name, e.g. "example.com" (a HostingService's `name`). */
  serviceName: serviceNameField,
  /** The local part ("sales") or the full address under the service's domain. */
  name: mailNameInput("sales"),
  // The rule library's field, the catalogue's too (sdk/rules mailTargetsField); the plugin's schema serves the list alone.
  /** Destination addresses, at least one (lower-cased, duplicates dropped, order kept; the dynamic resources also take one comma-separated string). */
  targets: servedAs(z.array(z.string()))(mailTargetsField("required: the destination addresses (a list)")),
  /** Take over an alias of the same address that already exists instead of failing. */
  adopt: bool().optional(),
};

/**
 * Targets that cannot work: the alias's own address (a mail loop, sdk/rules loops.ts) and an
 * address under a name the public DNS never answers (special-use.ts). Rings of several aliases need
 * the others: facts.ts.
 */
export const mailAliasInputs = mailEntityInputs(mailAliasFields).superRefine((v, ctx) => {
  const self = aliasSelfProblem(v.name, v.targets);
  if (self) ctx.addIssue({ code: "custom", path: ["targets"], message: self });
  for (const t of v.targets) {
    const p = unresolvableHostProblem(t.slice(t.lastIndexOf("@") + 1));
    if (p) ctx.addIssue({ code: "custom", path: ["targets"], message: `${t}: ${p}, so mail to it is never delivered` });
  }
});

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

/** What the API knows this resource's object by (provider/dns/object-claim-rules.ts): two resources of a run naming one are refused. */
export const mailAliasObjects = (m: MailAliasInputs) => [{ key: `mail:${mailKey(m.name)}`, what: `the alias ${m.name}` }];
