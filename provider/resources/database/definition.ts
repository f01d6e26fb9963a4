/** Database CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import type { ResourceDefinition } from "../../core/frame";
import { quotaFacts } from "../../core/preview-rules";
import { createEntity, deleteEntity, entityResourceId, findEntity, listEntities, parseEntityResourceId, updateEntity } from "../../core/service-entities";
import { createdDatabase, databaseParams, databaseStateFromItem } from "./mapping";
import { DATABASE_REPLACE_ON, type DatabaseInputs, type DatabaseState, databaseInputs } from "./schema";

const TYPE = "Database";

export const databaseDefinition: ResourceDefinition<DatabaseInputs, DatabaseState> = {
  type: TYPE,
  inputs: databaseInputs,
  replaceOn: DATABASE_REPLACE_ON,
  label: (r) => (r.serviceName ? `${(r as DatabaseState).name || "(new)"} in ${r.serviceName}` : "(unnamed)"),
  checkFacts: (olds, news) => quotaFacts(olds, "ddbb", news.serviceName, undefined, undefined),

  async create(ctx, inputs) {
    const svc = inputs.serviceName;
    // The API names databases itself, so an ambiguous create is recognised by what is new since.
    const before = new Set((await listEntities(ctx.api, "ddbb", svc)).map((x) => String(x.entityID)));
    const { item } = await createEntity(ctx.api, {
      family: "ddbb",
      serviceName: svc,
      params: databaseParams(inputs),
      find: (items) => {
        const found = createdDatabase(before, items, inputs);
        if (found === "ambiguous") throw new Error(`a create failed ambiguously and several new databases in ${svc} match; run \`pulumi refresh\` and delete the extra one by hand`);
        return found as ReturnType<typeof items.find>;
      },
      what: "a database",
    });
    const state = databaseStateFromItem(svc, item);
    return { id: entityResourceId(svc, state.entityId), outs: state };
  },

  async read(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    const live = await findEntity(ctx.api, "ddbb", serviceName, entityId);
    // Gone (deleted outside, or its service went): the engine drops it from the state.
    return live ? databaseStateFromItem(serviceName, live) : undefined;
  },

  async update(ctx, id, _olds, news) {
    const { entityId } = parseEntityResourceId(TYPE, id);
    return databaseStateFromItem(news.serviceName, await updateEntity(ctx.api, "ddbb", news.serviceName, databaseParams(news, entityId)));
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    await deleteEntity(ctx.api, "ddbb", serviceName, entityId);
  },
};
