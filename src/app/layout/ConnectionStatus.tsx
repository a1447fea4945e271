import { CONNECTION_TEXTS, connectionStatus, waitingText } from '../sync/connection-status';
import { useBrowserOnline, useConnectionMeta, useWaitingChanges } from '../sync/use-connection';

/** The connection as the worker reports it, in the sidebar; announced politely when it changes. */
export function ConnectionStatus() {
  const meta = useConnectionMeta();
  const online = useBrowserOnline();
  const waiting = useWaitingChanges();
  const status = connectionStatus(meta, online, waiting);
  const detail = status.kind === 'live' ? null : waitingText(status.waiting);
  return (
    <div className={`connection connection--${status.kind}`} role="status" data-testid="connection-status">
      <span className="connection__dot" aria-hidden="true" />
      <span className="connection__text">
        <span className="connection__state">{CONNECTION_TEXTS[status.kind]}</span>
        {detail && <span className="connection__detail">{detail}</span>}
      </span>
    </div>
  );
}
