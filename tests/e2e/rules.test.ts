import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Rule } from '../../src/protocol/documents';
import { useSeededBrowserSuite } from '../support/browser-suite';
import { sendEmail, startEmailServer } from '../support/email-server';
import { localRecords } from '../support/local-records';
import { useMailServers } from '../support/mail-servers';

const uid = () => randomBytes(4).toString('hex');
const mailServers = useMailServers();

const suite = useSeededBrowserSuite(() =>
  startEmailServer({ org: 'rules-e2e', conversations: 2, messagesPerConversation: 1, env: { SMTP_URL: mailServers.sink.url }, dns: mailServers.dns }),
);

const rulesOnServer = async () => (await suite.api.get<{ rules: Rule[] }>('rules/')).body.rules;
const ruleRows = (page: Page) => page.getByRole('list', { name: 'Rules, in the order they run' }).getByRole('listitem');

/** Writes a rule in the form: a name, its trigger, a first action adding a tag, and more through `more`. */
async function createRule(page: Page, name: string, tag: string, more?: (form: ReturnType<Page['getByRole']>) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'New rule' }).click();
  const form = page.getByRole('form', { name: 'New rule' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Action 1 value').fill(tag);
  await more?.(form);
  await form.getByRole('button', { name: 'Create rule' }).click();
  await expect.poll(() => ruleRows(page).filter({ hasText: name }).count()).toBe(1);
}

describe('rules', () => {
  it('creates rules in the sentence form, shows errors in place, reorders them with the keyboard and by dragging, and disables one', async () => {
    const page = await suite.newAgentPage();
    await page.goto(`/${suite.seeded.slug}/rules`);
    await expect.poll(() => page.getByRole('heading', { name: 'Rules', level: 1 }).count()).toBe(1);

    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('button', { name: 'Create rule' }).click();
    const name = form.getByLabel('Name');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await expect.poll(() => form.getByText('cannot be empty').count()).toBeGreaterThan(0);
    await form.getByRole('button', { name: 'Cancel' }).click();

    const first = `First ${uid()}`;
    const second = `Second ${uid()}`;
    await createRule(page, first, 'one');
    await createRule(page, second, 'two', async (newForm) => {
      await newForm.getByRole('button', { name: 'Add condition' }).click();
      await newForm.getByLabel('Condition 1 value').fill('example.com');
      await expect.poll(() => newForm.getByRole('status').textContent()).toMatch(/Would have matched \d+ of the \d+ conversations of the last 30 days/);
    });
    await expect.poll(async () => (await rulesOnServer()).map((rule) => rule.name)).toEqual([first, second]);

    const secondRow = ruleRows(page).filter({ hasText: second });
    await secondRow.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => ruleRows(page).first().getAttribute('aria-label')).toBe(`1. ${second}`);
    await expect.poll(() => page.getByText(`${second} moved to position 1 of 2.`).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`1. ${second}`);
    await expect.poll(async () => (await rulesOnServer()).sort((a, b) => a.position - b.position).map((rule) => rule.name)).toEqual([second, first]);

    // Dragging the row back puts it first again.
    await ruleRows(page).filter({ hasText: first }).dragTo(ruleRows(page).first());
    await expect.poll(() => ruleRows(page).first().getAttribute('aria-label')).toBe(`1. ${first}`);
    await expect.poll(async () => (await rulesOnServer()).sort((a, b) => a.position - b.position).map((rule) => rule.name)).toEqual([first, second]);

    await page.getByRole('switch', { name: `${first} enabled` }).click();
    await expect.poll(() => ruleRows(page).first().getAttribute('aria-label')).toBe(`1. ${first} (off)`);
    await expect.poll(async () => (await rulesOnServer()).find((rule) => rule.name === first)?.enabled).toBe(false);
  });

  it('a rule agent A writes tags and assigns mail from a domain, and agent B sees such a mail arrive tagged and assigned (and may not change rules)', async () => {
    const alexEmail = `alex@${suite.seeded.slug}.example`;
    const [agentA, agentB] = await Promise.all([suite.newAgentPage(), suite.newAgentPage({ email: alexEmail })]);
    const domain = `acme-${uid()}.example`;
    const tag = `acme-${uid()}`;
    await agentA.goto(`/${suite.seeded.slug}/rules`);
    await createRule(agentA, `Acme to Alex ${uid()}`, tag, async (form) => {
      await form.getByRole('button', { name: 'Add condition' }).click();
      await form.getByLabel('Condition 1 value').fill(domain);
      await form.getByRole('button', { name: 'Add action' }).click();
      await form.getByLabel('Action 2', { exact: true }).selectOption('assign');
      await form.getByLabel('Action 2 value').selectOption({ label: 'Alex Rivera' });
    });
    await expect.poll(async () => (await rulesOnServer()).some((rule) => rule.conditions[0]?.value === domain)).toBe(true);

    const subject = `Order from Acme ${uid()}`;
    await sendEmail(suite.app.smtpPort, { from: `buyer@${domain}`, to: suite.app.address, subject, text: 'We would like to order 40 teapots.' });
    const row = agentB.getByTestId('conversation-row').filter({ hasText: subject });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => row.locator('.tag').allTextContents()).toEqual([tag]);
    await expect.poll(() => row.getByText('Assigned to Alex Rivera').count()).toBe(1);

    // Alex holds no rule.*: the page shows the rules and offers no change.
    await agentB.goto(`/${suite.seeded.slug}/rules`);
    await expect.poll(() => agentB.getByRole('note').filter({ hasText: 'changing them needs the rule.* permission' }).count()).toBe(1);
    await expect.poll(() => ruleRows(agentB).count()).toBeGreaterThan(0);
    expect(await agentB.getByRole('button', { name: 'New rule' }).count()).toBe(0);
    expect(await agentB.getByRole('switch').count()).toBe(0);
  });

  it('a rule written offline shows at once, waits in the outbox and is saved back online; one the server refuses is taken back with its reason', async () => {
    const page = await suite.newAgentPage();
    await suite.api.post('snippets/', { id: 'sn-rules-e2e', name: 'We got it', body: 'We got your message.' });
    await page.goto(`/${suite.seeded.slug}/rules`);
    await expect.poll(() => page.getByRole('heading', { name: 'Rules', level: 1 }).count()).toBe(1);
    await page.context().setOffline(true);
    const kept = `Offline ${uid()}`;
    await createRule(page, kept, 'offline');
    await expect.poll(async () => (await localRecords(page, suite.seeded.slug, 'outbox')).some((row) => JSON.stringify(row['args']).includes(kept)), { message: 'the offline rule waits in the outbox' }).toBe(true);

    const refused = `Refused ${uid()}`;
    await createRule(page, refused, 'x', async (form) => {
      await form.getByLabel('Action 1', { exact: true }).selectOption('reply_snippet');
      await form.getByLabel('Action 1 value').selectOption({ label: 'We got it' });
    });
    // Meanwhile the snippet is deleted: the server refuses the rule that names it.
    expect((await suite.api.delete('snippets/sn-rules-e2e')).status).toBe(200);
    await page.context().setOffline(false);
    await expect.poll(async () => (await rulesOnServer()).some((rule) => rule.name === kept), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => ruleRows(page).filter({ hasText: refused }).count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByText('is not a snippet').count()).toBeGreaterThan(0);
    expect((await rulesOnServer()).some((rule) => rule.name === refused)).toBe(false);
  });
});
