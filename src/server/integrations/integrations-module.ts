import type { ServerModule } from '../server-module';
import { registerIntegrationRoutes } from './integration-routes';

export const integrationsModule = {
  routes: [registerIntegrationRoutes],
} satisfies ServerModule;
