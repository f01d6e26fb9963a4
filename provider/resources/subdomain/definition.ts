/** Subdomain CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import type { ResourceDefinition } from "../../core/frame";
import { hostAscii } from "../../core/normalise";
import { createEntity, deleteEntity, entityResourceId, findEntity, parseEntityResourceId, updateEntity } from "../../core/service-entities";
import { subdomainNeedsUpdate, subdomainParams, subdomainStateFromItem } from "./mapping";
import { SUBDOMAIN_CREATE_ONLY, SUBDOMAIN_REPLACE_ON, type SubdomainInputs, type SubdomainState, subdomainInputs } from "./schema";

const TYPE = "Subdomain";

export const subdomainDefinition: ResourceDefinition<SubdomainInputs, SubdomainState> = {
  type: TYPE,
  inputs: subdomainInputs,
  replaceOn: SUBDOMAIN_REPLACE_ON,
  createOnly: SUBDOMAIN_CREATE_ONLY,
  label: (r) => String(r.name ?? "(unnamed)"),

  async create(ctx, inputs) {
    const svc = inputs.serviceName;
    const { item, adopted } = await createEntity(ctx.api, {
      family: "subdomain",
      serviceName: svc,
      params: subdomainParams(inputs),
      // Listed names spell the zone as the service's name (Unicode for an IDN): compared in ASCII.
      find: (items) => items.find((x) => hostAscii(String(x.name)) === inputs.name),
      what: `the subdomain ${inputs.name}`,
      adopt: inputs.adopt,
    });
    const found = subdomainStateFromItem(svc, item, inputs);
    const update = adopted && subdomainNeedsUpdate(found, inputs);
    const state = update ? subdomainStateFromItem(svc, await updateEntity(ctx.api, "subdomain", svc, subdomainParams(inputs, found.entityId)), inputs) : found;
    return { id: entityResourceId(svc, state.entityId), outs: state };
  },

  async read(ctx, id, state) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    const live = await findEntity(ctx.api, "subdomain", serviceName, entityId);
    // Gone (deleted outside, or its service went): the engine drops it from the state.
    return live ? subdomainStateFromItem(serviceName, live, state) : undefined;
  },

  async update(ctx, id, _olds, news) {
    const { entityId } = parseEntityResourceId(TYPE, id);
    return subdomainStateFromItem(news.serviceName, await updateEntity(ctx.api, "subdomain", news.serviceName, subdomainParams(news, entityId)), news);
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    await deleteEntity(ctx.api, "subdomain", serviceName, entityId);
  },
};
