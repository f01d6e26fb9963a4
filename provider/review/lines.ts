/**
 * The provider's own lines in a preview's diagnostics. provider/core/log.ts prints each message as
 * `[dondominio] <message>` (warnings as `[dondominio] warning: <message>`); at preview the resources
 * print, per record and per paid operation (issue 12 items 2 and 3):
 *
 *     + CREATE TXT _dmarc.example.com "v=DMARC1; p=none" ttl=3600
 *     - DELETE A old.example.com 192.0.2.1 ttl=default
 *     ± MODIFY MX example.com 10 mx1.example.com. ttl=3600 -> 20 mx1.example.com. ttl=3600
 *     $ CHARGE 12.50 EUR Domain example.com: register 1 year (domain/check)
 *     $ NO PRICE HostingService example.org: create (basic): the API shows no price before purchase
 *     $ TOTAL 37.50 EUR planned; balance 100.00 EUR; maxSpend 50.00 EUR
 *
 * The provider plugin sends the same lines through the engine's Log RPC, without the prefix and with
 * the resource's URN (parsePluginLine).
 */

export const LINE_PREFIX = "[dondominio] ";

export type ProviderLine =
  | { kind: "dns"; action: "CREATE" | "DELETE" | "MODIFY"; recordType: string; fqdn: string; text: string }
  | { kind: "money"; action: "CHARGE" | "NO PRICE" | "TOTAL"; text: string }
  | { kind: "warning"; text: string }
  | { kind: "info"; text: string };

const DNS = /^(\+ CREATE|- DELETE|± MODIFY) (\S+) (\S+)(?: |$)/;
const MONEY = /^\$ (CHARGE|NO PRICE|TOTAL)\b/;

/** One console line of the provider, or undefined when the line is not the provider's. */
export function parseProviderLine(line: string): ProviderLine | undefined {
  if (!line.startsWith(LINE_PREFIX)) return undefined;
  const text = line.slice(LINE_PREFIX.length).trimEnd();
  const dns = DNS.exec(text);
  if (dns) {
    const action = dns[1].slice(2) as "CREATE" | "DELETE" | "MODIFY";
    return { kind: "dns", action, recordType: dns[2], fqdn: dns[3], text };
  }
  const money = MONEY.exec(text);
  if (money) return { kind: "money", action: money[1] as "CHARGE" | "NO PRICE" | "TOTAL", text };
  if (text.startsWith("warning: ")) return { kind: "warning", text: text.slice("warning: ".length) };
  return { kind: "info", text };
}

/**
 * A line the provider plugin sent through the engine's Log RPC with its resource's URN: the same
 * text without the console prefix, a warning by its severity (plugin/wire.ts EngineLog).
 */
export function parsePluginLine(text: string, severity: string): ProviderLine | undefined {
  return parseProviderLine(`${LINE_PREFIX}${severity === "warning" ? "warning: " : ""}${text}`);
}
