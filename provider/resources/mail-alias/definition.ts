/** MailAlias: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { quotaFacts } from "../../money/preview-rules";
import { serviceEntityDefinition } from "../../service-entities/service-entities";
import { createParams, stateFromItem, targetsDiffer, updateParams } from "./mapping";
import { MAIL_ALIAS_CREATE_ONLY, MAIL_ALIAS_REPLACE_ON, type MailAliasInputs, type MailAliasState, mailAliasInputs } from "./schema";

export const mailAliasDefinition: ResourceDefinition<MailAliasInputs, MailAliasState> = serviceEntityDefinition({
  type: "MailAlias",
  family: "mailalias",
  inputs: mailAliasInputs,
  replaceOn: MAIL_ALIAS_REPLACE_ON,
  createOnly: MAIL_ALIAS_CREATE_ONLY,
  label: (r) => r.name ?? "(unnamed)",
  checkFacts: (olds, news) => quotaFacts(olds, "mailalias", news.serviceName, news.name, news.adopt),
  createParams,
  updateParams,
  find: (items, inputs) => items.find((i) => i.name === inputs.name),
  what: (inputs) => `mail alias ${inputs.name}`,
  toState: (serviceName, item, basis) => stateFromItem(serviceName, item, basis.adopt),
  needsUpdate: (_found, inputs, item) => targetsDiffer(item, inputs),
});
