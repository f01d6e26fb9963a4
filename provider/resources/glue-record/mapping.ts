/** GlueRecord <-> API shapes, and the domain's glue list shared by every GlueRecord of a run. */
import type { CallParams, ResultOf } from "../../../sdk";
import type { Api } from "../../core/client";
import { cleanHost, normalizeIPv6 } from "../../../sdk/rules";
import type { GlueRecordInputs, GlueRecordState } from "./schema";

export const GLUE_LIST = "domain/getgluerecords";
/** The list-cache scope convention of provider/README.md. */
export const scopeOf = (domainAscii: string) => `domain:${domainAscii}`;

export interface LiveGlue {
  name: string;
  ipv4: string;
  ipv6?: string;
}

/** One glue record as getgluerecords answers it. */
export type ApiGlue = NonNullable<ResultOf<typeof GLUE_LIST>["gluerecords"]>[number];

/** A getgluerecords item, normalised like the inputs (never throws: odd values are kept as read). */
export function glueFromApi(item: ApiGlue): LiveGlue {
  const out: LiveGlue = { name: cleanHost(item.name), ipv4: item.ipv4.trim() };
  const v6 = item.ipv6?.trim() ?? "";
  if (v6) {
    try {
      out.ipv6 = normalizeIPv6(v6);
    } catch {
      out.ipv6 = v6;
    }
  }
  return out;
}

/** The domain's glue records, one getgluerecords call per domain per process until a write. */
export function listGlue(api: Api, domainAscii: string): Promise<LiveGlue[]> {
  return api.cache.get(GLUE_LIST, scopeOf(domainAscii), async () => {
    const res = await api.call(GLUE_LIST, { domain: domainAscii });
    return (res.gluerecords ?? []).map(glueFromApi);
  });
}

/** gluerecordcreate / gluerecordupdate parameters (update sets both addresses: no ipv6 removes it). */
export function glueParams(domainAscii: string, r: GlueRecordInputs): CallParams<"domain/gluerecordcreate" | "domain/gluerecordupdate"> {
  const p: CallParams<"domain/gluerecordcreate" | "domain/gluerecordupdate"> = { domain: domainAscii, name: r.name, ipv4: r.ipv4 };
  if (r.ipv6 !== undefined) p.ipv6 = r.ipv6;
  return p;
}

export function glueState(domainAscii: string, live: LiveGlue, inputs: Partial<GlueRecordInputs>): GlueRecordState {
  const state: GlueRecordState = { domain: inputs.domain ?? domainAscii, punycode: domainAscii, name: live.name, ipv4: live.ipv4 };
  if (live.ipv6 !== undefined) state.ipv6 = live.ipv6;
  if (inputs.adopt !== undefined) state.adopt = inputs.adopt;
  return state;
}

export const sameAddresses = (live: LiveGlue, r: GlueRecordInputs) => live.ipv4 === r.ipv4 && live.ipv6 === r.ipv6;
