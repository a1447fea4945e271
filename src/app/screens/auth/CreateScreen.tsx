import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Session } from '../../../protocol/api/models';
import { createAccountBody } from '../../../protocol/api/requests';
import { apiPaths } from '../../../protocol/api/routes';
import { domainProblemText } from '../../../protocol/api/sign-up-fields';
import { suggestSlug } from '../../../protocol/slug';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { PasswordFields } from '../../forms/PasswordFields';
import { useFormErrors } from '../../forms/use-form-errors';
import { AuthPage } from '../../layout/AuthPage';
import { useCompleteSignIn } from '../../session/use-complete-sign-in';

type Values = { name: string; email: string; password: string; organization_name: string; domain: string };

const EMPTY: Values = { name: '', email: '', password: '', organization_name: '', domain: '' };

/** `/create` (§2): a new account and its organization, whose slug becomes the URL. */
export default function CreateScreen() {
  const api = useApi();
  const completeSignIn = useCompleteSignIn();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [values, setValues] = useState<Values>(EMPTY);
  const [domainEdited, setDomainEdited] = useState(false);

  const domain = domainEdited ? values.domain : suggestSlug(values.organization_name);
  // Judge a suggested slug only once it has a chance of being long enough.
  const liveDomainProblem = domainEdited || domain.length >= 2 ? domainProblemText(domain) : null;

  function change(field: keyof Values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(createAccountBody, { ...values, domain });
    if (!body) return;
    await form.submit(
      async () => {
        const session = await api.post<Session>(apiPaths.createAccount, body);
        await completeSignIn(session, `/${session.organization.slug}/conversations`);
      },
      { leaves: true },
    );
  }

  return (
    <AuthPage
      wide
      title="Create your account"
      subtitle="Set up a shared inbox for your team."
      footer={
        <>
          Already have an account? <Link to="/auth/login">Sign in</Link>
        </>
      }
    >
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          autoFocus
          value={values.name}
          error={form.field('name')}
          onChange={(event) => change('name', event.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={form.field('email')}
          onChange={(event) => change('email', event.target.value)}
        />
        <PasswordFields label="Password" value={values.password} onChange={(value) => change('password', value)} error={form.field} />
        <TextField
          label="Organization name"
          name="organization_name"
          autoComplete="organization"
          value={values.organization_name}
          error={form.field('organization_name')}
          onChange={(event) => {
            change('organization_name', event.target.value);
            // The suggested domain changes with the name, so its old error no longer applies.
            if (!domainEdited) form.clearField('domain');
          }}
        />
        <TextField
          label="Domain"
          name="domain"
          prefix={`${window.location.host}/`}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={domain}
          error={form.field('domain') ?? liveDomainProblem ?? undefined}
          hint="Your team's address. Lowercase letters, digits and hyphens."
          onChange={(event) => {
            setDomainEdited(true);
            change('domain', event.target.value.toLowerCase());
          }}
        />
        <Button type="submit" variant="primary" block loading={form.busy}>
          Create account
        </Button>
      </form>
    </AuthPage>
  );
}
