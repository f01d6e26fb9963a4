/**
 * The function table (cases.ts) on the TypeScript door: the functions inside a program run by the
 * Automation API, through the real engine. Run `npm run build` first.
 */
import { dynamicDoor } from "./doors";
import { describeFunctionTable } from "./runner";

describeFunctionTable(dynamicDoor);
