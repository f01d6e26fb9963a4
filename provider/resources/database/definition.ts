/** Database: a service entity (provider/service-entities/service-entities.ts); the frame in provider/core/frame.ts does the rest. */
import type { ResourceDefinition } from "../../core/frame";
import { quotaFacts } from "../../money/preview-rules";
import { listEntities, serviceEntityDefinition } from "../../service-entities/service-entities";
import { createdDatabase, createParams, databaseNeedsUpdate, databaseStateFromItem, updateParams } from "./mapping";
import { DATABASE_CREATE_ONLY, DATABASE_REPLACE_ON, type DatabaseInputs, type DatabaseState, databaseInputs } from "./schema";

export const databaseDefinition: ResourceDefinition<DatabaseInputs, DatabaseState> = serviceEntityDefinition({
  type: "Database",
  family: "ddbb",
  inputs: databaseInputs,
  replaceOn: DATABASE_REPLACE_ON,
  createOnly: DATABASE_CREATE_ONLY,
  label: (r) => (r.serviceName ? `${(r as DatabaseState).name || "(new)"} in ${r.serviceName}` : "(unnamed)"),
  checkFacts: (olds, news) => quotaFacts(olds, "ddbb", news.serviceName, news.adopt ? news.name : undefined, news.adopt),
  createParams,
  updateParams,
  // The API names databases itself: only adopt names one (by the name ddbblist answers).
  find: (items, inputs) => (inputs.adopt && inputs.name !== undefined ? items.find((x) => x.name === inputs.name) : undefined),
  // ... so an ambiguous create is recognised by what is new since.
  async createdFinder(api, inputs) {
    const before = new Set((await listEntities(api, "ddbb", inputs.serviceName)).map((x) => x.entityID));
    return (items) => {
      const found = createdDatabase(before, items, inputs);
      if (found === "ambiguous")
        throw new Error(
          `a create failed ambiguously and several new databases in ${inputs.serviceName} match; run \`pulumi refresh\` and delete the extra one by hand`,
        );
      return found;
    };
  },
  what: (inputs) => (inputs.name !== undefined ? `database ${inputs.name}` : "a database"),
  toState: databaseStateFromItem,
  needsUpdate: databaseNeedsUpdate,
  cannotCreate: (inputs) => (inputs.adopt ? "the service names a new database itself; leave out adopt and name to create one" : undefined),
});
