import type { Channel } from '../../../protocol/documents';

export const CHANNEL_NAMES: Record<Channel, string> = { EMAIL: 'Email', CHAT: 'Chat' };

export function channelName(channel: string): string {
  return CHANNEL_NAMES[channel as Channel] ?? channel;
}
