/** GlueRecord CRUD on normalised values (the frame in provider/core/frame.ts does the rest). */
import { domainOfObjectFacts } from "../../money/preview-rules";
import { declareGlue } from "../../money/preview-program";
import { hasCode, isGone, onceWithLookup } from "../../core/errors";
import type { Ctx, ResourceDefinition } from "../../core/frame";
import { info } from "../../core/log";
import { domainForms } from "../../../sdk/rules";
import type { ResultOf } from "../../../sdk";
import { glueFromApi, glueParams, glueState, type LiveGlue, listGlue, sameAddresses, scopeOf } from "./mapping";
import {
  GLUE_CREATE_ONLY,
  GLUE_REPLACE_ON,
  type GlueRecordInputs,
  type GlueRecordState,
  glueRecordId,
  glueRecordInputs,
  parseGlueRecordId,
  glueRecordObjects,
} from "./schema";

const ascii = (domain: string) => domainForms(domain).ascii;

async function fresh(ctx: Ctx, domain: string): Promise<LiveGlue[]> {
  ctx.api.cache.invalidate(scopeOf(domain));
  return listGlue(ctx.api, domain);
}

async function findFresh(ctx: Ctx, domain: string, name: string): Promise<LiveGlue | undefined> {
  return (await fresh(ctx, domain)).find((g) => g.name === name);
}

/** What gluerecordcreate and gluerecordupdate answer (the same DOMSUM + gluerecords); `{}` after an ambiguous create that the list confirmed. */
type GlueReply = Partial<ResultOf<"domain/gluerecordcreate">>;

/** The record in a write's reply (gluerecordcreate/update answer the domain's glue records, spec), else in a fresh list. */
async function afterWrite(ctx: Ctx, domain: string, name: string, reply: GlueReply | undefined): Promise<LiveGlue | undefined> {
  const listed = reply?.gluerecords ? reply.gluerecords.map(glueFromApi) : await fresh(ctx, domain);
  return listed.find((g) => g.name === name);
}

/** gluerecordupdate (idempotent: the sdk may resend it); answers the record as the API now holds it. */
async function updateAddresses(ctx: Ctx, domain: string, inputs: GlueRecordInputs): Promise<GlueRecordState> {
  let reply: GlueReply | undefined;
  try {
    reply = await ctx.api.call("domain/gluerecordupdate", glueParams(domain, inputs));
  } finally {
    ctx.api.cache.invalidate(scopeOf(domain));
  }
  const live = await afterWrite(ctx, domain, inputs.name, reply);
  if (!live) throw new Error(`glue record ${inputs.name} is no longer listed by domain/getgluerecords after the update`);
  return glueState(domain, live, inputs);
}

export const glueRecordDefinition: ResourceDefinition<GlueRecordInputs, GlueRecordState> = {
  type: "GlueRecord",
  inputs: glueRecordInputs,
  replaceOn: GLUE_REPLACE_ON,
  createOnly: GLUE_CREATE_ONLY,
  objectClaims: glueRecordObjects,
  label: (r) => r.name ?? "(unnamed)",
  // The domain must be the account's or this program's; the host joins the program's glue (a Domain's in-domain nameservers need it).
  checkFacts: async (olds, news) => {
    const failures = await domainOfObjectFacts(olds, "glue record", news.domain);
    if (!failures.length) declareGlue(news.name);
    return failures;
  },

  // gluerecordupdate sets both addresses: leaving ipv6 out of the program removes it.
  diffExtra(olds, news) {
    return news.ipv6 === undefined && olds.ipv6 !== undefined ? { changes: ["ipv6"] } : undefined;
  },

  async create(ctx, inputs) {
    const domain = ascii(inputs.domain);
    const id = glueRecordId(domain, inputs.name);
    const existing = inputs.adopt ? (await listGlue(ctx.api, domain)).find((g) => g.name === inputs.name) : undefined;
    if (existing) {
      info(`GlueRecord ${inputs.name}: adopted`);
      return { id, outs: sameAddresses(existing, inputs) ? glueState(domain, existing, inputs) : await updateAddresses(ctx, domain, inputs) };
    }
    let reply: GlueReply | undefined;
    try {
      // gluerecordcreate is not retry-safe: after an ambiguous failure the list says whether it landed.
      reply = await onceWithLookup(
        () => ctx.api.call("domain/gluerecordcreate", glueParams(domain, inputs)),
        async () => ((await findFresh(ctx, domain, inputs.name)) ? {} : undefined),
      );
    } catch (err) {
      if (hasCode(err, 2200) && (await findFresh(ctx, domain, inputs.name).catch(() => undefined))) {
        throw new Error(`glue record ${inputs.name} already exists on ${domain}; set adopt: true to manage it (${(err as Error).message})`);
      }
      throw err;
    } finally {
      ctx.api.cache.invalidate(scopeOf(domain));
    }
    const live = await afterWrite(ctx, domain, inputs.name, reply);
    return { id, outs: live ? glueState(domain, live, inputs) : { ...inputs, punycode: domain } };
  },

  async read(ctx, id, state) {
    const { domain, name } = parseGlueRecordId(id);
    try {
      const live = (await listGlue(ctx.api, domain)).find((g) => g.name === name);
      return live ? glueState(domain, live, state) : undefined;
    } catch (err) {
      // The domain left the account (2008): its glue records went with it.
      if (isGone(err)) return undefined;
      throw err;
    }
  },

  async update(ctx, id, _olds, news) {
    const { domain } = parseGlueRecordId(id);
    try {
      return await updateAddresses(ctx, domain, news);
    } catch (err) {
      if (hasCode(err, 2200) && !(await findFresh(ctx, domain, news.name).catch(() => ({}) as LiveGlue))) {
        throw new Error(`glue record ${news.name} no longer exists; run \`pulumi refresh\` and \`pulumi up\` to create it again`);
      }
      throw err;
    }
  },

  async delete(ctx, id) {
    const { domain, name } = parseGlueRecordId(id);
    try {
      await onceWithLookup(
        () => ctx.api.call("domain/gluerecorddelete", { domain, name }),
        async () => ((await findFresh(ctx, domain, name)) ? undefined : {}),
      );
    } catch (err) {
      if (isGone(err)) return;
      // 2200 is also "no such glue record": already gone is fine; anything else (in use as a nameserver) is not.
      if (hasCode(err, 2200) && !(await findFresh(ctx, domain, name).catch(() => ({}) as LiveGlue))) return;
      throw err;
    } finally {
      ctx.api.cache.invalidate(scopeOf(domain));
    }
  },
};
