import { describe, expect, it } from 'vitest';
import type { DnsRecordCheck, EmailChannel } from '../../../../../../src/protocol/api/channels';
import { attachmentApiPath, fileSize } from '../../../../../../src/app/screens/conversations/thread/attachment-files';
import { emailFrameCsp, emailFrameDocument, estimateFrameHeight, FRAME_MAX_HEIGHT, FRAME_MIN_HEIGHT } from '../../../../../../src/app/screens/conversations/thread/email-frame';
import { deliveryProblem } from '../../../../../../src/app/screens/conversations/thread/message-labels';
import { pausedNotice, verificationLabel } from '../../../../../../src/app/screens/emails/verification-label';

describe('email frame', () => {
  it('loads nothing but inline styles and data: images until the agent asks for remote images', () => {
    expect(emailFrameCsp(false)).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'");
    expect(emailFrameCsp(true)).toContain('img-src data: https: http:;');
    expect(emailFrameCsp(true)).not.toMatch(/script-src|unsafe-eval|frame-src/);
  });

  it('puts its policy before anything of the mail', () => {
    const doc = emailFrameDocument('<meta http-equiv="Content-Security-Policy" content="img-src *"><p>Hi</p>', false);
    const policy = doc.indexOf('http-equiv="Content-Security-Policy" content="default-src');
    expect(policy).toBeGreaterThan(0);
    expect(policy).toBeLessThan(doc.indexOf('<body>'));
    expect(doc.indexOf('img-src *')).toBeGreaterThan(doc.indexOf('<body>'));
    expect(doc).toContain('<meta name="referrer" content="no-referrer">');
  });

  it('estimates a taller frame for longer or narrower mail, within its bounds', () => {
    const short = estimateFrameHeight('Thanks!', 600);
    const long = estimateFrameHeight(Array.from({ length: 12 }, (_, i) => `Line ${i}`).join('\n'), 600);
    expect(short).toBe(FRAME_MIN_HEIGHT);
    expect(long).toBeGreaterThan(short);
    const paragraph = 'word '.repeat(200);
    expect(estimateFrameHeight(paragraph, 320)).toBeGreaterThan(estimateFrameHeight(paragraph, 900));
    expect(estimateFrameHeight('x', 600, 200)).toBeGreaterThan(estimateFrameHeight('x', 600));
    expect(estimateFrameHeight('line\n'.repeat(500), 600)).toBe(FRAME_MAX_HEIGHT);
  });
});

describe('attachments', () => {
  it('sends the token only to our own attachment paths', () => {
    expect(attachmentApiPath('/api/attachments/12')).toBe('attachments/12');
    for (const url of ['https://evil.example/api/attachments/12', '//evil.example/api/attachments/1', '/api/attachments/12/../../agents/', '/api/agents/', 'attachments/12', '/api/attachments/1?x=1']) {
      expect(attachmentApiPath(url)).toBeNull();
    }
  });

  it('shows sizes as people read them', () => {
    expect([fileSize(512), fileSize(12_345), fileSize(3_600_000)]).toEqual(['512 B', '12 KB', '3.4 MB']);
  });
});

describe('delivery problems', () => {
  it('a reply the mail server refused says why; one still retried shows the note quietly', () => {
    expect(deliveryProblem({ status: 'FAILED', delivery_error: 'The mail server refused it: 550 no such user' }, undefined)).toEqual({
      failed: true,
      text: 'Not delivered: The mail server refused it: 550 no such user',
    });
    expect(deliveryProblem({ status: 'FAILED', delivery_error: null }, 'message: is required')).toEqual({ failed: true, text: 'Not sent: message: is required' });
    expect(deliveryProblem({ status: 'PENDING', delivery_error: 'Not delivered yet, retrying: 451 busy' }, undefined)).toEqual({
      failed: false,
      text: 'Not delivered yet, retrying: 451 busy',
    });
    expect(deliveryProblem({ status: 'SENT', delivery_error: null }, undefined)).toBeNull();
    expect(deliveryProblem({ status: 'RECEIVED' }, undefined)).toBeNull();
  });
});

describe('verification label', () => {
  const record = (kind: DnsRecordCheck['kind'], ok: boolean): DnsRecordCheck => ({ kind, type: kind === 'MX' ? 'MX' : 'TXT', name: 'acme.example', expected: '', found: [], ok, problem: ok ? null : 'missing' });
  const domain = (over: Partial<EmailChannel['domain']>): EmailChannel['domain'] => ({
    name: 'acme.example',
    verification: 'PENDING',
    is_verifying: false,
    checked_at: null,
    records: [record('CHALLENGE', false), record('MX', false), record('SPF', false), record('DKIM', false)],
    ...over,
  });

  it('reads Verified, Not verified with what is missing, or Checking… while a check runs anywhere', () => {
    expect(verificationLabel(domain({ verification: 'VERIFIED', checked_at: 1 }), false).text).toBe('Verified');
    expect(verificationLabel(domain({}), false)).toMatchObject({ text: 'Not verified', detail: 'Not checked yet: publish the records below, then verify.' });
    expect(
      verificationLabel(domain({ verification: 'FAILED', checked_at: 1, records: [record('CHALLENGE', false), record('MX', true), record('SPF', false), record('DKIM', true)] }), false),
    ).toMatchObject({ text: 'Not verified', detail: 'Missing or wrong: Challenge, SPF.' });
    expect(verificationLabel(domain({ verification: 'VERIFIED' }), true).text).toBe('Checking…');
    expect(verificationLabel(domain({ is_verifying: true }), false).text).toBe('Checking…');
  });

  it('says that mail is paused until the domain is verified, and nothing once it is', () => {
    expect(pausedNotice(domain({}))).toBe('Not verified: mail to and from this address is paused until acme.example is verified.');
    expect(pausedNotice(domain({ verification: 'FAILED', checked_at: 1 }))).toBe('Not verified: mail to and from this address is paused until acme.example is verified.');
    expect(pausedNotice(domain({ verification: 'VERIFIED', checked_at: 1 }))).toBeNull();
  });
});
