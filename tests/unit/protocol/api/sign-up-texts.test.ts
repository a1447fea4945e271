import { describe, expect, it } from 'vitest';
import { createAccountBody, fieldErrors } from '../../../../src/protocol/api/requests';
import { domainProblemText } from '../../../../src/protocol/api/sign-up-fields';

const problems = (values: Record<string, unknown>) => {
  const result = createAccountBody.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
};

describe('sign-up form texts', () => {
  it('names each empty field in a sentence that says what to do', () => {
    expect(problems({ name: '', email: '', password: '', organization_name: '', domain: '' })).toEqual({
      name: 'Enter your name.',
      email: 'Enter an email address.',
      password: 'Choose a password of at least 8 characters.',
      organization_name: 'Enter the name of your organization.',
      domain: 'Choose a domain for your team’s address.',
    });
  });

  it('says what is wrong with a filled field, as a sentence', () => {
    expect(problems({ name: 'x'.repeat(101), email: 'ana@', password: 'short', organization_name: 'Acme', domain: 'api' })).toEqual({
      name: 'Your name can be at most 100 characters.',
      email: 'Enter a valid email address, like name@example.com.',
      password: 'Choose a password of at least 8 characters.',
      domain: 'The domain is reserved.',
    });
  });

  it('every message starts with a capital and ends with a full stop', () => {
    const all = Object.values(problems({ name: '', email: 'x', password: '', organization_name: '', domain: 'a' }));
    expect(all.length).toBe(5);
    for (const text of all) expect(text).toMatch(/^[A-Z].*\.$/);
    expect(domainProblemText('a')).toBe('The domain must be at least 2 characters.');
    expect(domainProblemText('acme')).toBeNull();
  });
});
