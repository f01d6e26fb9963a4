/** MailAlias: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { mailAliasFacts } from "./facts";
import { serviceEntityDefinition } from "../../service-entities/service-entities";
import { createParams, stateFromItem, targetsDiffer, updateParams } from "./mapping";
import { MAIL_ALIAS_CREATE_ONLY, MAIL_ALIAS_REPLACE_ON, type MailAliasInputs, type MailAliasState, mailAliasInputs, mailAliasObjects } from "./schema";

export const mailAliasDefinition: ResourceDefinition<MailAliasInputs, MailAliasState> = serviceEntityDefinition({
  type: "MailAlias",
  family: "mailalias",
  inputs: mailAliasInputs,
  replaceOn: MAIL_ALIAS_REPLACE_ON,
  createOnly: MAIL_ALIAS_CREATE_ONLY,
  objectClaims: mailAliasObjects,
  label: (r) => r.name ?? "(unnamed)",
  // The service's quota, and rings of aliases with the program's and the account's (facts.ts).
  checkFacts: mailAliasFacts,
  createParams,
  updateParams,
  find: (items, inputs) => items.find((i) => i.name === inputs.name),
  what: (inputs) => `mail alias ${inputs.name}`,
  toState: (serviceName, item, basis) => stateFromItem(serviceName, item, basis.adopt),
  needsUpdate: (_found, inputs, item) => targetsDiffer(item, inputs),
});
