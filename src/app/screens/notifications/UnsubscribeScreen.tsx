import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { apiPaths } from '../../../protocol/api/routes';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS, type NotificationEvent } from '../../../protocol/notifications/notification-settings';
import type { UnsubscribeResponse } from '../../../protocol/notifications/push-requests';
import { useApi } from '../../api/api-context';
import { toFailure, type Failure } from '../../api/request-failure';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { AuthPage } from '../../layout/AuthPage';
import { LinkProblem } from '../auth/LinkProblem';

type Result = { status: 'asking' } | { status: 'done'; answer: UnsubscribeResponse } | { status: 'failed'; failure: Failure };

/**
 * `/unsubscribe/{token}`: a notification email's unsubscribe link, without signing in. It asks
 * first (a mail scanner opening the link must not turn anything off); the link works once.
 */
export default function UnsubscribeScreen() {
  const { token = '' } = useParams();
  const api = useApi();
  const [result, setResult] = useState<Result>({ status: 'asking' });
  const [busy, setBusy] = useState(false);

  if (result.status === 'failed') {
    return (
      <LinkProblem
        failure={result.failure}
        title="This link no longer works"
        advice={
          <>
            Each link in a notification email works once. <Link to="/auth/login">Sign in</Link> to choose what you are emailed.
          </>
        }
      />
    );
  }
  if (result.status === 'done') {
    const event = (NOTIFICATION_EVENTS as readonly string[]).includes(result.answer.event) ? (result.answer.event as NotificationEvent) : null;
    return (
      <AuthPage title="You are unsubscribed">
        <Alert tone="success">
          No more emails from <strong>{result.answer.organization}</strong> for “{event ? NOTIFICATION_EVENT_LABELS[event] : result.answer.event}”. Push notifications and
          your other emails stay as they are.
        </Alert>
        <Link className="btn btn--secondary btn--block" to="/">
          Open the inbox
        </Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Stop these emails?">
      <p>You will no longer get emails about this kind of event. Push notifications and your other emails stay as they are.</p>
      <Button
        variant="primary"
        block
        loading={busy}
        onClick={() => {
          setBusy(true);
          api.post<UnsubscribeResponse>(apiPaths.unsubscribe(token)).then(
            (answer) => setResult({ status: 'done', answer }),
            (error: unknown) => setResult({ status: 'failed', failure: toFailure(error) }),
          );
        }}
      >
        Unsubscribe
      </Button>
    </AuthPage>
  );
}
