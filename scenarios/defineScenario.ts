import type { ScenarioInput } from './schema.js';

export type { ScenarioInput } from './schema.js';

/** Every key of any member of a union. */
type KeysOf<T> = T extends unknown ? keyof T : never;
/** The type of key `K` in whichever members of a union have it. */
type ValueOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ElementOf<T> = T extends readonly (infer E)[] ? E : never;

/**
 * `T` with every key `Shape` does not have (at any depth, in objects and arrays) typed `never`, so a
 * misspelt key is a type error where it is written.
 */
export type Exact<T, Shape> = T extends readonly unknown[]
  ? { [I in keyof T]: Exact<T[I], ElementOf<NonNullable<Shape>>> }
  : T extends object
    ? { [K in keyof T]: K extends KeysOf<NonNullable<Shape>> ? Exact<T[K], ValueOf<NonNullable<Shape>, K>> : never }
    : T;

/**
 * A scenario, typed: what a `.ts` or `.js` scenario file exports as its default. It checks the
 * shape while you type (a key the language lacks, such as a misspelt `blokcs`, is a type error);
 * the server checks the values when it loads the file.
 *
 * @example
 * import { defineScenario } from 'explorer-mock';
 * export default defineScenario({ extends: 'tiny', name: 'my-tiny', blocks: 60 });
 */
export const defineScenario = <S extends ScenarioInput>(scenario: S & Exact<S, ScenarioInput>): S => scenario;
