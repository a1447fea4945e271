import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from './app-context';
import type { MigrationSteps } from './db/migrations';
import type { JobKind } from './jobs/job-queries';
import type { JobHandler } from './jobs/job-runner';
import type { Mailer } from './mail/mailer';
import type { MessageDelivery } from './messages/message-delivery';
import type { FirstScreenPart } from './realtime/first-screen';
import type { CollectionReaders } from './realtime/organization-documents';

/** Registers routes on the host root, or (for `routes`) under `/api`. */
export type RouteRegistration = (app: FastifyInstance, ctx: AppContext) => void;

/** What a domain's job handlers may use: the app's services (but the runner they are given to) and the app's options. */
export type JobServices = Omit<AppContext, 'jobs'> & {
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Hands held messages to their channel (the email channel's delivery unless the app was given another). */
  delivery: MessageDelivery;
  publicUrl: () => string;
};

/**
 * What one server domain adds to the shared machinery; server-modules.ts lists the modules, and
 * the migrations, the bootstrap, build-app's routes and the job runner are built from that list,
 * so a new domain is its folder and one line there. Its tables join `Database` in its own
 * `*-tables.ts` (`declare module '…/db/database'`).
 */
export type ServerModule = {
  /** By id (their order across every module); a migration that has shipped never changes. */
  readonly migrations?: MigrationSteps;
  /** The bootstrap's readers of the synced collections it owns. */
  readonly readers?: Partial<CollectionReaders>;
  /** Its part of the first screen, sent in module order before the rest of a bootstrap. */
  readonly firstScreen?: FirstScreenPart;
  /** Routes at the host root (the stream, the widget, the help center). */
  readonly rootRoutes?: readonly RouteRegistration[];
  /** Routes under `/api`. */
  readonly routes?: readonly RouteRegistration[];
  /** Handlers of the durable jobs it queues. */
  readonly jobs?: (services: JobServices) => Partial<Record<JobKind, JobHandler>>;
};
