import { readableTextOn } from '../protocol/widget-colors';
import { WIDGET_LIMITS, type VisitorProfile, type WidgetConfig } from '../protocol/widget';
import type { ChatEntry, ChatLog } from './chat-log';
import { h, icon, replaceChildren } from './dom';
import { WIDGET_CSS } from './widget-styles';

const CHAT_ICON = 'M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12Z';
const CLOSE_ICON = 'M18 6 6 18M6 6l12 12';
const SEND_ICON = 'M5 12h13M13 6l6 6-6 6';

export type ViewHandlers = {
  onToggle(): void;
  onSend(text: string): void;
  onRetry(clientId: string): void;
  onSaveProfile(name: string, email: string): void;
};

/** What the header says about the connection, and whether the visitor can write. */
export type ViewStatus = { text: string; canWrite: boolean };

export type WidgetView = {
  setOpen(open: boolean): void;
  renderLog(log: ChatLog): void;
  setStatus(status: ViewStatus): void;
  /** A line above the composer: an error (role alert) or null to hide it. */
  setNotice(text: string | null): void;
  /** The line under the header while the team is away (business hours), or null to hide it. */
  setAway(text: string | null): void;
  setUnread(count: number): void;
  setProfile(profile: VisitorProfile): void;
};

/**
 * The widget's DOM in its shadow root: a launcher button and a panel (header, messages, notice,
 * the optional details form, the composer). Built once; the controller updates its parts. Every
 * text goes in with textContent (dom.ts).
 */
