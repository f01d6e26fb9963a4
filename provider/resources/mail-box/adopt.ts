/**
 * MailBox in an exported program (core/descriptor.ts `adopt`): `adopt: true`, the password left
 * out (the API never tells it): an optional config secret; unset, the live password is kept.
 */
import type { Adoption, ExportPlace } from "../../core/adoption";
import { byKey, MAIL_HEADING } from "../../service-entities/export-place";

export interface DiscoveredMailBox {
  serviceName: string;
  name: string;
  usage: number;
  quotaMax: number;
}

export function adoptMailBox(m: DiscoveredMailBox): Adoption {
  return {
    name: { parts: ["mailbox", m.name], identity: m.name },
    args: { serviceName: m.serviceName, name: m.name, password: undefined, adopt: true },
    secrets: { password: `mailbox ${m.name}` },
    refs: { serviceName: { type: "HostingService", identity: m.serviceName } },
    comment: `${m.usage} of ${m.quotaMax} bytes used`,
  };
}

export const mailBoxExportPlace: ExportPlace = { heading: MAIL_HEADING, order: byKey("name") };
