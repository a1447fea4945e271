import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { addChannelBody, type EmailChannel } from '../../../protocol/api/channels';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';

/** Adds a support address (`POST organization/channels`); the server's `errors` land on the field. */
export function AddAddressForm({ onAdded }: { onAdded: (channel: EmailChannel) => void }) {
  const api = useApi();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [email, setEmail] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(addChannelBody, { email });
    if (!body) return;
    await form.submit(async () => {
      const channel = await api.post<EmailChannel>(apiPaths.channels, body);
      onAdded(channel);
      setEmail('');
      show({ tone: 'success', title: `${channel.email} added`, body: 'Publish its DNS records, then verify the domain: until then no mail comes in or goes out.' });
    });
  }

  return (
    <form ref={formRef} className="panel" noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="add-address-title">
      <div className="panel__header">
        <h2 className="panel__title" id="add-address-title">
          Add a support address
        </h2>
        <p className="panel__description">Mail sent to it becomes a conversation; your replies go out from it.</p>
      </div>
      <div className="panel__body">
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <div className="add-address">
          <TextField
            label="Support address"
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            placeholder="support@yourcompany.com"
            value={email}
            error={form.field('email')}
            onChange={(event) => {
              setEmail(event.target.value);
              form.clearField('email');
            }}
          />
          <Button type="submit" variant="primary" loading={form.busy} className="add-address__submit">
            Add address
          </Button>
        </div>
      </div>
    </form>
  );
}
