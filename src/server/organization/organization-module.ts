import type { ServerModule } from '../server-module';
import { registerOrganizationRoutes } from './organization-routes';

export const organizationModule = {
  routes: [registerOrganizationRoutes],
} satisfies ServerModule;
