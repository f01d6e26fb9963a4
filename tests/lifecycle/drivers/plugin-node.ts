/**
 * The provider plugin through the generated Node SDK: the plugin built into its archive and
 * installed with `pulumi plugin install resource dondominio <version> --file`, sdks/nodejs
 * compiled (tests/plugin/installed-plugin.ts), an Automation API inline program; `pulumi import`
 * takes the schema's tokens (dondominio:index:<Type>).
 */
import { type InstalledPlugin, installPluginWithNodeSdk } from "../../plugin/installed-plugin";
import type { Driver } from "./driver";
import { nodeDoorStack } from "./node";

let plugin: InstalledPlugin | undefined;

export const pluginNodeSdk: Driver = {
  name: "plugin (Node SDK)",
  door: "plugin",
  async open(ctx) {
    plugin ??= await installPluginWithNodeSdk();
    const installed = plugin;
    return nodeDoorStack(
      {
        installPackage: false,
        env: { PULUMI_HOME: installed.pulumiHome },
        classes: () => require(installed.sdkDir),
        importType: (type) => `dondominio:index:${type}`,
      },
      ctx,
    );
  },
  close() {
    plugin?.dispose();
    plugin = undefined;
  },
};
