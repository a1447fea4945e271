import { describe, expect, it } from 'vitest';
import { splitMessageRowId } from '../../../src/protocol/api/conversation-actions';
import { isCanonicalId, MAX_ROW_ID, parseCanonicalId } from '../../../src/protocol/canonical-id';
import { parseMessageWireId } from '../../../src/protocol/documents';

const LOOSE = ['06', '6.0', '6e0', ' 6', '6 ', '+6', '0x6', '0b110', '6.', '-6', '0', '', '2147483648', '99999999999999', '9007199254740992', '١٢'];

describe('canonical ids', () => {
  it('reads decimal digits without a leading zero, up to the largest row id the databases store', () => {
    expect(parseCanonicalId('6')).toBe(6);
    expect(parseCanonicalId('2147483647')).toBe(MAX_ROW_ID);
    for (const loose of LOOSE) expect(parseCanonicalId(loose), JSON.stringify(loose)).toBeNull();
    expect(isCanonicalId(MAX_ROW_ID)).toBe(true);
    expect(isCanonicalId(MAX_ROW_ID + 1)).toBe(false);
    expect(isCanonicalId(99999999999999)).toBe(false);
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
