import { describe, expect, it } from 'vitest';
import { splitMessageRowId } from '../../src/protocol/api/conversation-actions';
import { parseCanonicalId } from '../../src/protocol/canonical-id';
import { parseMessageWireId } from '../../src/protocol/documents';

const LOOSE = ['06', '6.0', '6e0', ' 6', '6 ', '+6', '0x6', '0b110', '6.', '-6', '0', '', '9007199254740992', '١٢'];

describe('canonical ids', () => {
  it('reads decimal digits without a leading zero, within the safe integer range', () => {
    expect(parseCanonicalId('6')).toBe(6);
    expect(parseCanonicalId('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const loose of LOOSE) expect(parseCanonicalId(loose), JSON.stringify(loose)).toBeNull();
  });

  it('message and note ids carry a canonical id', () => {
    expect(parseMessageWireId('m-6')).toEqual({ type: 'MESSAGE', rowId: 6 });
    expect(parseMessageWireId('n-6')).toEqual({ type: 'NOTE', rowId: 6 });
    for (const loose of LOOSE) {
      expect(parseMessageWireId(`m-${loose}`), loose).toBeNull();
      expect(splitMessageRowId(`m-${loose}`), loose).toBeNull();
      expect(splitMessageRowId(loose), loose).toBeNull();
    }
    expect(splitMessageRowId('6')).toBe(6);
    expect(splitMessageRowId('m-6')).toBe(6);
    expect(splitMessageRowId('n-6')).toBe('note');
    expect(splitMessageRowId(6)).toBe(6);
    expect(splitMessageRowId(6.5)).toBeNull();
  });
});
