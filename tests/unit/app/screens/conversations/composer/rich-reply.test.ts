import { describe, expect, it } from 'vitest';
import { attachmentIdOf, editorContentOf, htmlForSending, isEditorHtml, textToEditorHtml, withSignature, withoutSignature } from '../../../../../../src/app/screens/conversations/composer/rich-text';
import { outgoingHtml } from '../../../../../../src/server/channels/outbound/outgoing-html';
import { replyHtml } from '../../../../../../src/server/messages/save-reply';

describe('the email composer’s text', () => {
  it('a plain draft from before formatting opens as paragraphs, escaped', () => {
    expect(isEditorHtml('Hi <b>Jo</b>')).toBe(false);
    expect(textToEditorHtml('Hi <Jo> & co\nline two\n\nNext')).toBe('<p>Hi &lt;Jo&gt; &amp; co<br>line two</p><p>Next</p>');
    expect(editorContentOf('   ')).toBe('');
    expect(isEditorHtml('<p>Hi</p>')).toBe(true);
    expect(isEditorHtml('<ul><li><p>a</p></li></ul>')).toBe(true);
  });

  it('a sent body opens in the editor with its images shown from src', () => {
    expect(editorContentOf('<p>See</p><img alt="a.png" data-src="/api/attachments/7" />')).toBe('<p>See</p><img alt="a.png" src="/api/attachments/7" />');
  });

  it('inline images of our files are named by Content-ID when sent; other images keep their address', () => {
    expect(attachmentIdOf('/api/attachments/12')).toBe(12);
    expect(attachmentIdOf('/api/attachments/12/x')).toBeNull();
    expect(attachmentIdOf('https://example.com/api/attachments/12')).toBeNull();
    expect(htmlForSending('<p>x</p><img src="/api/attachments/12" alt="s.png"><img src="https://example.com/a.png">')).toBe(
      '<p>x</p><img src="cid:attachment-12" alt="s.png"><img src="https://example.com/a.png">',
    );
  });

  it('the signature is added under both parts and taken off again, as written or as the server stored it', () => {
    const signed = withSignature({ text: 'Hello', html: '<p>Hello</p>' }, '  Ana <Lima>\nSupport  ');
    expect(signed).toEqual({ text: 'Hello\n\n-- \nAna <Lima>\nSupport', html: '<p>Hello</p><p>-- <br>Ana &lt;Lima&gt;<br>Support</p>' });
    expect(withoutSignature(signed.html, 'Ana <Lima>\nSupport')).toBe('<p>Hello</p>');
    expect(withoutSignature('<p>Hello</p><p>-- <br />Ana &lt;Lima&gt;<br />Support</p>', 'Ana <Lima>\nSupport')).toBe('<p>Hello</p>');
    expect(withoutSignature(signed.text, 'Ana <Lima>\nSupport')).toBe('Hello');
    expect(withSignature({ text: 'Hello', html: '<p>Hello</p>' }, '   ')).toEqual({ text: 'Hello', html: '<p>Hello</p>' });
  });
});

describe('a formatted reply on the server', () => {
  it('is sanitised, its inline images pointing at the reply’s own files only', () => {
    const files = [{ name: 's.png', size: 70, type: 'image/png', url: '/api/attachments/5' }];
    const stored = replyHtml('<p onclick="x()">Hi <strong>Jo</strong></p><img src="cid:attachment-5"><img src="cid:attachment-6"><script>x()</script>', [5], files);
    expect(stored).toBe('<p>Hi <strong>Jo</strong></p><img data-src="/api/attachments/5" />');
    expect(replyHtml('<script>x()</script>', [], [])).toBeNull();
  });

  it('goes out with its own files as cid: parts and other images by address', () => {
    const sent = outgoingHtml({ html: '<p>Hi</p><img data-src="/api/attachments/5" /><img alt="x" data-src="https://example.com/a.png?a=1&amp;b=2" />' }, [{ id: 5 }]);
    expect(sent?.inline).toEqual(new Set([5]));
    expect(sent?.html).toBe('<!doctype html><html><body><p>Hi</p><img src="cid:attachment-5@inline.invalid" /><img alt="x" src="https://example.com/a.png?a=1&amp;b=2" /></body></html>');
    expect(outgoingHtml({ html: null }, [])).toBeNull();
  });
});
