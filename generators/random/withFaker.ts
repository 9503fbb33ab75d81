import type { Faker } from '@faker-js/faker';
// The English locale's entry point alone: the package root loads every locale (about 0.2 s).
import { faker } from '@faker-js/faker/locale/en';
import { stream } from './stream.js';

/**
 * Runs `draw` with Faker seeded from (seed, label). All of one entity's Faker draws must happen
 * inside one call, so they depend on the entity's label alone.
 *
 * @example
 * const name = withFaker('1', 'token:3', (f) => f.company.name());
 */
export function withFaker<T>(seed: string, label: string, draw: (f: Faker) => T): T {
  faker.seed(stream(seed, `faker:${label}`).uint32());
  return draw(faker);
}
