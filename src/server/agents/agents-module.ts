import type { ServerModule } from '../server-module';
import { registerAcceptInviteRoutes } from './accept-invite-routes';
import { addAgentPreferences, addAgentSignatures } from './agent-tables';
import { registerAgentsRoutes } from './agents-routes';
import { registerInviteRoutes } from './invite-routes';

export const agentsModule = {
  migrations: {
    '0011-agent-preferences': (db) => addAgentPreferences(db.schema),
    '0013-agent-signatures': (db) => addAgentSignatures(db.schema),
  },
  routes: [registerAgentsRoutes, registerInviteRoutes, registerAcceptInviteRoutes],
} satisfies ServerModule;
