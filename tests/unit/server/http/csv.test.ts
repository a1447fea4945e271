import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../../../src/server/http/csv';

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas, and quotes commas, quotes and line breaks', () => {
    expect(['=1+1', '+33 6', '-2', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual(["'=1+1", "'+33 6", "'-2", "'@SUM(A1)", "'\tx", `"'\rx"`]);
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['id', 'name'], [[1, '=cmd|x'], [2, 'Ann']])).toBe("id,name\r\n1,'=cmd|x\r\n2,Ann\r\n");
  });
});
