/** HostingService <-> API shapes (pure). */
import type { ResultOf } from "../../../sdk";
import type { HostingInputs, HostingState } from "./schema";

/** service/getinfo's answer (one infoType each). */
export type ServiceInfo = ResultOf<"service/getinfo">;

export interface LiveService {
  status: ServiceInfo;
  php?: ServiceInfo;
  parking?: ResultOf<"service/parkinggetinfo">;
}

export function serviceStateFromApi(live: LiveService, inputs: HostingInputs): HostingState {
  const s = live.status;
  const state: HostingState = {
    ...inputs,
    name: s.name.toLowerCase(),
    productKey: (s.productkey ?? inputs.productKey) as HostingInputs["productKey"],
    type: s.type,
    status: s.status,
    tsCreate: s.tsCreate || undefined,
    tsExpir: s.tsExpir || undefined,
    renewable: s.renewable,
    renewalMode: (s.renewalMode || undefined) as HostingInputs["renewalMode"],
  };
  delete state.phpVersion;
  delete state.parking;
  if (live.php) state.phpVersion = live.php.php?.version ?? "";
  if (live.parking) state.parking = live.parking.parking.enabled;
  return state;
}

/** The in-place changes to make, in order (the upgrade first: it may enable PHP). */
export function serviceChanges(desired: HostingInputs, state: HostingState): string[] {
  const out: string[] = [];
  if (desired.productKey !== state.productKey) out.push("productKey");
  if (desired.renewalMode !== undefined && desired.renewalMode !== state.renewalMode) out.push("renewalMode");
  if (desired.phpVersion !== undefined && desired.phpVersion !== state.phpVersion) out.push("phpVersion");
  if (desired.parking !== undefined && desired.parking !== state.parking) out.push("parking");
  return out;
}
