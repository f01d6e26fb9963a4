/**
 * The lifecycle table (cases.ts) on the dynamic resources, driven by a TypeScript program
 * (drivers/dynamic.ts). Run `npm run build` first.
 */
import { dynamicTypeScript } from "./drivers/dynamic";
import { describeLifecycle } from "./runner";

describeLifecycle(dynamicTypeScript);
