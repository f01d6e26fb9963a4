/**
 * FtpAccount in an exported program (core/descriptor.ts `adopt`): `adopt: true`; the password the
 * API lists is never copied: an optional config secret, unset the live one is kept.
 */
import type { Adoption, ExportPlace } from "../../core/adoption";
import { byKey, HOSTING_HEADING } from "../../service-entities/export-place";

export function adoptFtpAccount(f: { serviceName: string; name: string; ftpPath: string }): Adoption {
  return {
    name: { parts: ["ftp", f.name, f.serviceName], identity: `${f.serviceName} ${f.name}` },
    args: { serviceName: f.serviceName, name: f.name, ftpPath: f.ftpPath, password: undefined, adopt: true },
    secrets: { password: `FTP account ${f.name} of ${f.serviceName}` },
    refs: { serviceName: { type: "HostingService", identity: f.serviceName } },
  };
}

export const ftpAccountExportPlace: ExportPlace = { heading: HOSTING_HEADING, order: byKey("name") };
