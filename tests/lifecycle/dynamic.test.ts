/**
 * The lifecycle table (cases.ts) on the dynamic resources: the package as users install it (packed,
 * unpacked under .work/engine/node_modules), an Automation API inline program. Run `npm run build` first.
 */
import { loadInstalled } from "../harness/engine";
import { describeLifecycle } from "./runner";

describeLifecycle("dynamic", async () => ({
  installPackage: true,
  classes: () => loadInstalled("dist/provider/index.js"),
}));
