/**
 * The durability suite's plan (tests/hardening/emulator-durability.test.ts), in a module of its own
 * so that the README figures check (tests/ci/readme-figures.test.ts) reads the same numbers.
 */
/** Concurrent writes per round. */
export const BURST = 200;
/** After how many acknowledged writes each round's SIGKILL is sent (one round per entry). */
export const KILL_AFTER: readonly number[] = [40, 100, 160];
