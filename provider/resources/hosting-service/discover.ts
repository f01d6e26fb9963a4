/**
 * HostingService's live objects for `dondominio-export` (core/descriptor.ts `discover`):
 * service/list once, then the objects inside each service through the service-scope discoveries
 * (scope.within: DnsRecord, MailBox, MailAlias...).
 */
import type { Api } from "../../core/client";
import { type AccountScope, asciiOf, unicodeOf } from "../../core/discovery";

/** A service and, per member key of the service-scope discoveries ("dns", "mail"...), its objects. */
export interface ServiceHead {
  name: string;
  productKey: string;
  status: string;
}

export async function discoverServices(api: Api, scope: AccountScope): Promise<(ServiceHead & Record<string, unknown>)[]> {
  const listed = await api.listAll("service/list", {});
  const services: (ServiceHead & Record<string, unknown>)[] = [];
  for (const s of listed) {
    const name = unicodeOf(s.name);
    if (scope.wantServices && !scope.wantServices.has(name)) continue;
    services.push({ name, productKey: s.productkey, status: s.status, ...(await scope.within(s.name, name)) });
  }
  services.sort((a, b) => asciiOf(a.name).localeCompare(asciiOf(b.name)));
  for (const want of scope.services ?? [])
    if (!services.some((x) => x.name === unicodeOf(want))) scope.notes.push(`--service ${unicodeOf(want)}: not in this account`);
  scope.say(`services: ${services.length} (${listed.length} in the account)`);
  return services;
}
