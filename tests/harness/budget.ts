/**
 * Timeouts of engine tests, sized by the work a test does rather than by how fast the machine is
 * today (issue 27 item 14: a test with one timeout for ten engine runs failed on a machine loaded to
 * 10-17). A timeout here only guards against a hang; speed is measured in bench/, never asserted.
 *
 * Measured on 2 cores loaded to 17-36 by other work (the tests/engine, tests/provider and
 * tests/hardening groups): one engine run (a preview, an up, a refresh or a destroy) of a stack of a
 * few resources took 5-20 s; of a stack of 121 DnsRecords about 55 s, some 0.4 s a resource more.
 * The budgets give each about three times that.
 */
export const ENGINE_RUN_MS = 60_000;
/** What each resource of the stack adds to a run's budget. */
export const RESOURCE_MS = 1_500;

/** The timeout of a test that makes `runs` engine runs (an `up` with its preview counts as one) of a stack of `resources`. */
export function engineRuns(runs: number, resources = 0): number {
  return runs * (ENGINE_RUN_MS + resources * RESOURCE_MS);
}
