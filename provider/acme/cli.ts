/**
 * `dondominio-acme` (bin/dondominio-acme.js): ACME DNS-01 through the account's DNS for the tools
 * people run. `main(argv, env, io)` is the whole command (tests run it in-process); it returns the
 * exit status. Credentials come from the environment or an owner-only file (credentials.ts).
 */
import { createHash } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { printable } from "../../sdk/core/printable";
import { scrubText } from "../../sdk/core/redact";
import { closeTransports } from "../../sdk/core/transport";
import { getApi } from "../core/client";
import { apiZones, challengeName, challengeTarget, challengeValue, cleanupTxt, presentTxt } from "./challenge";
import { acmeConfig } from "./credentials";
import { parseServers, waitForTxt } from "./propagation";

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export interface AcmeIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const ACME_HELP = `usage: dondominio-acme present FQDN VALUE        lego exec provider (EXEC_PATH), acme.sh
       dondominio-acme cleanup FQDN VALUE
       dondominio-acme present -- DOMAIN TOKEN KEYAUTH   lego with EXEC_MODE=RAW (cleanup likewise)
       dondominio-acme certbot-auth                  certbot --manual-auth-hook
       dondominio-acme certbot-cleanup               certbot --manual-cleanup-hook

Adds (present, certbot-auth) or removes (cleanup, certbot-cleanup) the ACME DNS-01 TXT record
FQDN = VALUE (certbot: _acme-challenge.$CERTBOT_DOMAIN = $CERTBOT_VALIDATION) in the zone of your
DonDominio account that holds the name (the hosting service with the longest matching name). A
_acme-challenge name that is a CNAME is followed (at most 8 in a row; a loop fails): the record
goes to the end of the chain, which must be in a zone of the account. CNAMEs in the account's zones
are read through the API; a name in none of them is looked up in DNS. Values sharing a name (a wildcard and its apex) are kept side by side;
cleanup removes only its own value. present waits until the zone's nameservers serve the value.

Environment:
  DONDOMINIO_API_USER, DONDOMINIO_API_PASSWD   the API credentials (never as arguments)
  DONDOMINIO_CREDENTIALS_FILE                  or a file of NAME=value lines with them, chmod 600
  DONDOMINIO_BASE_URL, DONDOMINIO_CA_CERT_FILE as for the Pulumi provider (an emulator, its CA)
  DONDOMINIO_MAX_OPS_PER_MINUTE                likewise: API calls a minute (default 100)
  DONDOMINIO_TIMEOUT_MS                        likewise: ms one API call may take
  DONDOMINIO_ACME_DNS_SERVERS                  addresses[:port] to check instead of the zone's
                                               nameservers (and to look CNAMEs up with)
  DONDOMINIO_ACME_PROPAGATION_TIMEOUT          seconds present waits for DNS (default 300; 0 = no wait)
  DONDOMINIO_ACME_POLL_INTERVAL                seconds between DNS checks (default 5)

The whole command ends within the propagation timeout plus 120 s, naming the step it stopped in.
The machine running this must call from an IP address registered for the account's API access.
Exit status: 0 done; 1 the API or DNS failed (the reason on stderr); 2 bad arguments or settings.
`;

class UsageError extends Error {}

interface Job {
  action: "present" | "cleanup";
  fqdn: string;
  value: string;
}

/** The record and value a command line and environment ask for (RFC 8555 8.4 for RAW mode). */
export function parseJob(argv: string[], env: NodeJS.ProcessEnv): Job {
  const [command, ...rest] = argv;
  for (const a of argv) {
    if (/^--?(api-?)?pass(w(or)?d)?\b|^--?(api-?)?user\b/i.test(a)) {
      throw new UsageError(
        `${a.split("=")[0]} is refused: credentials are never taken from the command line, where every user of this machine can read them; set DONDOMINIO_API_USER and DONDOMINIO_API_PASSWD, or DONDOMINIO_CREDENTIALS_FILE`,
      );
    }
  }
  if (command === "certbot-auth" || command === "certbot-cleanup") {
    if (rest.length) throw new UsageError(`${command} takes no arguments: certbot passes CERTBOT_DOMAIN and CERTBOT_VALIDATION in the environment`);
    const domain = env.CERTBOT_DOMAIN;
    const value = env.CERTBOT_VALIDATION;
    if (!domain) throw new UsageError(`${command}: CERTBOT_DOMAIN is not set (run it as certbot's --manual-auth-hook / --manual-cleanup-hook)`);
    if (!value) throw new UsageError(`${command}: CERTBOT_VALIDATION is not set (run it as certbot's --manual-auth-hook / --manual-cleanup-hook)`);
    // certbot gives the name without "*." for a wildcard: both share _acme-challenge.<domain>.
    return { action: command === "certbot-auth" ? "present" : "cleanup", fqdn: `_acme-challenge.${domain.replace(/^\*\./, "")}`, value };
  }
  if (command === "present" || command === "cleanup") {
    if (rest[0] === "--") {
      const [domain, , keyAuth] = rest.slice(1);
      if (rest.length !== 4 || !domain || !keyAuth) throw new UsageError(`${command} -- DOMAIN TOKEN KEYAUTH: three values are required (lego EXEC_MODE=RAW)`);
      const value = createHash("sha256").update(keyAuth).digest("base64url");
      return { action: command, fqdn: `_acme-challenge.${domain.replace(/\.$/, "").replace(/^\*\./, "")}`, value };
    }
    if (rest.length !== 2) throw new UsageError(`${command} FQDN VALUE: two arguments are required, got ${rest.length}`);
    return { action: command, fqdn: rest[0], value: rest[1] };
  }
  throw new UsageError(command ? `unknown command ${JSON.stringify(command)}` : "a command is required");
}

