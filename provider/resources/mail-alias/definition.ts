/** MailAlias CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import type { ResourceDefinition } from "../../core/frame";
import { createEntity, deleteEntity, entityResourceId, parseEntityResourceId, findEntity, updateEntity } from "../../core/service-entities";
import { createParams, stateFromItem, targetsDiffer, updateParams } from "./mapping";
import { MAIL_ALIAS_CREATE_ONLY, MAIL_ALIAS_REPLACE_ON, type MailAliasInputs, type MailAliasState, mailAliasInputs } from "./schema";

export const mailAliasDefinition: ResourceDefinition<MailAliasInputs, MailAliasState> = {
  type: "MailAlias",
  inputs: mailAliasInputs,
  replaceOn: MAIL_ALIAS_REPLACE_ON,
  createOnly: MAIL_ALIAS_CREATE_ONLY,
  label: (r) => r.name ?? "(unnamed)",

  async create(ctx, inputs) {
    const { serviceName } = inputs;
    const { item, adopted } = await createEntity(ctx.api, {
      family: "mailalias",
      serviceName,
      params: createParams(inputs),
      find: (items) => items.find((i) => i.name === inputs.name),
      what: `mail alias ${inputs.name}`,
      adopt: inputs.adopt,
    });
    const live = adopted && targetsDiffer(item, inputs) ? await updateEntity(ctx.api, "mailalias", serviceName, updateParams(item.entityID, inputs)) : item;
    const state = stateFromItem(serviceName, live, inputs.adopt);
    return { id: entityResourceId(serviceName, state.entityId), outs: state };
  },

  async read(ctx, id, state) {
    const { serviceName, entityId } = parseEntityResourceId("MailAlias", id);
    const live = await findEntity(ctx.api, "mailalias", serviceName, entityId);
    return live ? stateFromItem(serviceName, live, state.adopt) : undefined;
  },

  async update(ctx, id, _olds, news) {
    const { serviceName, entityId } = parseEntityResourceId("MailAlias", id);
    return stateFromItem(serviceName, await updateEntity(ctx.api, "mailalias", serviceName, updateParams(entityId, news)), news.adopt);
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId("MailAlias", id);
    await deleteEntity(ctx.api, "mailalias", serviceName, entityId);
  },
};
