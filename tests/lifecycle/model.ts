/**
 * The lifecycle table's vocabulary (issue 21 item 6, issue 28 item 4): the steps both doors run, in
 * order, each one engine operation for the whole stack (bad input: one preview per case; import: one
 * `pulumi import` of every importable resource); the rows (one resource of the program each, with its
 * program arguments per step); the cases (what the engine and the emulator must show for a row at a
 * step); what a door or a driver must not be silent about (`notOn`, `knownDivergence`, `notApplicable`).
 * Pure data and types: nothing here depends on the door or the language that runs it.
 */
import type { RunningEmulator } from "../../emulator";
import type { DonDominioClient } from "../../sdk";

export const STEPS = ["create", "no-op", "in-place", "replace", "bad input", "drift", "import", "secrets", "destroy"] as const;
export type Step = (typeof STEPS)[number];
/**
 * What every registered resource must show, by a case or by a reason it does not apply
 * (coverage.ts): the steps, plus ignoreChanges (a case of the in-place or drift step with
 * `aspect: "ignoreChanges"`).
 */
export const ASPECTS = [...STEPS, "ignoreChanges"] as const;
export type Aspect = (typeof ASPECTS)[number];
/** The two ways into the resources: the TypeScript dynamic resources, the provider plugin. */
export type Door = "dynamic" | "plugin";
export type Args = Record<string, unknown>;
/** The engine's step for one resource, as the plan (or the run) shows it. */
export type Op = "create" | "same" | "update" | "replace" | "delete";

/** What the table needs besides the emulator (AcmeCertificate: an ACME CA); a row needing one that is missing is skipped, saying why. */
export type Need = "acme";

/** Objects made outside the program before the first step, and the values the rows' arguments take from them. */
export interface Fixture {
  contactId: string;
  /** A second contact of the account (a Contact replaced by adopting another). */
  contact2Id: string;
  /** The account's balance once the fixture is made: every step's money is counted from here. */
  balance: number;
  /** Two certificates ordered outside the program (SslCertificateValidation waits for them). */
  certA: number;
  certB: number;
  /** certB's CSR (a reissue outside sends it again). */
  certBCsr: string;
  /** The CSRs and keys of the program's SslCertificate and of the Subdomain's certificate. */
  tls: {
    csr: string;
    key: string;
    cert2Key: string;
    cert2Csr: string;
    siteCert: string;
    siteKey: string;
    siteChain: string;
    site2Cert: string;
    site2Key: string;
  };
  /** The ACME CA (pebble) when it could be started, with the DNS server it validates through. */
  acme?: { directory: string; directoryAlt: string; caCert: string; dnsServer: string };
}

export interface World {
  client: DonDominioClient;
  emu: RunningEmulator;
  fixture: Fixture;
  /** The resource's outputs in the state now (secrets stay encrypted), or undefined. */
  outputs(key: string): Record<string, any> | undefined;
  /** The resource's outputs with secrets in plaintext (as `pulumi stack export --show-secrets`): to know what to look for. */
  plainOutputs(key: string): Promise<Record<string, any> | undefined>;
}

/** One resource of the program: its arguments at each step that changes them, and how to see it in the emulator. */
export interface Row {
  key: string;
  /** The registry's type name (provider/registry.ts RESOURCES): the class (dynamic) and the SDK class (plugin). */
  type: string;
  /** Arguments given at `create`, changed at `in-place` and `replace`; every other step keeps the last ones. */
  args: Partial<Record<"create" | "in-place" | "replace", (f: Fixture) => Args>>;
  /** Resource options, the same at every step. */
  options?: { ignoreChanges?: string[] };
  /** The object in the emulator as the API lists it (a subset to compare), or undefined when it is not there. */
  live?(w: World): Promise<Record<string, any> | undefined>;
  /** Aspects that do not apply to this resource type, with the reason (read by coverage.ts for the type). */
  notApplicable?: Partial<Record<Aspect, string>>;
  needs?: Need;
}

