/**
 * The widget's stylesheet, inside its shadow root: the page's styles do not reach in (`all:
 * initial` also stops inherited fonts and colours) and these do not leak out. The accent colour
 * and the text on it come in as custom properties set on the host.
 */
export const WIDGET_CSS = `
:host {
  all: initial;
  --surface: #ffffff;
  --surface-soft: #f3f4f6;
  --border: #e5e7eb;
  --text: #111827;
  --text-secondary: #6b7280;
  --danger: #b91c1c;
  --shadow: 0 12px 40px rgb(17 24 39 / 18%), 0 2px 8px rgb(17 24 39 / 8%);
  font: 14px/1.45 ui-sans-serif, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  color: var(--text);
}
@media (prefers-color-scheme: dark) {
  :host {
    --surface: #1c1c21;
    --surface-soft: #27272e;
    --border: #34343c;
    --text: #ececf0;
    --text-secondary: #a1a1aa;
    --danger: #f87171;
    --shadow: 0 12px 40px rgb(0 0 0 / 55%), 0 2px 8px rgb(0 0 0 / 35%);
  }
}
*, *::before, *::after { box-sizing: border-box; }
button, input, textarea { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }

.launcher {
  position: fixed; right: 20px; bottom: 20px; z-index: 2147483000;
  width: 56px; height: 56px; border: 0; border-radius: 50%;
  display: grid; place-items: center; cursor: pointer;
  background: var(--accent); color: var(--on-accent);
  box-shadow: var(--shadow);
  transition: transform 120ms ease;
}
.launcher:hover { transform: scale(1.05); }
.launcher__badge {
  position: absolute; top: -2px; right: -2px; min-width: 20px; height: 20px; padding: 0 6px;
  border-radius: 10px; background: #dc2626; color: #fff; font-size: 12px; font-weight: 600;
  display: grid; place-items: center; box-shadow: 0 0 0 2px var(--surface);
}
.launcher__badge[hidden] { display: none; }

.panel {
  position: fixed; right: 20px; bottom: 88px; z-index: 2147483000;
  width: 370px; height: min(580px, calc(100vh - 112px));
  display: flex; flex-direction: column; overflow: hidden;
  background: var(--surface); border: 1px solid var(--border); border-radius: 16px;
  box-shadow: var(--shadow);
}
.panel[hidden] { display: none; }
@media (max-width: 480px) {
  .panel { inset: 0; width: auto; height: auto; border-radius: 0; border: 0; }
  /* Full screen, the header's close button is the way out: the launcher would cover the composer. */
  .panel:not([hidden]) ~ .launcher { display: none; }
}

.header {
  display: flex; align-items: flex-start; gap: 12px; padding: 16px 16px 14px;
  background: var(--accent); color: var(--on-accent);
}
.header__titles { flex: 1; min-width: 0; }
.header__name { margin: 0; font-size: 16px; font-weight: 600; line-height: 1.3; overflow-wrap: anywhere; }
.header__status { margin: 2px 0 0; font-size: 12px; }
.away { margin: 0; padding: 8px 16px; font-size: 13px; color: var(--text); background: var(--away-bg, rgba(127, 127, 127, 0.1)); border-bottom: 1px solid var(--border); }
.away[hidden] { display: none; }
.icon-button {
  flex: none; width: 32px; height: 32px; border: 0; border-radius: 8px; padding: 0;
  display: grid; place-items: center; cursor: pointer; background: transparent; color: inherit;
}
.icon-button:hover { background: rgb(127 127 127 / 20%); }

.help { border-bottom: 1px solid var(--border); background: var(--surface); max-height: 55%; display: flex; flex-direction: column; }
.help[hidden] { display: none; }
.help--reading { flex: 1; max-height: none; min-height: 0; border-bottom: 0; }
/* Reading an article: it gets the panel; the chat comes back with "Back to chat" or "Write to us". */
.panel--reading .log, .panel--reading .notice, .panel--reading .details, .panel--reading .composer, .panel--reading .footer { display: none; }
.help__form { padding: 10px 12px 6px; }
.help__form[hidden] { display: none; }
.help__search { width: 100%; box-sizing: border-box; font: inherit; padding: 8px 12px; border-radius: 10px; border: 1px solid var(--border); background: var(--surface); color: inherit; }
.help__list { list-style: none; margin: 0; padding: 0 6px 8px; overflow-y: auto; }
.help__list[hidden], .help__reader[hidden] { display: none; }
.help__hit { display: flex; flex-direction: column; gap: 2px; width: 100%; text-align: left; background: none; border: 0; padding: 8px 8px; border-radius: 8px; font: inherit; color: inherit; cursor: pointer; }
.help__hit:hover, .help__hit:focus-visible { background: var(--surface-soft); outline: none; }
.help__title { font-weight: 600; font-size: 14px; }
.help__snippet { font-size: 12px; opacity: 0.75; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.help__empty { padding: 8px; font-size: 13px; opacity: 0.75; }
.help__reader { flex: 1; padding: 4px 16px 16px; overflow-y: auto; font-size: 14px; line-height: 1.5; }
.help__back {
  margin: 8px 0 0; padding: 6px 10px; border: 1px solid var(--border); border-radius: 8px; cursor: pointer;
  background: var(--surface); font-size: 13px; font-weight: 600;
}
.help__back:hover { background: var(--surface-soft); }
.help__list-block { margin: 6px 0; padding-left: 24px; }
.help__list-block li { margin: 4px 0; padding-left: 2px; }
.help__more {
  display: flex; align-items: center; justify-content: space-between; gap: 8px;
  margin-top: 16px; padding-top: 12px; border-top: 1px solid var(--border); font-size: 13px; color: var(--text-secondary);
}
.help__write {
  border: 0; border-radius: 8px; padding: 6px 12px; cursor: pointer; font-size: 13px; font-weight: 600;
  background: var(--accent); color: var(--on-accent);
}
.help__reader:focus { outline: none; }
.help__article-title { margin: 8px 0; font-size: 16px; }
.help__heading { margin: 12px 0 4px; font-size: 14px; }
.help__reader p { margin: 6px 0; }
.help__code { background: var(--surface-soft); padding: 8px; border-radius: 6px; white-space: pre-wrap; font-size: 12px; }
.help__open { display: inline-block; margin-top: 8px; color: var(--accent); font-size: 13px; }
.log {
  flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 8px;
  background: var(--surface); overscroll-behavior: contain;
}
.bubble {
  max-width: 82%; padding: 8px 12px; border-radius: 14px;
  white-space: pre-wrap; overflow-wrap: anywhere;
}
.bubble--agent { align-self: flex-start; background: var(--surface-soft); border-bottom-left-radius: 4px; }
.bubble--visitor { align-self: flex-end; background: var(--accent); color: var(--on-accent); border-bottom-right-radius: 4px; }
.bubble--sending { opacity: 0.65; }
.bubble--failed { outline: 1px solid var(--danger); }
.bubble__author { display: block; margin-bottom: 2px; font-size: 12px; font-weight: 600; color: var(--text-secondary); }
.meta { font-size: 12px; color: var(--text-secondary); align-self: flex-end; display: flex; gap: 8px; align-items: center; }
.meta--agent { align-self: flex-start; }
.meta--failed { color: var(--danger); }
.link-button {
  border: 0; padding: 0; background: none; cursor: pointer; color: inherit;
  font-size: 12px; font-weight: 600; text-decoration: underline; text-underline-offset: 2px;
}

.notice { margin: 0; padding: 8px 16px; font-size: 12px; color: var(--text-secondary); border-top: 1px solid var(--border); }
.notice[hidden] { display: none; }
.notice--error { color: var(--danger); }

.details { padding: 10px 16px 12px; border-top: 1px solid var(--border); display: grid; gap: 8px; }
.details[hidden] { display: none; }
.details__intro { margin: 0; font-size: 12px; color: var(--text-secondary); }
.details__row { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.field { display: grid; gap: 2px; font-size: 12px; color: var(--text-secondary); }
.field input {
  width: 100%; padding: 6px 8px; border: 1px solid var(--border); border-radius: 8px;
  background: var(--surface); font-size: 13px;
}
.details__actions { display: flex; justify-content: space-between; align-items: center; }
.save {
  border: 0; border-radius: 8px; padding: 6px 12px; cursor: pointer; font-size: 13px; font-weight: 600;
  background: var(--accent); color: var(--on-accent);
}

.composer { display: flex; align-items: flex-end; gap: 8px; padding: 10px 12px 12px; border-top: 1px solid var(--border); }
.composer textarea {
  flex: 1; resize: none; max-height: 120px; min-height: 40px; padding: 9px 12px;
  border: 1px solid var(--border); border-radius: 12px; background: var(--surface); line-height: 1.4;
}
.composer textarea:disabled { opacity: 0.6; }
.send {
  flex: none; width: 40px; height: 40px; border: 0; border-radius: 50%; cursor: pointer;
  display: grid; place-items: center; background: var(--accent); color: var(--on-accent);
}
.send:disabled { opacity: 0.45; cursor: default; }
.footer { display: flex; justify-content: space-between; padding: 0 16px 10px; font-size: 11px; color: var(--text-secondary); }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`;
