import { accountModule } from './account/account-module';
import { agentsModule } from './agents/agents-module';
import { authModule } from './auth/auth-module';
import { billingModule } from './billing/billing-module';
import { blockingModule } from './blocking/blocking-module';
import { channelsModule } from './channels/channels-module';
import { chatModule } from './chat/chat-module';
import { contactsModule } from './contacts/contacts-module';
import { conversationsModule } from './conversations/conversations-module';
import { customDataModule } from './custom-data/custom-data-module';
import type { MigrationSteps } from './db/migrations';
import { draftsModule } from './drafts/drafts-module';
import { integrationsModule } from './integrations/integrations-module';
import type { JobKind } from './jobs/job-queries';
import type { JobHandler } from './jobs/job-runner';
import { knowledgeModule } from './knowledge/knowledge-module';
import { messagesModule } from './messages/messages-module';
import { mutationsModule } from './mutations/mutations-module';
import { notificationsModule } from './notifications/notifications-module';
import { organizationModule } from './organization/organization-module';
import { realtimeModule } from './realtime/realtime-module';
import type { BootstrapSources } from './realtime/stream-catch-up';
import type { BootstrapCollection, CollectionReaders } from './realtime/organization-documents';
import { searchModule } from './search/search-module';
import type { JobServices, RouteRegistration, ServerModule } from './server-module';
import { snippetsModule } from './snippets/snippets-module';
import { tagsModule } from './tags/tags-module';
import { rulesModule } from './rules/rules-module';
import { hoursModule } from './hours/hours-module';
import { onboardingModule } from './onboarding/onboarding-module';
import { reportingModule } from './reporting/reporting-module';

/**
 * Every server module, in the order that matters: root routes register in this order, as before
 * (the stream, the chat widget, then the help center, whose root onRequest hook serves custom
 * domains), and the first screen's parts go in it (the tags before the inbox rows that name them).
 * The batch route comes last. A new domain is its folder and one line here.
 */
export const SERVER_MODULES = [
  realtimeModule,
  authModule,
  accountModule,
  notificationsModule,
  agentsModule,
  organizationModule,
  tagsModule,
  conversationsModule,
  searchModule,
  messagesModule,
  draftsModule,
  contactsModule,
  snippetsModule,
  chatModule,
  knowledgeModule,
  blockingModule,
  channelsModule,
  integrationsModule,
  billingModule,
  customDataModule,
  rulesModule,
  hoursModule,
  onboardingModule,
  reportingModule,
  mutationsModule,
] as const satisfies readonly ServerModule[];

const MODULES: readonly ServerModule[] = SERVER_MODULES;

/** The bootstrap's readers and the first screen's parts, from every module. */
export function bootstrapSources(): BootstrapSources {
  const readers: Partial<CollectionReaders> = {};
  for (const module of MODULES) Object.assign(readers, module.readers);
  // Complete and without overlap: checked below (ReadersCheck).
  return { readers: readers as CollectionReaders, firstScreen: MODULES.flatMap((module) => (module.firstScreen ? [module.firstScreen] : [])) };
}

/** Every module's job handlers, for the job runner. */
export function jobHandlers(services: JobServices): Record<JobKind, JobHandler> {
  const handlers: Partial<Record<JobKind, JobHandler>> = {};
  for (const module of MODULES) Object.assign(handlers, module.jobs?.(services));
  // Complete and without overlap: checked below (JobsCheck).
  return handlers as Record<JobKind, JobHandler>;
}

export const migrationLists = (): MigrationSteps[] => MODULES.flatMap((module) => (module.migrations ? [module.migrations] : []));
export const rootRoutes = (): RouteRegistration[] => MODULES.flatMap((module) => module.rootRoutes ?? []);
export const apiRoutes = (): RouteRegistration[] => MODULES.flatMap((module) => module.routes ?? []);

type Modules = typeof SERVER_MODULES;
type Part = 'readers' | 'jobs';
type KeysOf<M, P extends Part> = P extends 'readers'
  ? M extends { readers: infer R }
    ? keyof R
    : never
  : M extends { jobs: (services: JobServices) => infer J }
    ? keyof J
    : never;
/** The keys of `P` that two modules of the list both hold. */
type Twice<List extends readonly unknown[], P extends Part, Seen = never> = List extends readonly [infer Head, ...infer Tail]
  ? (KeysOf<Head, P> & Seen) | Twice<Tail, P, Seen | KeysOf<Head, P>>
  : never;
type Exactly<Missing, Doubled> = [Missing, Doubled] extends [never, never] ? true : { missing: Missing; twice: Doubled };
type Check<T extends true> = T;
/** Every synced collection has exactly one reader (messages travel with their conversation). */
export type ReadersCheck = Check<Exactly<Exclude<BootstrapCollection, KeysOf<Modules[number], 'readers'>>, Twice<Modules, 'readers'>>>;
/** Every job kind has exactly one handler. */
export type JobsCheck = Check<Exactly<Exclude<JobKind, KeysOf<Modules[number], 'jobs'>>, Twice<Modules, 'jobs'>>>;
