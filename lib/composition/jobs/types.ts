/**
 * One kind of background work on the queue: a sweep that claims what is due in its context's own
 * tables (rows that say when they are due, in the domain's clock) and runs it. The queue decides
 * which instance sweeps, and when; the rows' own claims keep each item to one run.
 */
export interface JobDefinition<D> {
  /** The queue's name (letters, digits, `.`, `-`). */
  readonly name: string;
  /** A sweep is sent once per slot of this many seconds, across all instances together. */
  readonly everySeconds: number;
  /** Sweeps this process runs at once: one held up by a slow upstream does not stop the next. */
  readonly concurrency: number;
  /** The longest a sweep may run: past it the queue gives the job to another instance. */
  readonly expireInSeconds: number;
  /** The most a sweep takes: a full one means more is waiting, and another is sent at once. */
  readonly batch: number;
  /** The process's dependencies for `run`, built on first use. */
  deps(): Promise<D>;
  /**
   * One run with the given dependencies; returns how many items it ran. `data` is what a
   * `sendJob` sent with it (the regular sweeps carry none).
   */
  run(deps: D, data?: Readonly<Record<string, unknown>>): Promise<number>;
}

/** A registered job: its sweep runs with the process's own dependencies. */
export interface Job<D = unknown> extends JobDefinition<D> {
  sweep(data?: Readonly<Record<string, unknown>>): Promise<number>;
}
