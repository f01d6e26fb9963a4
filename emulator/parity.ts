/**
 * What the emulator models of the real API, what it only imitates and what it leaves out: per
 * operation of the catalogue and per asynchronous (or otherwise imitated) behaviour, with the tests
 * that rely on each. emulator/README.md's parity table is rendered from here (scripts/gen-docs.ts);
 * tests/emulator/parity.test.ts checks that every catalogue operation has a row, that an operation
 * without a handler says "not modelled", that every named test exists and still shows what it
 * relies on, and that every test outside tests/emulator that drives the emulator's clock is named.
 * The delays and lists below are read from the modules, so a change there shows here.
 */
import { operations } from "../sdk/catalogue";
import { DEFAULT_DELAYS } from "./core/clock";
import { TLDS } from "./data/tlds";
import { CONTACT_VERIFICATION_SEC } from "./modules/contact/model";
import { GRACE_DAYS, PENDING_DELETE_DAYS, REDEMPTION_DAYS } from "./modules/domain/lifecycle";
import { PREMIUM_FACTOR } from "./modules/domain/model";
import { modules } from "./modules";
import { SUGGEST_TLDS } from "./modules/tool/handlers";

export type Fidelity = "modelled" | "simplified" | "not modelled";

/** A test file that relies on a row, and a text it must still contain (so the row cannot go stale). */
export interface Reliance {
  file: string;
  shows: string;
}

export interface ParityRow {
  fidelity: Fidelity;
  /** How it differs from the real service (simplified, not modelled). */
  how?: string;
  tests: readonly Reliance[];
}

const D = DEFAULT_DELAYS;
const t = (file: string, shows: string): Reliance => ({ file, shows });

/** The emulator's own tests of each module (named once above the operation table). */
export const EVERY_OPERATION: Reliance = t("tests/e2e/all-operations.test.ts", "operation-table");
export const MODULE_TESTS: Record<string, readonly Reliance[]> = {
  tool: [t("tests/emulator/tool.test.ts", "tool/")],
  account: [t("tests/emulator/account.test.ts", "account/")],
  contact: [t("tests/emulator/contact.test.ts", "contact/")],
  domain: [
    t("tests/emulator/domain-order.test.ts", "domain/"),
    t("tests/emulator/domain-read.test.ts", "domain/"),
    t("tests/emulator/domain-update.test.ts", "domain/"),
    t("tests/emulator/domain-transfer.test.ts", "domain/transition"),
  ],
  service: [
    t("tests/emulator/service.test.ts", "service/"),
    t("tests/emulator/service-dns.test.ts", "service/dns"),
    t("tests/emulator/service-families.test.ts", "service/"),
    t("tests/emulator/service-autorenew.test.ts", "service/usage"),
  ],
  ssl: [
    t("tests/emulator/ssl-order.test.ts", "ssl/"),
    t("tests/emulator/ssl-lifecycle.test.ts", "ssl/"),
    t("tests/emulator/ssl-csr.test.ts", "ssl/csr"),
    t("tests/emulator/ssl-validation.test.ts", "ssl/validation"),
  ],
};

const MAGIC_NAMES = 'a label containing "taken" (or a fixed list) is registered elsewhere; 1 to 3 characters or "premium" is premium';
const WRONG_AUTHCODE = 'an authcode shorter than 6 characters or containing "wrong" is wrong';
const PER_NAME = "set per name through the control API (domain/outcome: taken, premium, price)";

/** How a contact's verification ends by itself, from the default (core/clock.ts). */
const VERIFICATION_TIMER =
  CONTACT_VERIFICATION_SEC < 0
    ? "by itself only with the timer on (option `delays.contactVerificationSec` or `--contact-verification-seconds N`: N s after creation; off by default)"
    : `by default also by itself ${CONTACT_VERIFICATION_SEC} s after creation (option \`delays.contactVerificationSec\`, negative = only on request)`;

