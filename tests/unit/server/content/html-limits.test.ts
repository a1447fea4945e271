import { describe, expect, it } from 'vitest';
import { resolveCidReferences } from '../../../../src/server/content/cid-references';
import { cleanHtml } from '../../../../src/server/content/clean-html';
import { measureHtml } from '../../../../src/server/content/html-complexity';
import { HTML_LIMITS, HTML_NOTICES } from '../../../../src/server/content/html-limits';
import { htmlToPlainText } from '../../../../src/server/content/html-text';

const WIDE = { maxDepth: 1_000_000, maxElements: 10_000_000 };

const nested = (depth: number, tag = 'div') => `${`<${tag}>`.repeat(depth)}deep${`</${tag}>`.repeat(depth)}`;
const links = (count: number) => Array.from({ length: count }, (_, index) => `<a href="https://example.com/${index}">link ${index}</a>`).join(' ');

describe('the HTML complexity scan', () => {
  it('counts elements and the deepest nesting', () => {
    expect(measureHtml('<div><p>a<b>b</b></p><p>c</p></div><span>d</span>', WIDE)).toEqual({ elements: 5, depth: 3, over: null });
    expect(measureHtml('plain text, no tags', WIDE)).toEqual({ elements: 0, depth: 0, over: null });
    expect(measureHtml(nested(1000), WIDE)).toMatchObject({ elements: 1000, depth: 1000 });
  });

  it('stops at the first limit passed and names it', () => {
    expect(measureHtml(nested(100_000), { maxDepth: 200, maxElements: 25_000 })).toEqual({ elements: 201, depth: 201, over: 'depth' });
    expect(measureHtml(links(300_000), { maxDepth: 200, maxElements: 25_000 })).toEqual({ elements: 25_001, depth: 1, over: 'elements' });
    expect(measureHtml(nested(200), { maxDepth: 200, maxElements: 25_000 }).over).toBeNull();
  });

  it('void elements and closed elements do not nest; self-closing counts only inside SVG or MathML, as the parser reads it', () => {
    expect(measureHtml('<p>' + '<br><img src="x"><hr/><input>'.repeat(1000) + '</p>', WIDE)).toMatchObject({ elements: 4001, depth: 2 });
    expect(measureHtml('<b>x</b>'.repeat(1000), WIDE)).toMatchObject({ elements: 1000, depth: 1 });
    // An HTML parser ignores `/>` on a div: these nest.
    expect(measureHtml('<div/>'.repeat(300), WIDE).depth).toBe(300);
    expect(measureHtml(`<svg>${'<path d="M0 0"/>'.repeat(300)}</svg>`, WIDE)).toMatchObject({ elements: 301, depth: 2 });
  });

  it('end tags close what they name and what is inside it; start tags close what they imply', () => {
    expect(measureHtml('<div><span><b>x</div><div>y</div>', WIDE).depth).toBe(3);
    // A stray end tag closes nothing.
    expect(measureHtml('<div>' + '</span>'.repeat(1000) + '<p>x</p></div>', WIDE).depth).toBe(2);
    // Unclosed list items, cells, rows and paragraphs follow each other instead of nesting.
    expect(measureHtml('<ul>' + '<li>item'.repeat(1000) + '</ul>', WIDE).depth).toBe(2);
    expect(measureHtml('<table>' + '<tr><td>a<td>b'.repeat(1000) + '</table>', WIDE).depth).toBe(3);
    expect(measureHtml('<p>one'.repeat(1000), WIDE).depth).toBe(1);
  });

  it('comments, doctypes and raw text hold no elements', () => {
    expect(measureHtml('<!DOCTYPE html><!-- <div><div><div> --><p>x</p><?xml nothing?>', WIDE)).toMatchObject({ elements: 1, depth: 1 });
    expect(measureHtml(`<script>${'<div>'.repeat(1000)}</script><style>${'<b>'.repeat(1000)}</style>`, WIDE)).toMatchObject({ elements: 2, depth: 1 });
    expect(measureHtml('<title><p><p></title><textarea><div></TEXTAREA ><b>x</b>', WIDE)).toMatchObject({ elements: 3, depth: 1 });
    // An unterminated comment hides the rest.
    expect(measureHtml(`<p>x</p><!-- ${nested(1000)}`, WIDE)).toMatchObject({ elements: 1 });
  });

  it('a quoted attribute may hold < and > without ending its tag', () => {
    expect(measureHtml(`<a title="a > b <div>" href='x>'>link</a><span data-x="<p><p><p>">s</span>`, WIDE)).toMatchObject({ elements: 2, depth: 1 });
    expect(measureHtml('<img alt="<<<>>>"><b>x</b>', WIDE)).toMatchObject({ elements: 2, depth: 1 });
    // Unquoted values and quotes inside names do not open a quoted value.
    expect(measureHtml(`<a b=c"d>x</a><i e'f>y</i>`, WIDE)).toMatchObject({ elements: 2, depth: 1 });
  });

  it('a < that starts no tag is text', () => {
    expect(measureHtml('1 < 2 and 3 <= 4 < <5 </>', WIDE)).toMatchObject({ elements: 0 });
  });
});

