/** DnsRecord CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import { hasCode, isGone, onceWithLookup } from "../../core/errors";
import { deleteEntity, serviceScope } from "../../core/service-entities";
import type { Ctx, ResourceDefinition } from "../../core/frame";
import { createParams, findIdentical, listZone, needsUpdate, stateFromItem, stateFromLive, updateParams } from "./mapping";
import { relativeName } from "../../../sdk/rules";
import {
  DNS_RECORD_CREATE_ONLY,
  DNS_RECORD_REPLACE_ON,
  type DnsRecordInputs,
  type DnsRecordState,
  dnsRecordId,
  dnsRecordInputs,
  parseDnsRecordId,
} from "./schema";

function label(r: Partial<DnsRecordInputs>): string {
  if (!r.serviceName || !r.name) return "(unnamed)";
  return `${relativeName(r.serviceName, r.name)} ${r.type ?? ""} in ${r.serviceName}`;
}

async function freshZone(ctx: Ctx, zone: string) {
  ctx.api.cache.invalidate(serviceScope(zone));
  return listZone(ctx.api, zone);
}

async function updateInPlace(ctx: Ctx, entityId: string, inputs: DnsRecordInputs): Promise<DnsRecordState> {
  try {
    // dnsupdate with the same values is a no-op: safe to resend (the sdk decides from the catalogue).
    const res = await ctx.api.call("service/dnsupdate", updateParams(entityId, inputs));
    return stateFromItem(inputs.serviceName, res.dns[0], inputs);
  } catch (err) {
    if (hasCode(err, 4002)) throw new Error(`the record ${entityId} no longer exists in the zone; run \`pulumi refresh\` and \`pulumi up\` to create it again`);
    throw err;
  } finally {
    ctx.api.cache.invalidate(serviceScope(inputs.serviceName));
  }
}

export const dnsRecordDefinition: ResourceDefinition<DnsRecordInputs, DnsRecordState> = {
  type: "DnsRecord",
  inputs: dnsRecordInputs,
  replaceOn: DNS_RECORD_REPLACE_ON,
  createOnly: DNS_RECORD_CREATE_ONLY,
  label,

  // An input left out is normally unmanaged; a DNS record's ttl is not: absent means the default.
  diffExtra(olds, news) {
    return news.ttl === undefined && olds.ttl !== undefined ? { changes: ["ttl"] } : undefined;
  },

  async create(ctx, inputs) {
    const zone = inputs.serviceName;
    if (inputs.adopt) {
      const found = findIdentical(await listZone(ctx.api, zone), inputs);
      if (found) {
        const state = needsUpdate(found, inputs) ? await updateInPlace(ctx, found.entityID, inputs) : stateFromLive(found, inputs);
        return { id: dnsRecordId(zone, state.entityId), outs: state };
      }
    }
    try {
      const res = await onceWithLookup(
        () => ctx.api.call("service/dnscreate", createParams(inputs)),
        // A create that failed ambiguously took effect if the zone now holds the record.
        async () => {
          const found = findIdentical(await freshZone(ctx, zone), inputs);
          return found ? { dns: [{ ...found, ttl: found.ttl ?? "-", priority: found.priority ?? "-" }] } : undefined;
        },
      );
      const state = stateFromItem(zone, res.dns[0], inputs);
      return { id: dnsRecordId(zone, state.entityId), outs: state };
    } catch (err) {
      if (hasCode(err, 4004) && !inputs.adopt && findIdentical(await freshZone(ctx, zone).catch(() => []), inputs)) {
        throw new Error(`an identical record already exists in the zone; set adopt: true to manage it, or remove it (${(err as Error).message})`);
      }
      throw err;
    } finally {
      ctx.api.cache.invalidate(serviceScope(zone));
    }
  },

  async read(ctx, id, state) {
    const { serviceName, entityId } = parseDnsRecordId(id);
    try {
      const live = (await listZone(ctx.api, serviceName)).find((r) => r.entityID === entityId);
      // Gone (deleted outside, or the zone went with its service): the engine drops it from the state.
      return live ? stateFromLive(live, state) : undefined;
    } catch (err) {
      if (isGone(err)) return undefined;
      throw err;
    }
  },

  async update(ctx, id, _olds, news) {
    return updateInPlace(ctx, parseDnsRecordId(id).entityId, news);
  },

  async delete(ctx, id) {
    const { serviceName, entityId } = parseDnsRecordId(id);
    await deleteEntity(ctx.api, "dns", serviceName, entityId);
  },
};