/** Operations that are not modelled as the real service runs them (the rest: modelled). */
const OPERATION_NOTES: Record<string, { fidelity: Fidelity; how: string; tests?: readonly Reliance[] }> = {
  "account/promos": { fidelity: "simplified", how: "a fixed table (data/promos.ts)" },
  "account/zones": { fidelity: "simplified", how: `a fixed table of ${TLDS.length} TLDs with emulator prices (data/tlds.ts)` },
  "contact/create": {
    fidelity: "simplified",
    how: `verification starts inprocess; no mail is sent: decided on request (control API contact/verification); ${VERIFICATION_TIMER}`,
    tests: [t("tests/provider/contact.test.ts", "setContactVerification"), t("tests/provider/contact-verification.test.ts", "setContactVerification")],
  },
  "contact/resendverificationmail": { fidelity: "simplified", how: "back to inprocess and restarts the verification timer (when on); no mail" },
  "domain/check": {
    fidelity: "simplified",
    how: `availability, premium and price ${PER_NAME}; by default by spelling: ${MAGIC_NAMES}`,
    tests: [t("tests/provider/waiting.test.ts", "taken")],
  },
  "domain/checkfortransfer": { fidelity: "simplified", how: `${PER_NAME}; by default by spelling: ${MAGIC_NAMES}` },
  "domain/create": {
    fidelity: "simplified",
    how: `taken, premium and price ${PER_NAME}, by default by spelling (${MAGIC_NAMES}); the registration then runs as the behaviour row says`,
    tests: [t("tests/hardening/money-preview.test.ts", "premium"), t("tests/provider/waiting.test.ts", "advanceClock")],
  },
  "domain/transfer": {
    fidelity: "simplified",
    how: `only names registered elsewhere (or in another account) transfer; for a name from outside the authcode set per name (domain/outcome authcode) is the right one, by default ${WRONG_AUTHCODE}; the transfer then runs as the behaviour row says`,
    tests: [
      t("tests/hardening/money-create.test.ts", "taken-xfer"),
      t("tests/e2e/flows.test.ts", "wrong-one"),
      t("tests/provider/domain-transfer-restart.test.ts", "domain/transfer"),
    ],
  },
  "domain/transferrestart": {
    fidelity: "modelled",
    how: "from transfer-cancel, or from a transfer waiting at pending-auth, pending-tag or pending-registry (facts.md: it restarts a stalled transfer); back to transfer-init, free (the spec's result has no billing)",
    tests: [t("tests/e2e/operation-table.ts", "transferrestart"), t("tests/provider/domain-transfer-restart.test.ts", "transferrestart")],
  },
  "domain/resendverificationmail": { fidelity: "simplified", how: "only adds a message: nothing is sent and the owner's verification does not change" },
  "domain/whois": { fidelity: "simplified", how: "a text built from the emulator's own records (only the caller's domains)" },
  "service/getinfo": {
    fidelity: "simplified",
    how: "infoType=resources: byte and file usage as set through the control API (service/usage), 0 by default (object counts are real); infoType=logerror: as set there, empty by default",
    tests: [t("tests/e2e/flows.test.ts", "resources")],
  },
  "service/parkingupdate": { fidelity: "simplified", how: "a stored flag; no parking page is served" },
  "service/webconstructorlogin": { fidelity: "simplified", how: "a made-up login URL and token; no site builder behind it" },
  "ssl/create": {
    fidelity: "simplified",
    how: `DCV: dns passes when the CNAME is in the zone the domain's nameservers delegate to; http, https and mail are decided through the control API (ssl/validation), by default also ${D.sslValidationSec} s after the order by themselves`,
    tests: [t("tests/provider/ssl-certificate.test.ts", "advanceClock")],
  },
  "ssl/changevalidationmethod": {
    fidelity: "simplified",
    how: "restarts the default DCV timer (http, https, mail; decided on request otherwise) or waits for the CNAME in the delegated zone (dns), as ssl/create",
  },
  "ssl/resendvalidationmail": { fidelity: "simplified", how: `restarts the default ${D.sslValidationSec} s mail DCV timer (a held name too); no mail is sent` },
  "ssl/getvalidationemails": {
    fidelity: "simplified",
    how: "the fixed approver names (admin, administrator, hostmaster, postmaster, webmaster) at the registered domain",
  },
  "ssl/productlist": { fidelity: "simplified", how: "a fixed product table (data/ssl-products.ts)" },
  "ssl/productgetinfo": { fidelity: "simplified", how: "a fixed product table (data/ssl-products.ts)" },
  "tool/dig": { fidelity: "simplified", how: "answers from the zones the emulator hosts only; `nameserver` is echoed, not asked" },
  "tool/zonecheck": { fidelity: "simplified", how: "checks against the zones the emulator hosts only" },
  "tool/domainsuggests": {
    fidelity: "simplified",
    how: `fixed words around the query per language; availability by name as domain/check; TLDs ${SUGGEST_TLDS.join(", ")} (with or without a leading dot)`,
    tests: [t("tests/emulator/whmcs-wire.test.ts", "whmcs-wire.json")],
  },
};

