import { h, replaceChildren } from './dom';

type Hit = { id: string; title: string; slug: string; url: string; snippet: string };
type ArticleAnswer = { id: string; title: string; html: string; url: string };

const BLOCKS = 'h2, h3, h4, p, ol, ul, pre, blockquote';

/**
 * The article's text as the widget's own elements: the (server-sanitised) HTML is read in an
 * inert document and only the text of its headings, paragraphs, list items and code is copied
 * (textContent), so no markup of the article ever reaches the customer's page. Lists stay lists:
 * numbered steps are numbered (from the list's own start), bullets bulleted.
 */
function articleNodes(html: string): HTMLElement[] {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  return [...parsed.body.querySelectorAll(BLOCKS)]
    .filter((element) => !element.parentElement?.closest(BLOCKS))
    .map((element) => {
      const text = (element.textContent ?? '').trim();
      const tag = element.tagName.toLowerCase();
      if (tag === 'h2' || tag === 'h3' || tag === 'h4') return h('h4', { class: 'help__heading' }, text);
      if (tag === 'ol' || tag === 'ul') return listNode(element, tag);
      if (tag === 'pre') return h('pre', { class: 'help__code' }, text);
      return h('p', {}, text);
    })
    .filter((node) => node.textContent !== '');
}

function listNode(list: Element, tag: 'ol' | 'ul'): HTMLElement {
  const items = [...list.children]
    .filter((child) => child.tagName === 'LI')
    .map((item) => (item.textContent ?? '').trim())
    .filter((text) => text !== '')
    .map((text) => h('li', {}, text));
  const start = tag === 'ol' ? Number.parseInt(list.getAttribute('start') ?? '', 10) : Number.NaN;
  return h(tag, { class: 'help__list-block', ...(Number.isFinite(start) && start !== 1 ? { start: String(start) } : {}) }, ...items);
}

/** The search's snippet without its <mark> tags (the widget shows text only). */
const plain = (snippet: string) => snippet.replace(/<\/?mark>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/**
 * Before chatting, the visitor can search the help center and read an article inside the widget
 * (GET /widget/kb/…). Hidden when the organization's help center is not public. A read counts
 * as a deflection on the server until the visitor writes. An open article takes the whole panel
 * (the chat is hidden while reading, `panel--reading`), with a way back to the chat at its top
 * and a way to write at its end.
 */
export function createHelpSection(serverOrigin: string, org: string, visitor: () => string | null): HTMLElement {
  const input = h('input', { type: 'search', class: 'help__search', placeholder: 'Search for answers…', 'aria-label': 'Search help articles', maxlength: '200' });
  const form = h('form', { class: 'help__form', role: 'search' }, input);
  const list = h('ul', { class: 'help__list', 'aria-label': 'Help articles' });
  const reader = h('article', { class: 'help__reader', hidden: true, tabindex: '-1' });
  const section = h('section', { class: 'help', 'aria-label': 'Help articles', hidden: true }, form, list, reader);
  let asked = 0;
  let typing: ReturnType<typeof setTimeout> | undefined;

  const api = async <T>(path: string): Promise<T | null> => {
    const response = await fetch(`${serverOrigin}${path}`).catch(() => null);
    if (!response?.ok) return null;
    return (await response.json()) as T;
  };

  /** Reading an article, or back to the list and the chat. */
  const reading = (on: boolean) => {
    reader.hidden = !on;
    list.hidden = on;
    form.hidden = on;
    section.classList.toggle('help--reading', on);
    section.parentElement?.classList.toggle('panel--reading', on);
  };

  const showHits = (hits: Hit[], query: string) => {
    reading(false);
    replaceChildren(
      list,
      hits.length === 0
        ? [h('li', { class: 'help__empty' }, query === '' ? 'No articles yet.' : 'No article matches. Write to us below.')]
        : hits.map((hit) => {
            const button = h('button', { type: 'button', class: 'help__hit' }, h('span', { class: 'help__title' }, hit.title), hit.snippet ? h('span', { class: 'help__snippet' }, plain(hit.snippet)) : null);
            button.addEventListener('click', () => void open(hit.slug));
            return h('li', {}, button);
          }),
    );
  };

  const search = async (query: string) => {
    const ask = ++asked;
    const answer = await api<{ hits: Hit[] }>(`/widget/kb/search?${new URLSearchParams({ org, q: query })}`);
    if (ask !== asked) return;
    if (!answer) {
      if (query === '') section.hidden = true;
      return;
    }
    section.hidden = false;
    showHits(answer.hits, query);
  };

  const open = async (slug: string) => {
    // A search still waiting to be sent or answered would put the list back over the article.
    clearTimeout(typing);
    asked++;
    const token = visitor();
    const query = new URLSearchParams({ org, ...(token ? { visitor: token } : {}) });
    const article = await api<ArticleAnswer>(`/widget/kb/articles/${encodeURIComponent(slug)}?${query}`);
    if (!article) return;
    const back = h('button', { type: 'button', class: 'help__back' }, '← Back to chat');
    back.addEventListener('click', () => {
      reading(false);
      input.focus();
    });
    const write = h('button', { type: 'button', class: 'help__write' }, 'Write to us');
    write.addEventListener('click', () => {
      reading(false);
      section.parentElement?.querySelector('textarea')?.focus();
    });
    const link = h('a', { href: article.url, target: '_blank', rel: 'noopener', class: 'help__open' }, 'Open in the help center');
    const more = h('div', { class: 'help__more' }, h('span', {}, 'Still need help?'), write);
    replaceChildren(reader, [back, h('h3', { class: 'help__article-title' }, article.title), ...articleNodes(article.html), link, more]);
    reading(true);
    reader.focus();
  };

  input.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => void search(input.value.trim()), 250);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(typing);
    void search(input.value.trim());
  });

  void search('');
  return section;
}
