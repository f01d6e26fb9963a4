/** MailBox: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { quotaFacts } from "../../money/preview-rules";
import { serviceEntityDefinition } from "../../service-entities/service-entities";
import { createParams, mailBoxState, updateParams } from "./mapping";
import { passwordMatches } from "./password";
import { MAILBOX_CREATE_ONLY, MAILBOX_REPLACE_ON, type MailBoxInputs, type MailBoxState, mailBoxInputs, mailBoxObjects } from "./schema";

const entity: ResourceDefinition<MailBoxInputs, MailBoxState> = serviceEntityDefinition({
  type: "MailBox",
  family: "mail",
  inputs: mailBoxInputs,
  replaceOn: MAILBOX_REPLACE_ON,
  createOnly: MAILBOX_CREATE_ONLY,
  objectClaims: mailBoxObjects,
  label: (r) => r.name ?? "(unnamed)",
  checkFacts: (olds, news) => quotaFacts(olds, "mail", news.serviceName, news.name, news.adopt),
  createParams,
  updateParams,
  find: (items, inputs) => items.find((i) => i.name === inputs.name),
  what: (inputs) => `mailbox ${inputs.name}`,
  toState: mailBoxState,
  // An adopted mailbox's password is unknown (masked): the program's one is set when it gives one;
  // without one the live password is kept and nothing is written.
  needsUpdate: (_found, inputs) => inputs.password !== undefined,
  // The password cannot be read back: one matching the fingerprint of the last one applied is no change.
  unchanged: (olds, news) =>
    news.password === undefined || passwordMatches(olds.passwordHash, news.password)
      ? { ...olds, ...(news.adopt !== undefined ? { adopt: news.adopt } : {}) }
      : undefined,
  cannotCreate: (inputs) => (inputs.password === undefined ? "a new mailbox needs a password" : undefined),
});

export const mailBoxDefinition: ResourceDefinition<MailBoxInputs, MailBoxState> = {
  ...entity,
  // The state holds no password (the API masks it): one that matches `passwordHash` counts as unchanged at diff.
  diffBasis: (olds, news) => (passwordMatches(olds.passwordHash, news.password) ? { ...olds, password: news.password } : olds),
};
