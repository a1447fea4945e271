import { describe, expect, it } from 'vitest';
import { everyRead } from '../../../../../../src/app/screens/conversations/list/use-paged-conversations';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('a list page shows every read it completes', () => {
  it('hands over each completed read at once, even one its live query will read again', async () => {
    const shown: string[] = [];
    let n = 0;
    const reader = everyRead(() => Promise.resolve(`read ${++n}`), (value) => shown.push(value));
    await reader();
    await reader();
    expect(shown).toEqual(['read 1', 'read 2']);
  });

  it('never shows a read that finishes after a newer one', async () => {
    const shown: string[] = [];
    const reads = [deferred<string>(), deferred<string>()];
    let n = 0;
    const reader = everyRead(() => (reads[n++] as ReturnType<typeof deferred<string>>).promise, (value) => shown.push(value));
    const older = reader();
    const newer = reader();
    reads[1]?.resolve('newer');
    await newer;
    reads[0]?.resolve('older');
    await older;
    expect(shown).toEqual(['newer']);
  });
});
