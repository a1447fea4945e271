import { describe, expect, it } from 'vitest';
import { LOGIN_MAX_ATTEMPTS_PER_IP } from '../../../../src/protocol/constants';
import { ConfigError, loadConfig } from '../../../../src/server/config';

describe('sign-in attempts per client address', () => {
  it('are 20 a minute unless LOGIN_MAX_ATTEMPTS_PER_IP says otherwise, a whole number from 1', () => {
    expect(loadConfig({}, process.cwd()).loginAttemptsPerIp).toBe(LOGIN_MAX_ATTEMPTS_PER_IP);
    expect(LOGIN_MAX_ATTEMPTS_PER_IP).toBe(20);
    expect(loadConfig({ LOGIN_MAX_ATTEMPTS_PER_IP: '500' }, process.cwd()).loginAttemptsPerIp).toBe(500);
    for (const refused of ['0', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ LOGIN_MAX_ATTEMPTS_PER_IP: refused }, process.cwd())).toThrow(ConfigError);
    }
  });
});
