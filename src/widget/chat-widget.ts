import { WIDGET_ERRORS, WIDGET_STREAM_PATH, type VisitorProfile, type WidgetConfig, type WidgetServerFrame } from '../protocol/widget';
import { EMPTY_LOG, unsent, withFailure, withHistory, withMessage, withPending, withRetry, type ChatLog } from './chat-log';
import { createWidgetConnection, type ConnectionState } from './widget-connection';
import { createWidgetView, type ViewStatus } from './widget-view';
import { createVisitorStorage } from './visitor-storage';
import { createHelpSection } from './widget-help';
import { followHours } from './widget-hours';

const STATUS: Record<ConnectionState, ViewStatus> = {
  connecting: { text: 'Connecting…', canWrite: true },
  open: { text: 'Chat with our team', canWrite: true },
  waiting: { text: 'Reconnecting… your messages will be sent', canWrite: true },
  unavailable: { text: WIDGET_ERRORS.unavailable, canWrite: false },
};

/** 16 random URL-safe characters (crypto.randomUUID needs a secure context; host pages may not be one). */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * The chat on a customer's page: mounts the widget in a shadow root and runs it. The visitor's
 * messages show at once and are sent as soon as the socket is ready (kept and sent after a
 * reconnect otherwise); the server's copy replaces the local one. Agents' replies arriving while
 * the panel is closed are counted on the launcher.
 */
export function startChatWidget(options: { serverOrigin: string; org: string; config: WidgetConfig }): void {
  const { serverOrigin, org, config } = options;
  const host = document.createElement('div');
  host.setAttribute('data-support-inbox-chat', org);
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const storage = createVisitorStorage(serverOrigin, org);

  let log: ChatLog = EMPTY_LOG;
  let open = storage.wasOpen();
  let unread = 0;
  let state: ConnectionState = 'connecting';

  const setLog = (next: ChatLog) => {
    log = next;
    view.renderLog(log);
  };
  const sendPending = () => {
    for (const entry of unsent(log)) if (entry.client_id) connection.send({ action: 'send', client_id: entry.client_id, text: entry.text });
  };

  const help = createHelpSection(serverOrigin, org, () => storage.token());
  const view = createWidgetView(root, host, config, {
    onToggle() {
      open = !open;
      storage.setOpen(open);
      if (open) unread = 0;
      view.setUnread(unread);
      view.setOpen(open);
    },
    onSend(text) {
      setLog(withPending(log, randomId(), text, Date.now()));
      if (state === 'open') sendPending();
    },
    onRetry(clientId) {
      setLog(withRetry(log, clientId));
      if (state === 'open') sendPending();
    },
    onSaveProfile(name, email) {
      view.setNotice(state === 'open' && connection.send({ action: 'identify', name, email }) ? null : 'You are offline. Please try again in a moment.');
    },
  }, help);

  const onFrame = (frame: WidgetServerFrame) => {
    switch (frame.action) {
      case 'ready':
        storage.setToken(frame.visitor);
        view.setProfile(frame.profile);
        setLog(withHistory(log, frame.messages));
        sendPending();
        break;
      case 'message':
        if (frame.message.from === 'agent' && !open && !log.some((entry) => entry.id === frame.message.id)) {
          unread += 1;
          view.setUnread(unread);
        }
        setLog(withMessage(log, frame.message));
        break;
      case 'sent':
        setLog(withMessage(log, frame.message));
        break;
      case 'profile':
        view.setProfile(frame.profile satisfies VisitorProfile);
        view.setNotice(null);
        break;
      case 'error':
        if (frame.client_id) setLog(withFailure(log, frame.client_id, frame.error));
        else view.setNotice(frame.error);
        break;
    }
  };

  const connection = createWidgetConnection({
    url: () => {
      const query = new URLSearchParams({ org });
      const token = storage.token();
      if (token) query.set('visitor', token);
      return `${serverOrigin.replace(/^http/, 'ws')}${WIDGET_STREAM_PATH}?${query.toString()}`;
    },
    onFrame,
    onState(next) {
      state = next;
      view.setStatus(STATUS[next]);
    },
  });

  view.setStatus(STATUS.connecting);
  followHours({ serverOrigin, org, hours: config.hours, show: (text) => view.setAway(text) });
  view.renderLog(log);
  view.setOpen(open);
  connection.start();
}
