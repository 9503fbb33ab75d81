/**
 * Thrown by `LazyModule.get()` while the module is still loading: whoever answers a request
 * catches it, waits for `loading`, and answers again (handlers are pure, so a retry is safe).
 */
export class ModuleNotLoaded extends Error {
  override readonly name = 'ModuleNotLoaded';
  constructor(
    readonly module: string,
    readonly loading: Promise<unknown>,
  ) {
    super(`${module} is still loading`);
  }
}

/**
 * A module that the serving path loads only when it is needed (the contract catalogue, Faker, the
 * ABI coder, zod): start-up skips it, and code that needs it calls `get()`.
 */
export interface LazyModule<M> {
  /** The module; throws `ModuleNotLoaded` (and starts loading) when it is not loaded yet. */
  get(): M;
  load(): Promise<M>;
  /** Hands over a module imported statically, for callers that must stay synchronous. */
  provide(module: M): void;
}

export function lazyModule<M>(name: string, importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const load = () => (loading ??= importer().then((m) => (module = m)));
  return {
    get() {
      if (module === undefined) throw new ModuleNotLoaded(name, load());
      return module;
    },
    load,
    provide(m) {
      module = m;
      loading ??= Promise.resolve(m);
    },
  };
}

/**
 * Runs `attempt` until no lazy module it needs is missing, loading each one it asks for: the
 * asynchronous way to call code that uses `LazyModule.get()` (an attempt may answer later, a promise).
 */
export async function withModules<T>(attempt: () => T): Promise<Awaited<T>> {
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ModuleNotLoaded)) throw error;
      await error.loading;
    }
  }
}
