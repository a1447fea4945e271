import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { AccountResponse, CustomInbox } from '../../../protocol/api/models';
import { updateAccountBody } from '../../../protocol/api/requests';
import { apiPaths } from '../../../protocol/api/routes';
import { parseInboxQuery } from '../../../protocol/inbox-query/parse-inbox-query';
import { useApi } from '../../api/api-context';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';

/** A row being edited: `id` is local (React keys), `key` the saved inbox's, if any. */
type Draft = { id: number; key?: string; name: string; query: string; isDefault: boolean };

let nextDraftId = 1;
const toDraft = (inbox: CustomInbox): Draft => ({ id: nextDraftId++, key: inbox.key, name: inbox.name, query: inbox.query, isDefault: inbox.is_default === true });

/** The parser's message for a query, shown while typing. */
export function queryProblem(query: string): string | undefined {
  const result = parseInboxQuery(query);
  return result.ok ? undefined : result.error.message;
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** `inboxes`: the agent's custom inboxes (§3 `custom_inboxes`): add, rename, reorder, delete. */
export default function CustomInboxesScreen() {
  const { agent, setProfile } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [drafts, setDrafts] = useState<Draft[]>(() => agent.custom_inboxes.map(toDraft));
  const [deleting, setDeleting] = useState<Draft | null>(null);

  const update = (id: number, change: Partial<Draft>) => setDrafts((list) => list.map((d) => (d.id === id ? { ...d, ...change } : d)));
  /** "Use as my default": one inbox, or none for the built-in Inbox. */
  const chooseDefault = (id: number | null) => setDrafts((list) => list.map((d) => ({ ...d, isDefault: d.id === id })));
  const builtInIsDefault = !drafts.some((d) => d.isDefault);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const custom_inboxes = drafts.map(({ key, name, query, isDefault }) => ({ ...(key === undefined ? {} : { key }), name, query, ...(isDefault ? { is_default: true } : {}) }));
    if (!form.validate(updateAccountBody, { custom_inboxes })) return;
    await form.submit(async () => {
      const profile = await api.patch<AccountResponse>(apiPaths.account, { custom_inboxes });
      setProfile(profile);
      setDrafts(profile.agent.custom_inboxes.map(toDraft));
      show({ title: 'Inboxes saved', tone: 'success', key: 'inboxes-saved' });
    });
  }

  return (
    <div className="page">
      <PageHeader
        title="Inboxes"
        description="Your own saved lists of conversations, shown in the sidebar. Your default inbox is where Conversations opens and what the tab's unread count counts."
      />
      <form ref={formRef} className="panel" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="panel__body">
          {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
          <div className="custom-inboxes__builtin">
            <div>
              <p className="custom-inboxes__builtin-name">Inbox (built in)</p>
              <p className="field__hint">Open conversations assigned to you or to nobody, newest activity first. Always in the list’s tabs.</p>
            </div>
            {builtInIsDefault ? (
              <Badge tone="accent">Default</Badge>
            ) : (
              <Button size="small" aria-label="Use Inbox (built in) as my default" onClick={() => chooseDefault(null)}>
                Use as my default
              </Button>
            )}
          </div>
          {drafts.length === 0 && <p>You have no custom inboxes yet.</p>}
          <ol className="custom-inboxes" aria-label="Custom inboxes">
            {drafts.map((draft, index) => {
              const label = draft.name.trim() || 'untitled';
              return (
                <li key={draft.id} className="custom-inboxes__item">
                  <TextField
                    label="Inbox name"
                    name={`custom_inboxes.${index}.name`}
                    value={draft.name}
                    maxLength={60}
                    error={form.field(`custom_inboxes.${index}.name`)}
                    onChange={(event) => {
                      update(draft.id, { name: event.target.value });
                      form.clearField(`custom_inboxes.${index}.name`);
                    }}
                  />
                  <TextField
                    label="Query"
                    name={`custom_inboxes.${index}.query`}
                    value={draft.query}
                    maxLength={500}
                    spellCheck={false}
                    hint="For example: tag:billing is:opened,waiting order:priority"
                    error={queryProblem(draft.query) ?? form.field(`custom_inboxes.${index}.query`)}
                    onChange={(event) => {
                      update(draft.id, { query: event.target.value });
                      form.clearField(`custom_inboxes.${index}.query`);
                    }}
                  />
                  <div className="form__actions">
                    <Button size="small" disabled={index === 0} aria-label={`Move up ${label}`} onClick={() => setDrafts((list) => moved(list, index, index - 1))}>
                      Move up
                    </Button>
                    <Button
                      size="small"
                      disabled={index === drafts.length - 1}
                      aria-label={`Move down ${label}`}
                      onClick={() => setDrafts((list) => moved(list, index, index + 1))}
                    >
                      Move down
                    </Button>
                    {draft.isDefault ? (
                      <Badge tone="accent">Default</Badge>
                    ) : (
                      <Button size="small" aria-label={`Use ${label} as my default`} onClick={() => chooseDefault(draft.id)}>
                        Use as my default
                      </Button>
                    )}
                    <Button size="small" variant="ghost" aria-label={`Delete inbox ${label}`} onClick={() => setDeleting(draft)}>
                      Delete
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
        <div className="panel__footer">
          <Button onClick={() => setDrafts((list) => [...list, { id: nextDraftId++, name: '', query: '', isDefault: false }])}>Add inbox</Button>
          <Button type="submit" variant="primary" loading={form.busy}>
            Save inboxes
          </Button>
        </div>
      </form>
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this inbox?"
        footer={
          <>
            <Button onClick={() => setDeleting(null)}>Cancel</Button>
            <Button
              variant="danger"
              onClick={() => {
                const gone = deleting;
                setDeleting(null);
                if (gone) setDrafts((list) => list.filter((d) => d.id !== gone.id));
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        <p>“{deleting?.name.trim() || 'untitled'}” leaves this list; save to apply. Conversations are not changed.</p>
      </Modal>
    </div>
  );
}
