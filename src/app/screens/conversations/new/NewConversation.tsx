import { Suspense, lazy, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MAX_SUBJECT_LENGTH } from '../../../../protocol/api/conversation-requests';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { useSignedIn } from '../../../session/signed-in-context';
import { useReplyHold } from '../../../sync/use-reply-hold';
import { useSyncActions } from '../../../sync/use-sync-actions';
import { AddressField } from '../composer/AddressField';
import { CopyFields, NO_COPIES } from '../composer/CopyFields';
import type { Copies } from '../composer/CopyFields';
import { isSubmitShortcut } from '../composer/submit-shortcut';
import { emailParts } from '../composer/reply-mutation';
import { htmlToPlainText } from '../composer/rich-text';
import { useEditorImages } from '../composer/use-editor-images';
import { newTempId } from '../../../../client-db/outbox-row';
import type { StartedState } from './StartingConversation';
import { newTemporaryConversationId } from './temporary-conversation-id';

const RichEditor = lazy(() => import('../composer/RichEditor'));

type NewConversationProps = {
  backPath: string;
  /** Where the conversation opens once started (its temporary id until the server names it). */
  rowPath: (id: number) => string;
};

type Problems = { to?: string | undefined; subject?: string | undefined; message?: string | undefined };

/**
 * "New conversation" (§2 `conversations/new`, from the sidebar and the palette): an email to a
 * contact or any address, with copies, a subject and the message, formatted like a reply (with
 * its inline images and the agent's signature). It starts at once, offline
 * too, as a conversation assigned to the agent whose first message is held like any reply (with
 * its countdown and Undo); the server sends it from the organization's support address.
 */
export function NewConversation({ backPath, rowPath }: NewConversationProps) {
  const { agent } = useSignedIn();
  const { mutate } = useSyncActions();
  const hold = useReplyHold();
  const navigate = useNavigate();
  const [to, setTo] = useState<string[]>([]);
  const [copies, setCopies] = useState<Copies>(NO_COPIES);
  const [copiesOpen, setCopiesOpen] = useState(false);
  const [subject, setSubject] = useState('');
  // The editor's HTML ('' when empty).
  const [message, setMessage] = useState('');
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<Problems>({});
  const subjectId = useId();
  const messageId = useId();
  const images = useEditorImages();
  const latestSend = useRef<() => void>(() => undefined);
  latestSend.current = () => send();

  function send(event?: FormEvent) {
    event?.preventDefault();
    const found: Problems = {};
    if (to.length === 0) found.to = 'Add the address to write to.';
    else if (to.length > 1) found.to = 'Write to one address; put the others in Cc.';
    if (subject.trim() === '') found.subject = 'Add a subject.';
    const text = htmlToPlainText(message).trim();
    if (text === '' && !message.includes('<img')) found.message = 'Write the message.';
    else if (uploading > 0) found.message = 'Wait for the images to finish uploading.';
    setProblems(found);
    const [address] = to;
    if (Object.values(found).some(Boolean) || address === undefined) return;
    const id = newTemporaryConversationId();
    // Chosen here, so the starting screen knows its first message's temporary id at once.
    const clientId = crypto.randomUUID();
    mutate(
      {
        kind: 'new-conversation',
        conversation_id: id,
        agent_id: agent.id,
        to: address,
        subject: subject.trim(),
        ...emailParts({ text, html: message }, agent.signature ?? '', []),
        ...(copies.cc.length ? { cc: copies.cc } : {}),
        ...(copies.bcc.length ? { bcc: copies.bcc } : {}),
      },
      clientId,
    );
    const state: StartedState = { firstMessageId: newTempId(clientId) };
    void navigate(rowPath(id), { replace: true, state });
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // The message's editor sends on Ctrl+Enter itself (and marks the key used).
    if (isSubmitShortcut(event) && !event.defaultPrevented) send(event);
  }

  return (
    <div className="conversation-view new-conversation">
      <header className="conv-header">
        <div className="conv-header__row">
          <Link to={backPath} className="btn btn--ghost btn--small btn--icon conv-header__back" title="Back to conversations">
            <Icon name="arrowLeft" />
            <span className="visually-hidden">Back to conversations</span>
          </Link>
          <div className="conv-header__titles">
            <h1 className="conv-header__subject">New conversation</h1>
            <p className="conv-header__contact">An email from your support address, assigned to you</p>
          </div>
        </div>
      </header>
      <form className="new-conversation__form" onSubmit={send} onKeyDown={onKeyDown} noValidate>
        <div className="new-conversation__to">
          <AddressField
            label="To"
            autoFocus
            addresses={to}
            standing={[...copies.cc, ...copies.bcc]}
            onChange={(addresses) => {
              setTo(addresses);
              setProblems((now) => ({ ...now, to: undefined }));
            }}
          />
          {problems.to && (
            <p className="address-field__problem" role="alert">
              {problems.to}
            </p>
          )}
          <CopyFields copies={copies} standing={to} open={copiesOpen} onOpen={() => setCopiesOpen(true)} onChange={setCopies} />
        </div>
        <div className={`field${problems.subject ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={subjectId}>
            Subject
          </label>
          <div className="field__control">
            <input
              id={subjectId}
              className="field__input"
              value={subject}
              maxLength={MAX_SUBJECT_LENGTH}
              aria-invalid={problems.subject ? true : undefined}
              onChange={(event) => {
                setSubject(event.target.value);
                setProblems((now) => ({ ...now, subject: undefined }));
              }}
            />
          </div>
          {problems.subject && (
            <p className="field__error" role="alert">
              {problems.subject}
            </p>
          )}
        </div>
        <div className={`field new-conversation__message${problems.message ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={messageId}>
            Message
          </label>
          <div className="composer__box">
            <Suspense fallback={<div className="composer__input composer__loading" aria-busy="true" />}>
              <RichEditor
                id={messageId}
                label="Message"
                placeholder="Write your message…"
                value={message}
                onChange={(html) => {
                  setMessage(html);
                  setProblems((now) => ({ ...now, message: undefined }));
                }}
                onSubmit={() => latestSend.current()}
                onUploading={setUploading}
                {...images}
              />
            </Suspense>
          </div>
          {agent.signature ? <p className="field__hint">Your signature is added under the message.</p> : null}
          {problems.message && (
            <p className="field__error" role="alert">
              {problems.message}
            </p>
          )}
        </div>
        <div className="new-conversation__actions">
          <Button variant="primary" type="submit" icon={<Icon name="send" />}>
            Send
          </Button>
          <Link to={backPath} className="btn btn--ghost">
            Discard
          </Link>
          <span className="new-conversation__hint">
            Held {hold === 1 ? '1 second' : `${hold} seconds`} before it goes, with Undo · Ctrl+Enter sends
          </span>
        </div>
      </form>
    </div>
  );
}
