/** Subdomain CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import { hasCode, onceWithLookup } from "../../core/errors";
import type { Ctx, ResourceDefinition } from "../../core/frame";
import { deleteEntity, entityResourceId, findEntity, freshEntities, listEntities, parseEntityResourceId, serviceScope } from "../../core/service-entities";
import { subdomainNeedsUpdate, subdomainParams, subdomainStateFromItem } from "./mapping";
import { SUBDOMAIN_CREATE_ONLY, SUBDOMAIN_REPLACE_ON, type SubdomainInputs, type SubdomainState, subdomainInputs } from "./schema";

const TYPE = "Subdomain";
const byName = (items: Record<string, any>[], name: string) => items.find((x) => String(x.name).toLowerCase() === name);

async function updateInPlace(ctx: Ctx, entityId: string, inputs: SubdomainInputs): Promise<SubdomainState> {
  try {
    // Same values again are a no-op: retry-safe (the sdk decides from the catalogue).
    const res = await ctx.api.call("service/subdomainupdate", subdomainParams(inputs, entityId));
    return subdomainStateFromItem(inputs.serviceName, res.subdomain[0], inputs);
  } catch (err) {
    if (hasCode(err, 4002)) throw new Error(`the subdomain ${entityId} no longer exists; run \`pulumi refresh\` and \`pulumi up\` to create it again`);
    throw err;
  } finally {
    ctx.api.cache.invalidate(serviceScope(inputs.serviceName));
  }
}

export const subdomainDefinition: ResourceDefinition<SubdomainInputs, SubdomainState> = {
  type: TYPE,
  inputs: subdomainInputs,
  replaceOn: SUBDOMAIN_REPLACE_ON,
  createOnly: SUBDOMAIN_CREATE_ONLY,
  label: (r) => String(r.name ?? "(unnamed)"),

  async create(ctx, inputs) {
    const svc = inputs.serviceName;
    if (inputs.adopt) {
      const found = byName(await listEntities(ctx.api, "subdomain", svc), inputs.name);
      if (found) {
        const live = subdomainStateFromItem(svc, found, inputs);
        const state = subdomainNeedsUpdate(live, inputs) ? await updateInPlace(ctx, live.entityId, inputs) : live;
        return { id: entityResourceId(svc, state.entityId), outs: state };
      }
    }
    try {
      const res = await onceWithLookup(
        () => ctx.api.call("service/subdomaincreate", subdomainParams(inputs)),
        // subdomaincreate is not retry-safe: after an ambiguous failure, the name listed means it took effect.
        async () => {
          const found = byName(await freshEntities(ctx.api, "subdomain", svc), inputs.name);
          return found ? { subdomain: [found] } : undefined;
        },
      );
      const state = subdomainStateFromItem(svc, res.subdomain[0], inputs);
      return { id: entityResourceId(svc, state.entityId), outs: state };
    } catch (err) {
      if (hasCode(err, 4004)) throw new Error(`the subdomain ${inputs.name} already exists in ${svc}; set adopt: true to manage it`);
      throw err;
    } finally {
      ctx.api.cache.invalidate(serviceScope(svc));
    }
  },

  async read(ctx, id, state) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    const live = await findEntity(ctx.api, "subdomain", serviceName, entityId);
    // Gone (deleted outside, or its service went): the engine drops it from the state.
    return live ? subdomainStateFromItem(serviceName, live, state) : undefined;
  },

  async update(ctx, id, _olds, news) {
    return updateInPlace(ctx, parseEntityResourceId(TYPE, id).entityId, news);
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    await deleteEntity(ctx.api, "subdomain", serviceName, entityId);
  },
};