describe('the text of HTML', () => {
  it('gives the text line by line, entities decoded, hidden content left out', () => {
    expect(htmlToPlainText('<p>Hello &amp; welcome</p><p>Line<br>two &#8212; &lt;ok&gt;</p><script>x</script>')).toBe('Hello & welcome\nLine\ntwo — <ok>');
    expect(htmlToPlainText('<html><head><title>T</title><style>p{}</style></head><body><div>A\n   b</div><ul><li>one<li>two</ul></body></html>')).toBe('A b\none\ntwo');
  });

  it('takes the text of a message too complex to display', () => {
    expect(htmlToPlainText(nested(100_000))).toBe('deep');
    expect(htmlToPlainText(links(3)).replace(/\s+/g, ' ')).toBe('link 0 link 1 link 2');
  });
});

describe('cleaning customer HTML', () => {
  it('sanitises HTML within the limits, with its text', () => {
    const clean = cleanHtml({ html: '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script>' });
    expect(clean).toEqual({ html: '<p>Hi <b>there</b></p>', text: 'Hi there', notice: null });
    expect(cleanHtml({ html: '<p>Hi</p>', text: 'The plain part' }).text).toBe('The plain part');
  });

  it('shows the text with a notice beyond a limit, without sanitising', () => {
    expect(cleanHtml({ html: nested(100_000) })).toEqual({ html: null, text: 'deep', notice: HTML_NOTICES.depth });
    const many = cleanHtml({ html: links(300_000), text: 'Plain version' });
    expect(many).toEqual({ html: null, text: 'Plain version', notice: HTML_NOTICES.elements });
    // Without a plain part, the text is taken from the HTML, as far as a message may be long.
    const derived = cleanHtml({ html: links(300_000) });
    expect(derived.text).toMatch(/^link 0 link 1 link 2 [^]*\[The rest of this message was cut: it is longer than 200000 characters\.\]$/);
    expect(HTML_NOTICES.elements).toBe("[This email's formatting was too complex to display (more than 25,000 elements); showing its text.]");
  });

  it('keeps the text when the sanitised HTML is too long to store', () => {
    const long = `<p>${'word '.repeat(HTML_LIMITS.maxHtmlChars / 4)}</p>`;
    expect(cleanHtml({ html: long })).toMatchObject({ html: null, notice: HTML_NOTICES.size });
  });

  it('text only, when a first try ran out of time', () => {
    expect(cleanHtml({ html: '<p>Hi</p>', textOnly: true })).toEqual({ html: null, text: 'Hi', notice: HTML_NOTICES.timeout });
  });

  it('cid: images point at the attachment with that Content-ID once it is stored', () => {
    const clean = cleanHtml({ html: '<img src="cid:logo@mail" alt="a &quot;data-src&quot;"><img src="cid:other@mail"><p> data-src="inbox-cid:0"</p>', cids: [null, 'logo@mail'] });
    expect(clean.html).toBe('<img alt="a &quot;data-src&quot;" data-src="inbox-cid:1" /><img /><p> data-src="inbox-cid:0"</p>');
    const urls = ['/api/attachments/7', '/api/attachments/8'];
    expect(resolveCidReferences(clean.html ?? '', (index) => urls[index] ?? null)).toBe(
      '<img alt="a &quot;data-src&quot;" data-src="/api/attachments/8" /><img /><p> data-src="inbox-cid:0"</p>',
    );
    expect(resolveCidReferences('<img data-src="inbox-cid:5" />', () => null)).toBe('<img />');
  });
});
