/** MailBox CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import type { ResourceDefinition } from "../../core/frame";
import { quotaFacts } from "../../core/preview-rules";
import { createEntity, deleteEntity, entityResourceId, parseEntityResourceId, findEntity, updateEntity } from "../../core/service-entities";
import { createParams, stateFromItem } from "./mapping";
import { passwordFingerprint, passwordMatches } from "./password";
import { MAILBOX_CREATE_ONLY, MAILBOX_REPLACE_ON, type MailBoxInputs, type MailBoxState, mailBoxInputs } from "./schema";

export const mailBoxDefinition: ResourceDefinition<MailBoxInputs, MailBoxState> = {
  type: "MailBox",
  inputs: mailBoxInputs,
  replaceOn: MAILBOX_REPLACE_ON,
  createOnly: MAILBOX_CREATE_ONLY,
  label: (r) => r.name ?? "(unnamed)",
  checkFacts: (olds, news) => quotaFacts(olds, "mail", news.serviceName, news.name, news.adopt),

  async create(ctx, inputs) {
    const { serviceName } = inputs;
    const { item, adopted } = await createEntity(ctx.api, {
      family: "mail",
      serviceName,
      params: createParams(inputs),
      find: (items) => items.find((i) => i.name === inputs.name),
      what: `mailbox ${inputs.name}`,
      adopt: inputs.adopt,
    });
    // An adopted mailbox's password is unknown (masked): set the program's one.
    const live = adopted ? await updateEntity(ctx.api, "mail", serviceName, { entityID: item.entityID, password: inputs.password }) : item;
    const state = stateFromItem(serviceName, live, passwordFingerprint(inputs.password), inputs.adopt);
    return { id: entityResourceId(serviceName, state.entityId), outs: state };
  },

  async read(ctx, id, state) {
    const { serviceName, entityId } = parseEntityResourceId("MailBox", id);
    const live = await findEntity(ctx.api, "mail", serviceName, entityId);
    // The password cannot be read back: the fingerprint of the last one applied stays.
    return live ? stateFromItem(serviceName, live, state.passwordHash ?? "", state.adopt) : undefined;
  },

  async update(ctx, id, olds, news) {
    const { serviceName, entityId } = parseEntityResourceId("MailBox", id);
    if (passwordMatches(olds.passwordHash, news.password)) return { ...olds, ...(news.adopt !== undefined ? { adopt: news.adopt } : {}) };
    const live = await updateEntity(ctx.api, "mail", serviceName, { entityID: entityId, password: news.password });
    return stateFromItem(serviceName, live, passwordFingerprint(news.password), news.adopt);
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId("MailBox", id);
    await deleteEntity(ctx.api, "mail", serviceName, entityId);
  },
};
