import type { ServerModule } from '../server-module';
import { registerChatWidgetRoutes } from './chat-channel';
import { registerChatSettingsRoutes } from './chat-settings-routes';
import { createChatTables } from './chat-tables';

/** The chat widget; its sockets are the app context's `widgets`. */
export const chatModule = {
  migrations: { '0007-chat': (db, dialect) => createChatTables(db.schema, dialect) },
  // The widget's script, settings and socket, at the host root.
  rootRoutes: [registerChatWidgetRoutes],
  routes: [registerChatSettingsRoutes],
} satisfies ServerModule;
