/** Database CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import { hasCode, onceWithLookup } from "../../core/errors";
import type { ResourceDefinition } from "../../core/frame";
import { deleteEntity, entityResourceId, findEntity, freshEntities, listEntities, parseEntityResourceId, serviceScope } from "../../core/service-entities";
import { createdDatabase, databaseParams, databaseStateFromItem } from "./mapping";
import { DATABASE_REPLACE_ON, type DatabaseInputs, type DatabaseState, databaseInputs } from "./schema";

const TYPE = "Database";

export const databaseDefinition: ResourceDefinition<DatabaseInputs, DatabaseState> = {
  type: TYPE,
  inputs: databaseInputs,
  replaceOn: DATABASE_REPLACE_ON,
  label: (r) => (r.serviceName ? `${(r as DatabaseState).name || "(new)"} in ${r.serviceName}` : "(unnamed)"),

  async create(ctx, inputs) {
    const svc = inputs.serviceName;
    // The API names databases itself, so an ambiguous create is recognised by what is new since.
    const before = new Set((await listEntities(ctx.api, "ddbb", svc)).map((x) => String(x.entityID)));
    try {
      const res = await onceWithLookup(
        () => ctx.api.call("service/ddbbcreate", databaseParams(inputs)),
        async () => {
          const found = createdDatabase(before, await freshEntities(ctx.api, "ddbb", svc), inputs);
          if (found === "ambiguous") throw new Error(`a create failed ambiguously and several new databases in ${svc} match; run \`pulumi refresh\` and delete the extra one by hand`);
          return found ? { ddbb: [found] } : undefined;
        },
      );
      const state = databaseStateFromItem(svc, res.ddbb[0]);
      return { id: entityResourceId(svc, state.entityId), outs: state };
    } finally {
      ctx.api.cache.invalidate(serviceScope(svc));
    }
  },

  async read(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    const live = await findEntity(ctx.api, "ddbb", serviceName, entityId);
    // Gone (deleted outside, or its service went): the engine drops it from the state.
    return live ? databaseStateFromItem(serviceName, live) : undefined;
  },

  async update(ctx, id, _olds, news) {
    const { entityId } = parseEntityResourceId(TYPE, id);
    try {
      // ddbbupdate with the same values is a no-op: retry-safe (the sdk decides from the catalogue).
      const res = await ctx.api.call("service/ddbbupdate", databaseParams(news, entityId));
      return databaseStateFromItem(news.serviceName, res.ddbb[0]);
    } catch (err) {
      if (hasCode(err, 4002)) throw new Error(`the database ${entityId} no longer exists; run \`pulumi refresh\` and \`pulumi up\` to create a new one`);
      throw err;
    } finally {
      ctx.api.cache.invalidate(serviceScope(news.serviceName));
    }
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    await deleteEntity(ctx.api, "ddbb", serviceName, entityId);
  },
};
