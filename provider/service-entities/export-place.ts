/**
 * Where the export writes the objects of a hosting service (core/descriptor.ts ExportPlace): the
 * headings two or more families share, and their order by name.
 */
import { type ExportPlace, text } from "../core/adoption";

type Place = NonNullable<ExportPlace["heading"]>;

/** MailBox and MailAlias: one heading for both. */
export const MAIL_HEADING: Place = { id: "mail", lines: (svc) => [text`Mail of ${svc?.name}`] };

/** FtpAccount, Database and Subdomain: one heading for the three. */
export const HOSTING_HEADING: Place = { id: "hosting", lines: (svc) => [text`Hosting of ${svc?.name}`] };

/** By `key` (a name, an origin), as the export writes them. */
export const byKey =
  (key: string) =>
  (a: Record<string, any>, b: Record<string, any>): number =>
    String(a[key]).localeCompare(String(b[key]));
