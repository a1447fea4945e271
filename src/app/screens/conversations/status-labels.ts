import type { ConversationStatus } from '../../../protocol/documents';
import type { BadgeTone } from '../../components/Badge';

export const STATUS_LABELS: Record<ConversationStatus, string> = { OPENED: 'Open', WAITING: 'Waiting', CLOSED: 'Closed' };

export const STATUS_TONES: Record<ConversationStatus, BadgeTone> = { OPENED: 'accent', WAITING: 'warning', CLOSED: 'neutral' };
