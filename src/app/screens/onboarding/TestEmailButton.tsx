import { useId, useState } from 'react';
import { apiPaths } from '../../../protocol/api/routes';
import type { TestEmailResponse } from '../../../protocol/onboarding/onboarding-steps';
import { useApi } from '../../api/api-context';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useFormErrors } from '../../forms/use-form-errors';

/**
 * "Send me a test email": the server sends a real email to the support address over its inbound
 * path; the step then ticks itself when the email is stored (the change feed brings it). A server
 * that cannot receive mail answers 409 with what its administrator must set, shown in place.
 */
export function TestEmailButton() {
  const api = useApi();
  const form = useFormErrors();
  const [sent, setSent] = useState<TestEmailResponse | null>(null);
  const messageId = useId();
  const send = () =>
    form.submit(async () => {
      setSent(null);
      setSent(await api.post<TestEmailResponse>(apiPaths.onboardingTestEmail));
    });
  const described = form.errors.message || sent ? messageId : undefined;
  return (
    <div className="onboarding-test-email">
      <Button size="small" icon={<Icon name="send" />} loading={form.busy} onClick={() => void send()} aria-describedby={described}>
        Send me a test email
      </Button>
      {form.errors.message ? (
        <p id={messageId} className="onboarding-test-email__error" role="alert">
          {form.errors.message}
        </p>
      ) : (
        sent && (
          <p id={messageId} className="onboarding-test-email__sent" role="status">
            Sent to {sent.to}: it is in your inbox.
          </p>
        )
      )}
    </div>
  );
}
