/**
 * The dynamic resources, in TypeScript: the package as users install it (packed, unpacked under
 * .work/engine/node_modules; run `npm run build` first), an Automation API inline program. The
 * dynamic door has no `pulumi import` (cases.ts DOOR_LIMITS).
 */
import { loadInstalled } from "../../harness/engine";
import type { Driver } from "./driver";
import { nodeDoorStack } from "./node";

export const dynamicTypeScript: Driver = {
  name: "dynamic (TypeScript)",
  door: "dynamic",
  open: (ctx) => nodeDoorStack({ installPackage: true, classes: () => loadInstalled("dist/provider/index.js") }, ctx),
};
