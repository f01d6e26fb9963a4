/** FtpAccount CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import type { ResourceDefinition } from "../../core/frame";
import { createEntity, deleteEntity, entityResourceId, findEntity, parseEntityResourceId, updateEntity } from "../../core/service-entities";
import { createParams, ftpNeedsUpdate, ftpStateFromItem, updateParams } from "./mapping";
import { FTP_CREATE_ONLY, FTP_REPLACE_ON, type FtpAccountInputs, type FtpAccountState, ftpAccountInputs } from "./schema";

const TYPE = "FtpAccount";

export const ftpAccountDefinition: ResourceDefinition<FtpAccountInputs, FtpAccountState> = {
  type: TYPE,
  inputs: ftpAccountInputs,
  replaceOn: FTP_REPLACE_ON,
  createOnly: FTP_CREATE_ONLY,
  label: (r) => (r.name && r.serviceName ? `${r.name} in ${r.serviceName}` : "(unnamed)"),

  async create(ctx, inputs) {
    const svc = inputs.serviceName;
    const { item, adopted } = await createEntity(ctx.api, {
      family: "ftp",
      serviceName: svc,
      params: createParams(inputs),
      find: (items) => items.find((x) => String(x.name).toLowerCase() === inputs.name),
      what: `an FTP account named ${inputs.name}`,
      adopt: inputs.adopt,
    });
    const found = ftpStateFromItem(svc, item, inputs);
    const state = adopted && ftpNeedsUpdate(found, inputs) ? ftpStateFromItem(svc, await updateEntity(ctx.api, "ftp", svc, updateParams(found.entityId, inputs)), inputs) : found;
    return { id: entityResourceId(svc, state.entityId), outs: state };
  },

  async read(ctx, id, state) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    const live = await findEntity(ctx.api, "ftp", serviceName, entityId);
    // Gone (deleted outside, or its service went): the engine drops it from the state.
    return live ? ftpStateFromItem(serviceName, live, state) : undefined;
  },

  async update(ctx, id, _olds, news) {
    const { entityId } = parseEntityResourceId(TYPE, id);
    return ftpStateFromItem(news.serviceName, await updateEntity(ctx.api, "ftp", news.serviceName, updateParams(entityId, news)), news);
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    await deleteEntity(ctx.api, "ftp", serviceName, entityId);
  },
};
