/** Redirect CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import type { ResourceDefinition } from "../../core/frame";
import { createEntity, deleteEntity, entityResourceId, parseEntityResourceId, findEntity, updateEntity } from "../../core/service-entities";
import { createParams, needsUpdate, stateFromItem, updateParams } from "./mapping";
import { REDIRECT_CREATE_ONLY, REDIRECT_REPLACE_ON, type RedirectInputs, type RedirectState, redirectInputs } from "./schema";

export const redirectDefinition: ResourceDefinition<RedirectInputs, RedirectState> = {
  type: "Redirect",
  inputs: redirectInputs,
  replaceOn: REDIRECT_REPLACE_ON,
  createOnly: REDIRECT_CREATE_ONLY,
  label: (r) => r.origin ?? "(unnamed)",

  async create(ctx, inputs) {
    const { serviceName } = inputs;
    const { item, adopted } = await createEntity(ctx.api, {
      family: "redirect",
      serviceName,
      params: createParams(inputs),
      find: (items) => items.find((i) => i.origin === inputs.origin),
      what: `a redirect of ${inputs.origin}`,
      adopt: inputs.adopt,
    });
    const live = adopted && needsUpdate(item, inputs) ? await updateEntity(ctx.api, "redirect", serviceName, updateParams(item.entityID, inputs)) : item;
    const state = stateFromItem(serviceName, live, inputs.adopt);
    return { id: entityResourceId(serviceName, state.entityId), outs: state };
  },

  async read(ctx, id, state) {
    const { serviceName, entityId } = parseEntityResourceId("Redirect", id);
    const live = await findEntity(ctx.api, "redirect", serviceName, entityId);
    return live ? stateFromItem(serviceName, live, state.adopt) : undefined;
  },

  async update(ctx, id, _olds, news) {
    const { serviceName, entityId } = parseEntityResourceId("Redirect", id);
    return stateFromItem(serviceName, await updateEntity(ctx.api, "redirect", serviceName, updateParams(entityId, news)), news.adopt);
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId("Redirect", id);
    await deleteEntity(ctx.api, "redirect", serviceName, entityId);
  },
};
