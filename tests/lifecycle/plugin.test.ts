/**
 * The lifecycle table (cases.ts) on the provider plugin installed from its archive, driven by the
 * generated Node SDK (drivers/plugin-node.ts).
 */
import { pluginNodeSdk } from "./drivers/plugin-node";
import { describeLifecycle } from "./runner";

describeLifecycle(pluginNodeSdk);
