/** DnssecKey <-> API shapes, and the domain's DS list shared by every DnssecKey of a run. */
import type { CallParams, ResultOf } from "../../../sdk";
import type { Api } from "../../core/client";
import type { DnssecKeyInputs, DnssecKeyState } from "./schema";

export const DNSSEC_LIST = "domain/getdnssec";
export const scopeOf = (domainAscii: string) => `domain:${domainAscii}`;

export interface LiveDs {
  keytag: number;
  algorithm: number;
  digesttype: number;
  digest: string;
}

/** One DS entry as getdnssec answers it. */
export type ApiDs = NonNullable<ResultOf<typeof DNSSEC_LIST>["dnssec"]>["entries"][number];

export function dsFromApi(e: ApiDs): LiveDs {
  return { keytag: e.keytag, algorithm: e.algorithm, digesttype: e.digesttype, digest: e.digest.replace(/\s+/g, "").toUpperCase() };
}

/** The domain's DS entries, one getdnssec call per domain per process until a write. */
export function listDs(api: Api, domainAscii: string): Promise<LiveDs[]> {
  return api.cache.get(DNSSEC_LIST, scopeOf(domainAscii), async () => {
    const res = await api.call(DNSSEC_LIST, { domain: domainAscii });
    return (res.dnssec?.entries ?? []).map(dsFromApi);
  });
}

export const sameDs = (a: LiveDs, b: LiveDs) => a.keytag === b.keytag && a.algorithm === b.algorithm && a.digesttype === b.digesttype && a.digest === b.digest;

export function dsParams(domainAscii: string, k: LiveDs): CallParams<"domain/dnsseccreate" | "domain/dnssecdelete"> {
  return { domain: domainAscii, keytag: k.keytag, algorithm: k.algorithm, digesttype: k.digesttype, digest: k.digest };
}

export function dsState(domainAscii: string, live: LiveDs, inputs: Partial<DnssecKeyInputs>): DnssecKeyState {
  const state: DnssecKeyState = {
    domain: inputs.domain ?? domainAscii,
    punycode: domainAscii,
    ...live,
    dsRecord: `${live.keytag} ${live.algorithm} ${live.digesttype} ${live.digest}`,
  };
  if (inputs.adopt !== undefined) state.adopt = inputs.adopt;
  return state;
}
