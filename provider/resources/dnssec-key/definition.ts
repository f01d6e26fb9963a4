/** DnssecKey CRUD on normalised values: create, read through the list cache, delete (no update). */
import { domainOfObjectFacts } from "../../money/preview-rules";
import { hasCode, isGone, onceWithLookup } from "../../core/errors";
import type { Ctx, ResourceDefinition } from "../../core/frame";
import { info } from "../../core/log";
import { domainForms } from "../../../sdk/rules";
import { dsParams, dsState, type LiveDs, listDs, sameDs, scopeOf } from "./mapping";
import {
  DNSSEC_CREATE_ONLY,
  DNSSEC_REPLACE_ON,
  type DnssecKeyInputs,
  type DnssecKeyState,
  dnssecKeyId,
  dnssecKeyInputs,
  parseDnssecKeyId,
  dnssecKeyObjects,
} from "./schema";

async function listed(ctx: Ctx, domain: string, k: LiveDs, fresh = true): Promise<boolean> {
  if (fresh) ctx.api.cache.invalidate(scopeOf(domain));
  return (await listDs(ctx.api, domain)).some((e) => sameDs(e, k));
}

const entryOf = (k: DnssecKeyInputs | DnssecKeyState): LiveDs => ({ keytag: k.keytag, algorithm: k.algorithm, digesttype: k.digesttype, digest: k.digest });

export const dnssecKeyDefinition: ResourceDefinition<DnssecKeyInputs, DnssecKeyState> = {
  type: "DnssecKey",
  inputs: dnssecKeyInputs,
  replaceOn: DNSSEC_REPLACE_ON,
  createOnly: DNSSEC_CREATE_ONLY,
  objectClaims: dnssecKeyObjects,
  label: (k) => (k.domain ? `${k.keytag} on ${k.domain}` : "(unnamed)"),
  // The domain must be the account's or this program's (preview-rules.ts).
  checkFacts: (olds, news) => domainOfObjectFacts(olds, "DS entry", news.domain),

  async create(ctx, inputs) {
    const domain = domainForms(inputs.domain).ascii;
    const entry = entryOf(inputs);
    const id = dnssecKeyId(domain, entry);
    if (inputs.adopt && (await listed(ctx, domain, entry, false))) {
      info(`DnssecKey ${id}: adopted`);
      return { id, outs: dsState(domain, entry, inputs) };
    }
    try {
      // dnsseccreate is not retry-safe: after an ambiguous failure the list says whether it landed.
      await onceWithLookup(
        () => ctx.api.call("domain/dnsseccreate", dsParams(domain, entry)),
        async () => ((await listed(ctx, domain, entry)) ? {} : undefined),
      );
    } catch (err) {
      if (hasCode(err, 2200) && (await listed(ctx, domain, entry).catch(() => false))) {
        throw new Error(`this DS entry already exists on ${domain}; set adopt: true to manage it (${(err as Error).message})`);
      }
      throw err;
    } finally {
      ctx.api.cache.invalidate(scopeOf(domain));
    }
    return { id, outs: dsState(domain, entry, inputs) };
  },

  async read(ctx, id, state) {
    const ref = parseDnssecKeyId(id);
    try {
      const all = await listDs(ctx.api, ref.domain);
      // The state holds the whole digest; the id only its first characters.
      const live = state.digest
        ? all.find((e) => sameDs(e, entryOf(state)))
        : all.find((e) => e.keytag === ref.keytag && e.algorithm === ref.algorithm && e.digesttype === ref.digesttype && e.digest.startsWith(ref.digestPrefix));
      return live ? dsState(ref.domain, live, state) : undefined;
    } catch (err) {
      if (isGone(err)) return undefined;
      throw err;
    }
  },

  // Never reached with a real change: every input replaces, and adopt is not compared.
  async update(ctx, id, olds, news) {
    return (await dnssecKeyDefinition.read(ctx, id, { ...olds, ...news })) ?? { ...olds, adopt: news.adopt };
  },

  async delete(ctx, id, state) {
    const domain = parseDnssecKeyId(id).domain;
    const entry = entryOf(state);
    try {
      await onceWithLookup(
        () => ctx.api.call("domain/dnssecdelete", dsParams(domain, entry)),
        async () => ((await listed(ctx, domain, entry)) ? undefined : {}),
      );
    } catch (err) {
      if (isGone(err)) return;
      // 2200 = no such entry: already deleted outside, which is what destroy wants.
      if (hasCode(err, 2200) && !(await listed(ctx, domain, entry).catch(() => true))) return;
      throw err;
    } finally {
      ctx.api.cache.invalidate(scopeOf(domain));
    }
  },
};
