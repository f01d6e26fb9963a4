/** Shared by the review tests: the values of the recorded fixtures (record-fixtures.ts), and reading a comment's table. */
export const ZONE = "ci-preview.example";
/** The mailbox password of the recorded program (a secret: it must not appear in any fixture). */
export const MAILBOX_PASSWORD = "Fixture-Secret-7Qx2";
export const MAILBOX_PASSWORD_2 = "Fixture-Secret-9Rk4";

/** The provider's preview lines (issue 12 items 2 and 3), as `[dondominio] <line>` console lines. */
export const DNS_LINES = [
  `+ CREATE TXT _dmarc.${ZONE} "v=DMARC1; p=none" ttl=3600`,
  "- DELETE A old.ci-preview.example 192.0.2.1 ttl=default",
  `± MODIFY MX ${ZONE} 10 mx1.${ZONE}. ttl=3600 -> 20 mx1.${ZONE}. ttl=3600`,
];
export const MONEY_LINES = [
  `$ CHARGE 12.50 EUR Domain ${ZONE}: register 1 year (domain/check)`,
  `$ NO PRICE HostingService ${ZONE}: create (basic): the API shows no price before purchase`,
  "$ TOTAL 37.50 EUR planned; balance 100.00 EUR; maxSpend 50.00 EUR",
];

/** The table rows of a rendered comment as "op | type | name", sorted. */
export function tableRows(md: string): string[] {
  return md
    .split("\n")
    .filter((l) => /^\| [+~\->=]/.test(l))
    .map((l) =>
      l
        .split(" | ")
        .slice(0, 3)
        .map((c) => c.replace(/^\| /, "").replace(/`/g, ""))
        .join(" | "),
    )
    .sort();
}

/** The comment's rows for a first preview of examples/ci-preview. */
export const EXAMPLE_CREATE_ROWS = [
  "+ create | HostingService | site",
  "+ create | DnsRecord | www",
  "+ create | DnsRecord | docs",
  "+ create | DnsRecord | mx",
  "+ create | DnsRecord | verify",
  "+ create | DnsRecord | dmarc",
  "+ create | MailBox | info",
];

/** The comment's rows for programs.ts changedProgram() after the example's `up`. */
export const CHANGED_ROWS = [
  "~ update | HostingService | site",
  "~ update | DnsRecord | www",
  "+- replace | DnsRecord | docs",
  "~ update | MailBox | info",
  "+ create | DnsRecord | caa",
  "- delete | DnsRecord | mx",
];