export interface OperationParity extends ParityRow {
  name: string;
  /** Answered by the handler of another operation (catalogue `wraps`). */
  wraps?: string;
}

/** One row per catalogue operation, in catalogue order. */
export function operationParity(): OperationParity[] {
  return operations.map((o) => {
    const wraps = o.wraps?.op;
    const handled = Boolean((modules.handlers as Record<string, Record<string, unknown>>)[o.module]?.[o.action]);
    const note = OPERATION_NOTES[o.name];
    if (!handled && !o.wraps) return { name: o.name, fidelity: "not modelled", how: "no handler: answers 104", tests: [] };
    return { name: o.name, wraps, fidelity: note?.fidelity ?? "modelled", how: note?.how, tests: note?.tests ?? [] };
  });
}

export interface BehaviourParity extends ParityRow {
  behaviour: string;
}

/** Asynchronous transitions and other imitations, with the provider, e2e and example tests that rely on them. */
export const BEHAVIOURS: readonly BehaviourParity[] = [
  {
    behaviour: "domain registration: register-init -> register-pending -> active, or register-cancel",
    fidelity: "modelled",
    how: `after time (default ${D.registerInitSec} s, then ${D.registerPendingSec} s of the emulator clock: option \`delays\`; control API clock/advance moves them on), on request (control API domain/transition; \`hold\` stops the timers) or as set per name beforehand (control API domain/outcome \`registration: cancelled\`: register-cancel at the end of register-pending); emulator choices (spec silent): a cancelled registration's charge stays and its record stays in the account`,
    tests: [
      t("tests/provider/active-domain.ts", "advanceClock"),
      t("tests/provider/waiting.test.ts", "advanceClock"),
      t("tests/plugin/yaml-timeout.test.ts", "registerPendingSec"),
      t("tests/provider/domain.test.ts", "advanceClock"),
      t("tests/hardening/interrupt-registration.test.ts", "advanceClock"),
      t("tests/e2e/flows.test.ts", "registerPendingSec"),
      t("tests/e2e/restart.test.ts", "registerInitSec"),
      t("tests/e2e/operation-table.ts", "register-init"),
      t("tests/lifecycle/fixture.ts", "advanceClock"),
      t("tests/plugin/import-seed.ts", "advanceClock"),
      t("tests/plugin/migrate.test.ts", "advanceClock"),
      t("tests/functions/seed.ts", "advanceClock"),
      t("tests/examples/apply.test.ts", "advanceClock"),
      t("tests/plugin/yaml-cancel.test.ts", "advanceClock"),
    ],
  },
  {
    behaviour:
      "domain transfer: transfer-init -> transfer-pending -> active, or transfer-cancel; transferStatus init, set-auth, queued, pending-auth, pending-tag, pending-registry, cancelled, completed",
    fidelity: "modelled",
    how: `the spec lists the values, not the moves: these are the emulator's reading (modules/domain/transfer.ts). By time: init -(${D.transferInitSec} s)-> set-auth when the losing side accepts the authcode, else cancelled; set-auth -(${D.transferSetAuthSec} s)-> queued -(${D.transferPendingSec} s)-> completed. As set per name (domain/outcome \`transfer\`): set-auth -> pending-auth, pending-tag or pending-registry, which wait for a request (domain/transition) or domain/transferrestart; or queued -> cancelled (the registry refuses). On request: any move of the machine, \`hold\` stops the timers. The authcode of a name from outside: as set per name (domain/outcome authcode), by default ${WRONG_AUTHCODE}`,
    tests: [
      t("tests/provider/domain-transfer-restart.test.ts", "setNameOutcome"),
      t("tests/e2e/flows.test.ts", "transferPendingSec"),
      t("tests/e2e/restart.test.ts", "transfer-pending"),
      t("tests/e2e/operation-table.ts", "wrong-code"),
    ],
  },
  {
    behaviour:
      "domain renewal and expiry: renewed -> active; autorenew at expiry; expired-renewgrace -> expired-redemption -> expired-pendingdelete -> deleted",
    fidelity: "modelled",
    how: `durations are emulator choices (spec silent): renewed ${D.renewSec} s, grace ${GRACE_DAYS} days, redemption ${REDEMPTION_DAYS} days, pending delete ${PENDING_DELETE_DAYS} days`,
    tests: [
      t("tests/export/export.test.ts", "advanceClock"),
      t("tests/hardening/money-preview.test.ts", "advanceClock"),
      t("tests/hardening/money-update.test.ts", "advanceClock"),
      t("tests/provider/descriptors-seed.ts", "367 * DAY"),
    ],
  },
  {
    behaviour: "contact verification: inprocess -> verified / failed",
    fidelity: "simplified",
    how: `on request through the control API (contact/verification: verified, failed, or held inprocess); ${VERIFICATION_TIMER}: verified, failed for addresses under .invalid`,
    tests: [t("tests/provider/contact.test.ts", "setContactVerification"), t("tests/provider/contact-verification.test.ts", "setContactVerification")],
  },
  {
    behaviour: "domain owner verification mail (domain/resendverificationmail)",
    fidelity: "simplified",
    how: "only adds a message",
    tests: [],
  },
  {
    behaviour: "SSL validation by DNS (CNAME)",
    fidelity: "modelled",
    how: "passes when the CNAME is in the zone the domain's nameservers delegate to (modules/service/lookup.ts resolveRecords): the zone hosted here when they are the emulator's; nothing for the parking servers, nameservers outside the emulator or a registration not at the registry. Emulator choice: a name no account holds is taken as delegated to the emulator's nameservers",
    tests: [
      t("tests/provider/ssl-validation-zone.test.ts", "updatenameservers"),
      t("tests/provider/ssl-certificate.test.ts", '"dns"'),
      t("tests/examples/certificate.test.ts", "validates through DNS"),
      t("tests/e2e/operation-table.ts", "updatenameservers"),
    ],
  },
  {
    behaviour: "SSL validation by http, https and mail",
    fidelity: "simplified",
    how: `decided on request (control API ssl/validation: approved; held, its timer stopped; or for http and https fetched now from a loopback server the test names, with the name as Host and as TLS server name, validated on a 200 with the checkvalue's contents); no mail is read. By default also passes ${D.sslValidationSec} s after the order (or a change of method, or a resent mail) by itself (option \`delays.sslValidationSec\`, negative = only on request)`,
    tests: [
      t("tests/provider/ssl-certificate.test.ts", '"http"'),
      t("tests/export/export.test.ts", '"http"'),
      t("tests/hardening/money-create.test.ts", "validationMethod"),
      t("tests/hardening/money-update.test.ts", "validationMethod"),
      t("tests/hardening/money-preview.test.ts", "validationMethod"),
      t("tests/hardening/interrupt-registration.test.ts", "validationMethod"),
      t("tests/e2e/restart.test.ts", '"http"'),
      t("tests/functions/seed.ts", 'validationMethod: "http"'),
    ],
  },
  {
    behaviour: "SSL issue, reissue and expiry once validated",
    fidelity: "modelled",
    how: "certificates are signed by the emulator's CA",
    tests: [t("tests/emulator/ssl-lifecycle.test.ts", "reissue")],
  },
  {
    behaviour: "hosting service activation: init -> active",
    fidelity: "modelled",
    how: `after ${D.serviceInitSec} s`,
    tests: [t("tests/emulator/service.test.ts", "active")],
  },
  {
    behaviour: "hosting service renewal at expiry (renewalMode autorenew)",
    fidelity: "modelled",
    how: "the day after tsExpir an autorenew service renews itself for a year at its product's price, charged (again for each year a clock move passes); a manual one, or one the balance cannot pay, goes inactive with nothing charged. Emulator choices (spec silent): one year, no renewed step",
    tests: [t("tests/provider/hosting-autorenew.test.ts", "advanceClock"), t("tests/provider/hosting-service.test.ts", "autorenew")],
  },
  {
    behaviour: "hosting objects (FTP accounts, databases, mailboxes, aliases, redirections, subdomains) and hosted DNS zones",
    fidelity: "simplified",
    how: 'records with the API\'s rules and quotas; no FTP, SQL, mail or web server serves them. DNS: with `dnsPort` (`--dns-port`) the emulator answers for every hosted zone as its authoritative server, UDP and TCP (emulator/dns; no delegation below the apex, no DNSSEC, no zone transfer; limits in README "DNS"); tool/dig reads the zones',
    tests: [t("tests/acme/dns-server.test.ts", "dnsPort"), t("tests/acme/acme-certificate.test.ts", "dnsPort")],
  },
  {
    behaviour: "hosting usage counters and error log",
    fidelity: "simplified",
    how: "no files or traffic drive them: byte and file usage (ftpusage, ftpfiles, webtraffic, ddbbusage) and the error log are what the control API set (service/usage), 0 and empty by default; mailbox usage always 0",
    tests: [t("tests/e2e/flows.test.ts", "resources")],
  },
  {
    behaviour: "the world outside the emulator: names registered elsewhere, premium names and their price, the authcode of a name from outside",
    fidelity: "simplified",
    how: `set per name through the control API (domain/outcome: taken, premium, price, authcode; also how its registration or transfer ends); by default chosen by spelling: ${MAGIC_NAMES} (at ${PREMIUM_FACTOR} times the TLD's price); ${WRONG_AUTHCODE}; a contact e-mail under .invalid fails verification`,
    tests: [
      t("tests/emulator/domain-outcomes.test.ts", "setNameOutcome"),
      t("tests/provider/domain-transfer-restart.test.ts", "taken"),
      t("tests/provider/waiting.test.ts", "taken"),
      t("tests/hardening/money-create.test.ts", "taken"),
      t("tests/hardening/money-preview.test.ts", "premium"),
      t("tests/e2e/flows.test.ts", "wrong-one"),
    ],
  },
  {
    behaviour: "per-domain flags by TLD (transferBlock, whoisPrivacy, viewWhois)",
    fidelity: "modelled",
    how: "present only for TLDs that have them; which TLD has which is the emulator's table (data/tlds.ts)",
    tests: [t("tests/provider/domain-flags.test.ts", "sin-cerrojo.es"), t("tests/emulator/whmcs-wire.test.ts", "whmcs-wire.json")],
  },
  {
    behaviour: "registered caller addresses (1007)",
    fidelity: "modelled",
    how: "per account `allowedIps` (`--allowed-ips`); 1007 only (the real API also has 1014); the message names the address",
    tests: [t("tests/review/ci-preview-filtered.test.ts", "allowedIps"), t("tests/emulator/server-access.test.ts", "1007")],
  },
];