function seconds(env: NodeJS.ProcessEnv, key: string, dflt: number): number {
  const raw = env[key];
  if (raw === undefined || raw.trim() === "") return dflt;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`${key}: a number of seconds >= 0 is required, got ${JSON.stringify(raw)}`);
  return n;
}

/** The CNAME at a name in no zone of the account, from DNS (`servers` or the system's resolvers), or undefined. */
function dnsCname(servers: string[] | undefined): (name: string) => Promise<string | undefined> {
  const r = new Resolver({ timeout: 3000, tries: 2 });
  if (servers) r.setServers(servers);
  return (name) =>
    r.resolveCname(name).then(
      (a) => a[0],
      () => undefined,
    );
}

/** The whole command's deadline beyond the propagation wait: the API calls, the CNAME lookups, the writes. */
export const COMMAND_MARGIN_MS = 120_000;

/**
 * One line of output. Its text holds API and DNS data (zone names, entity ids, service names in
 * errors) and the environment certbot passes: one visible line (sdk/core/printable.ts), so no
 * reply forges a second line in what certbot and lego log, nor reaches the terminal as an escape.
 */
const say = (stream: { write(s: string): unknown }, text: string) => stream.write(`dondominio-acme: ${printable(text, 4000)}\n`);

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, io: AcmeIo = process): Promise<number> {
  if (argv.includes("-h") || argv.includes("--help") || argv[0] === "help") {
    io.stdout.write(ACME_HELP);
    return EXIT_OK;
  }
  let job: Job;
  let servers: string[] | undefined;
  let timeoutMs: number;
  let intervalMs: number;
  let api: ReturnType<typeof getApi>;
  try {
    job = parseJob(argv, env);
    job = { ...job, fqdn: challengeName(job.fqdn), value: challengeValue(job.value) };
    servers = env.DONDOMINIO_ACME_DNS_SERVERS ? parseServers(env.DONDOMINIO_ACME_DNS_SERVERS) : undefined;
    timeoutMs = seconds(env, "DONDOMINIO_ACME_PROPAGATION_TIMEOUT", 300) * 1000;
    intervalMs = Math.max(seconds(env, "DONDOMINIO_ACME_POLL_INTERVAL", 5) * 1000, 100);
    api = getApi(acmeConfig(env));
  } catch (e) {
    say(io.stderr, (e as Error).message);
    io.stderr.write(`\n${ACME_HELP}`);
    return EXIT_USAGE;
  }
  // Every exchange below is bounded on its own (the API client's timeouts, DNS queries of 3 s, the
  // propagation wait); the command as a whole ends by this deadline too, naming the step it was in.
  let step = "following CNAMEs";
  const run = async () => {
    const target = await challengeTarget(apiZones(api, dnsCname(servers)), job.fqdn);
    const name = target.name;
    const via = name === job.fqdn ? "" : ` (CNAME of ${job.fqdn})`;
    if (job.action === "present") {
      step = "writing the TXT record";
      const p = await presentTxt(api, name, job.value, target.zone);
      say(io.stdout, `${name}${via} TXT ${p.created ? "created" : "already present"} in zone ${p.zone} (${p.entityID})`);
      if (timeoutMs > 0) {
        step = "waiting for DNS to serve it";
        const w = await waitForTxt(api, p.zone, name, job.value, {
          servers,
          timeoutMs,
          intervalMs,
          progress: (l) => say(io.stderr, l),
        });
        say(io.stdout, `${name} served by ${w.servers.join(", ")} after ${(w.waitedMs / 1000).toFixed(1)} s`);
      }
    } else {
      step = "deleting the TXT record";
      const c = await cleanupTxt(api, name, job.value, target.zone);
      say(io.stdout, `${name}${via} TXT ${c.deleted ? `deleted (${c.deleted})` : "not present"} in zone ${c.zone}`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const limitMs = timeoutMs + COMMAND_MARGIN_MS;
  try {
    await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`not done after ${Math.round(limitMs / 1000)} s (the propagation timeout plus ${COMMAND_MARGIN_MS / 1000} s): stopped while ${step}`),
            ),
          limitMs,
        );
      }),
    ]);
    return EXIT_OK;
  } catch (e) {
    say(io.stderr, `${job.action} ${job.fqdn} failed: ${scrubText((e as Error).message, [api.config.apiPasswd])}`);
    return EXIT_FAILED;
  } finally {
    clearTimeout(timer);
    // Run as the command, the pools are closed so the process ends at once (keep-alive sockets
    // would hold it 10 s); in-process callers (tests) keep their shared pools.
    if (io === process) await closeTransports();
  }
}
