import { describe, expect, it } from 'vitest';
import { PENDING_MESSAGE_DELAY_S } from '../../../src/protocol/constants';
import { ConfigError, loadConfig } from '../../../src/server/config';

const PROJECT_ROOT = process.cwd();
const replyHold = (value: string | undefined) => loadConfig(value === undefined ? {} : { REPLY_HOLD_S: value }, PROJECT_ROOT).replyHoldS;

describe('REPLY_HOLD_S', () => {
  it("holds a reply the spec's 10 s when unset or blank, and the whole seconds it is set to from 1 to 60", () => {
    expect(replyHold(undefined)).toBe(PENDING_MESSAGE_DELAY_S);
    expect(replyHold('  ')).toBe(PENDING_MESSAGE_DELAY_S);
    expect(replyHold('1')).toBe(1);
    expect(replyHold(' 2 ')).toBe(2);
    expect(replyHold('60')).toBe(60);
  });

  it('refuses anything else with a ConfigError that names the variable and its range', () => {
    for (const value of ['0', '61', '-3', '2.5', 'ten', '10s']) {
      expect(() => replyHold(value), value).toThrow(ConfigError);
      expect(() => replyHold(value), value).toThrow('REPLY_HOLD_S must be a number of seconds (1 to 60)');
    }
  });
});
