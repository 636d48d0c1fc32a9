import type { Job, JobDefinition } from './types';

/** A job whose sweep builds the process's dependencies once (again after a failed try). */
export function defineJob<D>(definition: JobDefinition<D>): Job<D> {
  let deps: Promise<D> | undefined;
  return {
    ...definition,
    sweep: async (data) => {
      deps ??= definition.deps().catch((error: unknown) => {
        deps = undefined;
        throw error;
      });
      return definition.run(await deps, data);
    },
  };
}
