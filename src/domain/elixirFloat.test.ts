import { describe, expect, it } from 'vitest';
import { elixirFloat } from './elixirFloat.js';

describe('elixirFloat', () => {
  it('writes floats as Elixir does: a fraction always, the exponent form where it is shorter', () => {
    expect([150, 12345.6, 1000, 3600, 404868, 1.5, 1e17, 1.08e17].map(elixirFloat)).toEqual([
      '150.0',
      '12345.6',
      '1.0e3',
      '3.6e3',
      '404868.0',
      '1.5',
      '1.0e17',
      '1.08e17',
    ]);
  });
});