interface BaseCase {
  /** The name every driver prints after its own (`plugin (Node SDK): DnsRecord in-place ttl`). */
  name: string;
  key: string;
  /** Counted as this aspect for coverage (default: the step). */
  aspect?: Aspect;
  /** A door that cannot run the case, and why (a limit of the door, not a bug): the case is pending there. */
  notOn?: Partial<Record<Door, string>>;
  /**
   * A door that diverges from the expectation today, why, and the check that fails because of it
   * (the start of its assertion message): the case runs there and must fail at that check, and only
   * there (printing what it saw); once it passes the test fails, asking for the mark to be dropped.
   */
  knownDivergence?: Partial<Record<Door, { why: string; failing: string }>>;
}

/** A step the engine runs for the whole stack: the plan for this resource and what the emulator holds then. */
export interface PlanCase extends BaseCase {
  step: "create" | "no-op" | "in-place" | "replace" | "destroy";
  op: Op;
  /** The properties the engine names as changed (update, replace), as a set. */
  diffs?: string[];
  /** The properties that force the replacement. */
  replaces?: string[];
  /** The emulator's object after the step: these fields (a subset), or "absent". */
  live?: Record<string, unknown> | "absent";
  /** The inputs the state records after the step (a subset; `null`: not recorded). */
  inputs?: Record<string, unknown>;
  /** Outputs the step must leave as they were before it (a certificate not issued again). */
  unchanged?: string[];
  /** Outputs the step must change (a certificate issued again). */
  changed?: string[];
  /** The provider itself names the changed properties (`diffs`/`detailedDiff` of its Diff). */
  named?: boolean;
}

/** A change made outside (the sdk client or the emulator's control API); refresh, a preview, then an up that repairs. */
export interface DriftCase extends BaseCase {
  step: "drift";
  outside(w: World): Promise<void>;
  /** After the preview, before the repairing up (a validation held outside, approved now). */
  beforeRepair?(w: World): Promise<void>;
  /** What refresh did: the outputs it changed (a superset check) and some of their values, or "deleted" (dropped from the state). */
  refreshed: { changed: string[]; outputs?: Record<string, unknown> } | "deleted";
  /** The inputs the state records after the refresh (a subset). */
  inputs?: Record<string, unknown>;
  /** The plan after the refresh, back to what the program wants. */
  op: Op;
  diffs?: string[];
  /** The emulator's object after the repairing up (a subset). */
  repaired?: Record<string, unknown>;
}

/** Bad program arguments: the preview fails naming the resource, the field and the rule; no API write. */
export interface BadInputCase extends BaseCase {
  step: "bad input";
  args(f: Fixture): Args;
  error: string;
  /** Text the error output must not hold (a refused password). */
  notShown?: string[];
}

/**
 * `pulumi import <type> <name> <id>` of the resource (its id as the state recorded it), after the
 * resource was dropped from the state: 0 writes, then the plan of the program as it is.
 */
export interface ImportCase extends BaseCase {
  step: "import";
  /** The plan right after the import: "same", or what the import cannot know (with `why`). */
  op: Op;
  diffs?: string[];
  why?: string;
}

/** Values that must appear 0 times in the state file, `stack export` and every engine output and event so far. */
export interface SecretsCase extends BaseCase {
  step: "secrets";
  secrets(w: World): Promise<string[]> | string[];
  /** The resource's outputs in the state: these are absent, these are encrypted. */
  outputs?: { absent?: string[]; encrypted?: string[] };
  /**
   * Doors where not even the Node runtime's own debug line ("RegisterResource RPC finished", the
   * whole response with secret outputs in plaintext: @pulumi/pulumi runtime/resource.js) may hold
   * the value. Elsewhere those lines are counted apart and printed: the SDK's logging, not ours.
   */
  strictOn?: Door[];
}

/**
 * Money: the paid calls this resource's step makes (catalogue `spendsMoney`) and what they cost.
 * The step's own test adds every money case of the step: the balance must move by exactly the
 * sum, and the step's paid calls be exactly these (nothing ordered twice, nothing unexpected).
 */
export interface MoneyCase extends BaseCase {
  step: Exclude<Step, "secrets">;
  aspect?: never;
  money: { calls: Record<string, number>; amount(f: Fixture): number };
}

export type Case = PlanCase | DriftCase | BadInputCase | ImportCase | SecretsCase | MoneyCase;
/** The reason a resource without a secret field has no secrets case of its own. */
export const NO_SECRET = "no secret input or output (the API password: the table-wide case on Contact)";

export const isMoney = (c: Case): c is MoneyCase => "money" in c;
