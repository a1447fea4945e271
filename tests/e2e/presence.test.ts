import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Conversation, Message } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { composerText } from '../support/composer-text';

const suite = useSeededBrowserSuite({ org: 'presence-e2e', conversations: 4, messagesPerConversation: 2 });

/** A browser context of its own (another agent's computer), signed in and live. */
const signedIn = (email: string): Promise<Page> => suite.newAgentPage({ email });

const viewers = (page: Page) => page.getByRole('list', { name: 'Also viewing' }).getByRole('listitem');
/** The only viewer shown is described so (to screen readers; the avatar shows initials). */
const onlyViewer = async (page: Page, text: string) =>
  (await viewers(page).count()) === 1 && (await viewers(page).getByText(text, { exact: true }).count()) === 1;
const replyBox = (page: Page) => page.getByRole('textbox', { name: 'Reply' });
const thread = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** The theme's warning colour, as computed styles write it. */
function warningColour(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--warning)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
}

async function messagesOf(conversationId: number): Promise<Message[]> {
  return (await suite.api.get<{ messages: Message[] }>(`conversations/${conversationId}/messages/`)).body.messages;
}

describe('presence and collision', () => {
  it('two agents see each other in a conversation, see who writes, and a reply that arrives while writing is shown before sending', async () => {
    const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=10')).body;
    const conversation = conversations[0];
    if (!conversation) throw new Error('The seed made no conversation');
    const path = `/${suite.seeded.slug}/conversations/view/${conversation.id}`;

    const ana = await signedIn(suite.seeded.ownerEmail);
    const alex = await signedIn(`alex@${suite.seeded.slug}.example`);
    await ana.goto(path);
    await alex.goto(path);

    // Each sees the other viewing.
    await expect.poll(() => onlyViewer(ana, 'Alex Rivera is viewing')).toBe(true);
    await expect.poll(() => onlyViewer(alex, 'Demo Owner is viewing')).toBe(true);

    // Alex writes: Ana sees it, in the header and above her composer.
    await replyBox(alex).fill('Hello from Alex, I am on it.');
    await expect.poll(() => ana.getByText('Alex Rivera is writing a reply…').isVisible()).toBe(true);
    await expect.poll(() => onlyViewer(ana, 'Alex Rivera is writing a reply')).toBe(true);

    // Ana starts writing too; Alex sends first.
    await replyBox(ana).fill('Hi, here is my answer.');
    await alex.getByRole('button', { name: 'Send reply' }).click();
    const notice = ana.getByTestId('collision-notice');
    await expect.poll(() => notice.textContent()).toContain('Alex Rivera replied while you were writing.');
    // Sending the reply ends Alex's writing.
    await expect.poll(() => ana.getByText('Alex Rivera is writing a reply…').count()).toBe(0);

    // The first Send shows Alex's reply instead of sending, and says how to send after all.
    await ana.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => notice.textContent()).toContain('press Send again');
    // Still a warning: the warning icon in the warning colour, not a green tick.
    expect(await notice.locator('svg').getAttribute('data-icon')).toBe('alert');
    expect(await notice.locator('svg').evaluate((icon) => getComputedStyle(icon).color)).toBe(await warningColour(ana));
    await expect.poll(() => thread(ana).getByText('Hello from Alex, I am on it.').isVisible()).toBe(true);
    expect(await composerText(replyBox(ana))).toBe('Hi, here is my answer.');
    expect(await thread(ana).getByText('Hi, here is my answer.').count()).toBe(0);

    await ana.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => thread(ana).getByText('Hi, here is my answer.').isVisible()).toBe(true);
    await expect.poll(() => notice.count()).toBe(0);
    await expect.poll(async () => (await messagesOf(conversation.id)).filter((m) => m.message === 'Hi, here is my answer.').length).toBe(1);

    // Alex leaves the conversation: Ana sees nobody else there.
    await alex.getByRole('link', { name: 'Back to conversations' }).click();
    await expect.poll(() => viewers(ana).count()).toBe(0);
  });
});
