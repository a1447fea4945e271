import type { Command } from './command';
import { CONVERSATION_COMMANDS } from './conversation-commands';
import { GENERAL_COMMANDS } from './general-commands';
import { GO_TO_COMMANDS } from './go-to-commands';
import { NAVIGATION_COMMANDS } from './navigation-commands';

/**
 * Every UI command, in the order the `?` sheet lists a section's rows and the palette its
 * commands. The keymap, the `?` sheet and the palette read this list and name no command.
 */
export const COMMANDS: readonly Command[] = [...NAVIGATION_COMMANDS, ...CONVERSATION_COMMANDS, ...GO_TO_COMMANDS, ...GENERAL_COMMANDS];
