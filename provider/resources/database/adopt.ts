/**
 * Database in an exported program (core/descriptor.ts `adopt`): `adopt: true`; the password the
 * API lists is never copied: an optional config secret, unset the live one is kept.
 */
import type { Adoption, ExportPlace } from "../../core/adoption";
import { byKey, HOSTING_HEADING } from "../../service-entities/export-place";

export function adoptDatabase(d: { serviceName: string; name: string; user: string; externalAccess: boolean }): Adoption {
  return {
    name: { parts: ["database", d.name], identity: `${d.serviceName} ${d.name}` },
    args: { serviceName: d.serviceName, name: d.name, externalAccess: d.externalAccess, password: undefined, adopt: true },
    secrets: { password: `database ${d.name} of ${d.serviceName}` },
    refs: { serviceName: { type: "HostingService", identity: d.serviceName } },
    comment: `user ${d.user}`,
  };
}

export const databaseExportPlace: ExportPlace = { heading: HOSTING_HEADING, order: byKey("name") };
