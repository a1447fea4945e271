import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { knowledgeSettingsBody, type KnowledgeSettings, type KnowledgeVisibility } from '../../../protocol/api/knowledge-requests';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Loadable } from '../../components/Loadable';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { useLoad } from '../../hooks/use-load';
import { PageHeader } from '../../layout/PageHeader';
import { can } from '../../session/permissions';
import { useSignedIn } from '../../session/signed-in-context';
import { ACTION_PERMISSIONS } from '../../../protocol/roles';

/**
 * `knowledge/settings` (§2; no role needed, §6): the help center's name, colour, logo, address
 * and visibility; only an administrator changes the visibility (agents only takes it offline).
 */
export default function KnowledgeSettingsScreen() {
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.get<KnowledgeSettings>(apiPaths.knowledgeSettings, signal), [api]);
  const { state, setData } = useLoad(load);
  const { slug } = useSignedIn();
  return (
    <div className="page">
      <PageHeader
        title="Help center settings"
        description="Your public help center: how it looks, where it lives and who may read it."
        actions={
          <Link className="btn btn--ghost" to={`/${slug}/knowledge`}>
            <Icon name="arrowLeft" size={14} /> Knowledge base
          </Link>
        }
      />
      <Loadable state={state} loading="Loading the help center settings">
        {(saved) => <SettingsForm saved={saved} onSaved={(settings) => setData(() => settings)} />}
      </Loadable>
    </div>
  );
}

function SettingsForm({ saved, onSaved }: { saved: KnowledgeSettings; onSaved: (settings: KnowledgeSettings) => void }) {
  const api = useApi();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [name, setName] = useState(saved.name);
  const [color, setColor] = useState(saved.color);
  const [logo, setLogo] = useState(saved.logo ?? '');
  const [baseUrl, setBaseUrl] = useState(saved.base_url ?? '');
  const [visibility, setVisibility] = useState<KnowledgeVisibility>(saved.visibility);
  const { agent } = useSignedIn();
  const mayChangeVisibility = can(agent, ACTION_PERMISSIONS.helpCenterVisibility);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(knowledgeSettingsBody, { name, color, logo: logo.trim() === '' ? null : logo.trim(), base_url: baseUrl.trim(), visibility });
    if (!body) return;
    await form.submit(async () => {
      const settings = await api.request<KnowledgeSettings>('PUT', apiPaths.knowledgeSettings, body);
      onSaved(settings);
      show({ title: 'Help center saved', tone: 'success', key: 'kb-settings-saved' });
    });
  }

  const address = saved.base_url ?? saved.default_url;
  return (
    <form ref={formRef} className="panel" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="panel__body stack">
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <p className="kb-settings__live">
          Your help center: <a href={saved.visibility === 'public' ? `${saved.default_url}/` : undefined} target="_blank" rel="noreferrer">{address}</a>
        </p>
        <TextField label="Name" name="name" value={name} maxLength={120} error={form.field('name')} onChange={(event) => setName(event.target.value)} />
        <div className="color-field">
          <TextField label="Colour" name="color" value={color} maxLength={7} spellCheck={false} error={form.field('color')} hint="The header and the links." onChange={(event) => setColor(event.target.value)} />
          <input type="color" className="color-field__swatch" aria-label="Pick a colour" value={/^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : '#1f6feb'} onChange={(event) => setColor(event.target.value)} />
        </div>
        <TextField label="Logo" name="logo" value={logo} placeholder="https://…/logo.png" error={form.field('logo')} hint="The address of a picture shown in the header." onChange={(event) => setLogo(event.target.value)} />
        <TextField
          label="Public address"
          name="base_url"
          value={baseUrl}
          placeholder="https://help.example.com"
          error={form.field('base_url')}
          hint={`Point your domain's DNS at this server and enter it here: pages are then served and linked at that address. Empty: ${saved.default_url}`}
          onChange={(event) => setBaseUrl(event.target.value)}
        />
        <fieldset className="kb-settings__visibility" disabled={!mayChangeVisibility} aria-describedby={mayChangeVisibility ? undefined : 'kb-visibility-admin'}>
          <legend>Who can read it</legend>
          <label className="radio-field">
            <input type="radio" name="visibility" checked={visibility === 'public'} onChange={() => setVisibility('public')} />
            <span>Everyone: a public help center, searchable in the chat widget</span>
          </label>
          <label className="radio-field">
            <input type="radio" name="visibility" checked={visibility === 'agents'} onChange={() => setVisibility('agents')} />
            <span>Agents only: no public pages; articles are still linked from the inbox</span>
          </label>
          {!mayChangeVisibility && (
            <p className="field__hint" id="kb-visibility-admin">
              Only an administrator (the organization settings permission) can change this: agents only takes the help center away from customers.
            </p>
          )}
        </fieldset>
      </div>
      <div className="panel__footer">
        <Button type="submit" variant="primary" loading={form.busy}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
