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
export async function withModules<T>(attempt: () => T, kept: Attempts = { values: [], next: 0 }): Promise<Awaited<T>> {
  for (;;) {
    try {
      return await attemptKeeping(kept, attempt);
    } catch (error) {
      if (!(error instanceof ModuleNotLoaded)) throw error;
      await error.loading;
    }
  }
}

/**
 * `attempt()` now when no module it needs is missing, else (as `withModules`) once they are
 * loaded, the later attempts finding what the first kept (`sameAcrossAttempts`).
 */
export function atOnceOrLater<T>(attempt: () => T): T | Promise<Awaited<T>> {
  const kept: Attempts = { values: [], next: 0 };
  try {
    return attemptKeeping(kept, attempt);
  } catch (error) {
    if (!(error instanceof ModuleNotLoaded)) throw error;
    return error.loading.then(() => withModules(attempt, kept));
  }
}

/** Runs one attempt, `sameAcrossAttempts` reading and filling `kept`. */
function attemptKeeping<T>(kept: Attempts, attempt: () => T): T {
  const outer = attempts;
  attempts = kept;
  kept.next = 0;
  try {
    return attempt();
  } finally {
    attempts = outer;
  }
}

/** What the `withModules` run in progress kept from its earlier attempts, in the order they made it. */
export interface Attempts {
  readonly values: unknown[];
  next: number;
}
let attempts: Attempts | null = null;

/**
 * The value `make` made at this point of an earlier attempt of the `withModules` run in progress
 * (attempts run the same code in the same order), else made now: for work that must not be done
 * twice when a request is asked again, as a transaction the node signs with the sender's next
 * nonce (asked again after its send ran, the nonce has moved on).
 */
export function sameAcrossAttempts<T>(make: () => T): T {
  if (!attempts) return make();
  const kept = attempts;
  const at = kept.next++;
  if (at < kept.values.length) return kept.values[at] as T;
  const value = make();
  kept.values[at] = value;
  return value;
}
