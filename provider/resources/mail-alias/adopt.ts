/** MailAlias in an exported program (core/descriptor.ts `adopt`): `adopt: true` with its live targets. */
import type { Adoption, ExportPlace } from "../../core/adoption";
import { byKey, MAIL_HEADING } from "../../service-entities/export-place";

export function adoptMailAlias(a: { serviceName: string; name: string; targets: string[] }): Adoption {
  return {
    name: { parts: ["alias", a.name], identity: a.name },
    args: { serviceName: a.serviceName, name: a.name, targets: a.targets, adopt: true },
    refs: { serviceName: { type: "HostingService", identity: a.serviceName } },
  };
}

export const mailAliasExportPlace: ExportPlace = { heading: MAIL_HEADING, order: byKey("name") };
