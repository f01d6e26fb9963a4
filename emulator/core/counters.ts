/** Call statistics for the control API: calls and errors per action, concurrency now and at peak. */
export interface CountersSnapshot {
  calls: Record<string, number>;
  errors: Record<string, number>;
  totalCalls: number;
  totalErrors: number;
  concurrency: number;
  peakConcurrency: number;
}

export class Counters {
  private calls = new Map<string, number>();
  private errors = new Map<string, number>();
  private totalCalls = 0;
  private totalErrors = 0;
  private current = 0;
  private peak = 0;

  begin(action: string): void {
    this.calls.set(action, (this.calls.get(action) ?? 0) + 1);
    this.totalCalls++;
    this.current++;
    if (this.current > this.peak) this.peak = this.current;
  }

  end(): void {
    this.current = Math.max(0, this.current - 1);
  }

  error(action: string): void {
    this.errors.set(action, (this.errors.get(action) ?? 0) + 1);
    this.totalErrors++;
  }

  snapshot(): CountersSnapshot {
    return {
      calls: Object.fromEntries(this.calls),
      errors: Object.fromEntries(this.errors),
      totalCalls: this.totalCalls,
      totalErrors: this.totalErrors,
      concurrency: this.current,
      peakConcurrency: this.peak,
    };
  }

  /** Zeroes everything but the calls in flight (the peak restarts from them). */
  reset(): void {
    this.calls.clear();
    this.errors.clear();
    this.totalCalls = 0;
    this.totalErrors = 0;
    this.peak = this.current;
  }
}
