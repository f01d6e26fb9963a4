/** Subdomain <-> API shapes (pure). */
import { asciiOrSelf } from "../../../sdk/rules";
import { type CreateParams, hostNameForApi, type Item, type UpdateParams } from "../../service-entities/service-entities";
import type { SslInputs, SubdomainInputs, SubdomainState } from "./schema";

/**
 * subdomaincreate parameters; the certificate only when managed; the name as hostNameForApi spells
 * it (relative under an IDN service).
 */
export function subdomainParams(r: SubdomainInputs): CreateParams<"subdomain"> {
  return { serviceName: r.serviceName, name: hostNameForApi(r.serviceName, r.name), ftpPath: r.ftpPath, ...(r.ssl ?? {}) };
}

/** subdomainupdate parameters; the certificate only when managed. */
export function subdomainUpdateParams(entityId: string, r: SubdomainInputs): UpdateParams<"subdomain"> {
  return { serviceName: r.serviceName, entityID: entityId, ftpPath: r.ftpPath, ...(r.ssl ?? {}) };
}

const pem = (v: string) => v.replace(/\r\n?/g, "\n").trim();

/** The installed certificate as the inputs spell it (the chain may come as a list: catalogue). */
export function sslFromApi(ssl: Item<"subdomain">["ssl"]): SslInputs | undefined {
  if (!ssl?.sslCert) return undefined;
  const chain = Array.isArray(ssl.sslCertChain) ? ssl.sslCertChain.map(pem).join("\n") : pem(ssl.sslCertChain);
  return { sslCert: pem(ssl.sslCert), sslKey: pem(ssl.sslKey), sslCertChain: chain, sslPath: ssl.sslPath.trim() };
}

/**
 * A subdomainlist/create/update item as state. `ssl` is recorded only while the program manages it
 * (`managed`): the API has no way to remove a certificate, so an unmanaged one is only reported by
 * sslInstalled and its private key is not copied into the state.
 */
export function subdomainStateFromItem(serviceName: string, item: Item<"subdomain">, managed: { ssl?: unknown; adopt?: boolean }): SubdomainState {
  const ssl = sslFromApi(item.ssl);
  const state: SubdomainState = {
    serviceName,
    // The listed name in lower case ASCII, as the inputs spell it (kept as read if it is no host name).
    name: asciiOrSelf(item.name),
    ftpPath: item.ftpPath,
    entityId: item.entityID,
    sslInstalled: ssl !== undefined,
  };
  if (managed.ssl !== undefined && ssl) state.ssl = ssl;
  if (managed.adopt !== undefined) state.adopt = managed.adopt;
  return state;
}

export function subdomainNeedsUpdate(live: SubdomainState, r: SubdomainInputs): boolean {
  if (live.ftpPath !== r.ftpPath) return true;
  if (!r.ssl) return false;
  const s = live.ssl;
  return !s || s.sslCert !== r.ssl.sslCert || s.sslKey !== r.ssl.sslKey || s.sslCertChain !== r.ssl.sslCertChain || s.sslPath !== r.ssl.sslPath;
}
