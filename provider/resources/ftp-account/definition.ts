/** FtpAccount CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import { hasCode, onceWithLookup } from "../../core/errors";
import type { Ctx, ResourceDefinition } from "../../core/frame";
import { deleteEntity, entityResourceId, findEntity, freshEntities, listEntities, parseEntityResourceId, serviceScope } from "../../core/service-entities";
import { createParams, ftpNeedsUpdate, ftpStateFromItem, updateParams } from "./mapping";
import { FTP_CREATE_ONLY, FTP_REPLACE_ON, type FtpAccountInputs, type FtpAccountState, ftpAccountInputs } from "./schema";

const TYPE = "FtpAccount";
const byName = (items: Record<string, any>[], name: string) => items.find((x) => String(x.name).toLowerCase() === name);

async function updateInPlace(ctx: Ctx, entityId: string, inputs: FtpAccountInputs): Promise<FtpAccountState> {
  try {
    // ftpupdate with the same values is a no-op: retry-safe (the sdk decides from the catalogue).
    const res = await ctx.api.call("service/ftpupdate", updateParams(entityId, inputs));
    return ftpStateFromItem(inputs.serviceName, res.ftp[0], inputs);
  } catch (err) {
    if (hasCode(err, 4002)) throw new Error(`the FTP account ${entityId} no longer exists; run \`pulumi refresh\` and \`pulumi up\` to create it again`);
    throw err;
  } finally {
    ctx.api.cache.invalidate(serviceScope(inputs.serviceName));
  }
}

export const ftpAccountDefinition: ResourceDefinition<FtpAccountInputs, FtpAccountState> = {
  type: TYPE,
  inputs: ftpAccountInputs,
  replaceOn: FTP_REPLACE_ON,
  createOnly: FTP_CREATE_ONLY,
  label: (r) => (r.name && r.serviceName ? `${r.name} in ${r.serviceName}` : "(unnamed)"),

  async create(ctx, inputs) {
    const svc = inputs.serviceName;
    if (inputs.adopt) {
      const found = byName(await listEntities(ctx.api, "ftp", svc), inputs.name);
      if (found) {
        const live = ftpStateFromItem(svc, found, inputs);
        const state = ftpNeedsUpdate(live, inputs) ? await updateInPlace(ctx, live.entityId, inputs) : live;
        return { id: entityResourceId(svc, state.entityId), outs: state };
      }
    }
    try {
      const res = await onceWithLookup(
        () => ctx.api.call("service/ftpcreate", createParams(inputs)),
        // ftpcreate is not retry-safe: after an ambiguous failure, an account of that name means it took effect.
        async () => {
          const found = byName(await freshEntities(ctx.api, "ftp", svc), inputs.name);
          return found ? { ftp: [found] } : undefined;
        },
      );
      const state = ftpStateFromItem(svc, res.ftp[0], inputs);
      return { id: entityResourceId(svc, state.entityId), outs: state };
    } catch (err) {
      if (hasCode(err, 4004)) throw new Error(`an FTP account named ${inputs.name} already exists in ${svc}; set adopt: true to manage it, or pick another name`);
      throw err;
    } finally {
      ctx.api.cache.invalidate(serviceScope(svc));
    }
  },

  async read(ctx, id, state) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    const live = await findEntity(ctx.api, "ftp", serviceName, entityId);
    // Gone (deleted outside, or its service went): the engine drops it from the state.
    return live ? ftpStateFromItem(serviceName, live, state) : undefined;
  },

  async update(ctx, id, _olds, news) {
    return updateInPlace(ctx, parseEntityResourceId(TYPE, id).entityId, news);
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseEntityResourceId(TYPE, id);
    await deleteEntity(ctx.api, "ftp", serviceName, entityId);
  },
};
