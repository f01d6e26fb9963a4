/**
 * Cancellation of the provider's work in this process: the plugin's Cancel RPC (plugin/handlers.ts),
 * which the engine sends on Ctrl-C of `pulumi up` and at its own shutdown. The dynamic provider has
 * no such call and never cancels.
 *
 * Once cancelled:
 * - waits end at once: polls of long-running operations (core/wait.ts) end as a timeout does, so
 *   the resource records what exists through its partial-result path (the engine's init error);
 *   pauses for API blocks (core/client.ts), the looks of a paid order whose reply was lost
 *   (money/money.ts) and the run gate (core/run-gate.ts) end too;
 * - no API call is sent any more: the sdk client's signal refuses calls not sent yet, those queued
 *   in its limiter included, and stops waiting for a read in flight. A write already sent (an
 *   order above all) is still awaited: its reply decides what is recorded. A paid order whose
 *   outcome that leaves unknown is recorded as unconfirmed (output pendingOrder) and the next
 *   `pulumi up` looks for it before it orders anything (money/money.ts);
 * - the plugin refuses every new resource operation.
 */

/** What a cancelled operation fails with. `kind` as the sdk's errors carry it (core/errors.ts). */
export class CancelledError extends Error {
  readonly kind = "cancelled";
  constructor(message = "cancelled: the engine asked the provider to stop (pulumi was interrupted), so no further API call was sent") {
    super(message);
    this.name = "CancelledError";
  }
}

let controller = new AbortController();

/** The signal the API clients of this process are made with (core/client.ts getApi). */
export function cancelSignal(): AbortSignal {
  return controller.signal;
}

/** Cancels every operation of this process (idempotent). */
export function cancelAll(): void {
  if (!controller.signal.aborted) controller.abort(new CancelledError());
}

export function isCancelled(): boolean {
  return controller.signal.aborted;
}

/** Throws the CancelledError once cancelled. */
export function throwIfCancelled(): void {
  controller.signal.throwIfAborted();
}

/** Sleeps `ms`, or less when cancelled meanwhile (it never throws: the caller looks at isCancelled()). */
export function sleepUnlessCancelled(ms: number): Promise<void> {
  const signal = controller.signal;
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Tests: a fresh, uncancelled state (API clients made before keep the old signal: clear them too). */
export function resetCancelForTests(): void {
  controller = new AbortController();
}
