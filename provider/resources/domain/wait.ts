/** Domain, create and update step "wait": until a registration or transfer is active (waitFor). */
import { type Ctx, PartialResultError } from "../../core/frame";
import { waitUntil } from "../../core/wait";
import { liveState, warnStatus } from "./live";
import type { DomainInfo } from "./mapping";
import { ACQUIRING, type DomainInputs, type DomainState, SETTLED } from "./schema";
import { pendingOf } from "./settings";

/** Default wait when the program sets no customTimeouts (registrations usually take minutes). */
export const DEFAULT_WAIT_MS = 20 * 60_000;

/** Polls until the domain is settled (active), failed, or the time is up. */
export async function waitActive(ctx: Ctx, ascii: string, label: string, timeoutMs: number) {
  return waitUntil({
    what: `Domain ${label}`,
    poll: () => ctx.api.call("domain/getinfo", { domain: ascii, infoType: "status" }),
    // Anything but a running acquisition (cancelled, inactive, expired) will not become active by waiting.
    done: (s: DomainInfo) => (SETTLED.has(s.status) ? true : ACQUIRING.has(s.status) ? false : "failed"),
    describe: (s: DomainInfo) => `${s.status}${s.transferStatus ? ` (transfer ${s.transferStatus})` : ""}`,
    timeoutMs,
    initialDelayMs: ctx.api.config.pollIntervalMs ?? 2000,
  });
}

/** waitFor default: a registration is quick (minutes), a transfer takes days. */
export function waitForOf(i: DomainInputs): "submitted" | "active" {
  return i.waitFor ?? (i.registration === "transfer" ? "submitted" : "active");
}

/**
 * Waits while the domain is being acquired and waitFor is "active", then returns its live state; a
 * timeout or a failed acquisition is recorded as it is (PartialResultError), with the settings still
 * to apply pending.
 */
export async function awaitActive(ctx: Ctx, inputs: DomainInputs, domain: string, id: string, timeoutMs: number, state: DomainState): Promise<DomainState> {
  if (waitForOf(inputs) !== "active" || !ACQUIRING.has(state.status)) return state;
  const r = await waitActive(ctx, domain, inputs.name, timeoutMs);
  // Cancelled (core/cancel.ts): nothing more is read; the state before the wait with the last status seen.
  const live = r.cancelled ? { ...state, status: r.value.status } : await liveState(ctx, domain, inputs);
  const pending = pendingOf(inputs, live);
  const recorded = Object.keys(pending).length ? { ...live, pendingSettings: pending } : live;
  if (r.outcome === "timeout") {
    throw new PartialResultError(
      `still ${live.status} after ${Math.round(r.elapsedMs / 1000)}s: recorded as it is; the next \`pulumi up\` keeps waiting (raise customTimeouts or set waitFor: "submitted")`,
      id,
      recorded,
    );
  }
  if (r.outcome === "failed") {
    warnStatus(live);
    throw new PartialResultError(`ended in status ${live.status} instead of active: recorded as it is`, id, recorded);
  }
  return live;
}