const cell = (s: string) => s.replace(/\|/g, "\\|");
const testsCell = (r: readonly Reliance[]) =>
  r.length ? [...new Set(r.map((x) => x.file.replace(/^tests\//, "")))].map((f) => `\`${f}\``).join(", ") : "none";

/** The Markdown of emulator/README.md's parity section (between its markers). */
export function parityTables(): string {
  const ops = operationParity();
  const count = (f: Fidelity) => ops.filter((o) => o.fidelity === f).length;
  const lines = [
    `${ops.length} operations: ${count("modelled")} modelled, ${count("simplified")} simplified, ${count("not modelled")} not modelled. Tests are under \`tests/\`.`,
    "",
    "| Behaviour | Fidelity | How | Tests that rely on it |",
    "|---|---|---|---|",
    ...BEHAVIOURS.map((b) => `| ${cell(b.behaviour)} | ${b.fidelity} | ${cell(b.how ?? "")} | ${testsCell(b.tests)} |`),
    "",
    `Every operation is called by \`${EVERY_OPERATION.file.replace(/^tests\//, "")}\` (each result checked against the spec's shapes) and by its module's emulator tests (${Object.entries(
      MODULE_TESTS,
    )
      .map(([m, r]) => `${m}: ${testsCell(r)}`)
      .join("; ")}). The last column names the tests outside those that rely on what the row says.`,
    "",
    "| Operation | Fidelity | How | Tests that rely on it |",
    "|---|---|---|---|",
    ...ops.map(
      (o) => `| \`${o.name}\` | ${o.fidelity}${o.wraps ? ` (as \`${o.wraps}\`)` : ""} | ${cell(o.how ?? "")} | ${o.tests.length ? testsCell(o.tests) : ""} |`,
    ),
  ];
  return lines.join("\n");
}
