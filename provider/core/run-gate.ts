/**
 * One run writes nothing once a resource of it fails its check (issue 19 item 16). `pulumi up`
 * previews first, so a failing check stops it before any write; `up --skip-preview` and the
 * Automation API's `up` do not: the engine checks each resource as the program registers it and
 * starts creating the valid ones at once, so a bad resource beside them used to leave them
 * created (and paid for) and the run half-applied.
 *
 * In the dynamic-provider process the engine starts for a run (one per preview, up or destroy),
 * the run's first create, update or delete waits until no check is in flight and none started for
 * SETTLE_MS (the checks of resources registered together arrive within milliseconds of each
 * other); every later one waits only while a check is in flight; each refuses to write if any check
 * of this run failed. Why not the settle wait before every write: the engine runs a few steps at a
 * time and checks further resources as steps end, so checks keep trickling in through a large run
 * and a settle wait per write cost 300 ms a write (bench/plugin-vs-dynamic.ts: the plugin's up of
 * 200 records 4.8 s -> 17.9 s) while stopping nothing more: a resource checked after the first
 * writes is refused before any write that comes after its check either way. What it cannot stop: a resource
 * whose inputs come from another resource the same run creates is checked only once that one is
 * written (its inputs are unknown before), so that one stays written (complete, recorded in the
 * state) when the later check fails.
 *
 * Only in the engine's dynamic-provider host, and in the provider plugin (plugin/server.ts, which
 * the engine also starts once per run: activateRunGate): modules loaded into tests or tools
 * (check() called directly) share no run and are never gated.
 */
import { throwIfCancelled } from "./cancel";

const SETTLE_MS = 300;
/** A write waits at most this long for checks to settle (a program still registering resources). */
const MAX_WAIT_MS = 30_000;

let inHost = /[\\/]cmd[\\/]dynamic-provider[\\/]/.test(require.main?.filename ?? "");

/** The provider plugin's process serves one run too: its checks and writes are gated the same way. */
export function activateRunGate(): void {
  inHost = true;
}

let inFlight = 0;
let lastActivity = 0;
let refused: string | undefined;
/** A write of this run has passed the gate: later writes wait only for checks in flight. */
let wrote = false;

/** A check starts; the returned function ends it, with the failing resource's first reason if it failed. */
export function checkStarted(): (failure?: string) => void {
  if (!inHost) return () => undefined;
  inFlight++;
  lastActivity = Date.now();
  return (failure) => {
    inFlight--;
    lastActivity = Date.now();
    if (failure !== undefined) refused ??= failure;
  };
}

/** Before a write: waits for the run's checks to settle; throws when one of them failed. */
export async function beforeWrite(): Promise<void> {
  if (!inHost) return;
  const start = Date.now();
  const settling = () => inFlight > 0 || (!wrote && Date.now() - lastActivity < SETTLE_MS);
  while (settling() && Date.now() - start < MAX_WAIT_MS) {
    throwIfCancelled();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throwIfCancelled();
  if (refused !== undefined)
    throw new Error(`not applied: another resource of this run failed its check (${refused}), so this run writes nothing; fix it and run again`);
  wrote = true;
}

/** Tests of the gate itself. */
export const runGateForTests = {
  get active(): boolean {
    return inHost;
  },
  reset(): void {
    inFlight = 0;
    lastActivity = 0;
    refused = undefined;
    wrote = false;
  },
};
