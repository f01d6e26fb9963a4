/**
 * Subdomain in an exported program (core/descriptor.ts `adopt`): `adopt: true`. An installed SSL
 * certificate is not declared (its private key would be written in the program): left as it is.
 */
import type { Adoption, ExportPlace } from "../../core/adoption";
import { byKey, HOSTING_HEADING } from "../../service-entities/export-place";

export function adoptSubdomain(x: { serviceName: string; name: string; ftpPath: string; hasSsl: boolean }): Adoption {
  return {
    name: { parts: ["subdomain", x.name], identity: x.name },
    args: { serviceName: x.serviceName, name: x.name, ftpPath: x.ftpPath, adopt: true },
    refs: { serviceName: { type: "HostingService", identity: x.serviceName } },
    ...(x.hasSsl
      ? {
          comment: "an SSL certificate is installed: not declared (its private key would be written here), left as it is",
          skipped: [{ what: `SSL installed on subdomain ${x.name}`, why: "its private key would be written in the program: left unmanaged" }],
        }
      : {}),
  };
}

export const subdomainExportPlace: ExportPlace = { heading: HOSTING_HEADING, order: byKey("name") };
