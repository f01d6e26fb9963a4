/**
 * Client of the emulator's control API (emulator/control.ts), for tests and benchmarks. Talks HTTPS
 * trusting only the emulator's CA (verification stays on); plain HTTP when the URL says so. Sends
 * the emulator's control token (RunningEmulator.controlToken, or `controlToken` of the CLI's ready
 * line) as `Authorization: Bearer`. One method per route of emulator/control-routes.ts (its paths
 * typed as ControlPath; tests/emulator/server-control.test.ts checks that every route has one).
 */
import { Agent, fetch } from "undici";
import type { ControlPath } from "./control-routes";
import type { CountersSnapshot } from "./core/counters";
import type { FaultSpec } from "./core/faults";
import type { Seed } from "./core/seed";
import type { NameOutcome } from "./modules/domain/outcomes";

export interface EmulatorControlOptions {
  /** The API base URL (https://127.0.0.1:port). */
  url: string;
  /** PEM of the emulator's CA. */
  caCert?: string;
  /** The control token (not the API password, which does not open the control API). */
  controlToken: string;
}

export interface InjectedFault extends FaultSpec {
  id: number;
  remaining: number;
}

export class EmulatorControl {
  private readonly agent: Agent;
  constructor(private readonly opts: EmulatorControlOptions) {
    this.agent = new Agent({ connect: opts.caCert ? { ca: opts.caCert } : {} });
  }

  private async call<T>(path: ControlPath, body: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(`${this.opts.url}/_emulator/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${this.opts.controlToken}` },
      body: JSON.stringify(body),
      dispatcher: this.agent,
    });
    const text = await res.text();
    let data: { ok: boolean; error?: string } & T;
    try {
      data = JSON.parse(text);
    } catch {
      throw new Error(`emulator control ${path}: HTTP ${res.status}: ${text.slice(0, 200)}`);
    }
    if (!res.ok || !data.ok) throw new Error(`emulator control ${path}: HTTP ${res.status}: ${data.error ?? "failed"}`);
    return data;
  }

  async reset(): Promise<void> {
    await this.call("reset");
  }

  /** A whole World replaces the state; `{ accounts }` replaces or adds those accounts. */
  async seed(seed: Seed): Promise<string[]> {
    const body = "schemaVersion" in seed ? { world: seed } : seed;
    return (await this.call<{ accounts: string[] }>("seed", body as Record<string, unknown>)).accounts;
  }

  async advanceClock(seconds: number): Promise<{ offsetSeconds: number; now: string }> {
    return this.call("clock/advance", { seconds });
  }

  async counters(opts: { reset?: boolean } = {}): Promise<CountersSnapshot> {
    const { ok: _ok, ...snap } = await this.call<CountersSnapshot & { ok: boolean }>("counters", opts);
    return snap;
  }

  async addFault(spec: FaultSpec): Promise<InjectedFault> {
    return (await this.call<{ fault: InjectedFault }>("faults/add", spec as unknown as Record<string, unknown>)).fault;
  }

  async listFaults(): Promise<InjectedFault[]> {
    return (await this.call<{ faults: InjectedFault[] }>("faults")).faults;
  }

  /** Runs the calls held by `hold` faults (of `action`, a name or pattern; all when undefined): how long each was held. */
  async releaseHeld(action?: string): Promise<number[]> {
    return (await this.call<{ heldMs: number[] }>("faults/release", action === undefined ? {} : { action })).heldMs;
  }

  /** The actions of the calls `hold` faults keep now. */
  async heldCalls(): Promise<string[]> {
    return (await this.call<{ held: string[] }>("faults")).held;
  }

  async clearFaults(): Promise<void> {
    await this.call("faults/clear");
  }

  /** Decides a contact's verification now: verified or failed, or inprocess held (its timer stopped). */
  async setContactVerification(apiuser: string, contactID: string, status: "verified" | "failed" | "inprocess"): Promise<void> {
    await this.call("contact/verification", { account: apiuser, contactID, status });
  }

  /**
   * Moves a registration or transfer now (status and/or transferStatus, spec "States and
   * transitions"); `hold` stops its timers until the next request. Fails (409) on a move the
   * machine does not have.
   */
  async transitionDomain(
    apiuser: string,
    domain: string,
    to: { status?: string; transferStatus?: string; hold?: boolean },
  ): Promise<{ domain: { name: string; status: string; domainID: number }; transferStatus: string; held: boolean }> {
    return this.call("domain/transition", { account: apiuser, domain, ...to });
  }

  /**
   * How a name's registration or transfer will end (members not given keep their value; `clear`
   * goes back to the defaults). Applies in every account.
   */
  async setNameOutcome(domain: string, outcome: NameOutcome & { clear?: boolean }): Promise<NameOutcome> {
    return (await this.call<{ outcome: NameOutcome }>("domain/outcome", { domain, ...outcome })).outcome;
  }

  /**
   * Decides http, https or mail validation of a certificate now (one name, or all still open):
   * approved, held (`approve: false`: its timer stopped), or for http/https fetched from a loopback
   * server (`fetchFrom`, with `caCert` for https). Answers each name's decision and the status.
   */
  async decideSslValidation(
    apiuser: string,
    certificateID: number,
    how: { domainName?: string; approve?: boolean; fetchFrom?: string; caCert?: string } = {},
  ): Promise<{ status: string; decisions: { domainName: string; method: string; validated: boolean; reason?: string }[] }> {
    return this.call("ssl/validation", { account: apiuser, certificateID, ...how });
  }

  /**
   * Sets a hosting service's usage counters (bytes; ftpfiles: files) and its error log, as
   * service/getinfo infoType resources and logerror then answer them; members not given stay.
   */
  async setServiceUsage(
    apiuser: string,
    serviceName: string,
    usage: { ftpusage?: number; ftpfiles?: number; webtraffic?: number; ddbbusage?: number; logError?: string },
  ): Promise<{ usage: Record<string, number>; logErrorBytes: number }> {
    return this.call("service/usage", { account: apiuser, serviceName, ...usage });
  }

  /** One account's state (secrets redacted), after running the time-driven transitions. */
  async getState(apiuser: string): Promise<Record<string, any>> {
    return (await this.call<{ account: Record<string, any> }>("state", { account: apiuser })).account;
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
