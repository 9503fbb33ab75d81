import { describe, expect, it } from 'vitest';
import { csvText } from './csvText.js';
import { csvDateTime, xsdDecimal } from './csvValues.js';

describe('csvText', () => {
  it('ends every row with CRLF and quotes only fields holding a comma, a quote or a line break', () => {
    expect(
      csvText([
        ['a', 1, 2n, null],
        ['x,y', 'say "hi"', 'two\nlines', 'cr\r'],
      ]),
    ).toBe('a,1,2,\r\n"x,y","say ""hi""","two\nlines","cr\r"\r\n');
  });

  it('writes nothing for no rows and an empty field for null', () => {
    expect(csvText([])).toBe('');
    expect(csvText([[null, null]])).toBe(',\r\n');
  });
});

describe('CSV values', () => {
  it('writes times as an Elixir DateTime and decimals in XSD canonical form', () => {
    expect(csvDateTime(Date.UTC(2025, 4, 1, 12) / 1000)).toBe('2025-05-01 12:00:00.000000Z');
    expect(['1', '0', '1234.5678900', '007.50', '0.000'].map(xsdDecimal)).toEqual([
      '1.0',
      '0.0',
      '1234.56789',
      '7.5',
      '0.0',
    ]);
  });
});
