/** Redirect in an exported program (core/descriptor.ts `adopt`): `adopt: true` with its live destination and type. */
import { type Adoption, type ExportPlace, text } from "../../core/adoption";
import { byKey } from "../../service-entities/export-place";

export function adoptRedirect(r: { serviceName: string; origin: string; destination: string; type: string }): Adoption {
  return {
    name: { parts: ["redirect", r.origin], identity: r.origin },
    args: { serviceName: r.serviceName, origin: r.origin, destination: r.destination, type: r.type, adopt: true },
    refs: { serviceName: { type: "HostingService", identity: r.serviceName } },
  };
}

export const redirectExportPlace: ExportPlace = {
  heading: { id: "redirects", lines: (svc) => [text`Redirects of ${svc?.name}`] },
  order: byKey("origin"),
};
