import { useMemo } from 'react';
import type { MutationInput } from '../../client-db/outbox-row';
import type { SyncApi } from '../../client-db/sync-api';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { useToasts } from '../components/Toasts';
import { useSync } from './sync-context';

export type SyncActions = {
  /**
   * Hands the change to the worker; its optimistic write shows it at once. `clientId`: the
   * mutation's id when the screen needs to know it (what it creates is `newTempId(clientId)`).
   */
  mutate: (mutation: MutationInput, clientId?: string) => void;
  /** The same, resolving with the outbox row id once recorded (null when the call failed). */
  mutateTracked: (mutation: MutationInput) => Promise<number | null>;
  undoSend: (messageId: string) => void;
  /** Resolves true when the page has arrived, false when it could not be loaded (not shown). */
  loadOlderMessages: (conversationId: number) => Promise<boolean>;
  /** Whether this tab is attached to the worker yet. */
  ready: boolean;
};

/**
 * The user's actions, through the worker. A refused mutation (4xx) comes back as a SyncEvent;
 * what lands here is the worker call itself failing, shown as an error toast.
 */
export function useSyncActions(): SyncActions {
  const { slug, api, attached } = useSync();
  const { show } = useToasts();
  return useMemo(() => {
    const fail = (error: unknown): void => {
      show({ tone: 'error', title: errorText(error) });
    };
    // The first screen paints before the tab is attached to the worker: an action taken on it
    // then waits for the attachment (a toast says so only if the worker cannot be reached).
    const connection = (): Promise<SyncApi> => (api ? Promise.resolve(api) : attached.catch(() => Promise.reject(new Error(NOT_CONNECTED))));
    const call = (run: (connection: SyncApi) => Promise<unknown>): Promise<void> => connection().then(run).then(() => undefined, fail);
    return {
      mutate: (mutation, clientId) => void call((connection) => connection.mutate(slug, mutation, clientId)),
      mutateTracked: (mutation) =>
        connection()
          .then((ready) => ready.mutate(slug, mutation))
          .then(
            (rowId) => rowId,
            (error: unknown) => {
              fail(error);
              return null;
            },
          ),
      undoSend: (messageId) => void call((connection) => connection.undoSend(slug, messageId)),
      loadOlderMessages: (conversationId) =>
        api
          ? api.loadOlderMessages(slug, conversationId).then(
              () => true,
              (error: unknown) => {
                console.warn('Loading older messages failed:', error);
                return false;
              },
            )
          : Promise.resolve(false),
      ready: api !== null,
    };
  }, [api, attached, slug, show]);
}

/** What an action says when the tab could not attach to the worker (the same words as before it waited). */
const NOT_CONNECTED = 'Still connecting to the sync worker. Please try again.';

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : ERROR_TEXTS.unexpected;
}
