import { useCallback, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { chatSettingsBody, GREETING_MAX_CHARS, type ChatSettings } from '../../../protocol/api/chat-settings';
import { apiPaths } from '../../../protocol/api/routes';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FieldMessages, describedBy } from '../../components/FieldMessages';
import { Loadable } from '../../components/Loadable';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { useLoad } from '../../hooks/use-load';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { ChatSnippet } from './ChatSnippet';
import { ChatWidgetPreview } from './ChatWidgetPreview';

/** `chat` (§2, §6 `channel.*`): the website chat widget: on or off, colour, greeting, and the line to paste. */
export default function ChatSettingsScreen() {
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.get<ChatSettings>(apiPaths.chatSettings, signal), [api]);
  const { state, setData } = useLoad(load);
  return (
    <div className="page page--wide">
      <PageHeader title="Chat widget" description="A chat on your website: visitors write to your team and their conversations land in your inbox, live." />
      <Loadable state={state} loading="Loading the chat settings">
        {(saved) => <ChatSettingsForm saved={saved} onSaved={(settings) => setData(() => settings)} />}
      </Loadable>
    </div>
  );
}

function ChatSettingsForm({ saved, onSaved }: { saved: ChatSettings; onSaved: (settings: ChatSettings) => void }) {
  const { slug, organization } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [enabled, setEnabled] = useState(saved.enabled);
  const [color, setColor] = useState(saved.color);
  const [greeting, setGreeting] = useState(saved.greeting);
  const greetingId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(chatSettingsBody, { enabled, color, greeting });
    if (!body) return;
    await form.submit(async () => {
      const settings = await api.request<ChatSettings>('PUT', apiPaths.chatSettings, body);
      onSaved(settings);
      setColor(settings.color);
      setGreeting(settings.greeting);
      show({ title: settings.enabled ? 'Chat widget saved' : 'Chat widget turned off', tone: 'success', key: 'chat-saved' });
    });
  }

  const greetingError = form.field('greeting');
  return (
    <div className="chat-settings">
      <div className="chat-settings__main">
        <form ref={formRef} className="panel" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="panel__body">
            {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
            <label className="switch-field">
              <input type="checkbox" role="switch" name="enabled" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
              <span className="switch-field__track" aria-hidden="true" />
              <span className="switch-field__text">
                <span className="switch-field__label">Show the chat widget on your website</span>
                <span className="switch-field__hint">When it is off, the widget stays hidden and nobody can start a chat.</span>
              </span>
            </label>
            <div className="color-field">
              <TextField
                label="Colour"
                name="color"
                value={color}
                maxLength={7}
                spellCheck={false}
                error={form.field('color')}
                hint="The launcher, the header and your visitors' messages."
                onChange={(event) => {
                  setColor(event.target.value);
                  form.clearField('color');
                }}
              />
              <input
                type="color"
                className="color-field__swatch"
                aria-label="Pick a colour"
                value={/^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : '#5b5bd6'}
                onChange={(event) => {
                  setColor(event.target.value);
                  form.clearField('color');
                }}
              />
            </div>
            <div className={['field', greetingError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
              <div className="field__label-row">
                <label className="field__label" htmlFor={greetingId}>
                  Greeting
                </label>
                <span className="field__counter" aria-hidden="true">
                  {greeting.length}/{GREETING_MAX_CHARS}
                </span>
              </div>
              <div className="field__control">
                <textarea
                  id={greetingId}
                  name="greeting"
                  className="field__input field__textarea"
                  rows={3}
                  maxLength={GREETING_MAX_CHARS}
                  value={greeting}
                  aria-invalid={greetingError ? true : undefined}
                  aria-describedby={describedBy(greetingId, 'The first thing visitors read when they open the chat.', greetingError)}
                  onChange={(event) => {
                    setGreeting(event.target.value);
                    form.clearField('greeting');
                  }}
                />
              </div>
              <FieldMessages id={greetingId} hint="The first thing visitors read when they open the chat." error={greetingError} />
            </div>
          </div>
          <div className="panel__footer">
            <Button type="submit" variant="primary" loading={form.busy}>
              Save changes
            </Button>
          </div>
        </form>
        <ChatSnippet slug={slug} enabled={saved.enabled} />
      </div>
      <aside className="chat-settings__preview">
        <p className="chat-settings__preview-title">Preview</p>
        <ChatWidgetPreview name={organization.name} color={color} greeting={greeting} />
      </aside>
    </div>
  );
}
