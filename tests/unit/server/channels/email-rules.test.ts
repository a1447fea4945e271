import { describe, expect, it } from 'vitest';
import { attachmentContentType, contentDisposition } from '../../../../src/server/channels/attachments/attachment-headers';
import { classifyAutomatic, type AutomaticSignals } from '../../../../src/server/channels/inbound/automatic-mail';
import { cleanSubject, normalizeAddress, normalizeMessageId } from '../../../../src/server/channels/email-address';
import { replySubject } from '../../../../src/server/channels/outbound/email-delivery';

const person: AutomaticSignals = {
  envelopeFrom: 'jane@customer.example',
  returnPath: '<jane@customer.example>',
  autoSubmitted: null,
  precedence: null,
  contentType: 'multipart/alternative',
  reportType: null,
  hasListId: false,
  hasAutoreplyHeader: false,
  from: 'jane@customer.example',
};

describe('machine-written mail', () => {
  it("a person's mail is not automatic, even with Auto-Submitted: no", () => {
    expect(classifyAutomatic(person)).toBeNull();
    expect(classifyAutomatic({ ...person, autoSubmitted: 'no' })).toBeNull();
    expect(classifyAutomatic({ ...person, envelopeFrom: null, returnPath: null })).toBeNull();
  });

  it('RFC 3834 auto-replies, the null return path and old auto-responders are AUTO_REPLY', () => {
    expect(classifyAutomatic({ ...person, autoSubmitted: 'auto-replied' })).toBe('AUTO_REPLY');
    expect(classifyAutomatic({ ...person, autoSubmitted: 'auto-generated; owner-email="x@y.example"' })).toBe('AUTO_REPLY');
    expect(classifyAutomatic({ ...person, envelopeFrom: '' })).toBe('AUTO_REPLY');
    expect(classifyAutomatic({ ...person, envelopeFrom: null, returnPath: '<>' })).toBe('AUTO_REPLY');
    expect(classifyAutomatic({ ...person, hasAutoreplyHeader: true })).toBe('AUTO_REPLY');
    expect(classifyAutomatic({ ...person, precedence: 'auto_reply' })).toBe('AUTO_REPLY');
  });

  it('Precedence bulk, junk or list and list mail are BULK', () => {
    for (const precedence of ['bulk', 'junk', 'list', ' Bulk ']) expect(classifyAutomatic({ ...person, precedence })).toBe('BULK');
    expect(classifyAutomatic({ ...person, hasListId: true })).toBe('BULK');
  });

  it('RFC 3464 delivery reports and MAILER-DAEMON mail with a null return path are BOUNCE', () => {
    expect(classifyAutomatic({ ...person, contentType: 'multipart/report', reportType: 'delivery-status' })).toBe('BOUNCE');
    expect(classifyAutomatic({ ...person, envelopeFrom: '', from: 'mailer-daemon@relay.example' })).toBe('BOUNCE');
    expect(classifyAutomatic({ ...person, from: 'mailer-daemon@relay.example' })).toBeNull();
  });
});

describe('addresses and headers', () => {
  it('an address is one plain addr-spec, lowercase, with an ASCII domain', () => {
    expect(normalizeAddress(' Jane.Doe+Tag@Customer.Example ')).toBe('jane.doe+tag@customer.example');
    expect(normalizeAddress('jane@münchen.example')).toBe('jane@xn--mnchen-3ya.example');
    for (const bad of ['jane@example.com\r\nBcc: x@evil.example', 'a@b.example, c@d.example', '"jane doe"@example.com', 'jane@[127.0.0.1]', 'jane', '@example.com', 'jane@localhost', 'ja ne@example.com', 'jane@example.com>']) {
      expect(normalizeAddress(bad), bad).toBeNull();
    }
  });

  it('subjects are one line; replies say Re: once', () => {
    expect(cleanSubject('Hello\r\nBcc: x@evil.example\u2028more')).toBe('Hello Bcc: x@evil.example more');
    expect(replySubject('Refund')).toBe('Re: Refund');
    expect(replySubject('RE: Refund')).toBe('RE: Refund');
    expect(replySubject('\r\n')).toBe('Re: (no subject)');
  });

  it('Message-IDs are single tokens without brackets', () => {
    expect(normalizeMessageId(' <abc.123@mail.example> ')).toBe('abc.123@mail.example');
    for (const bad of ['', '<>', '<no-at-sign>', '<a b@c>', '<a@b>\r\nBcc: x', `<${'a'.repeat(300)}@b>`]) expect(normalizeMessageId(bad), bad).toBeNull();
  });

  it('attachments download under a safe name with a passive type', () => {
    expect(contentDisposition('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(contentDisposition('../../etc/pass"wd\r\n.txt')).toBe(`attachment; filename="pass_wd.txt"; filename*=UTF-8''pass%22wd.txt`);
    expect(contentDisposition('Résumé (final).pdf')).toBe(`attachment; filename="R_sum_ (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29.pdf`);
    expect(attachmentContentType('image/png')).toBe('image/png');
    expect(attachmentContentType('text/plain; charset=latin1')).toBe('text/plain; charset=utf-8');
    for (const active of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', 'application/javascript', 'text/javascript']) {
      expect(attachmentContentType(active)).toBe('application/octet-stream');
    }
  });
});
