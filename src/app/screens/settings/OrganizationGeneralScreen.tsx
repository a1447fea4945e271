import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { Organization } from '../../../protocol/api/models';
import { updateOrganizationBody } from '../../../protocol/api/requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { PageHeader } from '../../layout/PageHeader';
import { can } from '../../session/permissions';
import { useSignedIn } from '../../session/signed-in-context';

/** `organization/general`: the name (editable with organization.update) and the slug. */
export default function OrganizationGeneralScreen() {
  const { agent, organization, setProfile } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [name, setName] = useState(organization.name);
  const editable = can(agent, 'organization.update');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(updateOrganizationBody, { name });
    if (!body) return;
    await form.submit(async () => {
      const updated = await api.patch<Organization>(apiPaths.organization, body);
      setProfile({ agent, organization: updated });
      show({ title: 'Changes saved', tone: 'success', key: 'organization-saved' });
    });
  }

  return (
    <div className="page">
      <PageHeader title="Organization" description="Your team's name and address." />
      <form ref={formRef} className="panel" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="panel__body">
          {!editable && <Alert tone="info">Only teammates with the organization.update permission can change these settings.</Alert>}
          {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
          <TextField
            label="Organization name"
            name="name"
            autoComplete="organization"
            value={name}
            readOnly={!editable}
            error={form.field('name')}
            onChange={(event) => {
              setName(event.target.value);
              form.clearField('name');
            }}
          />
          <TextField
            label="Domain"
            name="slug"
            value={organization.slug}
            readOnly
            prefix={`${window.location.host}/`}
            hint="The domain is part of every address of your inbox and cannot be changed."
          />
        </div>
        {editable && (
          <div className="panel__footer">
            <Button type="submit" variant="primary" loading={form.busy}>
              Save changes
            </Button>
          </div>
        )}
      </form>
    </div>
  );
}
