/** Charges the account's balance; error 1100 when it is short (facts.md). */
import type { AccountState } from "./state";
import { fault } from "./errors";
import { ErrorCode } from "../../sdk/core/error-codes";

export interface Billing {
  total: number;
  currency: string;
}

export function charge(account: AccountState, amount: number, what: string): Billing {
  const total = Math.round(amount * 100) / 100;
  if (account.balance + 1e-9 < total) {
    throw fault(
      ErrorCode.INSUFFICIENT_BALANCE,
      `Insufficient balance: ${what} costs ${total.toFixed(2)} ${account.currency}, the balance is ${account.balance.toFixed(2)} ${account.currency}`,
    );
  }
  account.balance = Math.round((account.balance - total) * 100) / 100;
  return { total, currency: account.currency };
}
