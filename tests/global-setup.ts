/**
 * Mocha global fixture: runs once in mocha's main process before any test file, also in parallel
 * mode (where each file runs in a worker process). The packed package is installed here, once, so
 * that two workers never unpack it into the same directory at the same time.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { installPackage, REPO } from "./harness/engine";

export function mochaGlobalSetup(): void {
  // Without dist/ (a run of unit tests before any build) the engine tests install it themselves.
  if (existsSync(join(REPO, "dist", "sdk"))) installPackage();
}