export function createWidgetView(root: ShadowRoot, host: HTMLElement, config: WidgetConfig, handlers: ViewHandlers, help: HTMLElement | null = null): WidgetView {
  host.style.setProperty('--accent', config.color);
  host.style.setProperty('--on-accent', readableTextOn(config.color));

  const badge = h('span', { class: 'launcher__badge', hidden: true, 'aria-hidden': 'true' });
  const launcherIcon = h('span', { class: 'launcher__icon' }, icon(CHAT_ICON, 26));
  const launcher = h('button', { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-controls': 'chat-panel', 'aria-label': 'Open chat' }, launcherIcon, badge);
  let unread = 0;
  const labelLauncher = () => {
    const news = unread === 0 ? '' : `, ${unread} new ${unread === 1 ? 'message' : 'messages'}`;
    launcher.setAttribute('aria-label', `${panel.hidden ? 'Open chat' : 'Close chat'}${news}`);
  };
  launcher.addEventListener('click', () => handlers.onToggle());

  const status = h('p', { class: 'header__status' }, 'Connecting…');
  const closeButton = h('button', { type: 'button', class: 'icon-button', 'aria-label': 'Close chat' }, icon(CLOSE_ICON, 20));
  closeButton.addEventListener('click', () => handlers.onToggle());
  const header = h('header', { class: 'header' }, h('div', { class: 'header__titles' }, h('h2', { class: 'header__name' }, config.name), status), closeButton);

  const away = h('p', { class: 'away', role: 'status', hidden: true });
  const log = h('div', { class: 'log', role: 'log', 'aria-label': 'Messages', 'aria-live': 'polite', tabindex: '0' });
  const greeting = bubble({ from: 'agent', author: config.name, text: config.greeting });
  const notice = h('p', { class: 'notice notice--error', role: 'alert', hidden: true });

  const nameInput = h('input', { type: 'text', name: 'name', autocomplete: 'name', maxlength: '100' });
  const emailInput = h('input', { type: 'email', name: 'email', autocomplete: 'email', maxlength: '254' });
  const detailsIntro = h('p', { class: 'details__intro' }, 'Tell us who you are, so we can follow up. Both are optional.');
  const cancelDetails = h('button', { type: 'button', class: 'link-button' }, 'Cancel');
  const details = h(
    'form',
    { class: 'details', hidden: true, 'aria-label': 'Your details' },
    detailsIntro,
    h('div', { class: 'details__row' }, h('label', { class: 'field' }, 'Name', nameInput), h('label', { class: 'field' }, 'Email', emailInput)),
    h('div', { class: 'details__actions' }, cancelDetails, h('button', { type: 'submit', class: 'save' }, 'Save')),
  );
  const detailsToggle = h('button', { type: 'button', class: 'link-button', 'aria-expanded': 'false' }, 'Add your name and email');
  const showDetails = (shown: boolean) => {
    details.hidden = !shown;
    detailsToggle.setAttribute('aria-expanded', String(shown));
    if (shown) nameInput.focus();
  };
  detailsToggle.addEventListener('click', () => showDetails(detailsToggle.getAttribute('aria-expanded') !== 'true'));
  cancelDetails.addEventListener('click', () => showDetails(false));
  details.addEventListener('submit', (event) => {
    event.preventDefault();
    handlers.onSaveProfile(nameInput.value, emailInput.value);
    showDetails(false);
  });

  const textarea = h('textarea', { rows: '1', 'aria-label': 'Message', placeholder: 'Write a message…', maxlength: String(WIDGET_LIMITS.messageChars) });
  const sendButton = h('button', { type: 'submit', class: 'send', 'aria-label': 'Send message', disabled: true }, icon(SEND_ICON, 20));
  const composer = h('form', { class: 'composer', 'aria-label': 'Write a message' }, textarea, sendButton);
  let canWrite = false;
  const refreshSend = () => (sendButton.disabled = !canWrite || textarea.value.trim() === '');
  const submit = () => {
    const text = textarea.value.trim();
    if (!canWrite || text === '') return;
    handlers.onSend(text);
    textarea.value = '';
    fitTextarea(textarea);
    refreshSend();
  };
  textarea.addEventListener('input', () => {
    fitTextarea(textarea);
    refreshSend();
  });
  textarea.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });

  const footer = h('div', { class: 'footer' }, detailsToggle);
  const panel = h('div', { class: 'panel', id: 'chat-panel', role: 'dialog', 'aria-label': `Chat with ${config.name}`, hidden: true }, header, away, help, log, notice, details, composer, footer);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      handlers.onToggle();
      launcher.focus();
    }
  });

  root.append(h('style', {}, WIDGET_CSS), panel, launcher);
  let rendered: ChatLog = [];

  return {
    setOpen(open) {
      panel.hidden = !open;
      launcher.setAttribute('aria-expanded', String(open));
      labelLauncher();
      replaceChildren(launcherIcon, [icon(open ? CLOSE_ICON : CHAT_ICON, 26)]);
      if (open) {
        log.scrollTop = log.scrollHeight;
        textarea.focus();
      }
    },
    renderLog(entries) {
      const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
      const mineAdded = entries.length > rendered.length && entries[entries.length - 1]?.from === 'visitor';
      rendered = entries;
      replaceChildren(log, [greeting, ...entries.flatMap((entry) => entryNodes(entry, handlers))]);
      if (atBottom || mineAdded) log.scrollTop = log.scrollHeight;
    },
    setStatus(next) {
      status.textContent = next.text;
      canWrite = next.canWrite;
      textarea.disabled = !next.canWrite;
      refreshSend();
    },
    setNotice(text) {
      notice.hidden = text === null;
      notice.textContent = text ?? '';
    },
    setAway(text) {
      away.hidden = text === null;
      away.textContent = text ?? '';
    },
    setUnread(count) {
      unread = count;
      badge.hidden = count === 0;
      badge.textContent = count > 9 ? '9+' : String(count);
      labelLauncher();
    },
    setProfile(profile) {
      nameInput.value = profile.name ?? '';
      emailInput.value = profile.email ?? '';
      const known = profile.name ?? profile.email;
      detailsToggle.textContent = known ? `You are ${known}. Edit your details` : 'Add your name and email';
    },
  };
}

function bubble(message: Pick<ChatEntry, 'from' | 'author' | 'text'>, extraClass = ''): HTMLElement {
  return h(
    'div',
    { class: `bubble bubble--${message.from} ${extraClass}`.trim() },
    message.from === 'agent' && message.author ? h('span', { class: 'bubble__author' }, message.author) : null,
    h('span', { class: 'bubble__text' }, message.text),
  );
}

function entryNodes(entry: ChatEntry, handlers: ViewHandlers): HTMLElement[] {
  const node = bubble(entry, entry.state === 'sent' ? '' : `bubble--${entry.state}`);
  node.title = new Date(entry.at).toLocaleString();
  if (entry.state === 'sending') return [node, h('span', { class: 'meta' }, 'Sending…')];
  if (entry.state === 'failed' && entry.client_id) {
    const clientId = entry.client_id;
    const retry = h('button', { type: 'button', class: 'link-button' }, 'Retry');
    retry.addEventListener('click', () => handlers.onRetry(clientId));
    return [node, h('span', { class: 'meta meta--failed', role: 'alert' }, `Not sent: ${entry.error ?? 'please try again.'}`, retry)];
  }
  return [node];
}

function fitTextarea(textarea: HTMLTextAreaElement): void {
  textarea.style.height = 'auto';
  textarea.style.height = `${Math.min(textarea.scrollHeight + 2, 120)}px`;
}
